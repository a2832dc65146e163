// SPDX-License-Identifier: Apache-2.0
// BM_Validate/<impl>/<input>: strict UTF-8 validation, u8guard against its
// peers, on the inputs of bench_inputs.h.
//
//   u8guard            ValidateUtf8 (the kernel chosen at run time)
//   u8guard_<kernel>   ValidateUtf8With(kernel), one per kernel this CPU runs
//   icu_u8next         ICU's U8_NEXT macro in a loop, stopping at the first
//                      negative (ill-formed) code point
//   icu_strfromutf8    ICU's u_strFromUTF8 into a reused UTF-16 buffer sized
//                      once (by preflighting) for the largest string; it
//                      validates and transcodes, as a caller converting to
//                      UTF-16 would
//   utf8proc           utf8proc_iterate in a loop
//   unistring          GNU libunistring's u8_check
//   simdutf            simdutf::validate_utf8, only when the build found an
//                      installed simdutf (an optional peer: configure with
//                      -DCMAKE_PREFIX_PATH=<its prefix>); its implementation
//                      (SIMDUTF_FORCE_IMPLEMENTATION=westmere|haswell|icelake
//                      forces one) is printed in the context. Compare it with
//                      `u8guard` under U8GUARD_KERNEL=sse42|avx2|avx512|
//                      avx512vbmi.
//
// Every benchmark reports bytes_per_second; the short-string cases also
// report items_per_second (strings per second). A short case validates one
// string per iteration, cycling through a pool of kShortPoolSize distinct
// strings so the branch predictor cannot learn a single input. Before its
// first timed run, each (impl, input) pair checks that the implementation
// accepts every string of the input, and aborts if it does not: a validator
// that rejects valid input would be measuring something else.

#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/uversion.h>
#include <unistr.h>
#include <unistring/version.h>
#include <utf8proc.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_format.h"
#include "bench/bench_inputs.h"
#include "benchmark/benchmark.h"
#include "u8guard/utf8.h"

#ifdef U8GUARD_BENCH_SIMDUTF
#include <simdutf.h>
#endif

namespace u8guard::bench {
namespace {

// ---- the validators: each returns true for valid UTF-8 --------------------

bool U8guardValidate(std::string_view s) { return ValidateUtf8(s).ok(); }

bool IcuU8NextValidate(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  while (i < n) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return false;
  }
  return true;
}

bool Utf8procValidate(std::string_view s) {
  const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data());
  auto n = static_cast<utf8proc_ssize_t>(s.size());
  while (n > 0) {
    utf8proc_int32_t c;
    const utf8proc_ssize_t len = utf8proc_iterate(p, n, &c);
    if (len <= 0) return false;
    p += len;
    n -= len;
  }
  return true;
}

bool UnistringValidate(std::string_view s) {
  return u8_check(reinterpret_cast<const uint8_t*>(s.data()), s.size()) ==
         nullptr;
}

#ifdef U8GUARD_BENCH_SIMDUTF
bool SimdutfValidate(std::string_view s) {
  return simdutf::validate_utf8(s.data(), s.size());
}
#endif

// u_strFromUTF8 into a buffer that the first call sizes, by preflighting,
// for the largest string of the input; later calls reuse it.
class IcuStrFromUtf8 {
 public:
  explicit IcuStrFromUtf8(const BenchInput& input) {
    int32_t most = 0;
    for (size_t i = 0; i < input.count(); ++i) {
      const std::string_view s = input.Piece(i);
      UErrorCode status = U_ZERO_ERROR;
      int32_t length = 0;
      u_strFromUTF8(nullptr, 0, &length, s.data(),
                    static_cast<int32_t>(s.size()), &status);
      if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) {
        // Leave the buffer empty: the validity check reports the input.
        return;
      }
      if (length > most) most = length;
    }
    buffer_.resize(static_cast<size_t>(most) + 1);
  }

  bool operator()(std::string_view s) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = 0;
    u_strFromUTF8(buffer_.data(), static_cast<int32_t>(buffer_.size()), &length,
                  s.data(), static_cast<int32_t>(s.size()), &status);
    return U_SUCCESS(status);
  }

 private:
  std::vector<UChar> buffer_;
};

// ---- the benchmark loop ----------------------------------------------------

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "u8guard_bench: %s\n", message.c_str());
  std::abort();
}

