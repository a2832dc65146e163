// SPDX-License-Identifier: Apache-2.0
// One pass over the code points: mapping flags, PRECIS properties, the
// Stream-Safe bound.

#include "src/unicode/code_point_facts.h"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include "src/unicode/mapping_table.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {

namespace {

// kFactsNfkcKeepsOrSwaps for `cp`, whose mapping flags are `flags`; false
// where ICU does not answer (fail closed: the caller then asks ICU for the
// whole text).
bool NfkcKeepsOrSwaps(const icu::Normalizer2* nfkc, UChar32 cp,
                      uint16_t flags) {
  if (flags & kNfkcStable) return true;
  if (nfkc == nullptr || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeString form =
      nfkc->normalize(icu::UnicodeString(cp), status);
  if (U_FAILURE(status) || form.countChar32() != 1) return false;
  const UChar32 t = form.char32At(0);
  const uint16_t t_flags = MappingFlagsOf(static_cast<char32_t>(t));
  // (Not ASCII, nor a C1 control: the path rules' structure characters.)
  return t >= 0xA0 && t != cp && (t_flags & kNfkcStable) &&
         !(t_flags & kDefaultIgnorable);
}

}  // namespace

const CodePointTable<uint32_t>& CodePointFactsTable() {
  static const CodePointTable<uint32_t>* const kTable = [] {
    const CodePointTable<uint16_t>& flags = MappingFlagTable();
    const CodePointTable<uint8_t>& precis = PrecisTable();
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    if (U_FAILURE(status)) nfkc = nullptr;
    const CodePointTable<uint32_t>* t =
        CodePointTable<uint32_t>::Build([&](UChar32 cp) {
          const auto c = static_cast<char32_t>(cp);
          const uint16_t f = flags.Get(c);
          return uint32_t{f} |
                 (static_cast<uint32_t>(PrecisPropertyOf(c, precis).property)
                  << kFactsPropertyShift) |
                 (NfkcKeepsOrSwaps(nfkc, cp, f) ? kFactsNfkcKeepsOrSwaps : 0);
        });
    if (t == nullptr) {
      t = CodePointTable<uint32_t>::Filled(
          static_cast<uint32_t>(PrecisProperty::kDisallowed)
          << kFactsPropertyShift);
    }
    return t;
  }();
  return *kTable;
}

CodePointFacts ScanCodePoints(std::string_view text, size_t max_non_starters) {
  // Locals only in the loop (the result is written once, at the end), so
  // that the table's pointers stay in registers. (A decoding without
  // branches on the length was slower: the next code point's address then
  // waits for this one's lead byte, where a predicted branch does not.)
  CodePointFacts f;
  const CodePointTable<uint32_t>& table = CodePointFactsTable();
  StreamSafeCounter non_starters;
  uint16_t all = 0xFFFF, any = 0;
  uint32_t properties = 0, keeps_or_swaps = kFactsNfkcKeepsOrSwaps;
  bool upper = false, space = false;
  size_t count = 0;
  const char* it = text.data();
  const char* const end = text.data() + text.size();
  while (it < end) {
    const char* const at = it;
    const char32_t cp = DecodeValid(it);
    uint16_t flags = 0;  // an ASCII character is a starter
    if (cp < 0x80) {
      upper |= cp >= U'A' && cp <= U'Z';
      space |= cp == U' ';
      properties |=
          1u << static_cast<unsigned>(PrecisPropertyOfAscii(cp).property);
    } else {
      const uint32_t facts = table.Get(cp);
      flags = static_cast<uint16_t>(facts);
      all &= flags;
      any |= flags;
      properties |= 1u << ((facts >> kFactsPropertyShift) & 7);
      keeps_or_swaps &= facts;
    }
    if (!non_starters.Add(flags, max_non_starters)) [[unlikely]] {
      f.stream_unsafe_at = static_cast<size_t>(at - text.data());
      break;
    }
    ++count;
  }
  f.ascii_upper = upper;
  f.ascii_space = space;
  f.all_flags = all;
  f.any_flags = any;
  f.properties = static_cast<uint8_t>(properties);
  f.code_points = count;
  f.nfkc_keeps_or_swaps = keeps_or_swaps != 0;
  return f;
}

}  // namespace u8guard::internal
