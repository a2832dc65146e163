// SPDX-License-Identifier: Apache-2.0
// Internal: the one writer of JSON string literals. The CLI's JSON (through
// JsonStringForDisplay, display.h) and name records (FormatNameRecord,
// upgrade.h) both write their strings with it. It lives in the utf8 layer,
// the lowest that can decode UTF-8 and replace what is not: common has no
// decoder, and a second one would be a second copy of RFC 3629's rules.

#ifndef U8GUARD_SRC_UTF8_JSON_STRING_H_
#define U8GUARD_SRC_UTF8_JSON_STRING_H_

#include <string>
#include <string_view>

namespace u8guard::internal {

// How a JSON string literal writes \n, \r and \t. The two are equal JSON
// (they parse to the same string); each writer keeps the bytes its output
// has always had, since golden files and stored records compare them byte
// for byte.
enum class JsonControlEscapes {
  // \n, \r and \t as those two characters; the other controls as \u00xx.
  // The CLI's JSON: readable, as its goldens and docs/cli.md show it.
  kShort,
  // Every control, \n included, as \u00xx. Name records: the form records
  // have had since the first version (tests/data/upgrade); the record
  // parser reads both.
  kUnicode,
};

// Appends `s` to `out` as one JSON string literal (RFC 8259 §7), quotes
// included. Accepts any bytes: bytes that are not well-formed UTF-8 are
// written as U+FFFD, replaced as ToUtf8Lossy replaces them (utf8.h), so the
// literal is always valid JSON and valid UTF-8. Writes '"' and '\' as \" and
// \\; the controls U+0000..U+001F, which JSON requires escaped, as \u00xx
// or (kShort) \n, \r, \t; every code point for which `escape` returns true
// as \uxxxx (four lower-case hex digits; a surrogate pair of them above
// U+FFFF); everything else, '/' included, as it is. `escape` is asked only
// about code points outside printable ASCII (U+0020..U+007E is never
// escaped but for '"' and '\'), and may be null: then only what JSON
// requires is escaped (DEL and the rest pass as they are). A JSON parser reads
// the literal back as `s` when `s` is UTF-8, else as ToUtf8Lossy(s). Rejects
// nothing and never fails.
void AppendJsonString(std::string& out, std::string_view s,
                      JsonControlEscapes controls, bool (*escape)(char32_t));

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_JSON_STRING_H_
