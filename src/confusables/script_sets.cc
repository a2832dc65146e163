// SPDX-License-Identifier: Apache-2.0
// UTS #39 restriction levels from a table of augmented script sets.

#include "src/confusables/script_sets.h"

#include <unicode/uscript.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

using ScriptSet = ScriptSetTable::ScriptSet;

// The augmented script set of `cp` from ICU; false when ICU fails.
bool AugmentedSetOf(UChar32 cp, ScriptSet& out) {
  out.reset();
  UScriptCode codes[USCRIPT_CODE_LIMIT];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n =
      uscript_getScriptExtensions(cp, codes, USCRIPT_CODE_LIMIT, &status);
  if (U_FAILURE(status)) return false;
  for (int32_t i = 0; i < n; ++i) {
    if (codes[i] < 0 || codes[i] >= USCRIPT_CODE_LIMIT) return false;
    out.set(static_cast<size_t>(codes[i]));
  }
  if (out.test(USCRIPT_HAN)) {
    out.set(USCRIPT_HAN_WITH_BOPOMOFO);
    out.set(USCRIPT_JAPANESE);
    out.set(USCRIPT_KOREAN);
  }
  if (out.test(USCRIPT_HIRAGANA) || out.test(USCRIPT_KATAKANA)) {
    out.set(USCRIPT_JAPANESE);
  }
  if (out.test(USCRIPT_HANGUL)) out.set(USCRIPT_KOREAN);
  if (out.test(USCRIPT_BOPOMOFO)) out.set(USCRIPT_HAN_WITH_BOPOMOFO);
  if (out.test(USCRIPT_COMMON) || out.test(USCRIPT_INHERITED)) out.set();
  return true;
}

}  // namespace

const ScriptSetTable* ScriptSetTable::Get() {
  static const ScriptSetTable* const table = []() -> const ScriptSetTable* {
    std::vector<ScriptSet> sets;
    absl::flat_hash_map<std::string, uint16_t> index_of;  // set bits -> index
    bool failed = false;
    ScriptSet set;
    ScriptSet last;  // neighbours mostly share a set
    uint16_t last_index = UINT16_MAX;
    const CodePointTable<uint16_t>* index =
        CodePointTable<uint16_t>::Build([&](UChar32 cp) -> uint16_t {
          if (failed || !AugmentedSetOf(cp, set)) {
            failed = true;
            return 0;
          }
          if (last_index != UINT16_MAX && set == last) return last_index;
          const auto [it, added] = index_of.try_emplace(
              set.to_string(), static_cast<uint16_t>(sets.size()));
          if (added) {
            if (sets.size() == UINT16_MAX) failed = true;
            sets.push_back(set);
          }
          last = set;
          last_index = it->second;
          return it->second;
        });
    if (index == nullptr || failed || sets.empty()) return nullptr;
    return new ScriptSetTable(index, std::move(sets));
  }();
  return table;
}

RestrictionLevel ScriptSetTable::LevelOf(std::string_view valid_utf8) const {
  bool ascii = true;
  ScriptSet resolved;
  ScriptSet without_latin;  // of the code points that are not Latin
  resolved.set();
  without_latin.set();
  uint16_t previous = UINT16_MAX;
  for (const char *p = valid_utf8.data(), *end = p + valid_utf8.size();
       p < end;) {
    ascii &= static_cast<unsigned char>(*p) < 0x80;
    const uint16_t i = index_->Get(DecodeValid(p));
    if (i == previous) continue;  // intersecting again changes nothing
    previous = i;
    const ScriptSet& s = sets_[i];
    resolved &= s;
    if (!s.test(USCRIPT_LATIN)) without_latin &= s;
  }
  if (ascii) return RestrictionLevel::kAscii;
  if (resolved.any()) return RestrictionLevel::kSingleScriptRestrictive;
  if (without_latin.test(USCRIPT_HAN_WITH_BOPOMOFO) ||
      without_latin.test(USCRIPT_JAPANESE) ||
      without_latin.test(USCRIPT_KOREAN)) {
    return RestrictionLevel::kHighlyRestrictive;
  }
  if (without_latin.any() && !without_latin.test(USCRIPT_CYRILLIC) &&
      !without_latin.test(USCRIPT_GREEK) &&
      !without_latin.test(USCRIPT_CHEROKEE)) {
    return RestrictionLevel::kModeratelyRestrictive;
  }
  return RestrictionLevel::kMinimallyRestrictive;
}

}  // namespace u8guard::internal
