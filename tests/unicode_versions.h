// SPDX-License-Identifier: Apache-2.0
// Unicode versions in the conformance suites. u8guard is built against the
// ICU a system has (72 on Debian 12, 78 on Fedora), so a suite that
// compares with data written for one Unicode version must know which
// version ICU implements, which version the data is for, and which code
// points each of them assigns: code points assigned in both must agree;
// the others are counted and reported, never failures and never silently
// skipped (docs/contributing.md, "Testing against another ICU").

#ifndef U8GUARD_TESTS_UNICODE_VERSIONS_H_
#define U8GUARD_TESTS_UNICODE_VERSIONS_H_

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace u8guard::testing {

// A Unicode version as major.minor: update versions (15.0.1) assign no
// characters.
struct UnicodeVersionNumber {
  int major = 0;
  int minor = 0;

  friend auto operator<=>(const UnicodeVersionNumber&,
                          const UnicodeVersionNumber&) = default;
  // "15.0".
  std::string ToString() const;
};

// The first "N.M" in `text`: "15.0", "15.0.0", "#
// NormalizationTest-15.0.0.txt", "derived-props-16.0.txt". nullopt when there
// is none.
std::optional<UnicodeVersionNumber> ParseUnicodeVersion(std::string_view text);

// The Unicode version the ICU in use implements (u_getUnicodeVersion).
UnicodeVersionNumber IcuUnicodeVersion();

// The Unicode version an ICU release implements, by its major version
// (ICU's release notes): 72 and 73 implement 15.0, 74 and 75 15.1, 76 and
// 77 16.0, 78 17.0. nullopt for a release the table does not know.
std::optional<UnicodeVersionNumber> UnicodeVersionOfIcuRelease(int icu_major);

// The version that assigned `cp`, by ICU's Age property; nullopt when
// ICU's Unicode version leaves it unassigned (or it is no code point).
std::optional<UnicodeVersionNumber> AgeOf(char32_t cp);

// True when ICU says `cp` was assigned in a version after `v`: a code point
// that data for `v` calls unassigned, and ICU does not.
bool AssignedAfter(char32_t cp, UnicodeVersionNumber v);

// True when `cp` is assigned in `v` and in ICU's version, by ICU's Age
// property (whichever of the two versions is older).
bool AssignedInBoth(char32_t cp, UnicodeVersionNumber v);

// The Unicode version of a Unicode Character Database file, from its first
// line ("# NormalizationTest-15.0.0.txt"); nullopt when the line names none.
std::optional<UnicodeVersionNumber> UcdFileVersion(std::string_view content);

// Path of a Unicode Character Database file, e.g. "NormalizationTest.txt":
// in the CMake cache variable U8GUARD_UNICODE_DATA_DIR (default
// /usr/share/unicode, Debian's unicode-data for Unicode 15.0; ./dev
// test-icu points it at the data of the ICU it builds), or in the
// environment variable of that name, which takes precedence.
std::string UnicodeDataPath(std::string_view name);

}  // namespace u8guard::testing

#endif  // U8GUARD_TESTS_UNICODE_VERSIONS_H_
