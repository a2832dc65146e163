// SPDX-License-Identifier: Apache-2.0
// Internal: the tables a Registry decides with: each key (or look-alike
// key) of its identifiers, mapped to the first identifier that has it.
//
// Why not absl::flat_hash_map<std::string, uint32_t>, which the registry
// used first: a lookup in a Swiss table of a million strings is three
// dependent cache misses (control bytes, the slot, a long key's bytes on
// the heap) on 4 KiB pages, and a decision makes three to five of them. Here
// the keys sit in one arena, on huge pages, in the ACL index's record
// format (acl_storage.h), and AclTable's 64-byte buckets map 32-bit hash
// tags to record offsets: a miss (a new name's every lookup) is one cache
// line, a hit two, and a caller can prefetch a key's bucket long before it
// asks. A table grows by doubling, rehashing its arena once.
//
// Not thread-safe while inserting; any number of threads may Find at once
// afterwards.

#ifndef U8GUARD_SRC_REGISTRATION_KEY_ID_TABLE_H_
#define U8GUARD_SRC_REGISTRATION_KEY_ID_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "src/acl/acl_memory.h"
#include "src/acl/acl_storage.h"
#include "src/acl/acl_table.h"

namespace u8guard::internal {

class KeyIdTable {
 public:
  // The most key bytes (with 6-9 bytes of framing each) one table holds:
  // offsets are 32 bits in units of kAlign bytes.
  static constexpr size_t kAlign = 4;
  static constexpr size_t kMaxArenaBytes = (size_t{1} << 32) * kAlign;

  KeyIdTable() { table_.Reset(kFirstCapacity); }

  // The hash Find and Prefetch take for `key`.
  static uint64_t Hash(std::string_view key) { return TableHash(key); }

  // Whether `keys` more keys of `key_bytes` bytes in all fit the arena.
  bool HasRoomFor(size_t keys, size_t key_bytes) const {
    return key_bytes <= kMaxArenaBytes &&
           keys <= kMaxArenaBytes / kMaxFraming &&
           arena_.size() + keys * kMaxFraming + key_bytes <= kMaxArenaBytes;
  }

  // Stores `id` under `key` unless `key` is there already; returns whether
  // it stored it. The caller asks HasRoomFor first: a key that does not
  // fit aborts (a bug in the caller, not input).
  bool Insert(std::string_view key, uint32_t id);

  // The id stored under `key` (whose Hash is `hash`), if any.
  std::optional<uint32_t> Find(std::string_view key, uint64_t hash) const {
    const char* const base = arena_.data();
    const uint32_t* slot = table_.Find(hash, [&](uint32_t unit) {
      return HasKey(base + size_t{unit} * kAlign, 0, key);
    });
    if (slot == nullptr) return std::nullopt;
    return IdAt(*slot);
  }
  std::optional<uint32_t> Find(std::string_view key) const {
    return Find(key, Hash(key));
  }

  // Asks the CPU to load the bucket where Find(.., hash) starts.
  void Prefetch(uint64_t hash) const { table_.Prefetch(hash); }

  // Number of keys stored.
  size_t size() const { return table_.size(); }
  // Bytes of heap the table and its arena occupy.
  size_t MemoryUsage() const {
    return HeapBytes(arena_) + table_.MemoryUsage();
  }

 private:
  static constexpr size_t kFirstCapacity = 64;
  // A record's bytes beyond its key's, at most: header, varint, padding.
  static constexpr size_t kMaxFraming = kRecordHeader + 10 + kAlign - 1;

  uint32_t IdAt(uint32_t unit) const;
  // Doubles the table's capacity and files every record again.
  void Grow();

  Arena arena_;
  AclTable table_;
  size_t capacity_ = kFirstCapacity;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_REGISTRATION_KEY_ID_TABLE_H_
