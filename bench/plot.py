#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Turns u8guard_bench's JSON output into a PNG chart of u8guard against its
peers, one panel per benchmark family, one group of bars per input.

Usage: bench/plot.py RESULTS.json OUT.png [--title TEXT]

RESULTS.json is what `u8guard_bench --benchmark_format=json` (or
--benchmark_out=FILE --benchmark_out_format=json) writes, ideally with
--benchmark_repetitions=N --benchmark_report_aggregates_only=true (medians
are plotted; without repetitions the single runs are). The panels:

  BM_Validate/<impl>/<input>        GB/s per implementation, long inputs, and
                                    strings/s for the short ones
  BM_Canonicalize/<impl>/<input>    keys/s: u8guard's profiles and the peers
  BM_SanitizePath/<impl>/<input>    paths/s: u8guard and lexically_normal
  BM_AclLookupThreads/...           lookups/s per thread, by thread count

Families missing from the file are left out. The machine, date and build
flags from the file's context are written under the title. Needs
python3-matplotlib (Debian); `./dev bench-plot` runs it.
"""

import json
import re
import sys
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def load(path):
  with open(path, encoding="utf-8") as f:
    text = f.read()
  # u8guard_bench may print lines before the JSON object (e.g. uptime).
  data = json.loads(text[text.index("{"):])
  rows = {}
  for b in data["benchmarks"]:
    aggregate = b.get("aggregate_name")
    if aggregate not in (None, "median"):
      continue
    if b.get("run_type") == "aggregate" and aggregate != "median":
      continue
    name = b["run_name"] if "run_name" in b else b["name"]
    rows[name] = b
  return data.get("context", {}), rows


def rate(b, key):
  v = b.get(key)
  if v is None:
    return None
  return float(v)


def family(rows, prefix, key, scale):
  """{input: {impl: value}} for names PREFIX/<impl>/<input>."""
  out = OrderedDict()
  pattern = re.compile(re.escape(prefix) + r"/([^/]+)/([^/]+)$")
  for name, b in rows.items():
    m = pattern.match(name)
    if not m:
      continue
    impl, inp = m.group(1), m.group(2)
    if impl == "into":  # BM_SanitizePath/into/<input>: u8guard, buffer reused
      impl = "u8guard_into"
    v = rate(b, key)
    if v is None:
      continue
    out.setdefault(inp, OrderedDict())[impl] = v / scale
  return out


def bars(ax, groups, ylabel, title, highlight="u8guard"):
  if not groups:
    ax.set_visible(False)
    return
  impls = []
  for g in groups.values():
    for impl in g:
      if impl not in impls:
        impls.append(impl)
  width = 0.8 / max(len(impls), 1)
  xs = range(len(groups))
  for k, impl in enumerate(impls):
    values = [groups[g].get(impl, 0) for g in groups]
    style = {"edgecolor": "black", "linewidth": 1.2} if impl.startswith(
        highlight) else {}
    ax.bar([x + k * width for x in xs], values, width, label=impl, **style)
  ax.set_xticks([x + width * (len(impls) - 1) / 2 for x in xs])
  ax.set_xticklabels(list(groups.keys()), rotation=20, ha="right")
  ax.set_ylabel(ylabel)
  ax.set_title(title)
  ax.set_yscale("log")
  ax.legend(fontsize=7, ncol=2)
  ax.grid(axis="y", alpha=0.3)


def threads(ax, rows):
  series = OrderedDict()
  pattern = re.compile(r"BM_AclLookupThreads/([^/]+)/([^/]+)/real_time/"
                       r"threads:(\d+)$")
  for name, b in rows.items():
    m = pattern.match(name)
    if not m:
      continue
    v = rate(b, "per_thread_per_second")
    if v is None:
      continue
    series.setdefault(m.group(1) + "/" + m.group(2), []).append(
        (int(m.group(3)), v / 1e6))
  if not series:
    ax.set_visible(False)
    return
  for label, points in series.items():
    points.sort()
    ax.plot([p[0] for p in points], [p[1] for p in points], marker="o",
            label=label)
  ax.set_xlabel("threads")
  ax.set_ylabel("M lookups/s per thread")
  ax.set_title("ACL lookups on one shared index")
  ax.set_yscale("log")
  ax.legend(fontsize=7)
  ax.grid(alpha=0.3)


def main(argv):
  if len(argv) < 3:
    print(__doc__)
    return 2
  context, rows = load(argv[1])
  title = "u8guard against its peers"
  if len(argv) == 5 and argv[3] == "--title":
    title = argv[4]
  long_inputs = family(rows, "BM_Validate", "bytes_per_second", 1e9)
  validate_long = OrderedDict(
      (k, v) for k, v in long_inputs.items() if k.endswith("_1m"))
  validate_short = OrderedDict(
      (k, v) for k, v in family(rows, "BM_Validate", "items_per_second",
                                1e6).items() if k.startswith("short"))
  canon = family(rows, "BM_Canonicalize", "items_per_second", 1e6)
  paths = family(rows, "BM_SanitizePath", "items_per_second", 1e6)
  # BM_SanitizePath/<input> (u8guard itself) has no impl part.
  for name, b in rows.items():
    m = re.match(r"BM_SanitizePath/([^/]+)$", name)
    if m and rate(b, "items_per_second"):
      paths.setdefault(m.group(1), OrderedDict())["u8guard"] = (
          rate(b, "items_per_second") / 1e6)

  fig, axes = plt.subplots(3, 2, figsize=(14, 14))
  bars(axes[0][0], validate_long, "GB/s", "UTF-8 validation, 1 MiB inputs")
  bars(axes[0][1], validate_short, "M strings/s",
       "UTF-8 validation, short strings")
  bars(axes[1][0], canon, "M keys/s", "Canonicalization (PRECIS profiles)")
  bars(axes[1][1], paths, "M paths/s", "Path sanitization")
  threads(axes[2][0], rows)
  axes[2][1].axis("off")
  info = [
      context.get("host_name", ""),
      context.get("date", ""),
      "%s CPUs at %s MHz" % (context.get("num_cpus", "?"),
                             context.get("mhz_per_cpu", "?")),
      context.get("compiler", ""),
      context.get("build_flags", ""),
      context.get("cpu_model", ""),
      context.get("u8guard_kernel", ""),
  ]
  axes[2][1].text(0, 1, "\n".join(i for i in info if i), va="top",
                  fontsize=9, family="monospace", wrap=True)
  fig.suptitle(title)
  fig.tight_layout()
  fig.savefig(argv[2], dpi=90)
  print("wrote", argv[2])
  return 0


if __name__ == "__main__":
  sys.exit(main(sys.argv))
