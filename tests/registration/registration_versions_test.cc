// SPDX-License-Identifier: Apache-2.0
// What an upgrade of ICU, and so of Unicode, changes in registration records
// (registration.h), measured with ICU 72 (Unicode 15.0) and ICU 78 (17.0):
//
//  * the key of every code point assigned in Unicode 15.0 stays the same
//    (normalization and case folding are stable for assigned characters);
//  * code points assigned since then are no longer rejected as unassigned,
//    and their keys can equal a registered name's: U+A7CB LATIN CAPITAL
//    LETTER RAMS HORN (16.0) folds to U+0264, a 15.0 letter;
//  * UTS #39's confusables.txt gives existing characters other look-alike
//    keys: in 17.0, thorn and wynn look like "p", Cyrillic sha like "w", eng
//    like "n" with a vertical line below (227 of the 15.0 code points, as
//    one-character names).
//
// Expectations derived from ICU's own data (the age of U+A7CB) hold under
// any ICU; those measured (digests of the keys and look-alike keys of the
// 15.0 code points, thorn's look-alike key) are checked for the Unicode
// versions they were measured with, and printed for another. A change of
// the library's keys or look-alike keys changes the digests too: take the
// new ones from what the test prints, under the system's ICU and under
// ./dev test-icu 78.

#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>

#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "tests/unicode_versions.h"
#include "u8guard/registration.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::IcuUnicodeVersion;
using ::u8guard::testing::UnicodeVersionNumber;

const Profile& User() { return **FindBuiltinProfile("username-case-mapped"); }

std::string Utf8(char32_t cp) {
  std::string s;
  EXPECT_TRUE(AppendUtf8(cp, s));
  return s;
}

// FNV-1a, 64 bits.
void Mix(uint64_t& h, const std::string& s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001B3ull;
  }
  h ^= 0xFF;  // a separator no UTF-8 byte is
  h *= 0x100000001B3ull;
}

// Digests of the records of every code point assigned in Unicode 15.0, as
// a one-character name: its key or its rejection's rule, and its
// look-alike keys.
struct Digests {
  uint64_t keys = 0xCBF29CE484222325ull;
  uint64_t lookalikes = 0xCBF29CE484222325ull;
  int names = 0;
};

Digests DigestsOfFifteen() {
  Digests d;
  const RegistrationPolicy policy = DefaultRegistrationPolicy();
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    if (!testing::AssignedInBoth(cp, UnicodeVersionNumber{15, 0})) continue;
    const std::string name = Utf8(cp);
    const absl::StatusOr<RegistrationRecord> r =
        MakeRegistrationRecord(User(), policy, name);
    ++d.names;
    if (!r.ok()) {
      const std::optional<Rejection> rejection = GetRejection(r.status());
      Mix(d.keys, rejection ? std::string(rejection->rule_id())
                            : r.status().ToString());
      continue;
    }
    Mix(d.keys, r->key);
    for (const std::string& k : r->lookalike_keys) Mix(d.lookalikes, k);
    Mix(d.lookalikes, "");
  }
  return d;
}

TEST(RegistrationAcrossVersions, KeysOfUnicode15CodePointsDoNotChange) {
  const Digests d = DigestsOfFifteen();
  std::printf(
      "Unicode %s: %d code points of 15.0, keys %016llx, look-alike "
      "keys %016llx\n",
      IcuUnicodeVersion().ToString().c_str(), d.names,
      static_cast<unsigned long long>(d.keys),
      static_cast<unsigned long long>(d.lookalikes));
  // 15.0 designated 286,785 code points besides the surrogates: 149,186
  // characters, 65 controls, 137,468 for private use, 66 noncharacters.
  EXPECT_EQ(d.names, 286785);
  // Measured with ICU 72 and ICU 78.
  constexpr uint64_t kKeys = 0x41D7DB4DF4DCAC1Aull;
  if (IcuUnicodeVersion() <= UnicodeVersionNumber{17, 0}) {
    EXPECT_EQ(d.keys, kKeys);
  }
  // The look-alike keys change with confusables.txt.
  // Measured with look-alike keys that are a function of the key (the
  // key's skeleton and the folded skeleton of its capitals).
  const std::map<UnicodeVersionNumber, uint64_t> lookalikes = {
      {{15, 0}, 0x3835106A92FE56A9ull},  // ICU 72
      {{17, 0}, 0x0760594A4FDCF665ull},  // ICU 78.3
  };
  const auto it = lookalikes.find(IcuUnicodeVersion());
  if (it != lookalikes.end()) {
    EXPECT_EQ(d.lookalikes, it->second);
  }
}

// U+A7CB LATIN CAPITAL LETTER RAMS HORN, new in Unicode 16.0, folds to
// U+0264 LATIN SMALL LETTER RAMS HORN: a name a 15.0 registry accepted
// ("ɤ") has the key of a name it rejected as unassigned.
TEST(RegistrationAcrossVersions, RamsHornIsNewIn16AndFoldsToAnOldLetter) {
  Registry registry(User());
  ASSERT_TRUE(registry.Add("\xC9\xA4").ok());  // U+0264
  const absl::StatusOr<RegistrationDecision> d =
      registry.Decide("\xEA\x9F\x8B");  // U+A7CB
  ASSERT_TRUE(d.ok()) << d.status();
  if (!testing::AgeOf(0xA7CB)) {
    EXPECT_EQ(d->outcome, RegistrationOutcome::kRejected);
    ASSERT_TRUE(d->rejection.has_value());
    EXPECT_EQ(d->rejection->rule_id(), "DISALLOWED/unassigned");
    return;
  }
  EXPECT_EQ(*testing::AgeOf(0xA7CB), (UnicodeVersionNumber{16, 0}));
  EXPECT_EQ(d->outcome, RegistrationOutcome::kCollision);
  EXPECT_EQ(d->conflict, "\xC9\xA4");
  ASSERT_TRUE(d->record.has_value());
  EXPECT_EQ(d->record->key, "\xC9\xA4");
}

// confusables.txt of Unicode 17.0 maps thorn to "p" (16.0's, in ICU 76's
// source, and 15.0's do not): "þorn" looks like "porn" from ICU 78 on.
TEST(RegistrationAcrossVersions, ThornLooksLikePFromUnicode17) {
  Registry registry(User());
  ASSERT_TRUE(registry.Add("porn").ok());
  const absl::StatusOr<RegistrationDecision> d = registry.Decide(
      "\xC3\xBE"
      "orn");
  ASSERT_TRUE(d.ok()) << d.status();
  const UnicodeVersionNumber unicode = IcuUnicodeVersion();
  if (unicode < UnicodeVersionNumber{17, 0}) {
    EXPECT_EQ(d->outcome, RegistrationOutcome::kAccepted);
  } else if (unicode == UnicodeVersionNumber{17, 0}) {
    EXPECT_EQ(d->outcome, RegistrationOutcome::kLookalike);
    EXPECT_EQ(d->conflict, "porn");
    EXPECT_EQ(d->shared_key, "porn");
  } else {
    std::printf(
        "Unicode %s: \"\xC3\xBE"
        "orn\" beside \"porn\": %s\n",
        unicode.ToString().c_str(),
        std::string(RegistrationOutcomeName(d->outcome)).c_str());
  }
}

}  // namespace
}  // namespace u8guard
