#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that the SIMD kernels' object files run nothing but their kernel.

Each src/utf8/kernel_<isa>.cc is compiled with flags for a newer instruction
set than the rest of the library (src/utf8/kernel.h) and called only after
the CPU was checked. So its object file may define no function that anything
else could call or the linker could pick instead of another file's copy (a
global or weak function other than its one entry, u8guard::internal::
Validate<Isa>Kernel: an inline function of a shared header emitted there),
and nothing that runs at start-up (a static initializer in .init_array or
.ctors, such as <iostream>'s). Local functions and read-only data are its own.

Usage: check_kernel_objects.py OBJECT...   the objects of the utf8 layer;
                                           those not named kernel_*.o are
                                           skipped
The environment variables NM and OBJDUMP name the tools (default: nm,
objdump).
Exit status 0 when clean, 1 with one line per problem otherwise.
"""

import os
import re
import subprocess
import sys

ENTRY = re.compile(r"^u8guard::internal::Validate\w+Kernel\(")
# Weak data the C++ runtime needs in any object with unwind tables.
ALLOWED_DATA = {"DW.ref.__gxx_personality_v0"}
START_UP = (".init_array", ".ctors", ".preinit_array")


def problems(path):
  out = []
  symbols = subprocess.run([os.environ.get("NM", "nm"), "-C", "--defined-only", path], check=True,
                           capture_output=True, text=True).stdout
  entries = 0
  for line in symbols.splitlines():
    parts = line.split(maxsplit=2)
    if len(parts) != 3:
      continue
    _, kind, name = parts
    if kind.islower() and kind not in "iuvw":
      continue  # local (i, u, v, w: indirect, unique or weak: not local)
    if kind == "T" and ENTRY.match(name):
      entries += 1
      continue
    if kind in "vV" and name in ALLOWED_DATA:
      continue
    if kind in "rRbBdD":
      continue  # global data is not run
    out.append(f"{path}: defines {name} ({kind}): only the kernel's entry may "
               "be a non-local function")
  if entries != 1:
    out.append(f"{path}: {entries} kernel entries, want 1")
  headers = subprocess.run([os.environ.get("OBJDUMP", "objdump"), "-h", path], check=True,
                           capture_output=True, text=True).stdout
  for section in START_UP:
    if re.search(r"\s" + re.escape(section) + r"\s", headers):
      out.append(f"{path}: has {section}: code run at start-up, on any CPU")
  return out


def main():
  # CMake may pass its list of objects as one argument, ';'-separated.
  paths = [p for arg in sys.argv[1:] for p in arg.split(";") if p]
  kernels = [p for p in paths if os.path.basename(p).startswith("kernel_")]
  if not kernels:
    sys.exit("no kernel_*.o among the arguments")
  found = [p for path in kernels for p in problems(path)]
  for line in found:
    print(line)
  print(f"{len(kernels)} kernel objects checked, {len(found)} problems")
  return 1 if found else 0


if __name__ == "__main__":
  sys.exit(main())
