// SPDX-License-Identifier: Apache-2.0
// UTS #39 confusable skeletons of real words and identifiers (word_inputs.h
// pools: Debian word lists, CJK and emoji identifiers), one string per
// iteration, u8guard's own engine beside ICU's in the same process:
//
// BM_Skeleton/<impl>/<family>
//   u8guard  internal::SkeletonInto: ASCII from a per-character table,
//            everything else from u8guard's skeleton engine
//            (src/confusables/skeleton_table.h; tables taken from ICU)
//   icu      uspoof_getSkeletonUTF8 with a checker of its own (what a
//            service calling ICU by hand pays)
//
// The strings are skeletonized as they are in the list (not canonicalized
// first), so capitals and accented letters take the paths they take in
// the list. Both give the same bytes on every string of every pool (the
// benchmark checks before timing and stops otherwise).

#include <unicode/uspoof.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "absl/strings/str_format.h"
#include "bench/word_inputs.h"
#include "benchmark/benchmark.h"
#include "src/confusables/skeleton.h"

namespace u8guard::bench {
namespace {

const USpoofChecker* BenchChecker() {
  static const USpoofChecker* const checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* sc = uspoof_open(&status);
    if (U_FAILURE(status)) {
      std::fprintf(stderr, "uspoof_open: %s\n", u_errorName(status));
      std::exit(1);
    }
    return sc;
  }();
  return checker;
}

// ICU's skeleton of `in` into `out` (grown and retried when too small).
bool IcuSkeleton(std::string_view in, std::string& out) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    out.resize(out.capacity() < 64 ? 64 : out.capacity());
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = uspoof_getSkeletonUTF8(
        BenchChecker(), 0, in.data(), static_cast<int32_t>(in.size()),
        out.data(), static_cast<int32_t>(out.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      out.resize(static_cast<size_t>(n) + 1);
      out.resize(out.capacity());
      continue;
    }
    if (U_FAILURE(status)) return false;
    out.resize(static_cast<size_t>(n));
    return true;
  }
  return false;
}

bool U8guardSkeleton(std::string_view in, std::string& out) {
  return internal::SkeletonInto(in, out).ok();
}

// Stops the run when the two differ on a string of the pool.
void CheckSameAsIcu(const WordPool& pool) {
  std::string ours, icu;
  for (size_t i = 0; i < pool.count(); ++i) {
    const std::string_view w = pool.Word(i);
    if (!U8guardSkeleton(w, ours) || !IcuSkeleton(w, icu) || ours != icu) {
      std::fprintf(stderr, "BM_Skeleton: %s: skeletons differ on word %zu\n",
                   pool.name.c_str(), i);
      std::exit(1);
    }
  }
}

template <bool (*kFn)(std::string_view, std::string&)>
void RegisterSkeleton(const char* impl, const std::string& family) {
  benchmark::RegisterBenchmark(
      absl::StrFormat("BM_Skeleton/%s/%s", impl, family).c_str(),
      [family](benchmark::State& state) {
        const WordPool& pool = WordPoolNamed(family);
        CheckSameAsIcu(pool);
        std::string out;
        auto fn = [&out](std::string_view s) {
          const bool ok = kFn(s, out);
          benchmark::DoNotOptimize(out.data());
          return ok;
        };
        RunWords(state, pool, fn);
      });
}

bool RegisterAll() {
  for (const std::string& family : WordFamilies()) {
    RegisterSkeleton<&U8guardSkeleton>("u8guard", family);
    RegisterSkeleton<&IcuSkeleton>("icu", family);
  }
  return true;
}

[[maybe_unused]] const bool kRegistered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
