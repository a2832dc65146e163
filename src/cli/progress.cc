// SPDX-License-Identifier: Apache-2.0
// The progress lines of long commands.

#include "src/cli/progress.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace u8guard::cli {
namespace {

using std::chrono::nanoseconds;

// 1234567 as "1,234,567".
std::string Grouped(uint64_t n) {
  std::string digits = absl::StrCat(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// A size in bytes: "900 B", "12.5 KiB", "4.2 MiB", "1.0 GiB".
std::string Bytes(uint64_t n) {
  constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  if (n < 1024) return absl::StrCat(n, " B");
  double value = static_cast<double>(n) / 1024;
  size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(kUnits)) {
    value /= 1024;
    ++unit;
  }
  return absl::StrFormat("%.1f %s", value, kUnits[unit]);
}

// A duration rounded to the second: "0:07", "12:34", "1:02:03".
std::string Duration(double seconds) {
  const auto s = static_cast<uint64_t>(std::llround(std::max(0.0, seconds)));
  if (s >= 3600) {
    return absl::StrFormat("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
  }
  return absl::StrFormat("%d:%02d", s / 60, s % 60);
}

double Seconds(nanoseconds d) { return static_cast<double>(d.count()) / 1e9; }

// The share of the work done, in [0, 1], or -1 when unknown.
double Done(const Progress& p) {
  if (p.total_bytes > 0) {
    return std::min(
        1.0, static_cast<double>(p.bytes) / static_cast<double>(p.total_bytes));
  }
  if (p.total_records > 0) {
    return std::min(1.0, static_cast<double>(p.records) /
                             static_cast<double>(p.total_records));
  }
  return -1;
}

// ", 98,304/s" once some time has passed; "" before.
std::string Rate(uint64_t records, nanoseconds elapsed) {
  if (elapsed.count() <= 0) return "";
  return absl::StrCat(", ",
                      Grouped(static_cast<uint64_t>(
                          static_cast<double>(records) / Seconds(elapsed))),
                      "/s");
}

nanoseconds SteadyNow() {
  return std::chrono::duration_cast<nanoseconds>(
      std::chrono::steady_clock::now().time_since_epoch());
}

}  // namespace

std::string ProgressLine(std::string_view label, std::string_view unit,
                         const Progress& progress, nanoseconds elapsed) {
  std::string out =
      absl::StrCat(std::string(label), ": ", Grouped(progress.records));
  if (progress.total_bytes == 0 && progress.total_records > 0) {
    absl::StrAppend(&out, " of ", Grouped(progress.total_records));
  }
  absl::StrAppend(&out, " ", std::string(unit));
  const double done = Done(progress);
  if (done >= 0) {
    absl::StrAppend(&out, ", ", static_cast<int>(done * 100), "%");
    if (progress.total_bytes > 0) {
      absl::StrAppend(&out, " of ", Bytes(progress.total_bytes));
    }
  }
  absl::StrAppend(&out, Rate(progress.records, elapsed));
  if (done > 0 && done < 1 && elapsed.count() > 0) {
    absl::StrAppend(&out, ", ", Duration(Seconds(elapsed) * (1 - done) / done),
                    " left");
  }
  return out;
}

std::string FinalProgressLine(std::string_view label, std::string_view unit,
                              const Progress& progress, nanoseconds elapsed) {
  std::string out =
      absl::StrCat(std::string(label), ": ", Grouped(progress.records), " ",
                   std::string(unit));
  if (progress.total_bytes > 0) {
    absl::StrAppend(&out, " (", Bytes(progress.total_bytes), ")");
  }
  absl::StrAppend(&out, " in ", Duration(Seconds(elapsed)),
                  Rate(progress.records, elapsed));
  return out;
}

ProgressReporter::ProgressReporter(std::ostream& out, Options options,
                                   Clock clock)
    : out_(out),
      options_(std::move(options)),
      clock_(std::move(clock)),
      start_(clock_()),
      last_write_(start_) {}

ProgressReporter::ProgressReporter(std::ostream& out, Options options)
    : ProgressReporter(out, std::move(options), &SteadyNow) {}

ProgressReporter::~ProgressReporter() { Stop(); }

void ProgressReporter::Update(const Progress& progress) {
  last_ = progress;
  if (done_) return;
  const nanoseconds now = clock_();
  if (now - last_write_ < options_.interval) return;
  last_write_ = now;
  wrote_ = true;
  Write(ProgressLine(options_.label, options_.unit, progress, now - start_),
        /*last=*/false);
}

void ProgressReporter::Count(const Progress& progress) {
  last_ = progress;
  if (++counts_ < kCountsPerClockCheck) return;
  counts_ = 0;
  Update(progress);
}

ProgressCallback ProgressReporter::Callback() {
  return [this](const Progress& p) { Update(p); };
}

void ProgressReporter::Finish() {
  if (done_) return;
  if (wrote_ || options_.always_finish) {
    Write(FinalProgressLine(options_.label, options_.unit, last_,
                            clock_() - start_),
          /*last=*/true);
  }
  done_ = true;
}

void ProgressReporter::Stop() {
  if (done_) return;
  done_ = true;
  if (shown_bytes_ > 0) {
    out_ << "\n";
    out_.flush();
    shown_bytes_ = 0;
  }
}

void ProgressReporter::Write(const std::string& line, bool last) {
  if (options_.style == Style::kLines) {
    out_ << line << "\n";
    out_.flush();
    return;
  }
  if (options_.flush_first != nullptr) {
    // Erased first, so that the other stream's text does not follow it.
    if (shown_bytes_ > 0) {
      out_ << "\r" << std::string(shown_bytes_, ' ') << "\r";
      out_.flush();
      shown_bytes_ = 0;
    }
    options_.flush_first->flush();
  }
  out_ << "\r" << line;
  if (shown_bytes_ > line.size()) {
    out_ << std::string(shown_bytes_ - line.size(), ' ');
  }
  shown_bytes_ = line.size();
  if (last) {
    out_ << "\n";
    shown_bytes_ = 0;
  }
  out_.flush();
}

}  // namespace u8guard::cli
