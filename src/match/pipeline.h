// Internal: one run of a profile's rules over an input (RFC 8264 §7).

#ifndef U8GUARD_SRC_MATCH_PIPELINE_H_
#define U8GUARD_SRC_MATCH_PIPELINE_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "src/match/ascii_key.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// Applies `profile` to `input` with `case_mapping` in place of the profile's
// own, writing the result into `out` (left empty on error). Errors carry a
// Rejection with offsets into `input`. The BOM policy's kept prefix (kIgnore)
// is not written; the caller decides whether the output wants it.
absl::Status RunProfile(const Profile& profile, CaseMapping case_mapping,
                        std::string_view input, std::string& out);

// The common case of RunProfile, inline for callers on a hot path (an ACL
// lookup): when `text` is ASCII that `profile`'s string class accepts as is
// and the result is within the output bounds, writes what RunProfile would
// and returns true. Otherwise returns false, `out` unspecified: RunProfile
// decides (and reports why it rejects). `text` is the input after the BOM
// policy; the caller checks max_input_bytes.
inline bool TryAsciiRun(const Profile& p, CaseMapping cm, std::string_view text,
                        std::string& out) {
  if (p.additional_mapping == SpaceMapping::kToAsciiTrimCollapse) {
    return false;
  }
  const AsciiRules rules{
      static_cast<unsigned char>(
          p.string_class == StringClass::kIdentifier ? 0x21
          : p.string_class == StringClass::kFreeform ? 0x20
                                                     : 0x00),
      p.string_class == StringClass::kAnyText,
      cm != CaseMapping::kNone ||
          p.normalization == NormalizationForm::kNfkcCasefold};
  if (!TryAsciiFastPath(rules, text, out)) [[unlikely]]
    return false;
  const size_t n = out.size();  // one byte per code point
  return n >= p.min_output_bytes && n <= p.max_output_bytes &&
         n <= p.max_output_code_points;
}

// RunProfile's answer for `input` when TryAsciiRun knows it (an input
// that is not ASCII, like one with a BOM, never takes this path).
inline bool TryAsciiProfile(const Profile& p, CaseMapping cm,
                            std::string_view input, std::string& out) {
  return input.size() <= p.max_input_bytes && TryAsciiRun(p, cm, input, out);
}

// The pipeline keeps per-thread scratch buffers. For secrets: reserve them
// to `bytes` (wiping what they held) before a run so that they never grow,
// and so never free a block holding a copy, during it...
void ReserveThreadScratch(size_t bytes);

// ...and zero them after it.
void WipeThreadScratch();

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_PIPELINE_H_
