// SPDX-License-Identifier: Apache-2.0
// KeyIdTable: inserting, growing.

#include "src/registration/key_id_table.h"

#include <cstdlib>
#include <cstring>

#include "src/common/varint.h"

namespace u8guard::internal {

uint32_t KeyIdTable::IdAt(uint32_t unit) const {
  uint32_t id;
  std::memcpy(&id, arena_.data() + size_t{unit} * kAlign, sizeof id);
  return id;
}

bool KeyIdTable::Insert(std::string_view key, uint32_t id) {
  const uint64_t hash = Hash(key);
  if (Find(key, hash).has_value()) return false;
  if (!HasRoomFor(1, key.size())) std::abort();
  if (table_.size() == capacity_) Grow();
  // A record: the id, a flags byte (none), the key's length and bytes, then
  // padding to kAlign.
  const size_t at = arena_.size();
  arena_.append(reinterpret_cast<const char*>(&id), sizeof id);
  arena_.push_back('\0');
  AppendVarint(key.size(), arena_);
  arena_.append(key.data(), key.size());
  arena_.append((kAlign - arena_.size() % kAlign) % kAlign, '\0');
  table_.Insert(hash, static_cast<uint32_t>(at / kAlign),
                [](uint32_t) { return false; });
  return true;
}

void KeyIdTable::Grow() {
  capacity_ *= 2;
  table_.Reset(capacity_);
  const char* const base = arena_.data();
  for (size_t at = 0; at < arena_.size();) {
    const std::string_view key = KeyOf(base + at, 0);
    table_.Insert(Hash(key), static_cast<uint32_t>(at / kAlign),
                  [](uint32_t) { return false; });
    const size_t end =
        static_cast<size_t>(key.data() + key.size() - base);  // past the key
    at = (end + kAlign - 1) / kAlign * kAlign;
  }
}

}  // namespace u8guard::internal
