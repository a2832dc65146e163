// SPDX-License-Identifier: Apache-2.0
// The benchmarks' random numbers: SplitMix64, small, fast, and the same
// sequence on every platform (unlike the std:: distributions, whose output
// is implementation-defined), so that every input pool is the same bytes
// from run to run and machine to machine.

#ifndef U8GUARD_BENCH_BENCH_RNG_H_
#define U8GUARD_BENCH_BENCH_RNG_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace u8guard::bench {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform enough in [0, n) for n much smaller than 2^64; n > 0.
  size_t Below(size_t n) { return static_cast<size_t>(Next() % n); }
  // [lo, hi], inclusive.
  size_t Between(size_t lo, size_t hi) { return lo + Below(hi - lo + 1); }
  bool Percent(int p) { return Below(100) < static_cast<size_t>(p); }
  template <typename T>
  const T& Pick(const std::vector<T>& v) {
    return v[Below(v.size())];
  }

 private:
  uint64_t state_;
};

}  // namespace u8guard::bench

#endif  // U8GUARD_BENCH_BENCH_RNG_H_
