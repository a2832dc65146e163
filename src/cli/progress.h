// SPDX-License-Identifier: Apache-2.0
// The progress of a long command (acl audit, acl export, acl verify,
// register over a file) on standard error: records done, the rate and an
// estimate of the time left, a few times a second at most, then a final
// line. The lines hold numbers and the tool's own words only: never a
// name, a file name or anything else of the input.

#ifndef U8GUARD_SRC_CLI_PROGRESS_H_
#define U8GUARD_SRC_CLI_PROGRESS_H_

#include <chrono>
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "u8guard/progress.h"

namespace u8guard::cli {

// The text of a progress line, without a newline, for `progress` after
// `elapsed`: "LABEL: 12,288 names, 45% of 4.2 MiB, 98,304/s, 0:12 left".
// The share done is of Progress::total_bytes when known, else of
// total_records ("1,024 of 8,192 entries, 12%"), else not shown; the rate
// and the time left only once some time has passed and some work is done.
std::string ProgressLine(std::string_view label, std::string_view unit,
                         const Progress& progress,
                         std::chrono::nanoseconds elapsed);

// The text of the final line: "LABEL: 300,000 names (4.2 MiB) in 0:03,
// 100,000/s" (the rate once some time has passed).
std::string FinalProgressLine(std::string_view label, std::string_view unit,
                              const Progress& progress,
                              std::chrono::nanoseconds elapsed);

// Writes the progress lines of one operation to a stream (standard error),
// throttled by time. Not thread-safe: one operation, one thread.
class ProgressReporter {
 public:
  enum class Style {
    // A terminal: one line, redrawn in place ("\r", padded with spaces over
    // the longer line before it); the final line ends it with "\n".
    kRedraw,
    // Not a terminal (--progress): each update a line ended by "\n".
    kLines,
  };

  // Monotonic time since a fixed point (a steady clock; tests pass a fake).
  using Clock = std::function<std::chrono::nanoseconds()>;

  // How many Count calls pass between two readings of the clock.
  static constexpr size_t kCountsPerClockCheck = 64;

  struct Options {
    Style style = Style::kLines;
    // Each line's start ("u8guard acl export") and what a record is
    // ("names"): the tool's own words, written as they are.
    std::string label;
    std::string unit;
    // The least time between two updates (and from the start to the
    // first one).
    std::chrono::nanoseconds interval = std::chrono::seconds(1);
    // Whether Finish writes the final line when no update was written (a
    // short run): yes with --progress; on a terminal without it, a short
    // run shows nothing.
    bool always_finish = true;
    // kRedraw: a stream on the same terminal (standard output), or null.
    // Before each redraw the progress line is erased and this stream
    // flushed, so that what it holds starts on a line of its own.
    std::ostream* flush_first = nullptr;
  };

  // Starts the clock now. `out` and the streams of `options` must outlive
  // the reporter.
  ProgressReporter(std::ostream& out, Options options, Clock clock);
  // With a steady clock.
  ProgressReporter(std::ostream& out, Options options);
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;
  // Stop, unless Finish or Stop was called.
  ~ProgressReporter();

  // The progress so far. Reads the clock, and writes a line when
  // options.interval has passed since the last one (or the start). For
  // calls every kProgressInterval records (a library's ProgressCallback).
  void Update(const Progress& progress);

  // As Update, for a caller that reports every record: reads the clock
  // only every kCountsPerClockCheck calls.
  void Count(const Progress& progress);

  // A ProgressCallback that calls Update (the reporter must outlive it).
  ProgressCallback Callback();

  // Writes the final line for the last progress given (see
  // Options::always_finish). Once; later calls do nothing.
  void Finish();

  // Ends without a final line (the command failed): a line being redrawn
  // is ended with "\n", so that the error message starts a line of its
  // own. Once; later calls, and Finish, do nothing.
  void Stop();

  // Finish when `ok` (the command succeeded), else Stop.
  void End(bool ok) {
    if (ok) {
      Finish();
    } else {
      Stop();
    }
  }

 private:
  // Writes `line`: redrawn over the shown one, or as a line of its own.
  void Write(const std::string& line, bool last);

  std::ostream& out_;
  Options options_;
  Clock clock_;
  std::chrono::nanoseconds start_;
  std::chrono::nanoseconds last_write_;
  Progress last_;
  size_t counts_ = 0;       // Count calls since the last clock reading
  size_t shown_bytes_ = 0;  // kRedraw: the length of the line shown
  bool wrote_ = false;      // some update was written
  bool done_ = false;       // Finish or Stop was called
};

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_PROGRESS_H_
