// SPDX-License-Identifier: Apache-2.0
// Internal: hexadecimal digits, written and read, once. Every place of the
// library that writes or reads hex digits (messages, payloads, JSON and
// TOML escapes, name records, percent-decoding) uses these; inline, since
// some run once per rejected input (src/common/rejection.cc).

#ifndef U8GUARD_SRC_COMMON_HEX_H_
#define U8GUARD_SRC_COMMON_HEX_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace u8guard::internal {

// The case of the digits a..f. Each caller keeps the case its format has
// always had: messages, payloads, "U+XXXX" and TOML escapes upper case;
// JSON \u escapes and a name record's "name_hex" lower case.
enum class HexCase { kUpper, kLower };

// Returns the hex digit of the low four bits of `nibble` (higher bits are
// ignored), in `hex_case`.
inline char HexDigit(uint32_t nibble, HexCase hex_case) {
  constexpr char kUpper[] = "0123456789ABCDEF";
  constexpr char kLower[] = "0123456789abcdef";
  return (hex_case == HexCase::kUpper ? kUpper : kLower)[nibble & 0xF];
}

// Appends `value` in hex to `out`: at least `min_digits` digits (zeros in
// front; a `min_digits` below 1 counts as 1, above 8 as 8) and no more than
// the value needs beyond them. Never fails.
inline void AppendHex(std::string& out, uint32_t value, int min_digits,
                      HexCase hex_case) {
  min_digits = min_digits < 1 ? 1 : min_digits > 8 ? 8 : min_digits;
  char digits[8];
  int first = 8;
  do {
    digits[--first] = HexDigit(value, hex_case);
    value >>= 4;
  } while (value != 0 || 8 - first < min_digits);
  out.append(digits + first, static_cast<size_t>(8 - first));
}

// Appends each byte of `bytes` to `out` as two hex digits, with `separator`
// between two bytes ("C0 AE" with " ", "c0ae" with "" and kLower). Appends
// nothing for empty `bytes`. Never fails.
inline void AppendHexBytes(std::string& out, std::string_view bytes,
                           HexCase hex_case, std::string_view separator = "") {
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i > 0) out.append(separator);
    const auto b = static_cast<uint8_t>(bytes[i]);
    out.push_back(HexDigit(b >> 4, hex_case));
    out.push_back(HexDigit(b, hex_case));
  }
}

// Appends `cp` in Unicode's notation, "U+" and at least four upper-case hex
// digits ("U+200B", "U+1F600"). Any value is written, also one above
// U+10FFFF or a surrogate: the caller decides what it may name.
inline void AppendCodePointNotation(std::string& out, char32_t cp) {
  out.append("U+");
  AppendHex(out, static_cast<uint32_t>(cp), 4, HexCase::kUpper);
}

// Returns the value (0-15) of the hex digit `c`, either case, or -1 for any
// other character.
inline int HexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_HEX_H_
