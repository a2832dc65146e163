// SPDX-License-Identifier: Apache-2.0
// Internal: both look-alike skeletons of a key in one pass, from a table
// that holds each code point's two images.

#ifndef U8GUARD_SRC_CONFUSABLES_LOOKALIKE_TABLE_H_
#define U8GUARD_SRC_CONFUSABLES_LOOKALIKE_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "src/unicode/code_point_strings.h"

namespace u8guard::internal {

// The two look-alike skeletons of LookalikeSkeletonsInto (skeleton.h, no
// exemptions) computed together, code point by code point: the UTS #39
// skeleton of a key, and the folded skeleton of its capitals
// (SkeletonInto(LowerInto(SkeletonInto(CapitalsInto(key))))), which
// LookalikeSkeletonsInto otherwise computes in five passes.
//
// Why a concatenation is exact: UTS #39's skeleton is NFD, each code point
// replaced by its prototype, NFD again, and NFD only reorders runs of
// combining marks (canonical combining class other than 0). Where two
// strings meet and one side begins or ends there with a code point of
// class 0, in NFD and in its skeleton, no reordering crosses between them,
// so the skeleton of the two is the skeleton of each, one after the other.
// The case tables (case_forms.h) likewise map code point by code point
// wherever no image depends on its neighbours. A code point is "fusable"
// when no step of the chain meets a mapping that depends on its neighbours,
// no image is empty and none holds U+0307 (which SkeletonInto drops after
// a Soft_Dotted letter, its neighbour's); the table keeps, for the code
// point itself, its capitals and their skeleton's lower case, whether each
// begins and ends "open" (with a mark). A key in which every code point is
// fusable and no open end meets an open start is computed by
// concatenation; any other key is left to the step-by-step path. Each
// image is computed, when the table is built, by the functions it replaces
// (tests/confusables/lookalike_table_test.cc compares the two on every
// code point alone and in context, on random strings and on word lists).
//
// Built at the first look-alike skeleton of the process (a few dozen
// milliseconds), then only read: thread-safe.
class LookalikeTable {
 public:
  // The table of the process; nullptr when the skeleton or case tables it
  // is built from cannot be built (callers take the step-by-step path).
  static const LookalikeTable* Get();

  // Replaces `skeleton` with the UTS #39 skeleton of `valid_utf8` (which
  // must be valid UTF-8) and `folded` with the folded skeleton of its
  // capitals, and returns true; returns false, the two unspecified, when
  // `valid_utf8` holds a code point that is not fusable or an open end
  // meets an open start: the caller computes them step by step.
  bool SkeletonsInto(std::string_view valid_utf8, std::string& skeleton,
                     std::string& folded) const;

  // Whether `cp` is fusable (for tests).
  bool Fusable(char32_t cp) const;

  // Bytes the table holds.
  size_t bytes() const { return images_->bytes(); }

  // Where a code point's strings begin (k...Start) and end (k...End) open:
  // the code point itself (the key), its capitals, and the lower case of
  // their skeleton.
  static constexpr uint8_t kKeyStart = 1, kCapitalsStart = 2, kLoweredStart = 4;
  static constexpr int kEndShift = 3;
  static constexpr uint8_t kKeyEnd = kKeyStart << kEndShift,
                           kCapitalsEnd = kCapitalsStart << kEndShift,
                           kLoweredEnd = kLoweredStart << kEndShift;

 private:
  // An ASCII character's two images, when they fit (and it is fusable).
  struct Ascii {
    char skeleton[4];
    char folded[4];
    uint8_t skeleton_size;
    uint8_t folded_size;
    uint8_t edges;
    bool fits;
  };

  LookalikeTable(const CodePointStrings* images, size_t expansion)
      : images_(images), expansion_(expansion) {}
  // Fills ascii_ from images_.
  void FillAscii();

  // Each code point's images: the skeleton's length, the edge bits, the
  // skeleton, then the folded skeleton. The flag marks code points that are
  // not fusable. Value 0: a fusable code point that is its own
  // skeleton and folded skeleton, with no open edge.
  const CodePointStrings* images_;
  // The most bytes of either image per byte of UTF-8.
  size_t expansion_;
  Ascii ascii_[128] = {};
  // ASCII characters that are fusable, their own skeleton and folded
  // skeleton, with no open edge: copied as they are.
  bool ascii_self_[128] = {};
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_LOOKALIKE_TABLE_H_
