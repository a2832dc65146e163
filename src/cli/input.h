// SPDX-License-Identifier: Apache-2.0
// The inputs of canon, enforce, path sanitize and acl lookup: their
// arguments or, with none, standard input read line by line as it arrives,
// in constant memory whatever its size.

#ifndef U8GUARD_SRC_CLI_INPUT_H_
#define U8GUARD_SRC_CLI_INPUT_H_

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "src/cli/json.h"
#include "src/cli/progress.h"

namespace u8guard::cli {

// Reads lines from a file descriptor with read(2) in 64 KiB blocks. A line
// ends at "\n" (removed; nothing else is) or at the end of the input (a last
// line without "\n" counts; nothing after a final "\n" does). Of a line
// longer than `keep` bytes only the first `keep` are held: the rest is read
// and dropped up to the newline. Memory: the block and `keep` bytes.
class LineReader {
 public:
  // `flush` (may be null) is flushed before every read(2) that may wait, so
  // that the answers to the lines read so far are out before the tool waits
  // for more (as std::cin's tie does).
  LineReader(int fd, size_t keep, std::ostream* flush);
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line: its first `keep` bytes in `line`, its whole length in
  // bytes (without the "\n") in `size`. False at the end of the input or
  // after a read error (status() then says which).
  bool Next(std::string& line, size_t& size);

  // OK, or the error of the read(2) that failed.
  const absl::Status& status() const { return status_; }

  // The bytes of the lines Next has returned, their newlines included.
  size_t consumed() const { return consumed_; }

 private:
  // Reads the next block; false at the end of the input or on error.
  bool Fill();

  int fd_;
  size_t keep_;
  std::ostream* flush_;
  std::unique_ptr<char[]> block_;
  size_t begin_ = 0;  // unread bytes of the block: [begin_, end_)
  size_t end_ = 0;
  bool at_end_ = false;
  size_t consumed_ = 0;
  absl::Status status_;
};

// One input of a command.
struct Input {
  // What the library is given: the whole input, or the first limit + 1
  // bytes of an over-long one (the library rejects those exactly as the
  // whole: an input over the limit is refused before any work, at the
  // offset of the limit).
  std::string_view bytes;
  // The input's whole length in bytes.
  size_t size = 0;
  // Longer than the command's limit: output shows only ShownPrefix (with
  // "..._truncated" and "..._bytes" in JSON).
  bool over_long = false;
};

// An input held whole (an argument of compare), over-long when longer than
// `limit`.
Input WholeInput(std::string_view bytes, size_t limit);

// What output shows of `input`: all of it, or the ShownPrefix of an
// over-long one.
std::string_view Shown(const Input& input);

// Adds `input` as `key` (JSON): as AddInputField, and an over-long input as
// its Shown part with `key`_truncated and `key`_bytes (AddShownField).
void AddInput(JsonObject& o, std::string_view key, const Input& input);

// Calls `answer` with each input: each of `args` or, when there are none,
// each line of standard input as soon as it is read (LineReader; an input
// is held up to `limit` + 1 bytes). `answer` returns an exit status: the
// result is the largest one, and kExitUsage stops at once. With
// --line-buffered, standard output is flushed after each answer; in any
// case before each read that may wait. Stops when standard output has
// failed (returns kExitUsage: the caller reports the write error); prints
// a message and returns kExitUsage when standard input cannot be read.
// `progress`, when not null, is counted after each answer (of the
// arguments; of standard input's bytes, and of its size when it is a
// regular file) and ended before returning (finished, or stopped on
// kExitUsage).
int ForEachInput(std::string_view command, const std::vector<std::string>& args,
                 size_t limit, absl::FunctionRef<int(const Input&)> answer,
                 ProgressReporter* progress = nullptr);

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_INPUT_H_
