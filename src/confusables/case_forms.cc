// SPDX-License-Identifier: Apache-2.0
// Capitals and lower case of keys, small capitals included.

#include "src/confusables/case_forms.h"

#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

bool IsAscii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

// Small capital -> capital, from ICU's character names.
const absl::flat_hash_map<char32_t, char32_t>& SmallCapitals() {
  static const auto* const table = [] {
    auto* out = new absl::flat_hash_map<char32_t, char32_t>();
    UErrorCode status = U_ZERO_ERROR;
    u_enumCharNames(
        0x80, 0x110000,
        [](void* context, UChar32 cp, UCharNameChoice, const char* name,
           int32_t length) -> UBool {
          constexpr std::string_view kSmall = " LETTER SMALL CAPITAL ";
          const std::string_view n(name, static_cast<size_t>(length));
          const size_t at = n.find(kSmall);
          if (at == std::string_view::npos) return true;
          std::string capital(n.substr(0, at));
          capital += " CAPITAL LETTER ";
          capital += n.substr(at + kSmall.size());
          UErrorCode e = U_ZERO_ERROR;
          const UChar32 c =
              u_charFromName(U_UNICODE_CHAR_NAME, capital.c_str(), &e);
          if (U_SUCCESS(e) && c >= 0) {
            static_cast<absl::flat_hash_map<char32_t, char32_t>*>(context)
                ->emplace(static_cast<char32_t>(cp), static_cast<char32_t>(c));
          }
          return true;
        },
        out, U_UNICODE_CHAR_NAME, &status);
    return out;  // empty when ICU has no names: capitals by case alone
  }();
  return *table;
}

icu::UnicodeString FromUtf8(std::string_view s) {
  return icu::UnicodeString::fromUTF8(
      icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
}

}  // namespace

char32_t CapitalOfSmallCapital(char32_t cp) {
  if (cp < 0x80) return 0;
  const auto& table = SmallCapitals();
  const auto it = table.find(cp);
  return it == table.end() ? 0 : it->second;
}

void CapitalsInto(std::string_view valid_utf8, std::string& out) {
  out.clear();
  if (IsAscii(valid_utf8)) {
    out.reserve(valid_utf8.size());
    for (char c : valid_utf8) {
      out += c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    }
    return;
  }
  icu::UnicodeString upper = FromUtf8(valid_utf8);
  upper.toUpper(icu::Locale::getRoot());
  std::string mapped;
  upper.toUTF8String(mapped);
  const char* it = mapped.data();
  const char* const end = it + mapped.size();
  while (it < end) {
    const char* const at = it;
    const char32_t cp = DecodeValid(it);
    const char32_t capital = CapitalOfSmallCapital(cp);
    if (capital == 0) {
      out.append(at, static_cast<size_t>(it - at));
    } else {
      AppendValid(capital, out);
    }
  }
}

void LowerInto(std::string_view valid_utf8, std::string& out) {
  out.clear();
  if (IsAscii(valid_utf8)) {
    out.reserve(valid_utf8.size());
    for (char c : valid_utf8) {
      out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return;
  }
  icu::UnicodeString lower = FromUtf8(valid_utf8);
  lower.toLower(icu::Locale::getRoot());
  lower.toUTF8String(out);
}

}  // namespace u8guard::internal
