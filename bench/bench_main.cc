// SPDX-License-Identifier: Apache-2.0
// u8guard_bench's entry point: builds (and checks) the inputs before any
// benchmark runs, records how the binary was built, then runs the
// benchmarks selected by the usual Google Benchmark flags. Two flags of its
// own, each instead of running benchmarks:
//
//   --describe_words    one line per word family (word_inputs.h): where its
//                       strings come from, their lengths and composition
//   --dump_words=DIR    writes each word family's pool to DIR/<family>.txt,
//                       one string per line, in pool order, for a harness in
//                       another language (bench/go/precis_bench.go)

#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

#include "bench/bench_inputs.h"
#include "bench/word_inputs.h"
#include "benchmark/benchmark.h"

namespace {

int DescribeWords() {
  for (const std::string& family : u8guard::bench::WordFamilies()) {
    const u8guard::bench::WordPool& pool =
        u8guard::bench::WordPoolNamed(family);
    std::printf("%s: %s\n", family.c_str(),
                u8guard::bench::DescribeWordPool(pool).c_str());
  }
  return 0;
}

int DumpWords(const std::string& dir) {
  for (const std::string& family : u8guard::bench::WordFamilies()) {
    const u8guard::bench::WordPool& pool =
        u8guard::bench::WordPoolNamed(family);
    const std::string path = dir + "/" + family + ".txt";
    std::ofstream out(path, std::ios::binary);
    for (size_t i = 0; i < pool.count(); ++i) out << pool.Word(i) << '\n';
    if (!out.flush()) {
      std::fprintf(stderr, "u8guard_bench: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--describe_words") return DescribeWords();
    if (arg.rfind("--dump_words=", 0) == 0) {
      return DumpWords(std::string(arg.substr(13)));
    }
  }
  // Aborts here, not in the middle of a run, if an input is not valid UTF-8.
  u8guard::bench::BenchInputs();
  benchmark::AddCustomContext("compiler", std::string("g++ ") + __VERSION__);
  benchmark::AddCustomContext("build_flags", U8GUARD_BENCH_FLAGS);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
