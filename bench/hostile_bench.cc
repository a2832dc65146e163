// SPDX-License-Identifier: Apache-2.0
// BM_Hostile/<family>/<target>/<bytes>: pathological inputs at 1 KiB ...
// 1 MiB, to show that the time per byte stays flat (bytes_per_second does
// not fall as the input grows). Each family is built so that it stays
// within the Stream-Safe bound (runs of at most 30 non-starters) unless its
// name says "unsafe": those are rejected at the 31st mark, in constant time.
//
//   reverse_marks_unsafe   "a" + (U+0301 U+0316) repeated: one long run
//   reverse_marks          ("a" + (U+0316 U+0301) x 15) repeated: runs of
//                          30 marks in reverse canonical order, which ICU
//                          reorders (30^2 steps a run, bounded)
//   tibetan_0f73           ("a" + U+0F73 x 15) repeated: 2 non-starters each
//   u0344                  ("a" + U+0344 x 15) repeated
//   hangul_jamo            (U+1100 U+1161 U+11A8) repeated: conjoining jamo
//                          that composition turns into syllables
//   fdfa                   U+FDFA repeated: 18 code points each under NFKC
//   j_caron_marks          (U+01F0 + 29 marks) repeated
//   mark_prototypes        "a" + (U+0E4D U+0316) repeated: runs of one mark,
//                          but U+0E4D's prototype is the mark U+030A, so the
//                          skeleton has one run of marks as long as the
//                          input (ICU sorted it by insertion: quadratic)
//
// Targets: canon/text-document (NFC, 64 MiB bound), canon/nickname (NFKC,
// 4 KiB bound: longer inputs are refused at the bound), path (the input
// as segments of ~200 bytes joined by "/", path sanitize with NFKC) and
// skeleton/text-document (LookalikeSkeletons: the key's skeleton and the
// folded skeleton of its capitals).

#include <string>
#include <string_view>
#include <vector>

#include "benchmark/benchmark.h"
#include "u8guard/match.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/skeleton.h"

namespace u8guard::bench {
namespace {

struct Family {
  const char* name;
  std::string_view unit;  // repeated until the size is reached
};

// UTF-8 of the units.
const std::vector<Family>& Families() {
  static const auto* const kFamilies = new std::vector<Family>{
      {"reverse_marks_unsafe", "\xCC\x81\xCC\x96"},
      {"reverse_marks",
       "a\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81"
       "\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81"
       "\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81"
       "\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81"},
      {"tibetan_0f73",
       "a\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3"
       "\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3"
       "\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3\xE0\xBD\xB3"},
      {"u0344",
       "a\xCD\x84\xCD\x84\xCD\x84\xCD\x84\xCD\x84\xCD\x84\xCD\x84\xCD\x84"
       "\xCD\x84\xCD\x84\xCD\x84\xCD\x84\xCD\x84\xCD\x84\xCD\x84"},
      {"hangul_jamo", "\xE1\x84\x80\xE1\x85\xA1\xE1\x86\xA8"},
      {"fdfa", "\xEF\xB7\xBA"},
      {"j_caron_marks",
       "\xC7\xB0\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81"
       "\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81"
       "\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81\xCC\x96\xCC\x81"
       "\xCC\x96\xCC\x81\xCC\x96\xCC\x81"},
      {"mark_prototypes", "\xE0\xB9\x8D\xCC\x96"},
  };
  return *kFamilies;
}

// `unit` repeated to at least `bytes` bytes (whole units), after "a" for the
// unsafe family so that the run has a base; with `slash_every` > 0 a "/"
// after roughly every `slash_every` bytes, between units.
std::string Build(const Family& f, size_t bytes, size_t slash_every = 0) {
  std::string out = std::string_view(f.name) == "reverse_marks_unsafe" ||
                            std::string_view(f.name) == "mark_prototypes"
                        ? std::string("a")
                        : std::string();
  size_t since_slash = 0;
  while (out.size() < bytes) {
    out.append(f.unit);
    since_slash += f.unit.size();
    if (slash_every > 0 && since_slash >= slash_every) {
      out.push_back('/');
      since_slash = 0;
    }
  }
  return out;
}

void Canon(benchmark::State& state, const Family& f, const char* profile) {
  const Profile& p = **FindBuiltinProfile(profile);
  const std::string input = Build(f, static_cast<size_t>(state.range(0)));
  std::string key;
  for (auto _ : state) {
    benchmark::DoNotOptimize(CanonicalizeInto(p, input, key));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(input.size()));
  state.SetLabel(CanonicalizeInto(p, input, key).ok() ? "accepted"
                                                      : "rejected");
}

void Path(benchmark::State& state, const Family& f) {
  PathOptions o;
  o.normalization = NormalizationForm::kNfkc;
  o.max_length = size_t{1} << 24;
  o.max_depth = 1 << 20;
  const std::string input =
      Build(f, static_cast<size_t>(state.range(0)), /*slash_every=*/200);
  std::string out;
  for (auto _ : state) {
    benchmark::DoNotOptimize(SanitizePathInto(input, o, out));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(input.size()));
  state.SetLabel(SanitizePathInto(input, o, out).ok() ? "accepted"
                                                      : "rejected");
}

void Skeletons(benchmark::State& state, const Family& f) {
  const Profile& p = **FindBuiltinProfile("text-document");
  const std::string input = Build(f, static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    benchmark::DoNotOptimize(LookalikeSkeletons(p, input));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(input.size()));
  state.SetLabel(LookalikeSkeletons(p, input).ok() ? "accepted" : "rejected");
}

int RegisterAll() {
  for (const Family& f : Families()) {
    for (const char* profile : {"text-document", "nickname"}) {
      benchmark::RegisterBenchmark(
          (std::string("BM_Hostile/") + f.name + "/canon/" + profile).c_str(),
          [&f, profile](benchmark::State& s) { Canon(s, f, profile); })
          ->RangeMultiplier(4)
          ->Range(1 << 10, 1 << 20);
    }
    benchmark::RegisterBenchmark(
        (std::string("BM_Hostile/") + f.name + "/skeleton/text-document")
            .c_str(),
        [&f](benchmark::State& s) { Skeletons(s, f); })
        ->RangeMultiplier(4)
        ->Range(1 << 10, 1 << 20);
    benchmark::RegisterBenchmark(
        (std::string("BM_Hostile/") + f.name + "/path").c_str(),
        [&f](benchmark::State& s) { Path(s, f); })
        ->RangeMultiplier(4)
        ->Range(1 << 10, 1 << 20);
  }
  return 0;
}

const int kRegistered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