// Times `validate` on `input`. `checked` is per registered benchmark: the
// first run checks that `validate` accepts every string of the input.
template <typename Validator>
void RunValidate(benchmark::State& state, const std::string& impl,
                 const BenchInput& input, Validator& validate, bool& checked) {
  if (!checked) {
    for (size_t i = 0; i < input.count(); ++i) {
      if (!validate(input.Piece(i))) {
        Die(absl::StrFormat("%s rejects string %d of %s, which is valid", impl,
                            i, input.name));
      }
    }
    checked = true;
  }
  if (input.is_short()) {
    static_assert((kShortPoolSize & (kShortPoolSize - 1)) == 0);
    const char* const base = input.bytes.data();
    const size_t len = input.string_bytes;
    size_t i = 0;
    for (auto _ : state) {
      bool ok = validate(std::string_view(base + i * len, len));
      benchmark::DoNotOptimize(ok);
      i = (i + 1) & (kShortPoolSize - 1);
    }
    state.SetItemsProcessed(state.iterations());
  } else {
    const std::string_view all = input.bytes;
    for (auto _ : state) {
      bool ok = validate(all);
      benchmark::DoNotOptimize(ok);
    }
  }
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(input.string_bytes));
}

// Registers BM_Validate/<impl>/<input> for one input index. `make` builds
// the validator from the input when the benchmark first runs.
template <typename Make>
void Register(const std::string& impl, size_t input_index, Make make) {
  const std::string name = absl::StrFormat("BM_Validate/%s/%s", impl,
                                           BenchInputs()[input_index].name);
  benchmark::RegisterBenchmark(
      name.c_str(), [impl, input_index, make,
                     checked = false](benchmark::State& state) mutable {
        const BenchInput& input = BenchInputs()[input_index];
        auto validate = make(input);
        RunValidate(state, impl, input, validate, checked);
      });
}

// A validator that needs no per-input state: calls kFn directly, so a
// peer's inline code (U8_NEXT) is inlined into the timed loop, and every
// out-of-line validator costs one direct call.
template <bool (*kFn)(std::string_view)>
auto Stateless() {
  return [](const BenchInput&) {
    return [](std::string_view s) { return kFn(s); };
  };
}

template <Utf8Kernel kKernel>
bool KernelValidate(std::string_view s) {
  return ValidateUtf8With(kKernel, s).ok();
}

// Registers u8guard_<kernel> when this CPU runs the kernel.
template <Utf8Kernel kKernel>
void RegisterKernel(size_t in) {
  if (!Utf8KernelSupported(kKernel)) return;  // listed in the context
  Register(absl::StrFormat("u8guard_%s", Utf8KernelName(kKernel)), in,
           Stateless<&KernelValidate<kKernel>>());
}

bool RegisterAll() {
  for (size_t in = 0; in < BenchInputs().size(); ++in) {
    Register("u8guard", in, Stateless<&U8guardValidate>());
    RegisterKernel<Utf8Kernel::kScalar>(in);
    RegisterKernel<Utf8Kernel::kSse42>(in);
    RegisterKernel<Utf8Kernel::kAvx2>(in);
    RegisterKernel<Utf8Kernel::kAvx512>(in);
    RegisterKernel<Utf8Kernel::kAvx512Vbmi>(in);
    Register("icu_u8next", in, Stateless<&IcuU8NextValidate>());
    Register("icu_strfromutf8", in,
             [](const BenchInput& input) { return IcuStrFromUtf8(input); });
    Register("utf8proc", in, Stateless<&Utf8procValidate>());
    Register("unistring", in, Stateless<&UnistringValidate>());
#ifdef U8GUARD_BENCH_SIMDUTF
    Register("simdutf", in, Stateless<&SimdutfValidate>());
#endif
  }

  // What was measured, printed in the benchmark's context header.
  std::string unsupported;
  for (Utf8Kernel kernel :
       {Utf8Kernel::kScalar, Utf8Kernel::kSse42, Utf8Kernel::kAvx2,
        Utf8Kernel::kAvx512, Utf8Kernel::kAvx512Vbmi}) {
    if (Utf8KernelSupported(kernel)) continue;
    absl::StrAppendFormat(&unsupported, "%s%s", unsupported.empty() ? "" : " ",
                          Utf8KernelName(kernel));
  }
  benchmark::AddCustomContext("u8guard_kernel",
                              std::string(Utf8KernelName(ActiveUtf8Kernel())));
  benchmark::AddCustomContext("u8guard_kernels_not_supported_here",
                              unsupported.empty() ? "none" : unsupported);
  benchmark::AddCustomContext("icu", U_ICU_VERSION);
  benchmark::AddCustomContext("utf8proc", utf8proc_version());
  benchmark::AddCustomContext(
      "unistring", absl::StrFormat("%d.%d.%d", _libunistring_version >> 16,
                                   (_libunistring_version >> 8) & 0xFF,
                                   _libunistring_version & 0xFF));
#ifdef U8GUARD_BENCH_SIMDUTF
  benchmark::AddCustomContext("simdutf", SIMDUTF_VERSION);
  benchmark::AddCustomContext(
      "simdutf_implementation",
      std::string(simdutf::get_active_implementation()->name()));
#endif
  for (const BenchInput& input : BenchInputs()) {
    benchmark::AddCustomContext("input." + input.name, DescribeInput(input));
  }
  return true;
}

[[maybe_unused]] const bool kRegistered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
