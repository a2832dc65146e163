// SPDX-License-Identifier: Apache-2.0
// BM_SanitizePath/<input>: SanitizePath on typical request paths, beside
// std::filesystem::path::lexically_normal as a baseline
// (BM_SanitizePath/lexically_normal/<input>), which only resolves "." and
// ".." and checks nothing.
//
//   BM_SanitizePath/<input>        SanitizePath (returns a new std::string)
//   BM_SanitizePath/into/<input>   SanitizePathInto with a reused buffer
//   BM_SanitizePath/lexically_normal/<input>
//
// Inputs: pools of kPoolSize distinct paths of 3 to 8 segments, built once
// from a fixed seed, cycled through so the branch predictor cannot learn one
// path:
//   ascii          lower-case names, digits, '-', '_', '.', extensions
//   ascii_request  the same with a leading '/', some %20 escapes; options:
//                  percent-decoding, ".." resolved, under a root
//   nonascii       names of NFC letters drawn from ICU sets (Latin-1
//                  letters, Greek, Cyrillic, Han, Hiragana), some mixed
//                  with ASCII
// Every pool path is checked once (accepted, and unchanged by a second
// run) before the first timed run; the benchmark aborts otherwise. Reports
// items_per_second (paths per second) and bytes_per_second (raw bytes).

#include <unicode/uniset.h>
#include <unicode/unistr.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "benchmark/benchmark.h"
#include "u8guard/path.h"

