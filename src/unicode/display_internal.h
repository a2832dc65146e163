// SPDX-License-Identifier: Apache-2.0
// Internal: whether EscapeForDisplay leaves a string as it is, without
// building the escaped copy.

#ifndef U8GUARD_SRC_UNICODE_DISPLAY_INTERNAL_H_
#define U8GUARD_SRC_UNICODE_DISPLAY_INTERNAL_H_

#include <string_view>

namespace u8guard::internal {

// True when EscapeForDisplay(s) == s: `s` is valid UTF-8 and holds no
// backslash and no code point IsInvisibleForDisplay escapes. ASCII bytes
// are judged without ICU.
bool ShownAsIs(std::string_view s);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_DISPLAY_INTERNAL_H_
