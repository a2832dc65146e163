// SPDX-License-Identifier: Apache-2.0
// Unicode normalization (UAX #15) of strict UTF-8, through ICU's Normalizer2.
//
// Every function that takes unchecked bytes validates them with the strict
// UTF-8 layer first: ICU passes ill-formed bytes through or turns them into
// U+FFFD, so nothing reaches ICU before CheckUtf8 has accepted it. The
// *ValidUtf8 variants are the fast paths for callers (the profile layer) that
// have already validated their input.
//
// ICU is the only Unicode data source; its version is the library's Unicode
// version (Unicode 15.0 with ICU 72). This header does not expose ICU.

#ifndef U8GUARD_NORMALIZE_H_
#define U8GUARD_NORMALIZE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/export.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// A normalization form. kNone leaves text unchanged; kNfkcCasefold is
// Unicode's NFKC_Casefold mapping (NFKC + full case folding + removal of
// Default_Ignorable_Code_Point characters such as U+200B, U+00AD, U+FEFF),
// ICU's "nfkc_cf".
enum class NormalizationForm : uint8_t {
  kNone,
  kNfc,
  kNfd,
  kNfkc,
  kNfkd,
  kNfkcCasefold,
};

// Returns the stable name of `form`: "none", "NFC", "NFD", "NFKC", "NFKD" or
// "NFKC_Casefold". Policy files and the CLI use these names.
std::string_view NormalizationFormName(NormalizationForm form);

// Parses a name returned by NormalizationFormName, ignoring ASCII case
// ("nfc", "NFKC_CASEFOLD", ...); "NFKC_CF" (ICU's name) is accepted as an
// alias of "NFKC_Casefold". Policy files and the CLI accept exactly these.
// Returns InvalidArgument naming the unknown name and listing the accepted
// ones.
absl::StatusOr<NormalizationForm> ParseNormalizationForm(std::string_view name);

// Returns `utf8` in `form`. Accepts any byte string; rejects invalid UTF-8
// before ICU sees it, with CheckUtf8's InvalidArgument status (which carries
// a Rejection naming the byte offset, the kind of error and the offending
// bytes). Returns an Internal status only if ICU reports a failure (e.g.
// missing ICU data).
absl::StatusOr<std::string> Normalize(NormalizationForm form,
                                      std::string_view utf8);

// Appends the normalized form of `valid_utf8` to `out`, keeping what `out`
// already holds. Precondition: the caller has validated `valid_utf8` with
// ValidateUtf8 (or CheckUtf8). Ill-formed input is not detected here: it is
// never read out of bounds, but the output is unspecified, so never pass
// unchecked bytes. Returns OkStatus, or an Internal status if ICU reports a
// failure; on failure `out` is left as it was. (Input over 2^31-1 bytes,
// ICU's limit per call, is handed to ICU in pieces cut at normalization
// boundaries; the one case where that is impossible, more than 1 MiB without
// a boundary, is an OutOfRange status.)
absl::Status AppendNormalizedValidUtf8(NormalizationForm form,
                                       std::string_view valid_utf8,
                                       std::string& out);

// Returns true when `utf8` is already in `form`, i.e. Normalize(form, utf8)
// would return it unchanged (ICU's isNormalizedUTF8: a quick check whose
// "maybe" answers are resolved, so the result is exact). Rejects invalid UTF-8
// with CheckUtf8's status; Internal if ICU reports a failure. Always true for
// kNone.
absl::StatusOr<bool> IsNormalized(NormalizationForm form,
                                  std::string_view utf8);

// As IsNormalized for input the caller has already validated (same
// precondition as AppendNormalizedValidUtf8). Fails closed: returns false if
// ICU reports a failure.
bool IsNormalizedValidUtf8(NormalizationForm form, std::string_view valid_utf8);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_NORMALIZE_H_
