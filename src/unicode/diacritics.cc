// SPDX-License-Identifier: Apache-2.0
// Strings without their diacritics (diacritics.h).

#include "src/unicode/diacritics.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/unorm2.h>

#include <string>
#include <string_view>
#include <utility>

#include "absl/strings/str_cat.h"
#include "src/common/warm_up.h"
#include "src/utf8/ascii.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

absl::Status NormalizerError(UErrorCode status) {
  return absl::InternalError(
      absl::StrCat("ICU normalizer: ", u_errorName(status)));
}

// `u` without its nonspacing marks.
icu::UnicodeString WithoutMarks(const icu::UnicodeString& u) {
  icu::UnicodeString kept;
  for (int32_t i = 0; i < u.length();) {
    const UChar32 c = u.char32At(i);
    i += U16_LENGTH(c);
    if (u_charType(c) != U_NON_SPACING_MARK) kept.append(c);
  }
  return kept;
}

// Whether `cp` has canonical combining class 0 and NFC_Quick_Check Yes.
bool Settled(UChar32 cp) {
  return u_getCombiningClass(cp) == 0 &&
         u_getIntPropertyValue(cp, UCHAR_NFC_QUICK_CHECK) == UNORM_YES;
}

}  // namespace

absl::StatusOr<std::string> IcuStripDiacritics(std::string_view valid_utf8) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return NormalizerError(status);
  const icu::UnicodeString decomposed = nfd->normalize(
      icu::UnicodeString::fromUTF8(icu::StringPiece(
          valid_utf8.data(), static_cast<int32_t>(valid_utf8.size()))),
      status);
  const icu::UnicodeString composed =
      nfc->normalize(WithoutMarks(decomposed), status);
  if (U_FAILURE(status)) return NormalizerError(status);
  std::string out;
  composed.toUTF8String(out);
  return out;
}

const DiacriticsTable* DiacriticsTable::Get() {
  static const DiacriticsTable* const table = []() -> const DiacriticsTable* {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
    if (U_FAILURE(status)) return nullptr;
    const CodePointStrings* images = CodePointStrings::Build(
        [&](UChar32 cp, std::string& image, bool& unsettled) {
          // Most code points: unassigned (class 0, no decomposition, NFC
          // Yes) or private use.
          const int8_t type = u_charType(cp);
          if (type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR) {
            return CodePointStrings::Image::kSelf;
          }
          icu::UnicodeString d;
          if (!nfd->getDecomposition(cp, d)) {
            // Its own NFD: a mark goes, anything else stays.
            if (u_charType(cp) == U_NON_SPACING_MARK) {
              return CodePointStrings::Image::kMapped;  // to nothing
            }
            if (Settled(cp)) return CodePointStrings::Image::kSelf;
            d.setTo(cp);
          }
          const icu::UnicodeString kept = WithoutMarks(d);
          for (int32_t i = 0; i < kept.length();) {
            const UChar32 c = kept.char32At(i);
            i += U16_LENGTH(c);
            unsettled |= !Settled(c);
          }
          kept.toUTF8String(image);
          return CodePointStrings::Image::kMapped;
        });
    if (images == nullptr) return nullptr;
    return new DiacriticsTable(images);
  }();
  return table;
}

bool DiacriticsTable::StripInto(std::string_view valid_utf8,
                                std::string& out) const {
  out.clear();
  SizedAppender writer(out);
  char* w = writer.Reserve(valid_utf8.size() * images_->max_expansion());
  for (const char *p = valid_utf8.data(), *end = p + valid_utf8.size();
       p < end;) {
    const char* const at = p;
    const uint32_t value = images_->Value(DecodeValid(p));
    if (value == 0) {
      w = SizedAppender::AppendCodePoint(w, at, static_cast<size_t>(p - at));
    } else if (CodePointStrings::Flag(value)) {
      return false;
    } else {
      w = SizedAppender::AppendImage(w, images_->ImageOf(value));
    }
  }
  writer.Finish(w);
  return true;
}

absl::Status StripDiacriticsInto(std::string_view valid_utf8,
                                 std::string& out) {
  // ASCII has no marks and is NFC.
  if (IsAscii(valid_utf8)) {
    out.assign(valid_utf8);
    return absl::OkStatus();
  }
  const DiacriticsTable* table =
      TablesWarmUp().Ready() ? DiacriticsTable::Get() : nullptr;
  if (table != nullptr && table->StripInto(valid_utf8, out)) {
    return absl::OkStatus();
  }
  absl::StatusOr<std::string> stripped = IcuStripDiacritics(valid_utf8);
  if (!stripped.ok()) return stripped.status();
  out = *std::move(stripped);
  return absl::OkStatus();
}

absl::StatusOr<std::string> StripDiacritics(std::string_view valid_utf8) {
  std::string out;
  if (absl::Status s = StripDiacriticsInto(valid_utf8, out); !s.ok()) {
    return s;
  }
  return out;
}

}  // namespace u8guard::internal
