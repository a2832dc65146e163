// SPDX-License-Identifier: Apache-2.0
// Internal: the notation in which messages show untrusted text, once.
// EscapeForDisplay (display.h) escapes the code points ICU's data calls
// invisible; the layers below it, which have no Unicode data, escape every
// code point beyond printable ASCII in the same notation.

#ifndef U8GUARD_SRC_UTF8_ESCAPE_H_
#define U8GUARD_SRC_UTF8_ESCAPE_H_

#include <string>
#include <string_view>

namespace u8guard::internal {

// Returns `s` with each code point for which `escape` returns true shown as
// "\u{XXXX}" (at least four hex digits), each byte that is not part of
// well-formed UTF-8 as "\xHH", and '\' as "\\"; everything else as is.
std::string EscapeCodePoints(std::string_view s, bool (*escape)(char32_t));

// EscapeCodePoints with every code point outside printable ASCII (U+0020 ..
// U+007E) escaped: for file names and other untrusted strings in the
// messages of layers that cannot tell a visible character from one that
// moves the cursor or reorders text.
std::string EscapeBeyondAscii(std::string_view s);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UTF8_ESCAPE_H_
