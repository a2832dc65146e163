#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs BM_Validate and BM_ValidateWords for u8guard and simdutf side by side.

For each pair (u8guard kernel, simdutf implementation of the same instruction
set) this starts u8guard_bench once with U8GUARD_KERNEL and
SIMDUTF_FORCE_IMPLEMENTATION set, so both run in one process on the same
bytes, and prints Markdown tables per pair: median CPU time per string (ns)
or throughput (GB/s) of each, and the ratio u8guard/simdutf of their
throughputs (> 1: u8guard is faster). The first table is BM_Validate's fixed
inputs; the second the word families of BM_ValidateWords (word_inputs.h),
with ValidateUtf8With(kernel, s) (`u8guard_<kernel>`) and
ValidateUtf8With<kernel>(s) (`u8guard_<kernel>_template`) beside
ValidateUtf8, and simdutf's validate_utf8_with_errors beside its
validate_utf8.

u8guard_bench registers BM_Validate/simdutf/* only when it was built against
an installed simdutf (-DCMAKE_PREFIX_PATH=<prefix>); simdutf is not part of
this project. Usage:

  bench/validate_pairs.py build/bench/u8guard_bench [--pairs sse42:westmere,...]
      [--repetitions 5] [--min-time 0.2] [--json-dir DIR]
      [--families fixed,words]

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
WORDS = [
    "words_en", "words_de", "words_fr", "words_es", "words_uk", "words_el",
    "ids_cjk", "ids_emoji"
]
DEFAULT_PAIRS = ("sse42:westmere,avx2:haswell,avx512:icelake,"
                 "avx512vbmi:icelake")


def run_pair(binary, kernel, impl, repetitions, min_time, json_dir, families):
  """Runs one pair; returns (context, {(impl, input): median cpu ns})."""
  env = dict(os.environ)
  env["U8GUARD_KERNEL"] = kernel
  env["SIMDUTF_FORCE_IMPLEMENTATION"] = impl
  patterns = []
  if "fixed" in families:
    patterns.append("^BM_Validate/(u8guard|simdutf)/")
  if "words" in families:
    patterns.append(f"^BM_ValidateWords/(u8guard|u8guard_{kernel}|"
                    f"u8guard_{kernel}_template|simdutf|simdutf_with_errors)/")
  cmd = [
      binary, "--benchmark_filter=" + "|".join(patterns),
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
    os.makedirs(json_dir, exist_ok=True)
    with open(os.path.join(json_dir, f"{kernel}-{impl}.json"), "w") as f:
      f.write(out)
  data = json.loads(out)
  times = {}
  for b in data["benchmarks"]:
    if b.get("run_type") != "iteration":
      continue
    _, who, what = b["run_name"].split("/")
    if who == f"u8guard_{kernel}":
      who = "u8guard_kernel"
    elif who == f"u8guard_{kernel}_template":
      who = "u8guard_template"
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
  parser.add_argument("--families", default="fixed,words")
  args = parser.parse_args()
  families = args.families.split(",")
  for pair in args.pairs.split(","):
    kernel, impl = pair.split(":")
    context, med = run_pair(args.binary, kernel, impl, args.repetitions,
                            args.min_time, args.json_dir, families)
    if not any(who == "simdutf" for who, _ in med):
      sys.exit("u8guard_bench was built without simdutf")
    active = context.get("simdutf_implementation", "?")
    chosen = context.get("u8guard_kernel", "?")
    if "fixed" in families:
      print_fixed(med, chosen, active, args.repetitions)
    if "words" in families:
      print_words(med, chosen, active, args.repetitions)
    sys.stdout.flush()


def print_fixed(med, chosen, active, repetitions):
  """The table of BM_Validate's inputs."""
  print(f"\n### u8guard `{chosen}` vs simdutf `{active}`, medians of "
        f"{repetitions}, CPU time\n")
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


def print_words(med, chosen, active, repetitions):
  """The table of BM_ValidateWords' families: ns per string, and ratios."""
  words = [w for w in WORDS if ("u8guard", w) in med]
  print(f"\n### Words: u8guard `{chosen}` vs simdutf `{active}`, ns per "
        f"string, medians of {repetitions}, CPU time\n")
  print("| | " + " | ".join(words) + " |")
  print("|---|" + "---:|" * len(words))
  rows = [("u8guard", f"`ValidateUtf8` ({chosen})"),
          ("u8guard_kernel", f"`ValidateUtf8With({chosen}, s)`"),
          ("u8guard_template", f"`ValidateUtf8With<{chosen}>(s)`"),
          ("simdutf", f"simdutf `validate_utf8` ({active})"),
          ("simdutf_with_errors", "simdutf `validate_utf8_with_errors`")]
  for who, label in rows:
    print(f"| {label} | " +
          " | ".join(f"{med[(who, w)]:.2f}" for w in words) + " |")
  for num, den, label in (
      ("simdutf", "u8guard", "u8guard / simdutf"),
      ("simdutf_with_errors", "u8guard", "u8guard / simdutf with errors"),
      ("u8guard", "u8guard_kernel", "`With(k, s)` / `ValidateUtf8`"),
      ("u8guard", "u8guard_template", "`With<k>` / `ValidateUtf8`")):
    print(f"| {label} | " +
          " | ".join(f"**{med[(num, w)] / med[(den, w)]:.2f}**" for w in words) +
          " |")


if __name__ == "__main__":
  main()
