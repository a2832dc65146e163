// Internal: the common case of an all-ASCII input, 16 bytes at a time.

#ifndef U8GUARD_SRC_MATCH_ASCII_KEY_H_
#define U8GUARD_SRC_MATCH_ASCII_KEY_H_

#include <string>
#include <string_view>

namespace u8guard::internal {

// What the fast path must reject or change in ASCII input.
struct AsciiRules {
  // Bytes below this are rejected (0x21 for IdentifierClass: controls and
  // space; 0x20 for FreeformClass: controls; 0 for any text). 0x7F is
  // rejected too unless `allow_del`.
  unsigned char min_byte;
  bool allow_del;
  bool lower;  // map A-Z to a-z
};

// Copies `text` into `out` with A-Z lower-cased when `rules.lower`, if every
// byte of `text` is ASCII and allowed by `rules`. Returns false, with `out`
// unspecified, when a byte is not ASCII or not allowed: the caller then takes
// the general path, which finds and reports the exact problem.
bool TryAsciiFastPath(const AsciiRules& rules, std::string_view text,
                      std::string& out);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_ASCII_KEY_H_
