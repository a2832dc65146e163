// SPDX-License-Identifier: Apache-2.0
// Capitals and lower case of keys, small capitals included.

#include "src/confusables/case_forms.h"

#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "src/unicode/code_point_strings.h"
#include "src/utf8/ascii.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

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

namespace {

// CapitalsInto by ICU: the full upper-case mapping, then the small capitals.
void IcuCapitalsInto(std::string_view valid_utf8, std::string& out) {
  out.clear();
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

// LowerInto by ICU: the full lower-case mapping.
void IcuLowerInto(std::string_view valid_utf8, std::string& out) {
  out.clear();
  icu::UnicodeString lower = FromUtf8(valid_utf8);
  lower.toLower(icu::Locale::getRoot());
  lower.toUTF8String(out);
}

using MapFn = void (*)(std::string_view, std::string&);

// The image of code point `cp` alone under `map`, and whether its image
// depends on its neighbours (U+03A3 GREEK CAPITAL LETTER SIGMA lowers to a
// final sigma after a letter): the image beside an "a" differs from the
// images apart.
CodePointStrings::Image ImageOf(MapFn map, UChar32 cp, std::string& image,
                                bool& contextual) {
  std::string one, with, alone;
  AppendValid(static_cast<char32_t>(cp), one);
  map(one, image);
  std::string a;
  map("a", a);
  for (const auto& [left, right] :
       {std::pair{true, false}, std::pair{false, true},
        std::pair{true, true}}) {
    map((left ? "a" : "") + one + (right ? "a" : ""), with);
    alone = (left ? a : "") + image + (right ? a : "");
    contextual |= with != alone;
  }
  return image == one && !contextual ? CodePointStrings::Image::kSelf
                                     : CodePointStrings::Image::kMapped;
}

// Each code point's capitals and lower case alone, from ICU, for the code
// points that change (ICU's Changes_When_Uppercased / _Lowercased, and the
// small capitals); flagged where the image depends on the neighbours.
struct CaseTables {
  const CodePointStrings* capitals = nullptr;
  const CodePointStrings* lower = nullptr;
};

const CaseTables& Tables() {
  static const CaseTables tables = [] {
    CaseTables t;
    t.capitals = CodePointStrings::Build(
        [](UChar32 cp, std::string& image, bool& contextual) {
          if (!u_hasBinaryProperty(cp, UCHAR_CHANGES_WHEN_UPPERCASED) &&
              CapitalOfSmallCapital(static_cast<char32_t>(cp)) == 0) {
            return CodePointStrings::Image::kSelf;
          }
          return ImageOf(&IcuCapitalsInto, cp, image, contextual);
        });
    t.lower = CodePointStrings::Build(
        [](UChar32 cp, std::string& image, bool& contextual) {
          if (!u_hasBinaryProperty(cp, UCHAR_CHANGES_WHEN_LOWERCASED)) {
            return CodePointStrings::Image::kSelf;
          }
          return ImageOf(&IcuLowerInto, cp, image, contextual);
        });
    return t;
  }();
  return tables;
}

// `valid_utf8` mapped code point by code point through `table`; false (and
// `out` unspecified) when a code point's image depends on its neighbours
// or the table could not be built.
bool MapByTable(const CodePointStrings* table, std::string_view valid_utf8,
                std::string& out) {
  if (table == nullptr) return false;
  out.clear();
  SizedAppender writer(out);
  char* w = writer.Reserve(valid_utf8.size() * table->max_expansion());
  const char* it = valid_utf8.data();
  const char* const end = it + valid_utf8.size();
  while (it < end) {
    const char* const at = it;
    const uint32_t value = table->Value(DecodeValid(it));
    if (CodePointStrings::Flag(value)) return false;
    if (value == 0) {
      w = SizedAppender::AppendCodePoint(w, at, static_cast<size_t>(it - at));
    } else {
      w = SizedAppender::AppendImage(w, table->ImageOf(value));
    }
  }
  writer.Finish(w);
  return true;
}

}  // namespace

void CapitalsInto(std::string_view valid_utf8, std::string& out) {
  out.clear();
  if (IsAscii(valid_utf8)) {
    out.reserve(valid_utf8.size());
    for (char c : valid_utf8) {
      out += c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    }
    return;
  }
  if (!MapByTable(Tables().capitals, valid_utf8, out)) {
    IcuCapitalsInto(valid_utf8, out);
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
  if (!MapByTable(Tables().lower, valid_utf8, out)) {
    IcuLowerInto(valid_utf8, out);
  }
}

bool CaseFormIsContextFree(bool capitals, char32_t cp) {
  const CodePointStrings* table = capitals ? Tables().capitals : Tables().lower;
  return table != nullptr && !CodePointStrings::Flag(table->Value(cp));
}

void IcuCaseFormInto(bool capitals, std::string_view valid_utf8,
                     std::string& out) {
  if (capitals) {
    IcuCapitalsInto(valid_utf8, out);
  } else {
    IcuLowerInto(valid_utf8, out);
  }
}

}  // namespace u8guard::internal
