// SPDX-License-Identifier: Apache-2.0
// Internal: whether a process has asked often enough for a table to be
// worth building.

#ifndef U8GUARD_SRC_COMMON_WARM_UP_H_
#define U8GUARD_SRC_COMMON_WARM_UP_H_

#include <atomic>
#include <cstdint>

namespace u8guard::internal {

// Counts the calls that could use a table which takes tens of milliseconds
// to build and saves a fraction of a microsecond a call: a tool that
// checks a few names should not pay the build, a service that checks
// millions should. Ready() is false for the first `calls` calls of the
// process and true from then on; after that it only reads (no write to a
// shared cache line on the hot path). Thread-safe. Results must not depend
// on it: the callers' two paths give the same answers (their tests say so).
class WarmUp {
 public:
  explicit constexpr WarmUp(int64_t calls) : left_(calls) {}

  bool Ready() {
    if (ready_.load(std::memory_order_relaxed)) return true;
    if (left_.fetch_sub(1, std::memory_order_relaxed) > 0) return false;
    ready_.store(true, std::memory_order_relaxed);
    return true;
  }

  // Makes Ready() true from now on (the tables were built on purpose).
  void SetReady() { ready_.store(true, std::memory_order_relaxed); }

 private:
  std::atomic<int64_t> left_;
  std::atomic<bool> ready_{false};
};

// The calls before the tables of look-alike keys, restriction levels and
// diacritics are built: at the step-by-step cost (a microsecond or two a
// call), about the time one build takes.
inline constexpr int64_t kTableWarmUpCalls = 4096;

// The one count of those calls in the process (BuildTables, skeleton.h,
// makes it ready at once).
inline WarmUp& TablesWarmUp() {
  static WarmUp warm_up(kTableWarmUpCalls);
  return warm_up;
}

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_WARM_UP_H_
