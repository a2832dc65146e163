// SPDX-License-Identifier: Apache-2.0
// Internal: u8guard's own UTS #39 skeleton engine, on a per-code-point table
// taken from ICU's spoof checker once per process.

#ifndef U8GUARD_SRC_CONFUSABLES_SKELETON_TABLE_H_
#define U8GUARD_SRC_CONFUSABLES_SKELETON_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/unicode/code_point_strings.h"

namespace u8guard::internal {

// True when `cp` is its own UTS #39 skeleton without asking ICU, which the
// skeleton and look-alike tables take as given: an unassigned, private-use or
// surrogate code point (no decomposition, class 0, no confusable mapping),
// unless it is Default_Ignorable_Code_Point. The skeleton of UTS #39 for
// Unicode 15.1 and later (ICU 74 and later) removes those, and some are
// unassigned (U+2065, U+FFF0..U+FFF8, most of U+E0000..U+E0FFF): they are
// asked of ICU like any assigned code point, so each ICU's answer holds.
bool IsOwnSkeletonUnasked(char32_t cp);

// The UTS #39 skeleton of every code point alone (ICU's
// uspoof_getSkeletonUTF8 of that one code point), and whether the code point
// is "plain": its NFD and its skeleton are non-empty runs of code points of
// canonical combining class 0. A plain code point splits a string for both
// NFD steps of UTS #39 (NFD, each code point replaced by its prototype, NFD
// again): no canonical reordering crosses it, so the skeleton of a string
// is the skeletons of its pieces between plain code points, each plain one
// contributing its own. A piece of one code point is that code point's
// skeleton from the table; only a piece of two or more (a letter and its
// combining marks, a mark run) is computed in full, by LinearSkeletonInto.
// Built from ICU at the first skeleton of a string that is not ASCII (about
// 40 ms: ICU's skeleton of every assigned code point), then only read:
// thread-safe.
class SkeletonTable {
 public:
  // The table of the process; nullptr when ICU's spoof checker cannot be
  // opened (its confusable data is missing) or the table cannot be built.
  static const SkeletonTable* Get();

  // Appends the UTS #39 skeleton of `valid_utf8` (which must be valid
  // UTF-8) to `out`: the same bytes as ICU's uspoof_getSkeletonUTF8, in
  // time linear in the input. Internal when ICU fails on a piece.
  absl::Status AppendSkeleton(std::string_view valid_utf8,
                              std::string& out) const;

  // Appends the skeleton of `cp` alone (its UTS #39 prototype, in NFD) to
  // `out` as code points.
  void AppendPrototype(char32_t cp, std::u32string& out) const;

  // Bytes the table holds (the trie and the skeletons' bytes).
  size_t bytes() const { return skeletons_->bytes(); }

 private:
  explicit SkeletonTable(const CodePointStrings* skeletons)
      : skeletons_(skeletons) {}
  // Appends the skeleton of the piece [begin, end) of `count` code points
  // (the last of which has table value `last_value`) at `writer`'s cursor
  // `w`; returns the cursor after it.
  absl::StatusOr<char*> AppendPiece(const char* begin, const char* end,
                                    size_t count, uint32_t last_value,
                                    SizedAppender& writer, char* w) const;

  // Each code point's skeleton; the flag says "plain". Value 0: a plain
  // code point that is its own skeleton.
  const CodePointStrings* skeletons_;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_SKELETON_TABLE_H_
