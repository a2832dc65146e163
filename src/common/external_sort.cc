// SPDX-License-Identifier: Apache-2.0
// An external merge sort in bounded memory (external_sort.h).

#include "src/common/external_sort.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "src/common/system_error.h"

namespace u8guard::internal {
namespace {

constexpr size_t kHeader = 8;  // two u32 lengths before each item

uint32_t LoadU32(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

void StoreU32(std::string& out, uint32_t v) {
  char b[4];
  std::memcpy(b, &v, sizeof b);
  out.append(b, sizeof b);
}

// The status of a failed system call on the temporary files in `dir`: a
// full disk (or quota) is ResourceExhausted.
absl::Status TempError(int error, const std::string& dir,
                       std::string_view what) {
  const std::string shown = absl::StrCat(
      ShownFileName(dir), ": ", std::string(what), " (temporary file)");
  if (error == ENOSPC || error == EDQUOT) {
    absl::Status s = ErrnoStatus(error, shown);
    return absl::ResourceExhaustedError(s.message());
  }
  return ErrnoStatus(error, shown);
}

}  // namespace

std::string DefaultTempDir() {
  const char* env = std::getenv("TMPDIR");
  if (env != nullptr && *env != '\0') return env;
  return "/tmp";
}

// A temporary file without a name: appended to through a buffer, read
// back at offsets.
class ExternalSorter::File {
 public:
  static absl::StatusOr<std::unique_ptr<File>> Open(const std::string& dir,
                                                    size_t buffer,
                                                    SpillStats* stats) {
    if (absl::Status s = CheckFileName(dir); !s.ok()) return s;
    int fd = open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) {
      const int error = errno;
      if (error != EOPNOTSUPP && error != EISDIR && error != EINVAL) {
        return TempError(error, dir, "cannot create");
      }
      // No O_TMPFILE here: a named file, unlinked at once.
      std::string name = dir;
      if (name.empty() || name.back() != '/') name += '/';
      name += "u8guard-sort-XXXXXX";
      fd = mkostemp(name.data(), O_CLOEXEC);  // mode 0600
      if (fd < 0) return TempError(errno, dir, "cannot create");
      if (unlink(name.c_str()) != 0) {
        const int unlink_error = errno;
        close(fd);
        return TempError(unlink_error, dir, "cannot unlink");
      }
    }
    return std::unique_ptr<File>(new File(fd, dir, buffer, stats));
  }

  ~File() {
    Truncate();
    close(fd_);
  }
  File(const File&) = delete;
  File& operator=(const File&) = delete;

  // The bytes written, buffered ones included: where the next Append goes.
  uint64_t size() const { return size_; }

  absl::Status Append(std::string_view data) {
    if (buffer_.size() + data.size() > buffer_capacity_) {
      if (absl::Status s = Flush(); !s.ok()) return s;
      if (data.size() >= buffer_capacity_) return Write(data);
    }
    buffer_.append(data);
    size_ += data.size();
    Held(data.size());
    return absl::OkStatus();
  }

  absl::Status Flush() {
    const std::string_view pending = buffer_;
    if (pending.empty()) return absl::OkStatus();
    const absl::Status s = WriteRaw(pending);
    buffer_.clear();
    return s;
  }

  // Reads up to `n` bytes at `offset` (after Flush) into `out`; returns
  // how many.
  absl::StatusOr<size_t> ReadAt(uint64_t offset, char* out, size_t n) {
    size_t done = 0;
    while (done < n) {
      const ssize_t r =
          pread(fd_, out + done, n - done, static_cast<off_t>(offset + done));
      if (r < 0) {
        if (errno == EINTR) continue;
        return TempError(errno, dir_, "read");
      }
      if (r == 0) break;
      done += static_cast<size_t>(r);
    }
    return done;
  }

  // Empties the file (its runs are merged into the other one).
  void Truncate() {
    buffer_.clear();
    if (size_ > 0) {
      if (ftruncate(fd_, 0) != 0) {
        // Nothing to do: the space is freed when the file is closed.
      }
      if (stats_ != nullptr) stats_->bytes_held -= size_;
    }
    size_ = 0;
    on_disk_ = 0;
  }

