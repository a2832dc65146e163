// SPDX-License-Identifier: Apache-2.0
// Internal: the immutable data behind an AclIndex, and its record format.
//
// Every valid entry is one record in one arena string, in list order:
//
//   u32    valid index v (native byte order, unaligned)
//   u8     flags: kOriginalStored
//   varint n, then n bytes    the canonical key
//   varint n, then n bytes    the original, only with kOriginalStored
//                             (else the original is the key)
//
// (varint: LEB128, 7 bits a byte, so keys under 128 bytes cost one byte of
// framing.) Everything a hit needs sits at the start of the record, usually
// in one cache line. The table (acl_table.h) maps a hash to record offsets:
// in kExact mode the hash of the key, in kSkeleton mode the hash of each of
// the entry's look-alike skeletons (of its key, its original and its
// enforced form: one when they agree, as for most names, up to three).
// Skeletons are not stored: a skeleton index checks a candidate by
// recomputing its skeletons, which happens on hits and on 32-bit tag
// collisions (one in ~500 million probes) only. An entry costs its bytes, 6
// bytes of framing, 4 bytes of list-order offset and ~12 bytes of table per
// distinct skeleton.

#ifndef U8GUARD_SRC_ACL_ACL_STORAGE_H_
#define U8GUARD_SRC_ACL_ACL_STORAGE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "absl/hash/hash.h"
#include "absl/strings/string_view.h"
#include "src/acl/acl_invalid.h"
#include "src/acl/acl_memory.h"
#include "src/acl/acl_table.h"
#include "src/common/varint.h"
#include "src/confusables/skeleton.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

inline constexpr uint8_t kOriginalStored = 1;
inline constexpr size_t kRecordHeader = sizeof(uint32_t) + 1;

// The key of the record at `offset`.
inline std::string_view KeyOf(const char* base, uint32_t offset) {
  const char* p = base + offset + kRecordHeader;
  const size_t n = ReadVarint(p);
  return std::string_view(p, n);
}

// Whether the first and the last sizeof(Word) of the `n` bytes at `a` and
// `b` are equal: all of them when sizeof(Word) <= n <= 2 * sizeof(Word).
template <typename Word>
inline bool EndsEqual(const char* a, const char* b, size_t n) {
  Word a0, a1, b0, b1;
  std::memcpy(&a0, a, sizeof(Word));
  std::memcpy(&a1, a + n - sizeof(Word), sizeof(Word));
  std::memcpy(&b0, b, sizeof(Word));
  std::memcpy(&b1, b + n - sizeof(Word), sizeof(Word));
  return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

// Whether the record at `offset` has the key `key`. Inline, without a call
// to memcmp (which costs more than a short key's comparison), and reading
// `key` the way the ASCII fast path wrote it (ascii_key.h): 16-byte blocks
// from the start, then the remainder with two overlapping loads within it,
// so that a key written a moment ago is read from the store buffer.
inline bool HasKey(const char* base, uint32_t offset, std::string_view key) {
  const char* p = base + offset + kRecordHeader;
  const size_t n = ReadVarint(p);
  if (n != key.size()) return false;
  const char* k = key.data();
#if defined(__SSE2__)
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(k + i));
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) != 0xFFFF) return false;
  }
  p += i;
  k += i;
  const size_t r = n - i;  // 0-15 bytes left
  if (r >= 8) return EndsEqual<uint64_t>(p, k, r);
  if (r >= 4) return EndsEqual<uint32_t>(p, k, r);
  // 0-3 bytes: the first, middle and last cover them all.
  return r == 0 ||
         (p[0] == k[0] && p[r / 2] == k[r / 2] && p[r - 1] == k[r - 1]);
#else
  return std::memcmp(p, k, n) == 0;
#endif
}

// The hash the table files `s` under (a key or a skeleton): absl::Hash,
// whose seed differs per process.
inline uint64_t TableHash(std::string_view s) {
  return absl::Hash<absl::string_view>{}(absl::string_view(s.data(), s.size()));
}

// From valid index v on (until the next run): entry index = v + index_delta
// and line = v + line_delta (0 for lists). A new run starts after every
// skipped line and every invalid entry, so a file without either has one
// run. Indexes and lines are below 2^32 (AclBuilder refuses more), so the
// deltas, never negative, fit 32 bits: 12 bytes a run.
struct AclRun {
  uint32_t first_valid;
  uint32_t index_delta;
  uint32_t line_delta;
};

struct AclStorage {
  Profile profile;
  AclMode mode = AclMode::kExact;
  bool from_file = false;       // lines are meaningful
  bool file_signature = false;  // the file began with EF BB BF
  size_t entry_count = 0;
  Arena arena;
  std::vector<uint32_t, HugePageAllocator<uint32_t>>
      offsets;  // record offset per valid index
  std::vector<AclRun> runs;
  AclInvalidStore invalid;
  std::vector<size_t> bom_entries;
  std::string icu_version;
  std::string unicode_version;
  AclTable table;

  // Writes the entry of the record at `offset` into `e`.
  void EntryInto(uint32_t offset, AclEntry& e) const;

  // The look-alike skeletons of the record at `offset` (of its key),
  // computed into `out`: a skeleton index
  // stores no skeletons and recomputes them on a hash tag match.
  absl::Status SkeletonsOf(uint32_t offset, LookalikeSkeletons& out) const {
    return LookalikeSkeletonsInto(KeyOf(arena.data(), offset), out);
  }
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_ACL_ACL_STORAGE_H_
