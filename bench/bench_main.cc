// SPDX-License-Identifier: Apache-2.0
// u8guard_bench's entry point: builds (and checks) the inputs before any
// benchmark runs, records how the binary was built, then runs the
// benchmarks selected by the usual Google Benchmark flags.

#include <string>

#include "bench/bench_inputs.h"
#include "benchmark/benchmark.h"

int main(int argc, char** argv) {
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
