// SPDX-License-Identifier: Apache-2.0
// Internal: what one pass over the code points of a text finds out, so that
// the costlier steps (ICU's normalization and case mapping, the PRECIS
// context rules) run only where a code point needs them.

#ifndef U8GUARD_SRC_UNICODE_CODE_POINT_FACTS_H_
#define U8GUARD_SRC_UNICODE_CODE_POINT_FACTS_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "src/unicode/code_point_table.h"
#include "src/unicode/precis_property.h"

namespace u8guard::internal {

struct CodePointFacts {
  // The MappingFlag bits (mapping_table.h) that every non-ASCII code point
  // has (0xFFFF when there is none), and those that any one has.
  uint16_t all_flags = 0xFFFF;
  uint16_t any_flags = 0;
  // Bit 1 << PrecisProperty for each PRECIS derived property seen, ASCII
  // included (the space is FREE_PVAL, controls are DISALLOWED).
  uint8_t properties = 0;
  bool ascii_upper = false;  // an ASCII letter A-Z
  bool ascii_space = false;  // U+0020
  size_t code_points = 0;
  // Every non-ASCII code point is NFKC-stable (kNfkcStable) or one that
  // NFKC swaps for a single NFKC-stable code point, neither ASCII nor a C1
  // control, that is not default ignorable (kFactsNfkcKeepsOrSwaps). Then
  // NFKC(text) is `text` with those swapped, code point for code point (UAX
  // #15: NFKC depends only on the NFKD form, which the swap keeps, and a string
  // of NFKC-stable code points is in NFKC), so its ASCII characters are the
  // same, in the same places.
  bool nfkc_keeps_or_swaps = true;
  // Where the run of non-starters first grew longer than the bound given to
  // ScanCodePoints (UAX #15 §13, counted as StreamSafeCounter does): the
  // byte offset of the code point that broke it, where the scan stopped
  // (the other fields then cover only the code points before it); npos when
  // the text is Stream-Safe.
  size_t stream_unsafe_at = std::string_view::npos;

  bool Has(PrecisProperty p) const {
    return (properties & (1u << static_cast<unsigned>(p))) != 0;
  }
};

// Every code point's MappingFlag bits (mapping_table.h) in bits 0-15, its
// PRECIS derived property (PrecisProperty, precis_property.h) in bits 16-18
// and kFactsNfkcKeepsOrSwaps: MappingFlagTable(), PrecisTable() and ICU's
// NFKC in one table, built from them
// on first use (thread-safe), so that a scan makes one lookup per code
// point. Where either of them could not be built, it reads as they do (the
// flags 0, the property DISALLOWED); if this table itself cannot be built,
// every code point reads as flags 0 and DISALLOWED (fail closed).
const CodePointTable<uint32_t>& CodePointFactsTable();

// The bit offset of the PRECIS property in CodePointFactsTable()'s values.
inline constexpr int kFactsPropertyShift = 16;

// Bit 19 of CodePointFactsTable()'s values: the code point is NFKC-stable,
// or its NFKC form is one code point, neither ASCII nor a C1 control,
// NFKC-stable and not default ignorable (U+03D0 GREEK BETA SYMBOL: U+03B2).
// (See CodePointFacts::nfkc_keeps_or_swaps.)
inline constexpr uint32_t kFactsNfkcKeepsOrSwaps = uint32_t{1} << 19;

// Scans valid UTF-8 `text` (unchecked: callers validated it) code point by
// code point, with one lookup in CodePointFactsTable() per non-ASCII code
// point, and checks the Stream-Safe bound of `max_non_starters`
// non-starters in a row. Callers check MappingTableOk() first: without
// ICU's data every flag reads as 0.
CodePointFacts ScanCodePoints(std::string_view text, size_t max_non_starters);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_CODE_POINT_FACTS_H_