 private:
  File(int fd, std::string dir, size_t buffer, SpillStats* stats)
      : fd_(fd), dir_(std::move(dir)), buffer_capacity_(buffer), stats_(stats) {
    buffer_.reserve(buffer_capacity_);
  }

  void Held(uint64_t n) {
    if (stats_ == nullptr) return;
    stats_->bytes_written += n;
    stats_->bytes_held += n;
    stats_->peak_bytes_held =
        std::max(stats_->peak_bytes_held, stats_->bytes_held);
  }

  // Writes `data` past the buffer (which is empty).
  absl::Status Write(std::string_view data) {
    if (absl::Status s = WriteRaw(data); !s.ok()) return s;
    size_ += data.size();
    Held(data.size());
    return absl::OkStatus();
  }

  // Writes at the end of what is on disk (pwrite: the file offset is not
  // used, so that a truncated file is written from its start again).
  absl::Status WriteRaw(std::string_view data) {
    while (!data.empty()) {
      const ssize_t n =
          pwrite(fd_, data.data(), data.size(), static_cast<off_t>(on_disk_));
      if (n < 0) {
        if (errno == EINTR) continue;
        return TempError(errno, dir_, "write");
      }
      if (n == 0) return TempError(ENOSPC, dir_, "write");
      data.remove_prefix(static_cast<size_t>(n));
      on_disk_ += static_cast<uint64_t>(n);
    }
    return absl::OkStatus();
  }

  const int fd_;
  const std::string dir_;
  const size_t buffer_capacity_;
  SpillStats* const stats_;
  std::string buffer_;
  uint64_t size_ = 0;     // written, buffered bytes included
  uint64_t on_disk_ = 0;  // written to the file
};

// Reads the items of one run through a buffer.
class ExternalSorter::RunReader {
 public:
  RunReader(File& file, Run run, size_t buffer)
      : file_(file), offset_(run.offset), end_(run.offset + run.bytes) {
    buffer_.resize(buffer);
  }

  // The next item: true and key()/value() set, or false at the end of the
  // run.
  absl::StatusOr<bool> Next() {
    pos_ += consumed_;
    consumed_ = 0;
    if (absl::Status s = Ensure(kHeader); !s.ok()) return s;
    if (len_ - pos_ == 0) return false;
    if (len_ - pos_ < kHeader) return Corrupt();
    const uint64_t k = LoadU32(buffer_.data() + pos_);
    const uint64_t v = LoadU32(buffer_.data() + pos_ + 4);
    const uint64_t need = kHeader + k + v;
    if (absl::Status s = Ensure(need); !s.ok()) return s;
    if (len_ - pos_ < need) return Corrupt();
    key_ = std::string_view(buffer_.data() + pos_ + kHeader, k);
    value_ = std::string_view(buffer_.data() + pos_ + kHeader + k, v);
    consumed_ = need;
    return true;
  }

  std::string_view key() const { return key_; }
  std::string_view value() const { return value_; }

 private:
  static absl::Status Corrupt() {
    return absl::DataLossError("a temporary file of the sort ends early");
  }

  // Makes `n` bytes from pos_ available, as far as the run has them.
  absl::Status Ensure(uint64_t n) {
    if (len_ - pos_ >= n || offset_ == end_) return absl::OkStatus();
    // Move what is left to the front, grow for an item larger than the
    // buffer, and read on.
    std::memmove(buffer_.data(), buffer_.data() + pos_, len_ - pos_);
    len_ -= pos_;
    pos_ = 0;
    if (n > buffer_.size()) buffer_.resize(n);
    const size_t want = static_cast<size_t>(
        std::min<uint64_t>(buffer_.size() - len_, end_ - offset_));
    absl::StatusOr<size_t> got =
        file_.ReadAt(offset_, buffer_.data() + len_, want);
    if (!got.ok()) return got.status();
    if (*got != want) return Corrupt();
    offset_ += *got;
    len_ += *got;
    return absl::OkStatus();
  }

