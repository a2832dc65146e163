// SPDX-License-Identifier: Apache-2.0
// The ACL index's hash table (src/acl/acl_table.h) against
// absl::flat_hash_map on the same keys, and on hashes chosen to break it:
// one bucket for everything, one tag for everything, the tag 0 that marks
// empty slots, home buckets at the end (probes wrap around), tables filled
// to their limit. And HasKey, the predicate of an exact index.

#include "src/acl/acl_table.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "src/acl/acl_storage.h"

namespace u8guard::internal {
namespace {

// Keys stored by position: the table holds positions as its "offsets".
struct Keys {
  std::vector<std::string> keys;
  // Whether the key at `offset` equals `key`.
  auto Same(const std::string& key) const {
    return [this, &key](uint32_t offset) { return keys[offset] == key; };
  }
};

uint64_t RealHash(const std::string& s) {
  return absl::Hash<absl::string_view>{}(absl::string_view(s));
}

// Inserts every key with `hash_of`, then checks that every key present is
// found at its first position (as absl::flat_hash_map's try_emplace keeps
// the first) and that absent keys are not.
template <typename HashOf>
void CheckAgainstAbsl(const std::vector<std::string>& keys,
                      const std::vector<std::string>& absent, HashOf hash_of) {
  Keys k{keys};
  AclTable table;
  table.Reset(keys.size());
  absl::flat_hash_map<std::string, uint32_t> model;
  for (uint32_t i = 0; i < keys.size(); ++i) {
    const bool inserted = table.Insert(hash_of(keys[i]), i, k.Same(keys[i]));
    const bool model_inserted = model.try_emplace(keys[i], i).second;
    ASSERT_EQ(inserted, model_inserted) << keys[i];
  }
  EXPECT_EQ(table.size(), model.size());
  for (const auto& [key, first] : model) {
    const uint32_t* found = table.Find(hash_of(key), k.Same(key));
    ASSERT_NE(found, nullptr) << key;
    EXPECT_EQ(*found, first) << key;
  }
  for (const std::string& key : absent) {
    ASSERT_EQ(model.count(key), 0u);
    EXPECT_EQ(table.Find(hash_of(key), k.Same(key)), nullptr) << key;
  }
}

std::vector<std::string> Names(size_t n, const std::string& prefix) {
  std::vector<std::string> v;
  for (size_t i = 0; i < n; ++i) v.push_back(absl::StrCat(prefix, i));
  return v;
}

TEST(AclTable, AgreesWithAbslAtEverySizeUpToTwoThousand) {
  for (size_t n = 0; n <= 2000; n += (n < 40 ? 1 : 37)) {
    SCOPED_TRACE(n);
    CheckAgainstAbsl(Names(n, "user"), Names(n + 5, "absent"), RealHash);
  }
}

TEST(AclTable, AgreesWithAbslOnDuplicatesAndRandomKeys) {
  std::mt19937_64 rng(7);
  std::vector<std::string> keys;
  for (int i = 0; i < 100000; ++i) {
    // Short keys from a small alphabet: many duplicates.
    std::string s(1 + rng() % 4, 'a');
    for (char& c : s) c = static_cast<char>('a' + rng() % 6);
    keys.push_back(s);
  }
  CheckAgainstAbsl(keys, Names(1000, "0"), RealHash);
}

TEST(AclTable, OneBucketAndOneTagForEverything) {
  // Every probe starts in bucket 0 and every slot's tag matches: only the
  // predicate tells keys apart, and probes run across the whole table.
  const auto same_hash = [](const std::string&) { return uint64_t{42}; };
  CheckAgainstAbsl(Names(500, "k"), Names(50, "x"), same_hash);
}

TEST(AclTable, TagZeroIsStoredAndFound) {
  // Tag 0 marks empty slots, so a hash whose low 32 bits are 0 is stored
  // as tag 1; both must still be found, and told apart by the predicate.
  const auto low_bits_zero_or_one = [](const std::string& s) {
    return (RealHash(s) & ~uint64_t{0xFFFFFFFF}) | (s.size() % 2);
  };
  CheckAgainstAbsl(Names(3000, "t"), Names(300, "u"), low_bits_zero_or_one);
}

TEST(AclTable, ProbesWrapAroundFromTheLastBucket) {
  // The upper 32 bits all ones: every home bucket is the last one, so all
  // but its first eight entries wrap to bucket 0 and onward.
  const auto last_bucket = [](const std::string& s) {
    return (uint64_t{0xFFFFFFFF} << 32) | (RealHash(s) & 0xFFFFFFFF);
  };
  CheckAgainstAbsl(Names(1000, "w"), Names(100, "v"), last_bucket);
}

TEST(AclTable, FilledToItsLimitEveryMissStillEnds) {
  // Reset(n) then exactly n inserts, all in one home bucket: the table is
  // as full as it gets and one run of full buckets is as long as it gets.
  for (size_t n : {1u, 8u, 9u, 63u, 64u, 65u, 1000u}) {
    SCOPED_TRACE(n);
    const auto one_home = [](const std::string& s) {
      return RealHash(s) & 0xFFFFFFFF;  // upper bits 0: bucket 0
    };
    CheckAgainstAbsl(Names(n, "f"), Names(20, "g"), one_home);
  }
}

TEST(AclTable, EmptyTableFindsNothing) {
  AclTable table;
  table.Reset(0);
  EXPECT_EQ(table.size(), 0u);
  EXPECT_EQ(table.bucket_count(), 1u);
  EXPECT_EQ(table.Find(0, [](uint32_t) { return true; }), nullptr);
  EXPECT_EQ(table.Find(~uint64_t{0}, [](uint32_t) { return true; }), nullptr);
}

TEST(AclTable, PredicateSeesOnlyOffsetsUnderAnEqualTag) {
  AclTable table;
  table.Reset(100);
  for (uint32_t i = 0; i < 100; ++i) {
    ASSERT_TRUE(table.Insert(uint64_t{i} * 0x9E3779B97F4A7C15ull, i,
                             [](uint32_t) { return false; }));
  }
  const uint64_t hash = uint64_t{37} * 0x9E3779B97F4A7C15ull;
  std::vector<uint32_t> seen;
  EXPECT_EQ(table.Find(hash,
                       [&](uint32_t o) {
                         seen.push_back(o);
                         return false;
                       }),
            nullptr);
  EXPECT_EQ(seen, std::vector<uint32_t>{37});
}

TEST(AclTable, StaysWithinTheLoadItWasSizedFor) {
  AclTable table;
  table.Reset(1000000);
  // At most 2/3 of the slots, in 64-byte buckets: ~12 bytes an entry.
  EXPECT_GE(table.bucket_count() * AclTable::kSlots * 2, 1000000u * 3);
  EXPECT_LE(table.bucket_count() * 64, 1000000u * 13);
}

TEST(AclTableDeathTest, MoreInsertsThanSizedAbort) {
  AclTable table;
  table.Reset(2);
  table.Insert(1, 0, [](uint32_t) { return false; });
  table.Insert(2, 1, [](uint32_t) { return false; });
  EXPECT_DEATH(table.Insert(3, 2, [](uint32_t) { return false; }), "");
}

// An index of many equal entries sizes its table for the distinct ones:
// the others are looked up in a full table, and insert nothing.
TEST(AclTable, AnEqualEntryInsertsNothingEvenWhenFull) {
  AclTable table;
  table.Reset(1);
  EXPECT_TRUE(table.Insert(7, 0, [](uint32_t) { return false; }));
  EXPECT_FALSE(table.Insert(7, 1, [](uint32_t other) { return other == 0; }));
  EXPECT_EQ(table.size(), 1u);
}

// HasKey, the table's predicate in an exact index, compares lengths and
// then bytes in blocks and overlapping words: every length up to 80, a
// difference at every position, and records at unaligned offsets.
TEST(AclKeyCompare, EveryLengthAndEveryDifferingByte) {
  for (size_t n = 0; n <= 80; ++n) {
    std::string key(n, 'x');
    for (size_t i = 0; i < n; ++i) key[i] = static_cast<char>('a' + i % 26);
    for (size_t pad = 0; pad < 3; ++pad) {
      std::string arena(pad, '#');
      const uint32_t offset = static_cast<uint32_t>(arena.size());
      arena.append(kRecordHeader, '\0');
      AppendVarint(n, arena);
      arena += key;
      ASSERT_TRUE(HasKey(arena.data(), offset, key)) << n;
      ASSERT_FALSE(HasKey(arena.data(), offset, key + "a")) << n;
      if (n > 0) {
        ASSERT_FALSE(HasKey(arena.data(), offset, key.substr(1))) << n;
      }
      for (size_t i = 0; i < n; ++i) {
        std::string other = key;
        other[i] ^= 0x01;
        ASSERT_FALSE(HasKey(arena.data(), offset, other)) << n << " " << i;
      }
    }
  }
}

}  // namespace
}  // namespace u8guard::internal
