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

namespace u8guard::internal {

// Compares valid UTF-8 segment `d` (which holds a non-ASCII character and no
// C1 control) with its NFKC and NFKC_Casefold forms, computed by ICU.
// Sets `finding` ("path/structure_changed_by_nfkc", blaming the first code
// point whose own NFKC or NFKC_Casefold form holds a structure character or
// is empty, else position 0) when a form's structure characters differ from
// d's (SameStructure), or when NFKC_Casefold, which removes default
// ignorable code points, leaves "", "." or "..". Otherwise leaves `finding`
// empty, points `nfkc_form` at NFKC(d) and `casefold_form` at
// NFKC_Casefold(d), each `d` itself when no code point changes under the
// form (no ICU call), else `nfkc_buffer` / `casefold_buffer`: the caller
// checks the whole-segment rules (hidden, reserved names, dots) on both.
// `facts` is ScanCodePoints(d), which tells which forms can differ from d
// at all; the caller checks the Stream-Safe bound it reports before ICU sees
// the segment. `composed`, when not null, is d in NFC or NFKC (the segment
// profile's result); where it is made of NFKC-stable code points it is
// NFKC(d) (NFKC(d) = NFKC(NFC(d))), and ICU does not compute that again
// (nfkc_form points at it). Returns Internal only if ICU fails.
absl::Status CheckNfkcStructure(std::string_view d, const CodePointFacts& facts,
                                const std::string_view* composed, bool windows,
                                std::string& nfkc_buffer,
                                std::string& casefold_buffer,
                                std::string_view& nfkc_form,
                                std::string_view& casefold_form,
                                std::optional<SegmentFinding>& finding);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PATH_NFKC_STRUCTURE_H_
