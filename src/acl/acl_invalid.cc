// SPDX-License-Identifier: Apache-2.0
// The compact store of an ACL index's invalid entries (acl_invalid.h).

#include "src/acl/acl_invalid.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "src/common/varint.h"

namespace u8guard::internal {
namespace {

constexpr uint64_t kSourceBits = 0x7;
constexpr uint64_t kCodePoint = 1 << 3;
constexpr int kBytesLengthShift = 4;
constexpr uint64_t kBytesLengthBits = 0x7;
constexpr uint64_t kBytesStored = 1 << 7;
constexpr uint64_t kStringsStored = 1 << 8;

void AppendBytes(std::string_view s, Arena& out) {
  AppendVarint(s.size(), out);
  out.append(s);
}

std::string ReadBytes(const char*& p) {
  const size_t n = ReadVarint(p);
  std::string s(p, n);
  p += n;
  return s;
}

}  // namespace

absl::Status AclInvalidStore::Add(size_t index, size_t line,
                                  std::string_view original, const Rejection& r,
                                  std::string_view profile) {
  if (arena_.size() > std::numeric_limits<uint32_t>::max()) {
    return absl::ResourceExhaustedError(
        "ACL too large: more than 4 GiB of invalid entries");
  }
  const std::string_view kept = original.substr(0, kAclInvalidEntryKeptBytes);
  // The rejection's bytes (UTF-8 rules: 1-4) are usually the entry's own at
  // the offset, which the record holds anyway. Anything unusual (another
  // profile's name, a detail, more bytes) is stored as it is.
  const bool strings_stored = r.profile != profile || !r.detail.empty() ||
                              r.bytes.size() > kBytesLengthBits;
  const size_t bytes_size = strings_stored ? 0 : r.bytes.size();
  const bool bytes_stored =
      bytes_size > 0 &&
      kept.substr(std::min(r.offset, kept.size()), bytes_size) != r.bytes;
  const uint64_t flags = (static_cast<uint64_t>(r.source) & kSourceBits) |
                         (r.code_point ? kCodePoint : 0) |
                         uint64_t{bytes_size} << kBytesLengthShift |
                         (bytes_stored ? kBytesStored : 0) |
                         (strings_stored ? kStringsStored : 0);
  offsets_.push_back(static_cast<uint32_t>(arena_.size()));
  AppendVarint(index - (offsets_.size() - 1), arena_);
  AppendVarint(line == 0 ? 0 : line - index, arena_);
  AppendVarint(original.size(), arena_);
  AppendVarint(static_cast<uint64_t>(r.rule), arena_);
  AppendVarint(flags, arena_);
  AppendVarint(r.offset, arena_);
  if (r.code_point) AppendVarint(*r.code_point, arena_);
  if (bytes_stored) arena_.append(r.bytes);
  if (strings_stored) {
    AppendBytes(r.profile, arena_);
    AppendBytes(r.detail, arena_);
    AppendBytes(r.bytes, arena_);
  }
  arena_.append(kept);
  return absl::OkStatus();
}

AclInvalidEntry AclInvalidStore::Get(size_t i, std::string_view profile) const {
  const char* p = arena_.data() + offsets_[i];
  AclInvalidEntry e;
  e.index = i + ReadVarint(p);
  const size_t line_delta = ReadVarint(p);
  e.line = line_delta == 0 ? 0 : e.index + line_delta;
  e.original_size = ReadVarint(p);
  Rejection& r = e.rejection;
  r.rule = static_cast<Rule>(ReadVarint(p));
  const uint64_t flags = ReadVarint(p);
  r.source = static_cast<RejectionSource>(flags & kSourceBits);
  r.offset = ReadVarint(p);
  if (flags & kCodePoint) r.code_point = static_cast<char32_t>(ReadVarint(p));
  const size_t bytes_size = (flags >> kBytesLengthShift) & kBytesLengthBits;
  const char* bytes = nullptr;
  if (flags & kBytesStored) {
    bytes = p;
    p += bytes_size;
  }
  if (flags & kStringsStored) {
    r.profile = ReadBytes(p);
    r.detail = ReadBytes(p);
    r.bytes = ReadBytes(p);
  } else {
    r.profile = std::string(profile);
  }
  e.original.assign(p, std::min(e.original_size, kAclInvalidEntryKeptBytes));
  if (bytes_size > 0) {
    r.bytes = bytes != nullptr ? std::string(bytes, bytes_size)
                               : e.original.substr(r.offset, bytes_size);
  }
  return e;
}

void AclInvalidStore::Shrink() {
  arena_.shrink_to_fit();
  offsets_.shrink_to_fit();
}

size_t AclInvalidStore::MemoryUsage() const {
  return HeapBytes(arena_) +
         AllocatedBytes(offsets_.capacity() * sizeof(uint32_t));
}

}  // namespace u8guard::internal
