// SPDX-License-Identifier: Apache-2.0
// Internal: counts the records of a long operation and calls its
// ProgressCallback (progress.h) every kProgressInterval records and once at
// the end. One copy of that rule for the ACL load and audit and for the
// record export and verification.

#ifndef U8GUARD_SRC_COMMON_PROGRESS_COUNTER_H_
#define U8GUARD_SRC_COMMON_PROGRESS_COUNTER_H_

#include <cstddef>

#include "u8guard/progress.h"

namespace u8guard::internal {

class ProgressCounter {
 public:
  // `callback` may be empty (then nothing is called); it must outlive the
  // counter. `total_bytes`, `total_records` and `stage` as in Progress.
  ProgressCounter(const ProgressCallback& callback, size_t total_bytes,
                  size_t total_records,
                  ProgressStage stage = ProgressStage::kReading)
      : callback_(callback) {
    progress_.stage = stage;
    progress_.total_bytes = total_bytes;
    progress_.total_records = total_records;
  }

  // One more record done, `bytes` of the input consumed (0 where the
  // operation reads no text).
  void Record(size_t bytes) {
    ++progress_.records;
    if (callback_ && progress_.records % kProgressInterval == 0) {
      progress_.bytes = bytes;
      callback_(progress_);
      last_bytes_ = bytes;
    }
  }

  // The last call, every byte consumed; none when the last Record call
  // already said as much.
  void Finish() {
    if (!callback_) return;
    progress_.bytes = progress_.total_bytes;
    if (progress_.records > 0 && progress_.records % kProgressInterval == 0 &&
        last_bytes_ == progress_.bytes) {
      return;
    }
    callback_(progress_);
  }

 private:
  const ProgressCallback& callback_;
  Progress progress_;
  size_t last_bytes_ = 0;  // of the last call
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_COMMON_PROGRESS_COUNTER_H_
