// SPDX-License-Identifier: Apache-2.0
// Internal: a string without its diacritics ("ådmîn" -> "admin") from a
// per-code-point table taken from ICU, and the same through ICU whole.

#ifndef U8GUARD_SRC_UNICODE_DIACRITICS_H_
#define U8GUARD_SRC_UNICODE_DIACRITICS_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/unicode/code_point_strings.h"

namespace u8guard::internal {

// `valid_utf8` (valid UTF-8) without its nonspacing marks (General_Category
// Mn) after NFD, recomposed to NFC, computed by ICU's normalizers: the
// definition. Internal when ICU fails.
absl::StatusOr<std::string> IcuStripDiacritics(std::string_view valid_utf8);

// Each code point's NFD without its nonspacing marks, and whether that
// image is "settled": every code point of it has canonical combining class
// 0 and NFC_Quick_Check Yes (it neither reorders nor composes with a
// neighbour). A string of settled code points is then NFC already, so
// IcuStripDiacritics of it is its code points' images one after another.
// Built from ICU at first use (a few dozen milliseconds), then only read:
// thread-safe.
class DiacriticsTable {
 public:
  // The table of the process; nullptr when ICU cannot build it.
  static const DiacriticsTable* Get();

  // Replaces `out` with IcuStripDiacritics(valid_utf8) and returns true
  // when every code point of `valid_utf8` is settled; returns false (`out`
  // unspecified) otherwise: the caller asks ICU.
  bool StripInto(std::string_view valid_utf8, std::string& out) const;

 private:
  explicit DiacriticsTable(const CodePointStrings* images) : images_(images) {}
  // The images; the flag marks code points that are not settled.
  const CodePointStrings* images_;
};

// IcuStripDiacritics, from DiacriticsTable where it answers (ASCII input
// is returned as it is).
absl::StatusOr<std::string> StripDiacritics(std::string_view valid_utf8);

// StripDiacritics into `out` (replacing what it held, reusing its
// capacity). Internal when ICU fails (`out` unspecified).
absl::Status StripDiacriticsInto(std::string_view valid_utf8, std::string& out);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_DIACRITICS_H_
