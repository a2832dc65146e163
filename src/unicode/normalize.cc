// Normalization forms: names, strict-UTF-8 entry points and ASCII fast paths.
// The calls into ICU live in normalize_icu.cc.

#include "u8guard/normalize.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "src/unicode/normalize_internal.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

constexpr std::array<NormalizationForm, 6> kAllForms = {
    NormalizationForm::kNone, NormalizationForm::kNfc,
    NormalizationForm::kNfd,  NormalizationForm::kNfkc,
    NormalizationForm::kNfkd, NormalizationForm::kNfkcCasefold,
};

// True when every byte of `s` is below 0x80. Eight bytes at a time.
bool IsAscii(std::string_view s) {
  const char* p = s.data();
  size_t n = s.size();
  uint64_t any = 0;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    any |= word;
  }
  for (; n > 0; ++p, --n) any |= static_cast<uint8_t>(*p);
  return (any & 0x8080808080808080u) == 0;
}

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
  switch (form) {
    case NormalizationForm::kNone:
      return "none";
    case NormalizationForm::kNfc:
      return "NFC";
    case NormalizationForm::kNfd:
      return "NFD";
    case NormalizationForm::kNfkc:
      return "NFKC";
    case NormalizationForm::kNfkd:
      return "NFKD";
    case NormalizationForm::kNfkcCasefold:
      return "NFKC_Casefold";
  }
  return "unknown";
}

absl::StatusOr<NormalizationForm> ParseNormalizationForm(
    std::string_view name) {
  const absl::string_view wanted(name.data(), name.size());
  for (NormalizationForm form : kAllForms) {
    const std::string_view known = NormalizationFormName(form);
    if (absl::EqualsIgnoreCase(wanted,
                               absl::string_view(known.data(), known.size()))) {
      return form;
    }
  }
  if (absl::EqualsIgnoreCase(wanted, "NFKC_CF")) {
    return NormalizationForm::kNfkcCasefold;
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown normalization form \"%s\" (expected one of none, NFC, NFD, "
      "NFKC, NFKD, NFKC_Casefold)",
      absl::CHexEscape(wanted)));
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
