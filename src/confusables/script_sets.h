// SPDX-License-Identifier: Apache-2.0
// Internal: UTS #39 restriction levels (section 5.2) from a per-code-point
// table of augmented script sets taken from ICU, the same levels as ICU's
// spoof checker computes.

#ifndef U8GUARD_SRC_CONFUSABLES_SCRIPT_SETS_H_
#define U8GUARD_SRC_CONFUSABLES_SCRIPT_SETS_H_

#include <unicode/uscript.h>

#include <bitset>
#include <cstdint>
#include <string_view>
#include <vector>

#include "src/unicode/code_point_table.h"
#include "u8guard/skeleton.h"

namespace u8guard::internal {

// Every code point's augmented script set (UTS #39 section 5.1): its
// Script_Extensions, with Han adding Hanb, Jpan and Kore, Hiragana and
// Katakana adding Jpan, Hangul adding Kore, Bopomofo adding Hanb, and
// Common or Inherited meaning every script. Built from ICU
// (uscript_getScriptExtensions) at the first restriction level of a string
// that is not ASCII (a few milliseconds: the distinct sets, a few hundred,
// each stored once), then only read: thread-safe.
class ScriptSetTable {
 public:
  using ScriptSet = std::bitset<USCRIPT_CODE_LIMIT>;

  // The table of the process; nullptr when ICU cannot build it (callers
  // ask ICU's spoof checker instead).
  static const ScriptSetTable* Get();

  // The UTS #39 restriction level of `valid_utf8` (valid UTF-8, not
  // empty), as ICU's uspoof_check2 with USPOOF_RESTRICTION_LEVEL reports it
  // for a checker that allows every character: kAscii; kSingle...: the
  // resolved script set (the intersection of the augmented sets) is not
  // empty; kHighly...: without the code points that are Latin, it holds
  // Hanb, Jpan or Kore; kModerately...: it is not empty and holds none of
  // Cyrillic, Greek and Cherokee; kMinimally... otherwise. Never
  // kUnrestrictive (that level needs an allowed-character set).
  RestrictionLevel LevelOf(std::string_view valid_utf8) const;

  // The augmented script set of `cp`.
  const ScriptSet& SetOf(char32_t cp) const { return sets_[index_->Get(cp)]; }

 private:
  ScriptSetTable(const CodePointTable<uint16_t>* index,
                 std::vector<ScriptSet> sets)
      : index_(index), sets_(std::move(sets)) {}

  const CodePointTable<uint16_t>* index_;  // code point -> sets_ index
  std::vector<ScriptSet> sets_;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_SCRIPT_SETS_H_
