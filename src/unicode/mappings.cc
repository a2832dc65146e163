// SPDX-License-Identifier: Apache-2.0
// Case mappings from ICU, and their names.

#include "src/unicode/mappings.h"

#include <unicode/bytestream.h>
#include <unicode/casemap.h>
#include <unicode/uchar.h>

#include "absl/strings/str_cat.h"
#include "src/common/enum_names.h"

namespace u8guard {
namespace {

constexpr internal::EnumName<CaseMapping> kCaseMappingNames[] = {
    {CaseMapping::kNone, "none"},
    {CaseMapping::kLower, "lower"},
    {CaseMapping::kFold, "fold"},
};

}  // namespace

std::string_view CaseMappingName(CaseMapping mapping) {
  return internal::NameIn(kCaseMappingNames, mapping);
}

absl::StatusOr<CaseMapping> ParseCaseMapping(std::string_view name) {
  return internal::ParseIn(kCaseMappingNames, "case mapping", name);
}

namespace internal {

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

}  // namespace internal
}  // namespace u8guard
