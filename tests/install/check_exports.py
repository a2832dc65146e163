#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the dynamic symbol table of an installed libu8guard.so.

Usage: check_exports.py LIBRARY HEADER

Passes when every symbol the library defines and exports is
  * a function of the C API: u8guard_*, each declared in HEADER
    (include/u8guard/u8guard_c.h), and every function HEADER declares is
    exported; or
  * a function or object of the C++ API: demangled, it starts with
    "u8guard::" and a capital letter (the version script's rule);
so that no symbol of Abseil, ICU, toml++ or the standard library is
exported; and no exported name mentions "internal" (not even in a
parameter type). Prints the counts; exits 1 with one line per problem.
"""

import os
import re
import subprocess
import sys


def exported(library, demangle):
  args = ["nm", "-D", "--defined-only"] + (["-C"] if demangle else [])
  out = subprocess.run(args + [library], check=True, capture_output=True,
                       text=True).stdout
  symbols = []
  for line in out.splitlines():
    # "ADDRESS TYPE NAME@@VERSION"; NAME may hold spaces once demangled.
    parts = line.split(" ", 2)
    if len(parts) == 3 and parts[1] != "A":  # "A": the version node itself
      symbols.append(re.sub(r"@@?U8GUARD_\d+$", "", parts[2]))
  return symbols


def declared_functions(header, include_dir=None):
  """The functions HEADER declares, and the headers of u8guard/c/ it
  includes (u8guard_c.h, in INCLUDE_DIR/u8guard/, is an umbrella over one
  header per area)."""
  with open(header, encoding="utf-8") as f:
    text = f.read()
  text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)  # comments
  found = set(re.findall(r"U8GUARD_EXPORT[^;{]*?\b(u8guard_\w+)\s*\(", text))
  if include_dir is None:
    include_dir = os.path.dirname(os.path.dirname(os.path.abspath(header)))
  for part in re.findall(r'#include "(u8guard/c/\w+\.h)"', text):
    found |= declared_functions(os.path.join(include_dir, part), include_dir)
  return found


def main(argv):
  if len(argv) != 3:
    print(__doc__)
    return 2
  library, header = argv[1], argv[2]
  raw = exported(library, demangle=False)
  demangled = exported(library, demangle=True)
  declared = declared_functions(header)
  problems = []
  c_api = {s for s in raw if s.startswith("u8guard_")}
  for name in sorted(declared - c_api):
    problems.append(f"declared in the C header but not exported: {name}")
  for name in sorted(c_api - declared):
    problems.append(f"exported but not declared in the C header: {name}")
  cpp = [s for s in demangled if not s.startswith("u8guard_")]
  for name in cpp:
    if not re.match(r"u8guard::[A-Z]", name):
      problems.append(f"not part of the public API: {name}")
  for name in demangled:
    if "internal" in name:
      problems.append(f"names library internals: {name}")
  print(f"{library}: {len(raw)} symbols exported: {len(c_api)} C functions "
        f"of the {len(declared)} the C header declares, {len(cpp)} C++ "
        f"(u8guard::[A-Z]*); {len(problems)} problems")
  for p in problems:
    print(p)
  return 1 if problems else 0


if __name__ == "__main__":
  sys.exit(main(sys.argv))