  File& file_;
  uint64_t offset_;  // the next byte of the run to read
  const uint64_t end_;
  std::string buffer_;
  size_t pos_ = 0, len_ = 0;  // the unread bytes in buffer_
  size_t consumed_ = 0;       // the current item's bytes
  std::string_view key_, value_;
};

ExternalSorter::ExternalSorter(size_t memory_budget, std::string temp_dir,
                               SpillStats* stats)
    : budget_(std::max<size_t>(memory_budget, 1024)),
      dir_(std::move(temp_dir)),
      stats_(stats != nullptr ? stats : &own_stats_) {
  // Reading: FanIn() runs at once, each through a buffer, in half the
  // budget: up to 1,024 runs (a budget of 128 MiB merges 128 GiB of items
  // in one pass, with buffers of 64 KiB).
  read_buffer_ = std::clamp<size_t>(budget_ / 2048, 4096, size_t{1} << 20);
  fan_in_ = std::clamp<size_t>(budget_ / (2 * read_buffer_), 2, 1024);
}

ExternalSorter::~ExternalSorter() = default;

namespace {

std::string_view KeyAt(const std::string& arena, uint64_t offset) {
  const char* p = arena.data() + offset;
  return std::string_view(p + kHeader, LoadU32(p));
}

}  // namespace

absl::Status ExternalSorter::Add(std::string_view key, std::string_view value) {
  if (key.size() >= UINT32_MAX || value.size() >= UINT32_MAX) {
    return absl::InvalidArgumentError("an item of 4 GiB or more to sort");
  }
  const size_t need = kHeader + key.size() + value.size();
  if (!offsets_.empty() &&
      arena_.size() + need + (offsets_.size() + 1) * sizeof(uint64_t) >
          budget_) {
    if (absl::Status s = Spill(); !s.ok()) return s;
  }
  if (arena_.capacity() == 0) arena_.reserve(budget_ - budget_ / 8);
  offsets_.push_back(arena_.size());
  StoreU32(arena_, static_cast<uint32_t>(key.size()));
  StoreU32(arena_, static_cast<uint32_t>(value.size()));
  arena_.append(key);
  arena_.append(value);
  ++items_;
  return absl::OkStatus();
}

absl::StatusOr<ExternalSorter::File*> ExternalSorter::WriteFile() {
  std::unique_ptr<File>& f = files_[current_];
  if (f == nullptr) {
    absl::StatusOr<std::unique_ptr<File>> opened = File::Open(
        dir_, std::clamp<size_t>(budget_ / 16, 4096, size_t{1} << 20), stats_);
    if (!opened.ok()) return opened.status();
    f = *std::move(opened);
  }
  return f.get();
}

absl::Status ExternalSorter::Spill() {
  std::stable_sort(offsets_.begin(), offsets_.end(),
                   [&](uint64_t a, uint64_t b) {
                     return KeyAt(arena_, a) < KeyAt(arena_, b);
                   });
  absl::StatusOr<File*> file = WriteFile();
  if (!file.ok()) return file.status();
  Run run;
  run.offset = (*file)->size();
  for (const uint64_t o : offsets_) {
    const char* p = arena_.data() + o;
    const size_t n = kHeader + LoadU32(p) + LoadU32(p + 4);
    if (absl::Status s = (*file)->Append(std::string_view(p, n)); !s.ok()) {
      return s;
    }
  }
  if (absl::Status s = (*file)->Flush(); !s.ok()) return s;
  run.bytes = (*file)->size() - run.offset;
  runs_.push_back(run);
  ++run_count_;
  ++stats_->runs;
  arena_.clear();
  offsets_.clear();
  return absl::OkStatus();
}

bool ExternalSorter::After(size_t a, size_t b) const {
  // Ties go to the earlier run: the order of Add.
  const int c = readers_[a]->key().compare(readers_[b]->key());
  return c > 0 || (c == 0 && a > b);
}

absl::Status ExternalSorter::StartMerge(File& file,
                                        const std::vector<Run>& runs,
                                        size_t first, size_t count) {
  readers_.clear();
  heap_.clear();
  last_reader_ = SIZE_MAX;
  for (size_t i = first; i < first + count; ++i) {
    readers_.push_back(
        std::make_unique<RunReader>(file, runs[i], read_buffer_));
  }
  for (size_t i = 0; i < readers_.size(); ++i) {
    absl::StatusOr<bool> has = readers_[i]->Next();
    if (!has.ok()) return has.status();
    if (*has) heap_.push_back(i);
  }
  std::make_heap(heap_.begin(), heap_.end(),
                 [this](size_t a, size_t b) { return After(a, b); });
  return absl::OkStatus();
}

absl::StatusOr<bool> ExternalSorter::MergeNext() {
  const auto later = [this](size_t a, size_t b) { return After(a, b); };
  if (last_reader_ != SIZE_MAX) {
    absl::StatusOr<bool> has = readers_[last_reader_]->Next();
    if (!has.ok()) return has.status();
    if (*has) {
      heap_.push_back(last_reader_);
      std::push_heap(heap_.begin(), heap_.end(), later);
    }
    last_reader_ = SIZE_MAX;
  }
  if (heap_.empty()) return false;
  std::pop_heap(heap_.begin(), heap_.end(), later);
  last_reader_ = heap_.back();
  heap_.pop_back();
  key_ = readers_[last_reader_]->key();
  value_ = readers_[last_reader_]->value();
  return true;
}

absl::Status ExternalSorter::MergePass() {
  File& in = *files_[current_];
  current_ = 1 - current_;
  absl::StatusOr<File*> out = WriteFile();
  if (!out.ok()) return out.status();
  std::vector<Run> merged;
  for (size_t first = 0; first < runs_.size(); first += fan_in_) {
    const size_t count = std::min(fan_in_, runs_.size() - first);
    if (absl::Status s = StartMerge(in, runs_, first, count); !s.ok()) {
      return s;
    }
    Run run;
    run.offset = (*out)->size();
    std::string header;
    for (uint64_t moved = 1;; ++moved) {
      if (interrupt_ && moved % kInterruptInterval == 0) {
        if (absl::Status s = interrupt_(); !s.ok()) return s;
      }
      absl::StatusOr<bool> has = MergeNext();
      if (!has.ok()) return has.status();
      if (!*has) break;
      header.clear();
      StoreU32(header, static_cast<uint32_t>(key_.size()));
      StoreU32(header, static_cast<uint32_t>(value_.size()));
      for (const std::string_view piece :
           {std::string_view(header), key_, value_}) {
        if (absl::Status s = (*out)->Append(piece); !s.ok()) return s;
      }
    }
    if (absl::Status s = (*out)->Flush(); !s.ok()) return s;
    run.bytes = (*out)->size() - run.offset;
    merged.push_back(run);
    ++run_count_;
    ++stats_->runs;
  }
  readers_.clear();
  heap_.clear();
  in.Truncate();
  runs_ = std::move(merged);
  ++stats_->merge_passes;
  return absl::OkStatus();
}

absl::Status ExternalSorter::Sort() {
  if (sorted_) return absl::FailedPreconditionError("sorted twice");
  sorted_ = true;
  if (runs_.empty()) {
    std::stable_sort(offsets_.begin(), offsets_.end(),
                     [&](uint64_t a, uint64_t b) {
                       return KeyAt(arena_, a) < KeyAt(arena_, b);
                     });
    return absl::OkStatus();
  }
  if (!offsets_.empty()) {
    if (absl::Status s = Spill(); !s.ok()) return s;
  }
  std::string().swap(arena_);
  std::vector<uint64_t>().swap(offsets_);
  while (runs_.size() > fan_in_) {
    if (absl::Status s = MergePass(); !s.ok()) return s;
  }
  return StartMerge(*files_[current_], runs_, 0, runs_.size());
}

absl::StatusOr<bool> ExternalSorter::Next() {
  if (!sorted_) return absl::FailedPreconditionError("Next before Sort");
  if (runs_.empty()) {
    if (next_offset_ == offsets_.size()) return false;
    const char* p = arena_.data() + offsets_[next_offset_++];
    const uint32_t k = LoadU32(p);
    key_ = std::string_view(p + kHeader, k);
    value_ = std::string_view(p + kHeader + k, LoadU32(p + 4));
    return true;
  }
  return MergeNext();
}

}  // namespace u8guard::internal
