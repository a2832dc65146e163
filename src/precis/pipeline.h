// SPDX-License-Identifier: Apache-2.0
// Internal: one run of a profile's rules over an input (RFC 8264 §7).

#ifndef U8GUARD_SRC_PRECIS_PIPELINE_H_
#define U8GUARD_SRC_PRECIS_PIPELINE_H_

#include <string>
#include <string_view>

#include "src/common/verdict.h"
#include "src/precis/ascii_key.h"
#include "src/precis/mapping_rules.h"
#include "src/unicode/code_point_facts.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// How `profile` with `case_mapping` treats an all-ASCII input: the ASCII
// part of its string class and of its mapping rules (MappingRules), used by
// the fast paths (TryAsciiProfile, an ACL lookup, the path sanitizer) and
// by the general ASCII path alike. On ASCII every mapping is the identity
// except lower-casing A-Z and trimming and collapsing spaces; NFC, NFKC,
// width mapping and the Bidi Rule change nothing, and the result is always
// stable.
struct AsciiProfileRules {
  // Which bytes are rejected (IdentifierClass: controls and space;
  // FreeformClass: controls; any text: none) and whether A-Z become a-z
  // (case mapping, or NFKC_Casefold).
  AsciiRules bytes;
  bool trim;  // leading/trailing spaces removed, runs of spaces collapsed
};

inline AsciiProfileRules AsciiRulesOf(const Profile& p, CaseMapping cm) {
  const MappingRules rules = MappingRulesOf(p, cm);
  const unsigned char min_byte =
      p.string_class == StringClass::kIdentifier ? 0x21
      : p.string_class == StringClass::kFreeform ? 0x20
                                                 : 0x00;
  return {{min_byte, p.string_class == StringClass::kAnyText,
           rules.LowersAsciiLetters()},
          rules.trim};
}

// The input bound of `p`: its max_input_bytes, at most kMaxInputBytesLimit.
inline size_t MaxInputBytes(const Profile& p) {
  return p.max_input_bytes < kMaxInputBytesLimit ? p.max_input_bytes
                                                 : kMaxInputBytesLimit;
}

// True when an ASCII input of `n` bytes that the rules map byte for byte
// (no trimming) is within every bound of `p`: the input bound and the
// output bounds in bytes and code points (one byte per code point).
inline bool AsciiSizeWithinBounds(const Profile& p, size_t n) {
  return n <= MaxInputBytes(p) && n >= p.min_output_bytes &&
         n <= p.max_output_bytes && n <= p.max_output_code_points;
}

// True when the rules of `p` map every ASCII string without control
// characters to itself (the key, with key_case_mapping): a class that
// allows spaces, no lower-casing, no trimming. The key of such a string is
// the string itself when AsciiSizeWithinBounds(p, its size) holds too.
inline bool AsciiKeyRulesAreIdentity(const Profile& p) {
  if (p.repertoire != Repertoire::kAny) return false;  // may reject controls
  const AsciiProfileRules r = AsciiRulesOf(p, p.key_case_mapping);
  return r.bytes.min_byte <= 0x20 && !r.bytes.lower && !r.trim;
}

// The common case of RunProfile, inline for callers on a hot path (an ACL
// lookup): when `input` is ASCII that `profile`'s string class accepts as
// is and the result is within the bounds, writes what RunProfile would and
// returns true. Otherwise returns false, `out` unspecified: RunProfile
// decides (and reports why it rejects). An input that starts with a BOM is
// not ASCII and never takes this path.
inline bool TryAsciiProfile(const Profile& p, CaseMapping cm,
                            std::string_view input, std::string& out) {
  const AsciiProfileRules r = AsciiRulesOf(p, cm);
  // The input bound first: nothing is copied from an over-long input. A
  // repertoire (RFC 9839) is checked on the general path.
  if (r.trim || input.size() > MaxInputBytes(p) ||
      p.repertoire != Repertoire::kAny) {
    return false;
  }
  if (!TryAsciiFastPath(r.bytes, input, out)) [[unlikely]] {
    return false;
  }
  return AsciiSizeWithinBounds(p, out.size());
}

// True when `profile` with `case_mapping` accepts valid UTF-8 `text`, whose
// code points `facts` describes (ScanCodePoints with the profile's
// max_non_starters), and maps it to itself, so that RunProfile would write
// `text` as it is: no code point that a mapping rule changes or that is not
// in the form already, no right-to-left code point under the Bidi Rule,
// every code point allowed by the string class without a context rule, the
// result within the bounds and Stream-Safe, no leading BOM. False means the
// rules have to run (they may still keep the text, or reject it); it never
// rejects anything itself.
bool ProfileKeepsAsIs(const Profile& profile, CaseMapping case_mapping,
                      std::string_view text, const CodePointFacts& facts);

// RunProfile for inputs TryAsciiProfile did not take.
Verdict RunProfileSlowPath(const Profile& profile, CaseMapping case_mapping,
                           std::string_view input, std::string& out);

// Applies `profile` to `input` with `case_mapping` in place of the profile's
// own, writing the result into `out` (left empty when not accepted). A
// rejection names the profile (source kProfile) with offsets into `input`.
// The BOM policy's kept prefix (kIgnore) is not written; the caller decides
// whether the output wants it.
// (TryAsciiProfile, then RunProfileSlowPath. Hot callers inline those two
// themselves; others call this one, which keeps them small.)
Verdict RunProfile(const Profile& profile, CaseMapping case_mapping,
                   std::string_view input, std::string& out);

// The pipeline keeps per-thread scratch buffers. For secrets: reserve them
// to `bytes` (wiping what they held) before a run so that they never grow,
// and so never free a block holding a copy, during it...
void ReserveThreadScratch(size_t bytes);

// ...and zero them after it.
void WipeThreadScratch();

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PRECIS_PIPELINE_H_
