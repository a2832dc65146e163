// SPDX-License-Identifier: Apache-2.0
// Real words and identifiers (word_inputs.h: Debian word lists, CJK and
// emoji identifiers), one string per iteration, cycling through a pool of
// kWordPoolSize strings whose lengths vary from call to call:
//
// BM_ValidateWords/<impl>/<family>: strict UTF-8 validation.
//   u8guard              ValidateUtf8 (the kernel chosen at run time)
//   u8guard_<kernel>     ValidateUtf8With(kernel, s), each kernel this CPU
//                        runs (the kernel passed at run time)
//   u8guard_<kernel>_template
//                        ValidateUtf8With<kernel>(s) (named at compile time:
//                        the same entry as ValidateUtf8's)
//   simdutf              simdutf::validate_utf8 (when the build found an
//                        installed simdutf, as in utf8_validate_bench.cc)
//   simdutf_with_errors  simdutf::validate_utf8_with_errors, which also
//                        returns the offset of an error, as u8guard does
//   Run with U8GUARD_KERNEL and SIMDUTF_FORCE_IMPLEMENTATION to pair kernels
//   of the same instruction set (bench/validate_pairs.py does).
//
// BM_CanonicalizeWords/<impl>/<family>: the comparison key of each string.
//   username-case-mapped  CanonicalizeInto (PRECIS UsernameCaseMapped)
//   icu_naive             UnicodeString::fromUTF8, NFKC_Casefold,
//                         toUTF8String (no PRECIS rules)
//   Strings the profile rejects (emoji, punctuation) are timed too: counter
//   `accepted` is the share it accepts.
//
// BM_AclLookupWords/<impl>/<family>: each string looked up in an allow list
// built from the whole pool (so every accepted string is a hit).
//   username-case-mapped  AllowList::Grants
//   icu_naive             its NFKC_Casefold key, then a std::unordered_set
//
// Go's x/text precis on the same strings: ./dev bench-go (the pools are
// written out with u8guard_bench --dump_words=DIR).

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "absl/strings/str_format.h"
#include "bench/word_inputs.h"
#include "benchmark/benchmark.h"
#include "u8guard/acl.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/utf8.h"

#ifdef U8GUARD_BENCH_SIMDUTF
#include <simdutf.h>
#endif

namespace u8guard::bench {
namespace {

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "u8guard_bench: %s\n", message.c_str());
  std::abort();
}

// Calls fn(word) once per iteration, word after word of the pool. The
// words lie back to back, as in a buffer of tokens; `begin` is the previous
// word's end, so finding a word costs one load.
// ---- validation ------------------------------------------------------------

bool U8guardValidate(std::string_view s) { return ValidateUtf8(s).ok(); }

template <Utf8Kernel kKernel>
bool KernelValidate(std::string_view s) {
  return ValidateUtf8With(kKernel, s).ok();
}

template <Utf8Kernel kKernel>
bool KernelTemplateValidate(std::string_view s) {
  return ValidateUtf8With<kKernel>(s).ok();
}

#ifdef U8GUARD_BENCH_SIMDUTF
bool SimdutfValidate(std::string_view s) {
  return simdutf::validate_utf8(s.data(), s.size());
}
bool SimdutfValidateWithErrors(std::string_view s) {
  return simdutf::validate_utf8_with_errors(s.data(), s.size()).error ==
         simdutf::error_code::SUCCESS;
}
#endif

template <bool (*kFn)(std::string_view)>
void RegisterValidate(const std::string& impl, const std::string& family) {
  benchmark::RegisterBenchmark(
      absl::StrFormat("BM_ValidateWords/%s/%s", impl, family).c_str(),
      [impl, family](benchmark::State& state) {
        const WordPool& pool = WordPoolNamed(family);
        for (size_t i = 0; i < pool.count(); ++i) {
          if (!kFn(pool.Word(i))) {
            Die(absl::StrFormat("%s rejects string %d of %s, which is valid",
                                impl, i, family));
          }
        }
        auto fn = [](std::string_view s) { return kFn(s); };
        RunWords(state, pool, fn);
      });
}

template <Utf8Kernel kKernel>
void RegisterKernel(const std::string& family) {
  if (!Utf8KernelSupported(kKernel)) return;
  RegisterValidate<&KernelValidate<kKernel>>(
      absl::StrFormat("u8guard_%s", Utf8KernelName(kKernel)), family);
  RegisterValidate<&KernelTemplateValidate<kKernel>>(
      absl::StrFormat("u8guard_%s_template", Utf8KernelName(kKernel)), family);
}

// ---- canonicalization and ACL lookups ---------------------------------------

const Profile& Mapped() {
  static const Profile* const p = *FindBuiltinProfile("username-case-mapped");
  return *p;
}

