// The mapping flags table, generated at start-up from ICU's property sets.

#include "src/unicode/mapping_table.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uniset.h>
#include <unicode/unistr.h>

#include <cstring>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace u8guard::internal {
namespace {

constexpr int kBlockBits = 7;  // 128 code points per stage-2 block
constexpr char32_t kBlockSize = 1 << kBlockBits;
constexpr char32_t kCodeSpace = 0x110000;

struct Table {
  std::vector<uint16_t> stage1;  // block number of each 128-code-point block
  std::vector<uint16_t> stage2;  // the distinct blocks
  absl::flat_hash_map<char32_t, char32_t> width;
};

// Sets `flag` on every code point of the ICU set `pattern`.
void Mark(const char* pattern, uint16_t flag, std::vector<uint16_t>& flat) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeSet set(icu::UnicodeString(pattern, -1, US_INV), status);
  if (U_FAILURE(status)) return;  // leaves the flag unset: see the tests
  for (int32_t r = 0; r < set.getRangeCount(); ++r) {
    for (UChar32 c = set.getRangeStart(r); c <= set.getRangeEnd(r); ++c) {
      flat[c] |= flag;
    }
  }
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

const Table& GetTable() {
  static const Table* const kTable = [] {
    std::vector<uint16_t> flat(kCodeSpace, 0);
    Mark("[:Changes_When_Lowercased:]", kChangesWhenLowercased, flat);
    Mark("[:Changes_When_Casefolded:]", kChangesWhenCasefolded, flat);
    Mark("[[:Decomposition_Type=Wide:][:Decomposition_Type=Narrow:]]",
         kHasWidthMapping, flat);
    Mark("[[:General_Category=Zs:]-[\\u0020]]", kIsNonAsciiSpace, flat);
    Mark("[[:NFC_Quick_Check=Yes:]&[:ccc=0:]]", kNfcStable, flat);
    Mark("[[:NFKC_Quick_Check=Yes:]&[:ccc=0:]]", kNfkcStable, flat);
    Mark("[[:NFD_Quick_Check=Yes:]&[:ccc=0:]]", kNfdStable, flat);
    Mark("[[:NFKD_Quick_Check=Yes:]&[:ccc=0:]]", kNfkdStable, flat);
    Mark("[[:Bidi_Class=R:][:Bidi_Class=AL:][:Bidi_Class=AN:]]", kRightToLeft,
         flat);

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

    auto* t = new Table;
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc = icu::Normalizer2::getNFKCInstance(status);
    for (char32_t cp = 0; cp < kCodeSpace; ++cp) {
      if (!(flat[cp] & kHasWidthMapping) || U_FAILURE(status)) continue;
      UErrorCode s = U_ZERO_ERROR;
      const icu::UnicodeString mapped =
          nfkc->normalize(icu::UnicodeString(static_cast<UChar32>(cp)), s);
      if (U_SUCCESS(s) && mapped.countChar32() == 1) {
        t->width[cp] = static_cast<char32_t>(mapped.char32At(0));
      }
    }
    // Deduplicate blocks.
    absl::flat_hash_map<std::string, uint16_t> seen;
    for (char32_t b = 0; b < kCodeSpace; b += kBlockSize) {
      std::string block(reinterpret_cast<const char*>(&flat[b]),
                        kBlockSize * sizeof(uint16_t));
      auto [it, inserted] = seen.emplace(
          block, static_cast<uint16_t>(t->stage2.size() / kBlockSize));
      if (inserted) {
        t->stage2.insert(t->stage2.end(), &flat[b], &flat[b] + kBlockSize);
      }
      t->stage1.push_back(it->second);
    }
    return t;
  }();
  return *kTable;
}

}  // namespace

uint16_t MappingFlagsOf(char32_t cp) {
  if (cp >= kCodeSpace) return 0;
  const Table& t = GetTable();
  return t.stage2[(size_t{t.stage1[cp >> kBlockBits]} << kBlockBits) |
                  (cp & (kBlockSize - 1))];
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
