// SPDX-License-Identifier: Apache-2.0
// Progress of the long operations over files of names (ACL loads and
// audits, record exports and verifications): what they report as they go,
// so that a caller can show how far they are and estimate the time left.
//
// An operation that accepts a ProgressCallback (in its options struct:
// AclLoadOptions, AclAuditOptions, RecordFileOptions) calls it every
// kProgressInterval records and once at the end of each stage, on the
// thread that does the work, with counts that never decrease within a
// stage; an empty callback (the default) costs nothing and is never
// called. The callback must not call back into the operation.

#ifndef U8GUARD_PROGRESS_H_
#define U8GUARD_PROGRESS_H_

#include <cstddef>
#include <cstdint>
#include <functional>

namespace u8guard {

// What an operation is doing. Most have one stage, kReading; a
// verification of records (upgrade.h) then groups them (kGrouping). A
// stage's first call comes after the previous stage's last one.
enum class ProgressStage : uint8_t {
  // Reading its input (a text or a file), or going through its records.
  kReading,
  // Grouping what it read by key (a verification: its records' keys and
  // look-alike keys, sorted or hashed, then made into groups; an audit of
  // a file, its entries by key and by skeleton). `records` counts steps of
  // that work (a key, a member of a group, an item of a sort) of
  // `total_records` where it is known (0 otherwise); no bytes.
  kGrouping,
};

// How far an operation has got.
struct Progress {
  ProgressStage stage = ProgressStage::kReading;
  // Records (names, entries, records) done so far.
  size_t records = 0;
  // Where the operation reads a text (a load, an export, a verification):
  // the bytes of it consumed so far, and its size. At the last call, bytes
  // == total_bytes. Both 0 where it works over records already in memory.
  size_t bytes = 0;
  size_t total_bytes = 0;
  // Where the number of records is known before the work starts (an
  // audit: the index's entries): that number, which records reaches at the
  // last call. 0 where it is not known.
  size_t total_records = 0;
};

// Receives the progress of an operation: every kProgressInterval records
// and once at the end (see the top of this header). Empty by default.
using ProgressCallback = std::function<void(const Progress&)>;

// How many records an operation does between two calls of its
// ProgressCallback (the last call excepted).
inline constexpr size_t kProgressInterval = 1024;

}  // namespace u8guard

#endif  // U8GUARD_PROGRESS_H_
