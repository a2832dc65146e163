// SPDX-License-Identifier: Apache-2.0
// The inputs of the UTF-8 validation benchmarks: deterministic (seeded),
// all valid UTF-8, shared by u8guard_bench and by any out-of-tree harness
// that must measure a peer on exactly the same bytes.
//
// Characters are drawn from ICU UnicodeSets (script, block and emoji
// properties), so no Unicode table is typed by hand here.

#ifndef U8GUARD_BENCH_BENCH_INPUTS_H_
#define U8GUARD_BENCH_BENCH_INPUTS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace u8guard::bench {

// The size of each long input: 1 MiB exactly.
inline constexpr size_t kLongInputBytes = size_t{1} << 20;

// The number of distinct strings in each short-string pool; a power of two,
// so a benchmark cycles through it with a mask.
inline constexpr size_t kShortPoolSize = 4096;

// One benchmark input: either one long buffer or a pool of short strings of
// equal length, stored back to back in `bytes`.
struct BenchInput {
  // The input's name in benchmark names, e.g. "cjk_1m" or "short16_mixed".
  std::string name;
  // All strings, concatenated.
  std::string bytes;
  // The length of each string: bytes.size() for a long input (one string),
  // 16 or 64 for a pool.
  size_t string_bytes = 0;

  // True for a pool of short strings.
  bool is_short() const { return string_bytes < bytes.size(); }
  // The number of strings (1 for a long input).
  size_t count() const { return bytes.size() / string_bytes; }
  // The i-th string; i < count().
  std::string_view Piece(size_t i) const {
    return std::string_view(bytes).substr(i * string_bytes, string_bytes);
  }
};

// Returns every benchmark input, in a fixed order: ascii_1m, latin_1m,
// cjk_1m, emoji_1m, short16_ascii, short16_mixed, short64_ascii,
// short64_mixed. Built once, on first use, from fixed seeds, so every run
// and every process sees the same bytes. Aborts, naming the input, if a
// generated string is not valid UTF-8 according to ValidateUtf8Reference or
// does not have its nominal length: benchmarks on such inputs would measure
// nothing meaningful.
const std::vector<BenchInput>& BenchInputs();

// Returns a one-line summary of `input`'s composition, e.g. "1048576 bytes
// in 1 string(s); bytes in 1/2/3/4-byte chars: 4% 0% 96% 0%", computed from
// its bytes.
std::string DescribeInput(const BenchInput& input);

}  // namespace u8guard::bench

#endif  // U8GUARD_BENCH_BENCH_INPUTS_H_
