// SPDX-License-Identifier: Apache-2.0
// The mapping flags table, generated at start-up from ICU's property sets
// into an ICU code point trie.

#include "src/unicode/mapping_table.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uniset.h>
#include <unicode/unistr.h>

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "src/unicode/code_point_table.h"

namespace u8guard::internal {
namespace {

constexpr char32_t kCodeSpace = 0x110000;

struct Table {
  // nullptr when ICU failed to answer a query: MappingTableOk() is false.
  const CodePointTable<uint16_t>* flags = nullptr;
  absl::flat_hash_map<char32_t, char32_t> width;
};

// Sets `flag` on every code point of the ICU set `pattern`. False when ICU
// does not understand the pattern.
bool Mark(const char* pattern, uint16_t flag, std::vector<uint16_t>& flat) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeSet set(icu::UnicodeString(pattern, -1, US_INV), status);
  if (U_FAILURE(status)) return false;
  for (int32_t r = 0; r < set.getRangeCount(); ++r) {
    for (UChar32 c = set.getRangeStart(r); c <= set.getRangeEnd(r); ++c) {
      flat[c] |= flag;
    }
  }
  return true;
}

// Adds kChangesWhenLowercased and kChangesWhenCasefolded to the code points
// whose full mapping, applied to the code point itself, changes it although
// the property says no. Unicode defines the properties on the NFD form, so
// a code point that decomposes into characters that do not change can
// still change itself: U+1FBE GREEK PROSGEGRAMMENI folds to U+03B9, and
// U+0390, U+1E96 and 21 more fold to several. With normalization "none"
// nothing composes or decomposes them first, so the flag must say so.
// Only code points whose NFD differs from them can be such.
bool MarkChangesOfDecomposables(std::vector<uint16_t>& flat) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeSet set(
      icu::UnicodeString("[:NFD_Quick_Check=No:]", -1, US_INV), status);
  if (U_FAILURE(status)) return false;
  for (int32_t r = 0; r < set.getRangeCount(); ++r) {
    for (UChar32 c = set.getRangeStart(r); c <= set.getRangeEnd(r); ++c) {
      const icu::UnicodeString alone(c);
      icu::UnicodeString lower(alone), folded(alone);
      lower.toLower(icu::Locale::getRoot());
      folded.foldCase();
      if (lower != alone) flat[c] |= kChangesWhenLowercased;
      if (folded != alone) flat[c] |= kChangesWhenCasefolded;
    }
  }
  return true;
}

// True when ICU's full mapping of `cp` is `simple` alone, whether `cp`
// stands alone, after a cased letter (final) or before one.
bool MapsSimply(UChar32 cp, UChar32 simple, bool fold) {
  for (const char* context : {"", "a", "ab"}) {
    icu::UnicodeString in(context, -1, US_INV);
    const int32_t at = in.length() == 2 ? 1 : in.length();
    in.insert(at, cp);
    icu::UnicodeString want(context, -1, US_INV);
    want.insert(at, simple);
    icu::UnicodeString got = in;
    if (fold) {
      got.foldCase(U_FOLD_CASE_DEFAULT);
    } else {
      got.toLower(icu::Locale::getRoot());
    }
    if (got != want) return false;
  }
  return true;
}

// The kNonStarterShift and kTrailingNonStarterShift fields of `cp`, from its
// NFKD decomposition (UAX #15 §13).
uint16_t NonStarterFlags(const icu::Normalizer2& nfkd, UChar32 cp) {
  // Inert under NFKD: no decomposition and a starter, so none of it is a
  // non-starter (most code points; skips the decomposition's string).
  if (nfkd.isInert(cp)) return 0;
  icu::UnicodeString d;
  if (!nfkd.getDecomposition(cp, d)) d = icu::UnicodeString(cp);
  unsigned trailing = 0, count = 0;
  bool starter_seen = false;
  for (int32_t i = 0; i < d.length(); i += U16_LENGTH(d.char32At(i))) {
    const bool non_starter = nfkd.getCombiningClass(d.char32At(i)) != 0;
    ++count;
    if (!non_starter) {
      starter_seen = true;
      trailing = 0;
    } else {
      ++trailing;
    }
  }
  const unsigned all = starter_seen ? 0 : count;
  // ICU 72: at most 2 and 3 (the tests check every code point).
  if (all > 3 || trailing > 3) return 3 << kNonStarterShift;
  return static_cast<uint16_t>((all << kNonStarterShift) |
                               (trailing << kTrailingNonStarterShift));
}

