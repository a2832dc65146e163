// SPDX-License-Identifier: Apache-2.0
// Internal: the hash table of an AclIndex. It maps 64-bit hashes to 32-bit
// record offsets in 64-byte buckets; the caller's predicate decides whether
// the record at an offset is the key it looks for.
//
// Why not absl::flat_hash_set, which the index used first: a Swiss table
// keeps its control bytes and its slots in two arrays, so a hit is three
// dependent loads (control group, then the slot it selects, then the
// record the slot points to), and on a 1,000,000-entry index each is a
// cache miss. The prefetch absl offers does not help: GCC drops it, since
// the same lines are loaded right after. Here one aligned cache line holds
// a bucket's eight 32-bit hash tags and their eight record offsets: a hit
// is two dependent loads (bucket, record). Measured on BM_AclLookup
// (bench/README.md): ~6 ns less per warm ASCII hit (40 vs 46 ns), 25% less
// per cold hit, a third less build time, the same memory.
//
// Layout: a hash's home bucket is its upper 32 bits scaled to the bucket
// count (Lemire's fastrange); its tag is its lower 32 bits, with 0 (which
// marks an empty slot) stored as 1. A bucket's slots fill in order, so a
// bucket whose last slot is empty ends every probe that reaches it; a full
// bucket continues into the next one (linear probing, wrapping around). At
// most 2/3 of the slots are ever used, so every probe ends. Hashes must be
// well mixed and unpredictable (the index uses absl::Hash, whose seed
// varies per process with the address-space layout), or entries could be
// chosen to pile into one run of buckets.
//
// Not thread-safe while inserting; any number of threads may Find at once
// afterwards.

#ifndef U8GUARD_SRC_ACL_ACL_TABLE_H_
#define U8GUARD_SRC_ACL_ACL_TABLE_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "src/acl/acl_memory.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace u8guard::internal {

class AclTable {
 public:
  static constexpr int kSlots = 8;

  // Empties the table and sizes it for at most `max_entries` inserts.
  void Reset(size_t max_entries) {
    max_entries_ = max_entries;
    size_ = 0;
    // Slots for max_entries at a load of at most 2/3 (at 3/4, misses cost
    // 30% more: more full buckets to probe past), at least one bucket.
    const size_t buckets = max_entries * 3 / 16 + 1;
    buckets_.assign(buckets, Bucket{});
    buckets_.shrink_to_fit();
  }

  // Inserts `offset` under `hash` unless an offset already stored under an
  // equal tag satisfies `same(offset)`; returns whether it inserted. At
  // most Reset's `max_entries` inserts: one more would break the bound
  // that ends every probe, so it aborts (a bug in the caller, not input).
  // A call that finds its offset's equal inserts nothing and may come on a
  // full table.
  template <typename Same>
  bool Insert(uint64_t hash, uint32_t offset, Same same) {
    const uint32_t tag = Tag(hash);
    for (size_t b = Home(hash);; b = Next(b)) {
      Bucket& bucket = buckets_[b];
      for (uint32_t m = Match(bucket, tag); m != 0; m &= m - 1) {
        if (same(bucket.offset[std::countr_zero(m)])) return false;
      }
      if (bucket.tag[kSlots - 1] == 0) {
        if (size_ >= max_entries_) std::abort();
        const int slot = std::countr_zero(Match(bucket, 0));
        bucket.tag[slot] = tag;
        bucket.offset[slot] = offset;
        ++size_;
        return true;
      }
    }
  }

  // Returns the first stored offset (in insertion order among those of
  // `hash`'s probe) under an equal tag that satisfies `same(offset)`, or
  // nullptr.
  template <typename Same>
  const uint32_t* Find(uint64_t hash, Same same) const {
    const uint32_t tag = Tag(hash);
    for (size_t b = Home(hash);; b = Next(b)) {
      const Bucket& bucket = buckets_[b];
      for (uint32_t m = Match(bucket, tag); m != 0; m &= m - 1) {
        const uint32_t* offset = &bucket.offset[std::countr_zero(m)];
        if (same(*offset)) return offset;
      }
      if (bucket.tag[kSlots - 1] == 0) return nullptr;
    }
  }

  // Asks the CPU to load `hash`'s home bucket: a caller with several
  // hashes to Find prefetches each first, so that their cache misses
  // overlap instead of following one another.
  void Prefetch(uint64_t hash) const {
    __builtin_prefetch(&buckets_[Home(hash)]);
  }

  // Number of offsets stored.
  size_t size() const { return size_; }
  size_t bucket_count() const { return buckets_.size(); }
  // Bytes of heap the buckets occupy.
  size_t MemoryUsage() const {
    return AllocatedBytes(buckets_.capacity() * sizeof(Bucket));
  }

 private:
  struct alignas(64) Bucket {
    uint32_t tag[kSlots] = {};
    uint32_t offset[kSlots] = {};
  };

  static uint32_t Tag(uint64_t hash) {
    const uint32_t tag = static_cast<uint32_t>(hash);
    return tag == 0 ? 1 : tag;
  }

  size_t Home(uint64_t hash) const {
    return static_cast<size_t>(((hash >> 32) * buckets_.size()) >> 32);
  }

  size_t Next(size_t b) const { return b + 1 == buckets_.size() ? 0 : b + 1; }

  // Bit i set when slot i's tag equals `tag`.
  static uint32_t Match(const Bucket& bucket, uint32_t tag) {
#if defined(__SSE2__)
    const __m128i t = _mm_set1_epi32(static_cast<int>(tag));
    const __m128i* tags = reinterpret_cast<const __m128i*>(bucket.tag);
    const __m128i lo = _mm_cmpeq_epi32(_mm_load_si128(tags), t);
    const __m128i hi = _mm_cmpeq_epi32(_mm_load_si128(tags + 1), t);
    return static_cast<uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(lo)) |
                                 (_mm_movemask_ps(_mm_castsi128_ps(hi)) << 4));
#else
    uint32_t m = 0;
    for (int i = 0; i < kSlots; ++i) m |= uint32_t{bucket.tag[i] == tag} << i;
    return m;
#endif
  }

  std::vector<Bucket, HugePageAllocator<Bucket>> buckets_;
  size_t size_ = 0;
  size_t max_entries_ = 0;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_ACL_ACL_TABLE_H_
