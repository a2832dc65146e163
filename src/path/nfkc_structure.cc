// SPDX-License-Identifier: Apache-2.0
// Structure characters under NFKC and NFKC_Casefold (ICU).

#include "src/path/nfkc_structure.h"

#include <string>

#include "src/unicode/code_point_facts.h"
#include "src/unicode/mapping_table.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/normalize.h"

namespace u8guard::internal {
namespace {

constexpr Rule kRule = Rule::kPathStructureChangedByNfkc;

bool IsDotSegmentOrEmpty(std::string_view s) {
  return s.empty() || s == "." || s == "..";
}

// The first code point of `d` whose NFKC or NFKC_Casefold form, alone, holds
// a structure character or is empty: the one to blame. Error path only.
SegmentFinding Blame(std::string_view d, bool windows, std::string_view why) {
  std::string one, form;
  const char* it = d.data();
  const char* const end = d.data() + d.size();
  while (it < end) {
    const size_t pos = static_cast<size_t>(it - d.data());
    const char32_t cp = DecodeValid(it);
    if (cp < 0x80) continue;
    one.clear();
    AppendValid(cp, one);
    for (const NormalizationForm f :
         {NormalizationForm::kNfkc, NormalizationForm::kNfkcCasefold}) {
      form.clear();
      if (!AppendNormalizedValidUtf8(f, one, form).ok()) continue;
      if (form.empty() || !SameStructure(one, form, windows)) {
        return SegmentFinding{pos, cp, kRule, std::string(why)};
      }
    }
  }
  return SegmentFinding{0, std::nullopt, kRule, std::string(why)};
}

}  // namespace

absl::Status CheckNfkcStructure(std::string_view d, const CodePointFacts& facts,
                                const std::string_view* composed, bool windows,
                                std::string& nfkc_buffer,
                                std::string& casefold_buffer,
                                std::string_view& nfkc_form,
                                std::string_view& casefold_form,
                                std::optional<SegmentFinding>& finding) {
  finding.reset();
  nfkc_form = d;
  casefold_form = d;
  // A default ignorable, which NFKC_Casefold removes, is there.
  const bool ignorables = (facts.any_flags & kDefaultIgnorable) != 0;
  if (facts.nfkc_keeps_or_swaps && !ignorables) {
    // NFKC keeps every code point, or swaps a non-ASCII one for another
    // that is NFKC-stable, not default ignorable and not a C1 control
    // (CodePointFacts::nfkc_keeps_or_swaps): NFKC(d) has d's structure
    // characters, and d's ASCII characters in d's places, which is all the
    // whole-segment rules look at; and NFKC_Casefold(d) looks the same to
    // them as NFKC(d), made of such code points, does (see below). So d
    // stands for both forms. tests/path_sanitize_test.cc checks this
    // against ICU.
    return absl::OkStatus();
  }
  // The facts of NFKC(d), for the choice below.
  CodePointFacts nfkc_facts;
  if ((facts.all_flags & kNfkcStable) == 0) {
    if (composed != nullptr) {
      nfkc_facts = ScanCodePoints(*composed, std::string_view::npos);
    }
    if (composed != nullptr && (nfkc_facts.all_flags & kNfkcStable) != 0) {
      nfkc_form = *composed;  // in NFKC already: NFKC(NFC(d)) = NFKC(d)
    } else {
      nfkc_buffer.clear();
      if (absl::Status s = AppendNormalizedValidUtf8(NormalizationForm::kNfkc,
                                                     d, nfkc_buffer);
          !s.ok()) {
        return s;
      }
      nfkc_form = nfkc_buffer;
      nfkc_facts = ScanCodePoints(nfkc_form, std::string_view::npos);
    }
    if (!SameStructure(d, nfkc_form, windows)) {
      finding = Blame(d, windows,
                      "NFKC would change the structure characters "
                      "(/ backslash . : % # ? @ NUL controls) of this segment");
      return absl::OkStatus();
    }
  }
  // NFKC_Casefold also case-folds (no structure character comes out of case
  // folding) and removes default ignorables, which can join dots or hide a
  // leading dot or a reserved name: run it when a default ignorable is there
  // to be removed, or when NFKC changed something and its result is not
  // itself made of NFKC-stable code points without a default ignorable.
  // Otherwise NFKC_Casefold(d) differs from NFKC(d) in what the rules below
  // look at only by case folding, which they do not care about: no
  // NFKC-stable code point folds to nothing, to '.' or to another structure
  // character (mapping_table.h, kDefaultIgnorable), so not even a segment
  // of dots and such letters can fold into "", "." or "..". (The two forms
  // themselves can differ otherwise: U+1F80 U+0301. tests/path_sanitize_test
  // .cc checks every code point, and the rules' view on mixed strings.)
  if (!ignorables && (nfkc_facts.all_flags & kNfkcStable) != 0 &&
      (nfkc_facts.any_flags & kDefaultIgnorable) == 0) {
    casefold_form = nfkc_form;
    return absl::OkStatus();
  }
  casefold_buffer.clear();
  if (absl::Status s = AppendNormalizedValidUtf8(
          NormalizationForm::kNfkcCasefold, d, casefold_buffer);
      !s.ok()) {
    return s;
  }
  if (!SameStructure(d, casefold_buffer, windows) ||
      IsDotSegmentOrEmpty(casefold_buffer)) {
    finding = Blame(d, windows,
                    "NFKC_Casefold would change the structure of this "
                    "segment");
  }
  casefold_form = casefold_buffer;
  return absl::OkStatus();
}

}  // namespace u8guard::internal
