// SPDX-License-Identifier: Apache-2.0
// Structure characters under NFKC and NFKC_Casefold (ICU).

#include "src/path/nfkc_structure.h"

#include <string>
#include <utility>

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

namespace {

// NFKC(d), and the facts of its code points.
struct NfkcOfSegment {
  absl::Status status;  // Internal only if ICU failed
  std::string_view form;
  CodePointFacts facts;
};

// NFKC(d) for a `d` with a code point that is not NFKC-stable: `composed`
// where that is in NFKC already (NFKC(NFC(d)) = NFKC(d)), else ICU's, in
// `buffer`.
NfkcOfSegment ComputeNfkc(std::string_view d, const std::string_view* composed,
                          std::string& buffer) {
  NfkcOfSegment r;
  if (composed != nullptr) {
    r.facts = ScanCodePoints(*composed, std::string_view::npos);
    if ((r.facts.all_flags & kNfkcStable) != 0) {
      r.form = *composed;
      return r;
    }
  }
  buffer.clear();
  r.status = AppendNormalizedValidUtf8(NormalizationForm::kNfkc, d, buffer);
  r.form = buffer;
  r.facts = ScanCodePoints(r.form, std::string_view::npos);
  return r;
}

}  // namespace

NfkcStructure CheckNfkcStructure(std::string_view d,
                                 const CodePointFacts& facts,
                                 const std::string_view* composed, bool windows,
                                 NfkcBuffers& buffers) {
  NfkcStructure r{absl::OkStatus(), std::nullopt, d, d};
  if (SegmentStandsForItsNfkcForms(facts)) return r;
  // A default ignorable, which NFKC_Casefold removes, is there.
  const bool ignorables = (facts.any_flags & kDefaultIgnorable) != 0;
  // The facts of NFKC(d), for the choice below (none: d is in NFKC).
  CodePointFacts nfkc_facts;
  if ((facts.all_flags & kNfkcStable) == 0) {
    NfkcOfSegment nfkc = ComputeNfkc(d, composed, buffers.nfkc);
    if (!nfkc.status.ok()) {
      r.status = std::move(nfkc.status);
      return r;
    }
    r.nfkc_form = nfkc.form;
    nfkc_facts = nfkc.facts;
    if (!SameStructure(d, r.nfkc_form, windows)) {
      r.finding =
          Blame(d, windows,
                "NFKC would change the structure characters "
                "(/ backslash . : % # ? @ NUL controls) of this segment");
      return r;
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
    r.casefold_form = r.nfkc_form;
    return r;
  }
  std::string& casefold = buffers.casefold;
  casefold.clear();
  r.status =
      AppendNormalizedValidUtf8(NormalizationForm::kNfkcCasefold, d, casefold);
  if (!r.status.ok()) return r;
  if (!SameStructure(d, casefold, windows) || IsDotSegmentOrEmpty(casefold)) {
    r.finding = Blame(d, windows,
                      "NFKC_Casefold would change the structure of this "
                      "segment");
  }
  r.casefold_form = casefold;
  return r;
}

}  // namespace u8guard::internal
