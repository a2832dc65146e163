// SPDX-License-Identifier: Apache-2.0
// Showing untrusted text to people: in terminals, logs and audit reports.

#ifndef U8GUARD_DISPLAY_H_
#define U8GUARD_DISPLAY_H_

#include <string>
#include <string_view>

#include "u8guard/export.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// Returns `s` for a terminal or a log line: printable text as is; code
// points that are invisible or move the cursor (controls, format characters
// such as U+200B and U+FEFF, default-ignorables, separators other than
// U+0020, unassigned and private-use code points) as "\u{XXXX}"; bytes that
// are not UTF-8 as "\xHH"; a backslash as "\\". Never use it for matching.
std::string EscapeForDisplay(std::string_view s);

// True for the code points EscapeForDisplay shows as "\u{XXXX}": those a
// reader cannot see or that move the cursor or reorder text (C0 and C1
// controls, DEL, format characters such as U+200B, U+FEFF and the bidi
// overrides U+202A..U+202E, default-ignorables, separators other than
// U+0020, unassigned, private-use and surrogate code points). For other
// output formats that must escape what EscapeForDisplay escapes
// (JsonStringForDisplay writes them as \uxxxx).
bool IsInvisibleForDisplay(char32_t cp);

// Returns `s` as one JSON string literal (RFC 8259), quotes included, that
// shows what EscapeForDisplay shows: '"' and '\' as \" and \\; \n, \r and
// \t as such; every other code point for which IsInvisibleForDisplay is
// true as \uxxxx (lower-case hex; a surrogate pair above U+FFFF); bytes that
// are not UTF-8 as U+FFFD (as ToUtf8Lossy, utf8.h); everything else as it
// is. Accepts any bytes and rejects nothing: the result is valid JSON and
// valid UTF-8, moves no cursor and reorders nothing when printed as it is,
// and parses back to `s` when `s` is UTF-8. The tool's JSON output writes
// every string with it.
std::string JsonStringForDisplay(std::string_view s);

// Returns `s` with its control characters escaped, so that it prints as one
// line: C0 controls and DEL as "\xNN", C1 controls (C2 80..C2 9F) as
// "\u00NN"; everything else, including bytes that are not UTF-8, as is.
// For output whose lines must stay one per input and whose other bytes must
// stay as they are; it is not enough for a terminal (bidi overrides and
// other format characters pass): EscapeForDisplay escapes those too.
std::string EscapeControls(std::string_view s);

// Returns `cp` in the U+ notation every message and report uses: "U+"
// and its value in upper-case hex, at least 4 digits ("U+0041",
// "U+1F600"). Any value is written as it is, above U+10FFFF and surrogates
// included; nothing is rejected.
std::string CodePointNotation(char32_t cp);

// Returns `bytes` as upper-case hex, two digits a byte and nothing between
// ("C0AE"): how the tool's JSON shows input that is not UTF-8 ("input_hex").
// Accepts any bytes.
std::string HexBytes(std::string_view bytes);

// Returns the Unicode name of `cp` from ICU, e.g. "CYRILLIC SMALL LETTER A",
// or a label such as "<control-0007>" for code points without a name; ""
// when ICU cannot answer or `cp` is above U+10FFFF.
std::string UnicodeCharacterName(char32_t cp);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_DISPLAY_H_
