// SPDX-License-Identifier: Apache-2.0
// Internal: per-code-point flags for the PRECIS mapping rules, in one table
// (CodePointTable, an ICU code point trie) built once from ICU's property
// sets, so the hot path does one lookup per code point instead of several
// ICU property calls.

#ifndef U8GUARD_SRC_UNICODE_MAPPING_TABLE_H_
#define U8GUARD_SRC_UNICODE_MAPPING_TABLE_H_

#include <cstddef>
#include <cstdint>

#include "src/unicode/code_point_table.h"

namespace u8guard::internal {

enum MappingFlag : uint16_t {
  // Changes_When_Lowercased (resp. _Casefolded), or the full mapping of the
  // code point alone changes it: the properties are defined on the NFD
  // form, and U+1FBE, U+0390 and 22 more fold although theirs do not.
  kChangesWhenLowercased = 1 << 0,
  kChangesWhenCasefolded = 1 << 1,
  kHasWidthMapping = 1 << 2,  // decomposition type <wide> or <narrow>
  kIsNonAsciiSpace = 1 << 3,  // General_Category Zs, not U+0020
  // Quick_Check=Yes and Canonical_Combining_Class=0 for the form: a string
  // made only of such code points is already in that form (UAX #15 §9).
  kNfcStable = 1 << 4,
  kNfkcStable = 1 << 5,
  kNfdStable = 1 << 6,
  kNfkdStable = 1 << 7,
  // Bidi_Class R, AL or AN: a string holding one is subject to the Bidi
  // Rule (RFC 5893 §1.4, RFC 8265 §3.3.3).
  kRightToLeft = 1 << 8,
  // Full lower-casing (resp. full case folding) of the code point is one
  // code point, the simple mapping (u_tolower, u_foldCase), in every
  // context: no special casing, no Final_Sigma.
  kSimpleLower = 1 << 9,
  kSimpleFold = 1 << 10,
  // UAX #15 §13, from the code point's NFKD decomposition: bits 11-12 hold
  // the number of non-starters (Canonical_Combining_Class != 0) when the
  // decomposition is made of non-starters only (0 when it holds a starter;
  // at most 2, e.g. U+0344, U+0F73); bits 13-14 the number of non-starters
  // it ends with (at most 3, e.g. U+1F82). See StreamSafeCounter.
  kNonStarterShift = 11,
  kTrailingNonStarterShift = 13,
  // Default_Ignorable_Code_Point (U+200B, U+00AD, U+FEFF...): NFKC_Casefold
  // removes it. A code point that NFKC leaves alone and that is not default
  // ignorable changes under NFKC_Casefold only by case folding, which never
  // yields a structure character, '.', ' ' or a Windows device name (the
  // tests check every code point).
  kDefaultIgnorable = 1 << 15,
};

// Counts non-starters in a row, as UAX #15 §13's Stream-Safe Text Process
// does on the NFKD form, from the mapping flags of consecutive code points.
class StreamSafeCounter {
 public:
  // `ignorables_vanish`: the normalization removes default-ignorable code
  // points (NFKC_Casefold), so one does not end a run: the marks on either
  // side of it become one run for ICU to sort (quadratic in its length).
  explicit StreamSafeCounter(bool ignorables_vanish = false)
      : ignorables_vanish_(ignorables_vanish) {}

  // Adds the code point whose flags are `flags`. Returns false when the run
  // of non-starters it ends is longer than `max`.
  bool Add(uint16_t flags, size_t max) {
    if (ignorables_vanish_ && (flags & kDefaultIgnorable)) return run_ <= max;
    const unsigned all = (flags >> kNonStarterShift) & 3;
    if (all != 0) {
      run_ += all;
      return run_ <= max;
    }
    // A starter: the run is what follows it in its decomposition.
    run_ = (flags >> kTrailingNonStarterShift) & 3;
    return run_ <= max;
  }

 private:
  const bool ignorables_vanish_;
  size_t run_ = 0;
};

// False when ICU failed to answer a query while the table was built (e.g.
// its data is missing). Then MappingFlagsOf is 0 everywhere, which would
// skip mappings: callers must fail closed (the profile pipeline rejects
// every non-ASCII input with an Internal error).
bool MappingTableOk();

// The table of MappingFlag bits, built from ICU on first use (thread-safe)
// in a few milliseconds; all zero when MappingTableOk() is false. Hot loops
// fetch it once and call Get(cp) per code point (0 above U+10FFFF).
const CodePointTable<uint16_t>& MappingFlagTable();

// The MappingFlag bits of `cp`: MappingFlagTable().Get(cp).
inline uint16_t MappingFlagsOf(char32_t cp) {
  return MappingFlagTable().Get(cp);
}

// The width mapping of a code point with kHasWidthMapping: its NFKC form
// when that is one code point (RFC 8265 §3.3.1, as precis_i18n maps it),
// else `cp`. Any other code point maps to itself.
char32_t WidthMappingOf(char32_t cp);

// The simple lower-case and case-folded forms of `cp` (ICU u_tolower and
// u_foldCase). Equal to the full mappings for code points with kSimpleLower
// / kSimpleFold.
char32_t SimpleLower(char32_t cp);
char32_t SimpleFold(char32_t cp);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_MAPPING_TABLE_H_