// Builds the table; any ICU failure leaves `flags` null (fail closed).
Table* BuildTable() {
  auto* t = new Table;
  std::vector<uint16_t> flat(kCodeSpace, 0);
  bool ok = Mark("[:Changes_When_Lowercased:]", kChangesWhenLowercased, flat);
  ok &= Mark("[:Changes_When_Casefolded:]", kChangesWhenCasefolded, flat);
  ok &= MarkChangesOfDecomposables(flat);
  ok &= Mark("[[:Decomposition_Type=Wide:][:Decomposition_Type=Narrow:]]",
             kHasWidthMapping, flat);
  ok &= Mark("[[:General_Category=Zs:]-[\\u0020]]", kIsNonAsciiSpace, flat);
  ok &= Mark("[[:NFC_Quick_Check=Yes:]&[:ccc=0:]]", kNfcStable, flat);
  ok &= Mark("[[:NFKC_Quick_Check=Yes:]&[:ccc=0:]]", kNfkcStable, flat);
  ok &= Mark("[[:NFD_Quick_Check=Yes:]&[:ccc=0:]]", kNfdStable, flat);
  ok &= Mark("[[:NFKD_Quick_Check=Yes:]&[:ccc=0:]]", kNfkdStable, flat);
  ok &= Mark("[[:Bidi_Class=R:][:Bidi_Class=AL:][:Bidi_Class=AN:]]",
             kRightToLeft, flat);
  ok &= Mark("[:Default_Ignorable_Code_Point:]", kDefaultIgnorable, flat);
  if (!ok) return t;

  for (UChar32 cp = 0; cp < static_cast<UChar32>(kCodeSpace); ++cp) {
    if (flat[cp] & kChangesWhenLowercased &&
        MapsSimply(cp, u_tolower(cp), /*fold=*/false)) {
      flat[cp] |= kSimpleLower;
    }
    if (flat[cp] & kChangesWhenCasefolded &&
        MapsSimply(cp, u_foldCase(cp, U_FOLD_CASE_DEFAULT), /*fold=*/true)) {
      flat[cp] |= kSimpleFold;
    }
  }

  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
  const icu::Normalizer2* nfkd = icu::Normalizer2::getNFKDInstance(status);
  if (U_FAILURE(status)) return t;
  for (UChar32 cp = 0; cp < static_cast<UChar32>(kCodeSpace); ++cp) {
    flat[cp] |= NonStarterFlags(*nfkd, cp);
  }
  for (char32_t cp = 0; cp < kCodeSpace; ++cp) {
    if (!(flat[cp] & kHasWidthMapping)) continue;
    UErrorCode s = U_ZERO_ERROR;
    const icu::UnicodeString mapped =
        nfkc->normalize(icu::UnicodeString(static_cast<UChar32>(cp)), s);
    if (U_FAILURE(s)) return t;
    if (mapped.countChar32() == 1) {
      t->width[cp] = static_cast<char32_t>(mapped.char32At(0));
    }
  }
  t->flags = CodePointTable<uint16_t>::Build(
      [&](UChar32 cp) { return flat[static_cast<size_t>(cp)]; });
  return t;
}

const Table& GetTable() {
  static const Table* const kTable = BuildTable();
  return *kTable;
}

}  // namespace

bool MappingTableOk() { return GetTable().flags != nullptr; }

const CodePointTable<uint16_t>& MappingFlagTable() {
  static const CodePointTable<uint16_t>* const kFlags = [] {
    const CodePointTable<uint16_t>* flags = GetTable().flags;
    if (flags == nullptr) flags = CodePointTable<uint16_t>::Filled(0);
    return flags;
  }();
  return *kFlags;
}

char32_t WidthMappingOf(char32_t cp) {
  if (!(MappingFlagsOf(cp) & kHasWidthMapping)) return cp;
  const Table& t = GetTable();
  auto it = t.width.find(cp);
  return it == t.width.end() ? cp : it->second;
}

char32_t SimpleLower(char32_t cp) {
  return static_cast<char32_t>(u_tolower(static_cast<UChar32>(cp)));
}

char32_t SimpleFold(char32_t cp) {
  return static_cast<char32_t>(
      u_foldCase(static_cast<UChar32>(cp), U_FOLD_CASE_DEFAULT));
}

}  // namespace u8guard::internal
