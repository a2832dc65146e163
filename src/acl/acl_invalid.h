// SPDX-License-Identifier: Apache-2.0
// Internal: the entries an ACL index's profile rejected, stored compactly.
//
// An ACL file can hold millions of lines that are all invalid (it may come
// from anyone), so an invalid entry costs a few bytes, not a struct with
// strings (an AclInvalidEntry, ~180 bytes and a heap block or two). One
// record per entry, back to back in one arena, in list order, each found by
// its 32-bit offset:
//
//   varint  index - i         i: its position among the invalid entries
//                             (so: how many valid entries precede it)
//   varint  line - index      0 for lists (no lines)
//   varint  original_size     the entry's whole length
//   varint  rule
//   varint  flags             bits 0-2 the source, bit 3 a code point
//                             follows, bits 4-6 the length of the
//                             rejection's bytes (0-4), bit 7 they follow
//                             (else they are the kept bytes' at the
//                             rejection's offset), bit 8 the profile and
//                             detail follow, and the bytes (else: the
//                             index's profile, no detail, at most 7 bytes)
//   varint  rejection offset
//   [varint code point] [bytes]
//   [varint n, profile] [varint n, detail] [varint n, bytes]
//   the first min(original_size, kAclInvalidEntryKeptBytes) bytes of the
//   entry as written
//
// A one-byte invalid entry thus costs 8 bytes of record and 4 of offset. A
// Rejection is rebuilt field for field (the message is formatted only when
// a caller asks for it).

#ifndef U8GUARD_SRC_ACL_ACL_INVALID_H_
#define U8GUARD_SRC_ACL_ACL_INVALID_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "src/acl/acl_memory.h"
#include "u8guard/acl.h"
#include "u8guard/rejection.h"

namespace u8guard::internal {

class AclInvalidStore {
 public:
  // Records entry `index` (line `line`, 0 for lists), written as
  // `original`, rejected for `r`; `profile` is the index's profile name.
  // ResourceExhausted when the records would pass 4 GiB.
  absl::Status Add(size_t index, size_t line, std::string_view original,
                   const Rejection& r, std::string_view profile);

  size_t size() const { return offsets_.size(); }

  // The i-th entry (0 <= i < size()), as Add was given it: its original cut
  // to kAclInvalidEntryKeptBytes; `profile` as given to Add.
  AclInvalidEntry Get(size_t i, std::string_view profile) const;

  // Gives back the spare capacity of the buffers (once built).
  void Shrink();

  // Bytes of heap held, from the buffers' capacities.
  size_t MemoryUsage() const;

 private:
  Arena arena_;
  std::vector<uint32_t, HugePageAllocator<uint32_t>> offsets_;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_ACL_ACL_INVALID_H_
