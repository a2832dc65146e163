// SPDX-License-Identifier: Apache-2.0
// Internal: the check that a later NFKC cannot undo the sanitizer.

#ifndef U8GUARD_SRC_PATH_NFKC_STRUCTURE_H_
#define U8GUARD_SRC_PATH_NFKC_STRUCTURE_H_

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "src/path/path_rules.h"
#include "src/unicode/code_point_facts.h"
#include "src/unicode/mapping_table.h"

namespace u8guard::internal {

// Buffers for the forms CheckNfkcStructure computes, reused across calls.
struct NfkcBuffers {
  std::string nfkc, casefold;
};

// What CheckNfkcStructure found out about a segment.
struct NfkcStructure {
  // Internal only if ICU failed (then the fields below are unspecified).
  absl::Status status;
  // "path/structure_changed_by_nfkc", blaming the first code point whose
  // own NFKC or NFKC_Casefold form holds a structure character or is empty,
  // else position 0; nullopt when the structure holds.
  std::optional<SegmentFinding> finding;
  // NFKC(d) and NFKC_Casefold(d), each `d` itself when no code point changes
  // under the form (no ICU call), else in the NfkcBuffers (or, for the NFKC
  // form, `composed`): the caller checks the whole-segment rules (hidden,
  // reserved names, dots) on both.
  std::string_view nfkc_form, casefold_form;
};

// Compares valid UTF-8 segment `d` (which holds a non-ASCII character and no
// C1 control) with its NFKC and NFKC_Casefold forms, computed by ICU: a
// finding when a form's structure characters differ from d's
// (SameStructure), or when NFKC_Casefold, which removes default ignorable
// code points, leaves "", "." or "..". `facts` is ScanCodePoints(d), which
// tells which forms can differ from d at all; the caller checks the
// Stream-Safe bound it reports before ICU sees the segment. `composed`, when
// not null, is d in NFC or NFKC (the segment profile's result); where it is
// made of NFKC-stable code points it is NFKC(d) (NFKC(d) = NFKC(NFC(d))),
// and ICU does not compute that again (nfkc_form points at it). Callers
// skip it where SegmentStandsForItsNfkcForms(facts) (it would find nothing
// and give d for both forms).
NfkcStructure CheckNfkcStructure(std::string_view d,
                                 const CodePointFacts& facts,
                                 const std::string_view* composed, bool windows,
                                 NfkcBuffers& buffers);

// The common case, where CheckNfkcStructure finds nothing and both forms
// are d itself, from `facts` alone: NFKC keeps every code point, or swaps a
// non-ASCII one for another that is NFKC-stable, not default ignorable and
// not a C1 control (CodePointFacts::nfkc_keeps_or_swaps), and no default
// ignorable is there for NFKC_Casefold to remove. Then NFKC(d) has d's
// structure characters, and d's ASCII characters in d's places, which is
// all the whole-segment rules look at; and NFKC_Casefold(d) looks the same
// to them as NFKC(d), made of such code points, does (nfkc_structure.cc).
// So d stands for both forms. tests/path/path_sanitize_test.cc checks this
// against ICU, and tests/path/path_oracle_test.cc the whole sanitizer.
inline bool SegmentStandsForItsNfkcForms(const CodePointFacts& facts) {
  return facts.nfkc_keeps_or_swaps &&
         (facts.any_flags & kDefaultIgnorable) == 0;
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PATH_NFKC_STRUCTURE_H_