bool IcuNaive(std::string_view in, std::string& out) {
  UErrorCode status = U_ZERO_ERROR;
  static const icu::Normalizer2* const kNfkcCf =
      icu::Normalizer2::getNFKCCasefoldInstance(status);
  const icu::UnicodeString s = icu::UnicodeString::fromUTF8(
      icu::StringPiece(in.data(), static_cast<int32_t>(in.size())));
  const icu::UnicodeString n = kNfkcCf->normalize(s, status);
  out.clear();
  n.toUTF8String(out);
  return U_SUCCESS(status);
}

std::vector<std::string> WordsOf(const WordPool& pool) {
  std::vector<std::string> out;
  for (size_t i = 0; i < pool.count(); ++i) out.emplace_back(pool.Word(i));
  return out;
}

void RegisterCanonicalize(const std::string& family) {
  benchmark::RegisterBenchmark(
      absl::StrFormat("BM_CanonicalizeWords/username-case-mapped/%s", family)
          .c_str(),
      [family](benchmark::State& state) {
        const WordPool& pool = WordPoolNamed(family);
        std::string key;
        size_t accepted = 0;
        for (size_t i = 0; i < pool.count(); ++i) {
          accepted += CanonicalizeInto(Mapped(), pool.Word(i), key).ok();
        }
        auto fn = [&key](std::string_view s) {
          const bool ok = CanonicalizeInto(Mapped(), s, key).ok();
          benchmark::DoNotOptimize(key.data());
          return ok;
        };
        RunWords(state, pool, fn);
        state.counters["accepted"] =
            static_cast<double>(accepted) / static_cast<double>(pool.count());
      });
  benchmark::RegisterBenchmark(
      absl::StrFormat("BM_CanonicalizeWords/icu_naive/%s", family).c_str(),
      [family](benchmark::State& state) {
        const WordPool& pool = WordPoolNamed(family);
        std::string key;
        auto fn = [&key](std::string_view s) {
          const bool ok = IcuNaive(s, key);
          benchmark::DoNotOptimize(key.data());
          return ok;
        };
        RunWords(state, pool, fn);
        state.counters["accepted"] = 1;
      });
}

void RegisterAcl(const std::string& family) {
  benchmark::RegisterBenchmark(
      absl::StrFormat("BM_AclLookupWords/username-case-mapped/%s", family)
          .c_str(),
      [family](benchmark::State& state) {
        const WordPool& pool = WordPoolNamed(family);
        const absl::StatusOr<AllowList> list =
            AllowList::Build(Mapped(), WordsOf(pool));
        if (!list.ok()) Die(std::string(list.status().message()));
        size_t hits = 0;
        for (size_t i = 0; i < pool.count(); ++i) {
          hits += static_cast<bool>(list->Grants(pool.Word(i)));
        }
        auto fn = [&list](std::string_view s) {
          return static_cast<bool>(list->Grants(s));
        };
        RunWords(state, pool, fn);
        state.counters["hits"] =
            static_cast<double>(hits) / static_cast<double>(pool.count());
      });
  benchmark::RegisterBenchmark(
      absl::StrFormat("BM_AclLookupWords/icu_naive/%s", family).c_str(),
      [family](benchmark::State& state) {
        const WordPool& pool = WordPoolNamed(family);
        std::unordered_set<std::string> keys;
        std::string key;
        for (size_t i = 0; i < pool.count(); ++i) {
          IcuNaive(pool.Word(i), key);
          keys.insert(key);
        }
        auto fn = [&keys, &key](std::string_view s) {
          return IcuNaive(s, key) && keys.count(key) != 0;
        };
        RunWords(state, pool, fn);
        state.counters["hits"] = 1;
      });
}

bool RegisterAll() {
  for (const std::string& family : WordFamilies()) {
    RegisterValidate<&U8guardValidate>("u8guard", family);
    RegisterKernel<Utf8Kernel::kScalar>(family);
    RegisterKernel<Utf8Kernel::kSse42>(family);
    RegisterKernel<Utf8Kernel::kAvx2>(family);
    RegisterKernel<Utf8Kernel::kAvx512>(family);
    RegisterKernel<Utf8Kernel::kAvx512Vbmi>(family);
#ifdef U8GUARD_BENCH_SIMDUTF
    RegisterValidate<&SimdutfValidate>("simdutf", family);
    RegisterValidate<&SimdutfValidateWithErrors>("simdutf_with_errors", family);
#endif
  }
  for (const std::string& family : WordFamilies()) {
    RegisterCanonicalize(family);
  }
  for (const std::string& family : WordFamilies()) RegisterAcl(family);
  return true;
}

[[maybe_unused]] const bool kRegistered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