namespace u8guard::bench {
namespace {

constexpr size_t kPoolSize = 256;  // a power of two

// The inputs, in Inputs() order.
constexpr const char* kInputNames[] = {"ascii", "ascii_request", "nonascii"};

struct PathInput {
  std::string name;
  PathOptions options;
  std::vector<std::string> paths;
  size_t bytes = 0;  // total raw bytes
};

// Code points of an ICU set pattern, e.g. "[[:Greek:]&[:Ll:]]".
std::vector<char32_t> SetCodePoints(const char* pattern) {
  UErrorCode err = U_ZERO_ERROR;
  const icu::UnicodeSet set(icu::UnicodeString(pattern, -1, US_INV), err);
  if (U_FAILURE(err)) {
    std::fprintf(stderr, "path_bench: bad ICU set %s\n", pattern);
    std::abort();
  }
  std::vector<char32_t> cps;
  for (int32_t i = 0; i < set.size(); ++i) cps.push_back(set.charAt(i));
  return cps;
}

void AppendUtf8(char32_t cp, std::string& s) {
  icu::UnicodeString(static_cast<UChar32>(cp)).toUTF8String(s);
}

std::string AsciiName(std::mt19937_64& rng) {
  static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789-_";
  static constexpr const char* kExt[] = {".html", ".css", ".js", ".png",
                                         ".json", ".txt", ""};
  std::string s;
  const size_t len = 3 + rng() % 9;
  for (size_t i = 0; i < len; ++i) s += kChars[rng() % 26];  // a letter first
  if (rng() % 3 == 0) s += kChars[rng() % (sizeof kChars - 1)];
  s += kExt[rng() % 7];
  return s;
}

std::string NonAsciiName(std::mt19937_64& rng) {
  static const std::vector<std::vector<char32_t>>* const scripts = [] {
    auto* v = new std::vector<std::vector<char32_t>>;
    for (const char* pattern :
         {"[[\\u00C0-\\u00FF]&[:L:]]", "[[:Greek:]&[:Ll:]]",
          "[[:Cyrillic:]&[:Ll:]&[\\u0400-\\u04FF]]",
          "[[:Han:]&[\\u4E00-\\u9FFF]]", "[[:Hiragana:]&[:Lo:]]"}) {
      v->push_back(SetCodePoints(pattern));
    }
    return v;
  }();
  const std::vector<char32_t>& cps = (*scripts)[rng() % scripts->size()];
  std::string s;
  if (rng() % 2 == 0) s = AsciiName(rng).substr(0, 3);
  const size_t len = 2 + rng() % 6;
  for (size_t i = 0; i < len; ++i) AppendUtf8(cps[rng() % cps.size()], s);
  if (rng() % 2 == 0) s += ".txt";
  return s;
}

PathInput MakeInput(const std::string& name, uint64_t seed) {
  std::mt19937_64 rng(seed);
  PathInput in;
  in.name = name;
  const bool request = name == "ascii_request";
  if (request) {
    in.options.percent_decode = true;
    in.options.dot_dot = DotDotPolicy::kResolve;
    in.options.leading_separator_is_root = true;
    in.options.root = "/srv/www";
  }
  for (size_t p = 0; p < kPoolSize; ++p) {
    std::string path = request ? "/" : "";
    const size_t segments = 3 + rng() % 6;
    for (size_t s = 0; s < segments; ++s) {
      if (s > 0) path += '/';
      std::string seg = name == "nonascii" ? NonAsciiName(rng) : AsciiName(rng);
      if (request && rng() % 4 == 0) seg.insert(2, "%20");
      path += seg;
    }
    in.bytes += path.size();
    in.paths.push_back(std::move(path));
  }
  // Checked here: a benchmark of rejections would measure something else.
  for (const std::string& path : in.paths) {
    const absl::StatusOr<std::string> r = SanitizePath(path, in.options);
    if (!r.ok()) {
      std::fprintf(stderr, "path_bench: %s rejects %s: %s\n", name.c_str(),
                   path.c_str(), std::string(r.status().message()).c_str());
      std::abort();
    }
  }
  return in;
}

const std::vector<PathInput>& Inputs() {
  static const std::vector<PathInput>* const inputs = [] {
    auto* v = new std::vector<PathInput>;
    uint64_t seed = 1;
    for (const char* name : kInputNames) v->push_back(MakeInput(name, seed++));
    return v;
  }();
  return *inputs;
}

void Finish(benchmark::State& state, const PathInput& in) {
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(state.iterations() *
                          static_cast<int64_t>(in.bytes / kPoolSize));
}

void BM_Sanitize(benchmark::State& state, size_t index) {
  const PathInput& in = Inputs()[index];
  size_t i = 0;
  for (auto _ : state) {
    absl::StatusOr<std::string> r = SanitizePath(in.paths[i], in.options);
    benchmark::DoNotOptimize(r);
    i = (i + 1) & (kPoolSize - 1);
  }
  Finish(state, in);
}

void BM_SanitizeInto(benchmark::State& state, size_t index) {
  const PathInput& in = Inputs()[index];
  std::string out;
  size_t i = 0;
  for (auto _ : state) {
    absl::Status s = SanitizePathInto(in.paths[i], in.options, out);
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(out.data());
    i = (i + 1) & (kPoolSize - 1);
  }
  Finish(state, in);
}

void BM_LexicallyNormal(benchmark::State& state, size_t index) {
  const PathInput& in = Inputs()[index];
  size_t i = 0;
  for (auto _ : state) {
    std::filesystem::path p =
        std::filesystem::path(in.paths[i]).lexically_normal();
    benchmark::DoNotOptimize(p);
    i = (i + 1) & (kPoolSize - 1);
  }
  Finish(state, in);
}

bool RegisterAll() {
  static_assert((kPoolSize & (kPoolSize - 1)) == 0);
  for (size_t index = 0; index < std::size(kInputNames); ++index) {
    const char* const name = kInputNames[index];
    benchmark::RegisterBenchmark(
        absl::StrFormat("BM_SanitizePath/%s", name).c_str(),
        [index](benchmark::State& s) { BM_Sanitize(s, index); });
    benchmark::RegisterBenchmark(
        absl::StrFormat("BM_SanitizePath/into/%s", name).c_str(),
        [index](benchmark::State& s) { BM_SanitizeInto(s, index); });
    benchmark::RegisterBenchmark(
        absl::StrFormat("BM_SanitizePath/lexically_normal/%s", name).c_str(),
        [index](benchmark::State& s) { BM_LexicallyNormal(s, index); });
  }
  return true;
}

[[maybe_unused]] const bool registered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
