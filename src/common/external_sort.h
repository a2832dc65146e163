// SPDX-License-Identifier: Apache-2.0
// Internal: an external merge sort of (key, value) items in bounded memory,
// for upgrade verification and ACL audits in bounded memory (upgrade.h,
// RecordFileOptions::memory_budget; acl.h, AclAuditOptions::memory_budget).
//
// Items are kept in memory up to the budget; past it, the items held are
// sorted and written to a temporary file as one run. Sort() then merges the
// runs, in passes of at most FanIn() runs (a multi-level merge when there
// are more), and Next() hands out the items in key order (bytewise; items
// with equal keys in the order they were added).
//
// Temporary files: two per sorter, made in the temporary directory with
// O_TMPFILE (or mkstemp, then unlinked at once) and mode 0600: they have no
// name while they are used and vanish when the sorter is destroyed or the
// process ends, on every path (errors included). A full disk is
// ResourceExhausted naming the directory.

#ifndef U8GUARD_SRC_COMMON_EXTERNAL_SORT_H_
#define U8GUARD_SRC_COMMON_EXTERNAL_SORT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace u8guard::internal {

// $TMPDIR when it is set and not empty, else "/tmp".
std::string DefaultTempDir();

// What the sorters of one operation wrote to their temporary files, shared
// by them (each sorter adds its own).
struct SpillStats {
  size_t runs = 0;               // runs written (first-level runs and merged)
  size_t merge_passes = 0;       // intermediate merge passes
  uint64_t bytes_written = 0;    // bytes written to temporary files, in all
  uint64_t bytes_held = 0;       // the bytes the files hold now
  uint64_t peak_bytes_held = 0;  // the most they held at once
};

class ExternalSorter {
 public:
  // `memory_budget`: about the most bytes the sorter keeps in memory (its
  // items and its buffers; an item larger than the budget is kept alone).
  // `temp_dir`: where the temporary files go (made at the first spill).
  // `stats`, when not null, must outlive the sorter.
  ExternalSorter(size_t memory_budget, std::string temp_dir,
                 SpillStats* stats = nullptr);
  ExternalSorter(const ExternalSorter&) = delete;
  ExternalSorter& operator=(const ExternalSorter&) = delete;
  ~ExternalSorter();

  // Adds one item (before Sort). Errors of writing a run: ResourceExhausted
  // for a full disk, the errno's status otherwise, each naming the
  // directory; InvalidArgument for a key or value of 4 GiB or more.
  absl::Status Add(std::string_view key, std::string_view value);

  // After the last Add: sorts (merging the runs down to FanIn()), so that
  // Next() can hand the items out. Add's errors, and those of reading the
  // runs back.
  absl::Status Sort();

  // The next item in key order: true and key() and value() set (valid
  // until the next call), or false after the last one.
  absl::StatusOr<bool> Next();
  std::string_view key() const { return key_; }
  std::string_view value() const { return value_; }

  // Asked every kInterruptInterval items a merge pass of Sort() moves: a
  // status other than OK ends Sort() with it (a caller that must answer a
  // cancel; the sorter is then spent). Empty (the default): never asked.
  void set_interrupt(std::function<absl::Status()> interrupt) {
    interrupt_ = std::move(interrupt);
  }
  static constexpr uint64_t kInterruptInterval = 65536;

  // The items added so far, and the runs written (0: all in memory).
  uint64_t items() const { return items_; }
  size_t runs() const { return run_count_; }
  // The most runs one merge reads at once (2 or more).
  size_t FanIn() const { return fan_in_; }

 private:
  class File;
  class RunReader;
  struct Run {
    uint64_t offset = 0;
    uint64_t bytes = 0;
  };

  absl::Status Spill();
  absl::StatusOr<File*> WriteFile();
  absl::Status MergePass();
  absl::Status StartMerge(File& file, const std::vector<Run>& runs,
                          size_t first, size_t count);
  absl::StatusOr<bool> MergeNext();
  // The merge heap's order (a max-heap): whether reader a's item comes
  // after reader b's.
  bool After(size_t a, size_t b) const;

  const size_t budget_;
  const std::string dir_;
  SpillStats* const stats_;
  SpillStats own_stats_;
  std::function<absl::Status()> interrupt_;
  size_t read_buffer_ = 0;
  size_t fan_in_ = 2;

  // Items in memory: [u32 key length][u32 value length][key][value] each,
  // and the offsets where they start.
  std::string arena_;
  std::vector<uint64_t> offsets_;
  uint64_t items_ = 0;
  size_t run_count_ = 0;

  // The runs, in the file `current_` (0 or 1).
  std::unique_ptr<File> files_[2];
  int current_ = 0;
  std::vector<Run> runs_;

  // Handing out: from memory (next_offset_ into offsets_) or from a merge
  // of the runs.
  bool sorted_ = false;
  size_t next_offset_ = 0;
  std::vector<std::unique_ptr<RunReader>> readers_;
  std::vector<size_t> heap_;       // indexes of readers_ that have an item
  size_t last_reader_ = SIZE_MAX;  // the reader whose item was handed out
  std::string_view key_, value_;
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_EXTERNAL_SORT_H_
