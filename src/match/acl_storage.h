// Internal: the immutable data behind an AclIndex, and its record format.
//
// Every valid entry is one record in one arena string, in list order:
//
//   u32    valid index v (native byte order, unaligned)
//   u8     flags: kKeyStored, kOriginalStored
//   varint n, then n bytes    the lookup field: the key (kExact) or the
//                             skeleton of the key (kSkeleton)
//   varint n, then n bytes    the key, only with kKeyStored (else the key
//                             is the lookup field)
//   varint n, then n bytes    the original, only with kOriginalStored
//                             (else the original is the key)
//
// (varint: LEB128, 7 bits a byte, so keys under 128 bytes cost one byte of
// framing.) Everything a hit needs when key and original equal the lookup
// field sits at the start of the record, usually in one cache line. The
// hash table holds the records' 32-bit offsets and hashes and compares them
// through the arena, with heterogeneous lookup by std::string_view, so a
// lookup allocates nothing and an entry costs its bytes, 6 bytes of framing,
// 4 bytes of offset and ~5-10 bytes of table.

#ifndef U8GUARD_SRC_MATCH_ACL_STORAGE_H_
#define U8GUARD_SRC_MATCH_ACL_STORAGE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "src/match/acl_memory.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// Appends `n` as LEB128.
template <typename String>
void AppendVarint(uint64_t n, String& out) {
  while (n >= 0x80) {
    out.push_back(static_cast<char>((n & 0x7F) | 0x80));
    n >>= 7;
  }
  out.push_back(static_cast<char>(n));
}

// Reads a LEB128 number at `p` and advances `p`. The arena is written by
// AppendVarint only, so the input is always well formed.
inline uint64_t ReadVarint(const char*& p) {
  uint64_t n = 0;
  int shift = 0;
  for (;;) {
    const uint8_t b = static_cast<uint8_t>(*p++);
    n |= static_cast<uint64_t>(b & 0x7F) << shift;
    if (b < 0x80) return n;
    shift += 7;
  }
}

inline constexpr uint8_t kKeyStored = 1;
inline constexpr uint8_t kOriginalStored = 2;
inline constexpr size_t kRecordHeader = sizeof(uint32_t) + 1;

// The lookup field of the record at `offset`.
inline std::string_view LookupField(const char* base, uint32_t offset) {
  const char* p = base + offset + kRecordHeader;
  const size_t n = ReadVarint(p);
  return std::string_view(p, n);
}

// A decoded record.
struct AclRecord {
  uint32_t valid_index;
  std::string_view lookup;
  std::string_view key;
  std::string_view original;
};

inline AclRecord DecodeRecord(const char* base, uint32_t offset) {
  AclRecord r;
  const char* p = base + offset;
  std::memcpy(&r.valid_index, p, sizeof(uint32_t));
  const uint8_t flags = static_cast<uint8_t>(p[sizeof(uint32_t)]);
  p += kRecordHeader;
  size_t n = ReadVarint(p);
  r.lookup = std::string_view(p, n);
  r.key = r.lookup;
  r.original = r.lookup;
  if (flags == 0) return r;
  p += n;
  if (flags & kKeyStored) {
    n = ReadVarint(p);
    r.key = std::string_view(p, n);
    p += n;
  }
  r.original = r.key;
  if (flags & kOriginalStored) {
    n = ReadVarint(p);
    r.original = std::string_view(p, n);
  }
  return r;
}

// A fast seeded hash for short keys (wyhash's multiply-fold): identifiers
// are 4-64 bytes, where absl::Hash's general path costs more than the
// lookup's memory accesses. The seed is random per process, so entries
// cannot be chosen to collide.
__extension__ typedef unsigned __int128 AclU128;

inline uint64_t AclMix(uint64_t a, uint64_t b) {
  const AclU128 r = static_cast<AclU128>(a) * b;
  return static_cast<uint64_t>(r) ^ static_cast<uint64_t>(r >> 64);
}

inline uint64_t AclLoad64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline uint64_t AclLoad32(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

inline uint64_t HashKey(std::string_view s, uint64_t seed) {
  constexpr uint64_t k1 = 0xa0761d6478bd642full, k2 = 0xe7037ed1a0b428dbull,
                     k3 = 0x8ebc6af09c88c6e3ull;
  const char* p = s.data();
  size_t n = s.size();
  uint64_t h = seed ^ AclMix(n ^ k1, k2);
  while (n > 16) {
    h = AclMix(AclLoad64(p) ^ k1 ^ h, AclLoad64(p + 8) ^ k2 ^ seed);
    p += 16;
    n -= 16;
  }
  uint64_t a = 0, b = 0;
  if (n >= 8) {
    a = AclLoad64(p);
    b = AclLoad64(p + n - 8);
  } else if (n >= 4) {
    a = AclLoad32(p);
    b = AclLoad32(p + n - 4);
  } else if (n > 0) {
    a = (static_cast<uint64_t>(static_cast<uint8_t>(p[0])) << 16) |
        (static_cast<uint64_t>(static_cast<uint8_t>(p[n / 2])) << 8) |
        static_cast<uint8_t>(p[n - 1]);
  }
  return AclMix(a ^ k1 ^ h, b ^ k3 ^ seed);
}

// The process's hash seed (random, chosen once).
uint64_t AclHashSeed();

// Hashes a record offset by its lookup field, and a string_view the same
// way (heterogeneous lookup).
struct RecordHash {
  using is_transparent = void;
  const char* base = nullptr;
  uint64_t seed = 0;
  size_t operator()(std::string_view s) const { return HashKey(s, seed); }
  size_t operator()(uint32_t offset) const {
    return HashKey(LookupField(base, offset), seed);
  }
};

struct RecordEq {
  using is_transparent = void;
  const char* base = nullptr;
  bool operator()(uint32_t a, uint32_t b) const {
    return LookupField(base, a) == LookupField(base, b);
  }
  bool operator()(uint32_t a, std::string_view b) const {
    return LookupField(base, a) == b;
  }
  bool operator()(std::string_view a, uint32_t b) const {
    return a == LookupField(base, b);
  }
};

using RecordTable = absl::flat_hash_set<uint32_t, RecordHash, RecordEq,
                                        HugePageAllocator<uint32_t>>;
using Arena =
    std::basic_string<char, std::char_traits<char>, HugePageAllocator<char>>;

// From valid index v on (until the next run): entry index = v + index_delta
// and line = v + line_delta. A new run starts after every skipped line and
// every invalid entry, so a file without either has one run.
struct AclRun {
  uint32_t first_valid;
  int64_t index_delta;
  int64_t line_delta;
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
  std::vector<AclInvalidEntry> invalid;
  std::vector<size_t> bom_entries;
  std::string icu_version;
  std::string unicode_version;
  // Built last, once `arena` no longer moves: the functors hold its address.
  RecordTable table;

  // Writes the entry of the record at `offset` into `e`.
  void EntryInto(uint32_t offset, AclEntry& e) const;
  // The record of valid entry `v`.
  AclRecord Record(uint32_t v) const {
    return DecodeRecord(arena.data(), offsets[v]);
  }
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_ACL_STORAGE_H_
