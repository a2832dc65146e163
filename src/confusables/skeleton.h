// SPDX-License-Identifier: Apache-2.0
// Internal: UTS #39 confusable skeletons and restriction levels from ICU's
// spoof checker (uspoof.h).

#ifndef U8GUARD_SRC_CONFUSABLES_SKELETON_H_
#define U8GUARD_SRC_CONFUSABLES_SKELETON_H_

#include <bitset>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/skeleton.h"

namespace u8guard::internal {

// Writes the UTS #39 skeleton of `valid_utf8` (which must be valid UTF-8)
// into `out`, replacing its content. Before ICU's skeleton, a U+0307
// COMBINING DOT ABOVE right after a Soft_Dotted letter (i, j, і, ј, ...) is
// removed: it only repeats the dot the letter shows, so "i" + U+0307 (what
// lower-casing makes of "İ") looks like "i". Internal when ICU fails (e.g.
// its confusable data is missing); `out` is then empty. Thread-safe: the
// checker is created once and only read (uspoof_getSkeletonUTF8 takes it
// const).
absl::Status SkeletonInto(std::string_view valid_utf8, std::string& out);

// The ASCII characters a registration policy's exemptions keep as they are
// in skeletons (registration.h): "m" for kRnM, the digits for kDigits, "I"
// for kCapitalI. None by default: UTS #39's skeletons.
class SkeletonExemptions {
 public:
  SkeletonExemptions() = default;
  explicit SkeletonExemptions(const std::vector<ConfusableExemption>& list);
  bool empty() const { return keep_.none(); }
  bool Keeps(char c) const {
    const auto b = static_cast<unsigned char>(c);
    return b < 0x80 && keep_[b];
  }
  // The kept character `cp` stands for: itself when it is kept, or for a
  // code point outside ASCII of the same general category and the same
  // UTS #39 skeleton as a kept one (Cyrillic and Greek capital I stand for
  // 'I' as Latin I does: they look alike whatever the exemption says);
  // 0 when none.
  char KeptAs(char32_t cp) const;

 private:
  std::bitset<128> keep_;
};

// SkeletonInto, with every character `exempt` keeps (KeptAs) standing for
// itself.
// The skeleton is computed code point by code point between NFD steps that
// never reorder across a starter, so the skeleton of "a" + c + "b", c an
// ASCII starter, is skeleton("a") + c's + skeleton("b"): each kept character
// splits the string there.
absl::Status SkeletonInto(std::string_view valid_utf8,
                          const SkeletonExemptions& exempt, std::string& out);

// The skeletons a look-alike check compares for one key: the UTS #39
// skeleton of the key, and the folded skeleton (FoldedSkeletonInto) of the
// key in capitals (CapitalsInto: small capitals too), without duplicates.
// They depend on the key alone, never on how the name was typed, so every
// spelling of one account gets one verdict. The folded capitals find what
// case mapping hides in a lower-case key, in any mixing of cases a user can
// type or be shown: "r00t" and "root" (as "R00T" and "ROOT"), "adm1n",
// "paypai" and "admin", "paypal" (as "ADM1N", "paypaI"), Cherokee small
// letters and Latin small capitals and the capitals they are drawn as; the
// key's own skeleton finds what capitals lose (Cyrillic "p\u0430ypal" and
// "paypal" stay apart in no case).
struct LookalikeSkeletons {
  std::string skeleton[kMaxLookalikeSkeletons];
  size_t size = 0;
  // True when `s` is one of them.
  bool Contains(std::string_view s) const;
};

// How a registration policy shapes look-alike keys (registration.h): the
// characters its exemptions keep, and the order its skeletons read the key
// in (kLogical: UTS #39's skeleton; kLtr, kRtl: bidi skeletons).
struct LookalikeShape {
  SkeletonExemptions exempt;
  SkeletonOrder order = SkeletonOrder::kLogical;
};

// Fills `out` for `key` (valid UTF-8, a profile's canonical key): with
// shape.order kLtr or kRtl, the look-alike skeletons of the key in that
// visual order (VisualOrderInto), so that each is a bidi skeleton. Internal
// when ICU fails.
absl::Status LookalikeSkeletonsInto(std::string_view key,
                                    LookalikeSkeletons& out,
                                    const LookalikeShape& shape = {});

// LookalikeSkeletonsInto of `key` in logical order, each skeleton computed
// step by step (SkeletonInto, CapitalsInto, FoldedSkeletonInto), never in
// LookalikeTable's one pass (lookalike_table.h): what that pass is checked
// against, and what it falls back to. Internal when ICU fails.
absl::Status StepwiseLookalikeSkeletonsInto(std::string_view key,
                                            const SkeletonExemptions& exempt,
                                            LookalikeSkeletons& out);

// SkeletonInto of `valid_utf8` in visual order (`order`): UTS #39's
// bidiSkeleton for kLtr and kRtl, with SkeletonInto's dots; SkeletonInto
// for kLogical. Internal when ICU fails.
absl::Status BidiSkeletonInto(std::string_view valid_utf8, SkeletonOrder order,
                              std::string& out);

// The skeleton of the lower case of the skeleton of `valid_utf8` (valid
// UTF-8): equal for strings that look alike in some mixing of their cases
// ("aDMlN" with a lower-case L and "aDMIN": the skeleton of "I" is "l"),
// which also takes the skeleton "l" of "I" and the "l" that lower-cases
// "L" for one letter: "biil" and "bill" meet, as "biIl" and "bill" do on a
// screen. Internal when ICU fails.
absl::Status FoldedSkeletonInto(std::string_view valid_utf8,
                                const SkeletonExemptions& exempt,
                                std::string& out);

// SkeletonInto computed by ICU's spoof checker in every case: the oracle of
// SkeletonInto, which answers ASCII input from a per-character table and
// other input with u8guard's own engine (skeleton_table.h), both taken from
// ICU. For tests, and for building those tables.
absl::Status IcuSkeletonInto(std::string_view valid_utf8, std::string& out);

// Returns the UTS #39 restriction level of `valid_utf8`, from u8guard's
// table of augmented script sets (script_sets.h), or from ICU's spoof
// checker when that table cannot be built. Internal when ICU fails.
// Thread-safe as SkeletonInto.
absl::StatusOr<RestrictionLevel> RestrictionLevelOfValid(
    std::string_view valid_utf8);

// RestrictionLevelOfValid computed by ICU's spoof checker (uspoof_check2)
// in every case: its oracle, for tests.
absl::StatusOr<RestrictionLevel> IcuRestrictionLevelOfValid(
    std::string_view valid_utf8);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_SKELETON_H_
