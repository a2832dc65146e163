#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs BM_Validate for u8guard and simdutf side by side, kernel pair by pair.

For each pair (u8guard kernel, simdutf implementation of the same instruction
set) this starts u8guard_bench once with U8GUARD_KERNEL and
SIMDUTF_FORCE_IMPLEMENTATION set, so both run in one process on the same
bytes, and prints a Markdown table per pair: median CPU time per string (ns)
or throughput (GB/s) of each, and the ratio u8guard/simdutf of their
throughputs (> 1: u8guard is faster).

u8guard_bench registers BM_Validate/simdutf/* only when it was built against
an installed simdutf (-DCMAKE_PREFIX_PATH=<prefix>); simdutf is not part of
this project. Usage:

  bench/validate_pairs.py build/bench/u8guard_bench [--pairs sse42:westmere,...]
      [--repetitions 5] [--min-time 0.2] [--json-dir DIR]

Wrap it in the shared machine's lock: flock /tmp/u8guard-cpu.lock ...
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

INPUTS = [
    "ascii_1m", "latin_1m", "cjk_1m", "emoji_1m", "short16_ascii",
    "short16_mixed", "short64_ascii", "short64_mixed"
]
DEFAULT_PAIRS = ("sse42:westmere,avx2:haswell,avx512:icelake,"
                 "avx512vbmi:icelake")


def run_pair(binary, kernel, impl, repetitions, min_time, json_dir):
  """Runs one pair; returns (context, {(impl, input): median cpu ns})."""
  env = dict(os.environ)
  env["U8GUARD_KERNEL"] = kernel
  env["SIMDUTF_FORCE_IMPLEMENTATION"] = impl
  cmd = [
      binary, "--benchmark_filter=^BM_Validate/(u8guard|simdutf)/",
      f"--benchmark_repetitions={repetitions}",
      f"--benchmark_min_time={min_time}", "--benchmark_format=json",
      # Repetitions of u8guard and simdutf in random order, so that a
      # change of the machine's speed during the run (shared VMs) falls on
      # both alike.
      "--benchmark_enable_random_interleaving=true"
  ]
  out = subprocess.run(cmd, env=env, check=True, capture_output=True,
                       text=True).stdout
  if json_dir:
    with open(os.path.join(json_dir, f"{kernel}-{impl}.json"), "w") as f:
      f.write(out)
  data = json.loads(out)
  times = {}
  for b in data["benchmarks"]:
    if b.get("run_type") != "iteration":
      continue
    _, who, what = b["run_name"].split("/")
    assert b["time_unit"] == "ns", b["time_unit"]
    times.setdefault((who, what), []).append(b["cpu_time"])
  return data["context"], {k: statistics.median(v) for k, v in times.items()}


def main():
  parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  parser.add_argument("binary")
  parser.add_argument("--pairs", default=DEFAULT_PAIRS)
  parser.add_argument("--repetitions", type=int, default=5)
  parser.add_argument("--min-time", default="0.2")
  parser.add_argument("--json-dir")
  args = parser.parse_args()
  for pair in args.pairs.split(","):
    kernel, impl = pair.split(":")
    context, med = run_pair(args.binary, kernel, impl, args.repetitions,
                            args.min_time, args.json_dir)
    if ("simdutf", INPUTS[0]) not in med:
      sys.exit("u8guard_bench was built without simdutf")
    active = context.get("simdutf_implementation", "?")
    chosen = context.get("u8guard_kernel", "?")
    print(f"\n### u8guard `{chosen}` vs simdutf `{active}`, medians of "
          f"{args.repetitions}, CPU time\n")
    print("| | " + " | ".join(INPUTS) + " |")
    print("|---|" + "---:|" * len(INPUTS))
    rows = {"u8guard": [], "simdutf": []}
    ratios = []
    for name in INPUTS:
      u, s = med[("u8guard", name)], med[("simdutf", name)]
      for who, t in (("u8guard", u), ("simdutf", s)):
        if name.startswith("short"):
          rows[who].append(f"{t:.2f} ns")
        else:
          rows[who].append(f"{(1 << 20) / t:.1f} GB/s")
      ratios.append(f"**{s / u:.2f}**")
    print(f"| u8guard `{chosen}` | " + " | ".join(rows["u8guard"]) + " |")
    print(f"| simdutf `{active}` | " + " | ".join(rows["simdutf"]) + " |")
    print("| u8guard / simdutf | " + " | ".join(ratios) + " |")
    sys.stdout.flush()


if __name__ == "__main__":
  main()
