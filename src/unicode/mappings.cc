// Width, space and case mappings from ICU.

#include "src/unicode/mappings.h"

#include <unicode/bytestream.h>
#include <unicode/casemap.h>
#include <unicode/uchar.h>

#include "absl/strings/str_cat.h"
#include "src/unicode/mapping_table.h"

namespace u8guard::internal {

char32_t WidthMapped(char32_t cp) {
  return cp < 0x80 ? cp : WidthMappingOf(cp);
}

bool ChangesWhenCaseMapped(CaseMapping mapping, char32_t cp) {
  switch (mapping) {
    case CaseMapping::kNone:
      return false;
    case CaseMapping::kLower:
      return MappingFlagsOf(cp) & kChangesWhenLowercased;
    case CaseMapping::kFold:
      return MappingFlagsOf(cp) & kChangesWhenCasefolded;
  }
  return false;
}

bool IsNonAsciiSpace(char32_t cp) {
  return MappingFlagsOf(cp) & kIsNonAsciiSpace;
}

absl::Status AppendCaseMapped(CaseMapping mapping, std::string_view valid_utf8,
                              std::string& out) {
  if (mapping == CaseMapping::kNone) {
    out.append(valid_utf8);
    return absl::OkStatus();
  }
  icu::StringByteSink<std::string> sink(
      &out, static_cast<int32_t>(valid_utf8.size()));
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
