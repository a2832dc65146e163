// SPDX-License-Identifier: Apache-2.0
// Normalization forms: names, strict-UTF-8 entry points and ASCII fast paths.
// The calls into ICU live in normalize_icu.cc.

#include "u8guard/normalize.h"

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/common/enum_names.h"
#include "src/unicode/normalize_internal.h"
#include "src/utf8/ascii.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using internal::IsAscii;

// "NFKC_CF" is ICU's name of NFKC_Casefold, accepted as an alias.
constexpr internal::EnumName<NormalizationForm> kFormNames[] = {
    {NormalizationForm::kNone, "none"},
    {NormalizationForm::kNfc, "NFC"},
    {NormalizationForm::kNfd, "NFD"},
    {NormalizationForm::kNfkc, "NFKC"},
    {NormalizationForm::kNfkd, "NFKD"},
    {NormalizationForm::kNfkcCasefold, "NFKC_Casefold"},
    {NormalizationForm::kNfkcCasefold, "NFKC_CF"},
};

bool HasAsciiUpper(std::string_view s) {
  for (char c : s) {
    if (c >= 'A' && c <= 'Z') return true;
  }
  return false;
}

// NFC, NFD, NFKC and NFKD leave every ASCII character unchanged;
// NFKC_Casefold maps A-Z to a-z and leaves the rest (normalize_test checks
// both against ICU for all 128 ASCII code points).
void AppendAsciiNormalized(NormalizationForm form, std::string_view ascii,
                           std::string& out) {
  const size_t start = out.size();
  out.append(ascii.data(), ascii.size());
  if (form != NormalizationForm::kNfkcCasefold) return;
  for (size_t i = start; i < out.size(); ++i) {
    if (out[i] >= 'A' && out[i] <= 'Z') out[i] = static_cast<char>(out[i] + 32);
  }
}

}  // namespace

std::string_view NormalizationFormName(NormalizationForm form) {
  return internal::NameIn(kFormNames, form);
}

absl::StatusOr<NormalizationForm> ParseNormalizationForm(
    std::string_view name) {
  return internal::ParseIn(kFormNames, "normalization form", name,
                           internal::NameCase::kIgnore);
}

absl::Status AppendNormalizedValidUtf8(NormalizationForm form,
                                       std::string_view valid_utf8,
                                       std::string& out) {
  if (form == NormalizationForm::kNone) {
    out.append(valid_utf8.data(), valid_utf8.size());
    return absl::OkStatus();
  }
  if (IsAscii(valid_utf8)) {
    AppendAsciiNormalized(form, valid_utf8, out);
    return absl::OkStatus();
  }
  return internal::IcuAppendNormalized(form, valid_utf8, internal::kIcuMaxChunk,
                                       out);
}

absl::StatusOr<std::string> Normalize(NormalizationForm form,
                                      std::string_view utf8) {
  if (absl::Status valid = CheckUtf8(utf8); !valid.ok()) return valid;
  std::string out;
  if (absl::Status s = AppendNormalizedValidUtf8(form, utf8, out); !s.ok()) {
    return s;
  }
  return out;
}

bool IsNormalizedValidUtf8(NormalizationForm form,
                           std::string_view valid_utf8) {
  if (form == NormalizationForm::kNone) return true;
  if (IsAscii(valid_utf8)) {
    return form != NormalizationForm::kNfkcCasefold ||
           !HasAsciiUpper(valid_utf8);
  }
  absl::StatusOr<bool> yes =
      internal::IcuIsNormalized(form, valid_utf8, internal::kIcuMaxChunk);
  return yes.ok() && *yes;
}

absl::StatusOr<bool> IsNormalized(NormalizationForm form,
                                  std::string_view utf8) {
  if (absl::Status valid = CheckUtf8(utf8); !valid.ok()) return valid;
  if (form == NormalizationForm::kNone) return true;
  if (IsAscii(utf8)) {
    return form != NormalizationForm::kNfkcCasefold || !HasAsciiUpper(utf8);
  }
  return internal::IcuIsNormalized(form, utf8, internal::kIcuMaxChunk);
}

}  // namespace u8guard
