// SPDX-License-Identifier: Apache-2.0
// Pools of real words and identifiers for the word benchmarks
// (words_bench.cc): short strings whose length varies from one call to the
// next, as names, tags and the tokens of running text do, unlike the fixed
// 16- and 64-byte pools of bench_inputs.h.
//
// Natural-language words come from Debian's word-list packages, read at run
// time (nothing big is committed); a family whose file is missing is left
// out, with a line on standard error naming the package. CJK and emoji
// identifiers are built from ICU's Unicode properties.
//
//   words_en     /usr/share/dict/american-english   wamerican
//   words_de     /usr/share/dict/ngerman            wngerman
//   words_fr     /usr/share/dict/french             wfrench
//   words_es     /usr/share/dict/spanish            wspanish
//   words_uk     /usr/share/dict/ukrainian          wukrainian (Cyrillic;
//                                                   Debian 12 packages no
//                                                   Russian list)
//   words_el     /usr/share/hunspell/el_GR.dic      hunspell-el (Greek; no
//                                                   wgreek in Debian 12)
//   ids_cjk      2 to 6 CJK unified ideographs
//   ids_emoji    1 to 3 RGI emoji, 4 in 10 of them ZWJ sequences
//
// Each pool holds kWordPoolSize strings drawn without replacement from the
// list in an order shuffled from a fixed seed, so every process sees the
// same strings in the same order and lengths vary from call to call.

#ifndef U8GUARD_BENCH_WORD_INPUTS_H_
#define U8GUARD_BENCH_WORD_INPUTS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"

namespace u8guard::bench {

// Strings per pool; a power of two, so a benchmark cycles with a mask.
inline constexpr size_t kWordPoolSize = 8192;

struct WordPool {
  // The family's name in benchmark names, e.g. "words_de".
  std::string name;
  // Where the strings came from, for the benchmark's context.
  std::string source;
  // The strings back to back, and where each ends: string i is
  // bytes[ends[i - 1], ends[i]) (ends[-1] = 0).
  std::string bytes;
  std::vector<uint32_t> ends;

  size_t count() const { return ends.size(); }
  std::string_view Word(size_t i) const {
    const uint32_t begin = i == 0 ? 0 : ends[i - 1];
    return std::string_view(bytes).substr(begin, ends[i] - begin);
  }
};

// The names of the families whose sources are present, in the order above
// (the first call prints a line for each one left out). Cheap: no pool is
// built.
const std::vector<std::string>& WordFamilies();

// The pool of family `name` (one of WordFamilies()), built on first use.
// Every string is valid UTF-8 (checked with ValidateUtf8Reference; a list
// line that is not is left out).
const WordPool& WordPoolNamed(const std::string& name);

// A one-line summary of a pool: mean and percentiles of the lengths, the
// share of strings that are all ASCII, the share of bytes in 2/3/4-byte
// characters.
std::string DescribeWordPool(const WordPool& pool);

// Runs `fn` on one string of `pool` per iteration, cycling through the
// pool, and counts items (strings) and bytes (the pool's mean per string).
template <typename Fn>
void RunWords(benchmark::State& state, const WordPool& pool, Fn& fn) {
  const char* const base = pool.bytes.data();
  const uint32_t* const ends = pool.ends.data();
  const size_t mask = pool.count() - 1;
  size_t i = 0;
  uint32_t begin = 0;
  for (auto _ : state) {
    const uint32_t end = ends[i];
    auto r = fn(std::string_view(base + begin, end - begin));
    benchmark::DoNotOptimize(r);
    i = (i + 1) & mask;
    begin = i == 0 ? 0 : end;
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(
      static_cast<int64_t>(static_cast<double>(state.iterations()) *
                           static_cast<double>(pool.bytes.size()) /
                           static_cast<double>(pool.count())));
}

}  // namespace u8guard::bench

#endif  // U8GUARD_BENCH_WORD_INPUTS_H_
