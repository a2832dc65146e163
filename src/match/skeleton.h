// SPDX-License-Identifier: Apache-2.0
// Internal: UTS #39 confusable skeletons and restriction levels from ICU's
// spoof checker (uspoof.h).

#ifndef U8GUARD_SRC_MATCH_SKELETON_H_
#define U8GUARD_SRC_MATCH_SKELETON_H_

#include <bitset>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/registration.h"
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

// The skeletons a look-alike check compares for one accepted string: the
// skeleton of its key, of the string as typed (`original`, valid UTF-8),
// and of its enforced (displayed) form, without duplicates. A user sees the
// original or the displayed form, and case mapping or the order of the
// PRECIS rules can hide a resemblance in the key alone ("paypaI", "Ian",
// Greek final sigma after a modifier letter).
struct LookalikeSkeletons {
  std::string skeleton[kMaxLookalikeSkeletons];
  size_t size = 0;
  // True when `s` is one of them.
  bool Contains(std::string_view s) const;
};

// Fills `out` for `original`, whose key under `profile` is `key`. The
// enforced form is computed only when the profile's case mapping differs
// from its key's. Internal when ICU fails.
absl::Status LookalikeSkeletonsInto(const Profile& profile,
                                    std::string_view original,
                                    std::string_view key,
                                    LookalikeSkeletons& out,
                                    const SkeletonExemptions& exempt = {});

// SkeletonInto computed by ICU's spoof checker in every case (SkeletonInto
// answers ASCII input from a per-character table taken from ICU). For tests.
absl::Status IcuSkeletonInto(std::string_view valid_utf8, std::string& out);

// Returns the UTS #39 restriction level of `valid_utf8`. Internal when ICU
// fails. Thread-safe as SkeletonInto.
absl::StatusOr<RestrictionLevel> RestrictionLevelOfValid(
    std::string_view valid_utf8);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_SKELETON_H_
