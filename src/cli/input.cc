// SPDX-License-Identifier: Apache-2.0
// The inputs of the line-oriented commands.

#include "src/cli/input.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <limits>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/shown.h"

namespace u8guard::cli {
namespace {

constexpr size_t kBlockBytes = size_t{1} << 16;

// The bytes left to read of `fd` when it is a regular file (its size from
// its offset), else 0 (unknown).
size_t BytesLeft(int fd) {
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  const off_t offset = lseek(fd, 0, SEEK_CUR);
  if (offset < 0 || offset > st.st_size) return 0;
  return static_cast<size_t>(st.st_size - offset);
}

}  // namespace

LineReader::LineReader(int fd, size_t keep, std::ostream* flush)
    : fd_(fd), keep_(keep), flush_(flush), block_(new char[kBlockBytes]) {}

bool LineReader::Fill() {
  if (at_end_) return false;
  if (flush_ != nullptr) flush_->flush();
  for (;;) {
    const ssize_t n = read(fd_, block_.get(), kBlockBytes);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) status_ = absl::ErrnoToStatus(errno, "standard input");
    if (n <= 0) {
      at_end_ = true;
      return false;
    }
    begin_ = 0;
    end_ = static_cast<size_t>(n);
    return true;
  }
}

bool LineReader::Next(std::string& line, size_t& size) {
  line.clear();
  size = 0;
  bool started = false;  // some bytes of this line have been read
  for (;;) {
    if (begin_ == end_ && !Fill()) return started && status_.ok();
    started = true;
    const char* start = block_.get() + begin_;
    const size_t available = end_ - begin_;
    const void* newline = std::memchr(start, '\n', available);
    const size_t n =
        newline == nullptr
            ? available
            : static_cast<size_t>(static_cast<const char*>(newline) - start);
    if (line.size() < keep_) {
      line.append(start, std::min(n, keep_ - line.size()));
    }
    size += n;
    if (newline != nullptr) {
      begin_ += n + 1;
      consumed_ += n + 1;
      return true;
    }
    consumed_ += n;
    begin_ = end_;
  }
}

Input WholeInput(std::string_view bytes, size_t limit) {
  return Input{bytes, bytes.size(), bytes.size() > limit};
}

std::string_view Shown(const Input& input) {
  return input.over_long ? ShownPrefix(input.bytes) : input.bytes;
}

void AddInput(JsonObject& o, std::string_view key, const Input& input) {
  AddShownField(o, key, Shown(input), input.size, /*with_hex=*/true);
}

int ForEachInput(std::string_view command, const std::vector<std::string>& args,
                 size_t limit, absl::FunctionRef<int(const Input&)> answer,
                 ProgressReporter* progress) {
  const bool line_buffered = absl::GetFlag(FLAGS_line_buffered);
  const size_t keep =
      limit == std::numeric_limits<size_t>::max() ? limit : limit + 1;
  int exit_code = kExitOk;
  Progress done;
  // Returns false when the loop must stop.
  auto give = [&](std::string_view bytes, size_t size) {
    const Input input{bytes.substr(0, keep), size, size > limit};
    exit_code = std::max(exit_code, answer(input));
    if (line_buffered) std::cout.flush();
    return exit_code != kExitUsage && std::cout.good();
  };
  if (!args.empty()) {
    done.total_records = args.size();
    for (const std::string& arg : args) {
      const bool go_on = give(arg, arg.size());
      ++done.records;
      if (progress != nullptr) progress->Count(done);
      if (!go_on) break;
    }
  } else {
    LineReader reader(STDIN_FILENO, keep, &std::cout);
    if (progress != nullptr) done.total_bytes = BytesLeft(STDIN_FILENO);
    std::string line;
    size_t size = 0;
    while (reader.Next(line, size)) {
      const bool go_on = give(line, size);
      ++done.records;
      done.bytes = reader.consumed();
      if (progress != nullptr) progress->Count(done);
      if (!go_on) break;
    }
    if (!reader.status().ok()) {
      if (progress != nullptr) progress->Stop();
      std::cerr << "u8guard " << command << ": cannot read "
                << ShownMessage(reader.status()) << "\n";
      return kExitUsage;
    }
  }
  if (progress != nullptr) progress->End(exit_code != kExitUsage);
  return std::cout.good() ? exit_code : kExitUsage;
}

}  // namespace u8guard::cli
