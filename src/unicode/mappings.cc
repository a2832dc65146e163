// Width, space and case mappings from ICU.

#include "src/unicode/mappings.h"

#include <unicode/bytestream.h>
#include <unicode/casemap.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include "absl/strings/str_cat.h"

namespace u8guard::internal {

char32_t WidthMapped(char32_t cp) {
  if (cp < 0x80) return cp;
  const int type = u_getIntPropertyValue(static_cast<UChar32>(cp),
                                         UCHAR_DECOMPOSITION_TYPE);
  if (type != U_DT_WIDE && type != U_DT_NARROW) return cp;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
  if (U_FAILURE(status)) return cp;
  const icu::UnicodeString mapped =
      nfkc->normalize(icu::UnicodeString(static_cast<UChar32>(cp)), status);
  if (U_FAILURE(status) || mapped.countChar32() != 1) return cp;
  return static_cast<char32_t>(mapped.char32At(0));
}

bool IsNonAsciiSpace(char32_t cp) {
  return cp >= 0x80 &&
         u_charType(static_cast<UChar32>(cp)) == U_SPACE_SEPARATOR;
}

absl::Status AppendCaseMapped(CaseMapping mapping, std::string_view valid_utf8,
                              std::string& out) {
  if (mapping == CaseMapping::kNone) {
    out.append(valid_utf8);
    return absl::OkStatus();
  }
  icu::StringByteSink<std::string> sink(&out,
                                        static_cast<int32_t>(valid_utf8.size()));
  const icu::StringPiece piece(valid_utf8.data(),
                               static_cast<int32_t>(valid_utf8.size()));
  UErrorCode status = U_ZERO_ERROR;
  if (mapping == CaseMapping::kLower) {
    // The empty locale is the root locale: no Turkic or Lithuanian rules.
    icu::CaseMap::utf8ToLower("", 0, piece, sink, nullptr, status);
  } else {
    icu::CaseMap::utf8Fold(U_FOLD_CASE_DEFAULT, piece, sink, nullptr, status);
  }
  if (U_FAILURE(status)) {
    return absl::InternalError(
        absl::StrCat("ICU case mapping failed: ", u_errorName(status)));
  }
  return absl::OkStatus();
}

}  // namespace u8guard::internal
