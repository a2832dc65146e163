// Internal: the immutable data behind an AclIndex, and its record format.
//
// Every valid entry is one record in one arena string, in list order:
//
//   u32    valid index v (native byte order, unaligned)
//   varint n, then n bytes    the lookup field: the key (kExact) or the
//                             skeleton of the key (kSkeleton)
//   varint 0 | n+1, n bytes   the key; 0 = the same bytes as the lookup field
//   varint 0 | n+1, n bytes   the original; 0 = the same bytes as the key
//
// (varint: LEB128, 7 bits a byte, so keys under 128 bytes cost one byte of
// framing.) The hash table holds the records' 32-bit offsets and hashes and
// compares them through the arena, with heterogeneous lookup by
// std::string_view, so a lookup allocates nothing and an entry costs its
// bytes, ~7 bytes of framing, 4 bytes of offset and ~5-10 bytes of table.

#ifndef U8GUARD_SRC_MATCH_ACL_STORAGE_H_
#define U8GUARD_SRC_MATCH_ACL_STORAGE_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"
#include "absl/strings/string_view.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// Appends `n` as LEB128.
inline void AppendVarint(uint64_t n, std::string& out) {
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

// The lookup field of the record at `offset`.
inline std::string_view LookupField(const char* base, uint32_t offset) {
  const char* p = base + offset + sizeof(uint32_t);
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
  p += sizeof(uint32_t);
  size_t n = ReadVarint(p);
  r.lookup = std::string_view(p, n);
  p += n;
  n = ReadVarint(p);
  if (n == 0) {
    r.key = r.lookup;
  } else {
    r.key = std::string_view(p, n - 1);
    p += n - 1;
  }
  n = ReadVarint(p);
  r.original = n == 0 ? r.key : std::string_view(p, n - 1);
  return r;
}

// Hashes a record offset by its lookup field, and a string_view the same
// way (heterogeneous lookup).
struct RecordHash {
  using is_transparent = void;
  const char* base = nullptr;
  size_t operator()(std::string_view s) const {
    // Debian's Abseil has its own string_view type.
    return absl::Hash<absl::string_view>()(
        absl::string_view(s.data(), s.size()));
  }
  size_t operator()(uint32_t offset) const {
    return (*this)(LookupField(base, offset));
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

using RecordTable = absl::flat_hash_set<uint32_t, RecordHash, RecordEq>;

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
  std::string arena;
  std::vector<uint32_t> offsets;  // record offset per valid index
  std::vector<AclRun> runs;
  std::vector<AclInvalidEntry> invalid;
  std::vector<size_t> bom_entries;
  std::string icu_version;
  std::string unicode_version;
  // Built last, once `arena` no longer moves: the functors hold its address.
  RecordTable table;

  // The entry of the record at `offset`.
  AclEntry EntryAt(uint32_t offset) const;
  // The record of valid entry `v`.
  AclRecord Record(uint32_t v) const {
    return DecodeRecord(arena.data(), offsets[v]);
  }
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_MATCH_ACL_STORAGE_H_
