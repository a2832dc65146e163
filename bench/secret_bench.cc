// SPDX-License-Identifier: Apache-2.0
// BM_ConstantTimeEquals/<where>: ConstantTimeEquals on two strings of
// 1 MiB, beside memcmp (BM_ConstantTimeEquals/memcmp/<where>), which stops
// at the first difference. memcmp's times tell where the strings differ;
// ConstantTimeEquals's should not.
//
//   first   the strings differ in their first byte
//   last    they differ in their last byte
//   equal   they are equal
//
// Reports bytes_per_second (the bytes of one string). The same property is
// a test that does not time anything (secret_test counts the instructions
// each case executes); here is how it looks on the clock, to read beside
// the machine's load: compare the three cases within one run.

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <string_view>

#include "absl/strings/str_format.h"
#include "benchmark/benchmark.h"
#include "u8guard/secret.h"

namespace u8guard::bench {
namespace {

constexpr size_t kBytes = 1 << 20;

constexpr const char* kWhere[] = {"first", "last", "equal"};

// The pair of strings for kWhere[where], built once.
struct Pair {
  std::string a, b;
};

const Pair& PairFor(size_t where) {
  static const Pair* const pairs = [] {
    auto* p = new Pair[std::size(kWhere)];
    for (size_t w = 0; w < std::size(kWhere); ++w) {
      p[w].a.assign(kBytes, 'x');
      p[w].b = p[w].a;
    }
    p[0].b.front() = 'y';
    p[1].b.back() = 'y';
    // Checked here: a case whose strings compare otherwise than its name
    // says would measure something else.
    for (size_t w = 0; w < std::size(kWhere); ++w) {
      const bool equal = w == 2;
      if (ConstantTimeEquals(p[w].a, p[w].b) != equal ||
          (std::memcmp(p[w].a.data(), p[w].b.data(), kBytes) == 0) != equal) {
        std::fprintf(stderr, "secret_bench: case %s compares wrongly\n",
                     kWhere[w]);
        std::abort();
      }
    }
    return p;
  }();
  return pairs[where];
}

void BM_ConstantTimeEquals(benchmark::State& state, size_t where) {
  const Pair& p = PairFor(where);
  for (auto _ : state) {
    bool equal = ConstantTimeEquals(p.a, p.b);
    benchmark::DoNotOptimize(equal);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(kBytes));
}

void BM_Memcmp(benchmark::State& state, size_t where) {
  const Pair& p = PairFor(where);
  for (auto _ : state) {
    const char* a = p.a.data();
    const char* b = p.b.data();
    benchmark::DoNotOptimize(a);
    benchmark::DoNotOptimize(b);
    int order = std::memcmp(a, b, kBytes);
    benchmark::DoNotOptimize(order);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(kBytes));
}

bool RegisterAll() {
  for (size_t where = 0; where < std::size(kWhere); ++where) {
    benchmark::RegisterBenchmark(
        absl::StrFormat("BM_ConstantTimeEquals/%s", kWhere[where]).c_str(),
        [where](benchmark::State& s) { BM_ConstantTimeEquals(s, where); });
  }
  for (size_t where = 0; where < std::size(kWhere); ++where) {
    benchmark::RegisterBenchmark(
        absl::StrFormat("BM_ConstantTimeEquals/memcmp/%s", kWhere[where])
            .c_str(),
        [where](benchmark::State& s) { BM_Memcmp(s, where); });
  }
  return true;
}

[[maybe_unused]] const bool registered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
