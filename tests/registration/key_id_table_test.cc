// SPDX-License-Identifier: Apache-2.0
// The Registry's key tables (src/registration/key_id_table.h) against
// absl::flat_hash_map's try_emplace on the same keys: through every growth,
// with keys of every length class (empty, short, past the one-byte varint,
// long), repeats, and keys that differ only in their last byte.

#include "src/registration/key_id_table.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace u8guard::internal {
namespace {

// `n` keys, some repeated, of lengths 0 to 300 bytes (UTF-8 letters and
// ASCII), many sharing all but their last byte.
std::vector<std::string> RandomKeys(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> keys;
  keys.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t kind = rng() % 8;
    if (kind == 0 && !keys.empty()) {
      keys.push_back(keys[rng() % keys.size()]);  // a repeat
      continue;
    }
    const size_t length = kind == 1 ? rng() % 300 : rng() % 24;
    std::string key;
    while (key.size() < length) {
      if (rng() % 4 == 0) {
        key += "\xD0\xB0";  // U+0430
      } else {
        key += static_cast<char>('a' + rng() % 26);
      }
    }
    if (kind == 2 && !keys.empty()) {
      key = keys.back();
      key += static_cast<char>('0' + rng() % 10);  // differs at its end
    }
    keys.push_back(std::move(key));
  }
  return keys;
}

TEST(KeyIdTable, SameAsTryEmplaceThroughEveryGrowth) {
  for (const size_t n : {size_t{0}, size_t{1}, size_t{63}, size_t{64},
                         size_t{65}, size_t{1000}, size_t{100000}}) {
    const std::vector<std::string> keys = RandomKeys(n, 7 + n);
    KeyIdTable table;
    absl::flat_hash_map<std::string, uint32_t> model;
    for (uint32_t i = 0; i < keys.size(); ++i) {
      ASSERT_TRUE(table.HasRoomFor(1, keys[i].size()));
      const bool inserted = table.Insert(keys[i], i);
      ASSERT_EQ(inserted, model.try_emplace(keys[i], i).second) << i;
    }
    ASSERT_EQ(table.size(), model.size()) << n;
    for (const auto& [key, id] : model) {
      const std::optional<uint32_t> found = table.Find(key);
      ASSERT_TRUE(found.has_value()) << n << " " << key;
      EXPECT_EQ(*found, id) << key;
      EXPECT_EQ(table.Find(key, KeyIdTable::Hash(key)), found);
    }
    for (const std::string& key : RandomKeys(1000, 99 + n)) {
      const std::string absent = absl::StrCat(key, "\x01");
      ASSERT_FALSE(model.contains(absent));
      EXPECT_FALSE(table.Find(absent).has_value()) << absent;
    }
    EXPECT_GE(table.MemoryUsage(), n == 0 ? 0 : model.size());
  }
}

TEST(KeyIdTable, EmptyTableFindsNothing) {
  const KeyIdTable table;
  EXPECT_EQ(table.size(), 0u);
  EXPECT_FALSE(table.Find("").has_value());
  EXPECT_FALSE(table.Find("admin").has_value());
}

TEST(KeyIdTable, TheEmptyKeyIsAKeyLikeAnother) {
  KeyIdTable table;
  EXPECT_TRUE(table.Insert("", 5));
  EXPECT_FALSE(table.Insert("", 6));
  EXPECT_EQ(table.Find(""), 5u);
  EXPECT_FALSE(table.Find(std::string(1, '\0')).has_value());
}

TEST(KeyIdTable, HasRoomForBoundsTheArena) {
  const KeyIdTable table;
  EXPECT_TRUE(table.HasRoomFor(0, 0));
  EXPECT_TRUE(table.HasRoomFor(1000, 1 << 20));
  EXPECT_FALSE(table.HasRoomFor(1, KeyIdTable::kMaxArenaBytes));
  EXPECT_FALSE(table.HasRoomFor(KeyIdTable::kMaxArenaBytes, 0));
  EXPECT_FALSE(table.HasRoomFor(SIZE_MAX, SIZE_MAX));
}

}  // namespace
}  // namespace u8guard::internal
