#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks every #include under src/ and include/ against src/layers.txt.

A file belongs to the layer whose SOURCE_DIR holds it (src/...) or whose
PUBLIC_HEADERS name it (include/u8guard/...). It may include:
  * public headers and internal headers of its own layer and of the layers
    listed before it (for the layers after `api`, the shells over the public
    API such as the CLI: public headers of any layer before it, and its own
    files, but no library-internal header);
  * the EXTERNALS of its layer and of the layers before it (icu: <unicode/...>,
    toml: <toml++/...>), Abseil and the C++/C standard library.
Anything else is a violation: an include of a higher layer, an ICU header
below the unicode layer, an internal header in the CLI, a u8guard header that
no layer declares.

Usage: check_includes.py ROOT            check the tree at ROOT
       check_includes.py --self-test     plant violations in a copy and expect
                                         each to be caught
Exit status 0 when clean, 1 with one line per violation otherwise.
"""

import os
import re
import shutil
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
EXTERNAL_PREFIXES = {"icu": ("unicode/",), "toml": ("toml++/",)}
# Libraries every layer may use.
ALWAYS = ("absl/",)


def read_layers(root):
  layers = []
  with open(os.path.join(root, "src/layers.txt"), encoding="utf-8") as f:
    for raw in f:
      line = raw.split("#", 1)[0].split()
      if not line:
        continue
      name, src_dir, externals, *headers = line
      layers.append({
          "name": name,
          "dir": None if src_dir == "-" else src_dir.rstrip("/") + "/",
          "externals": set() if externals == "-" else set(externals.split(",")),
          "headers": {"include/u8guard/" + h for h in headers if h != "-"},
      })
  return layers


def layer_of(path, layers):
  for i, layer in enumerate(layers):
    if layer["dir"] and path.startswith(layer["dir"]):
      return i
    if path in layer["headers"]:
      return i
  return None


def check(root):
  layers = read_layers(root)
  api = next(i for i, l in enumerate(layers) if l["name"] == "api")
  problems = []
  files = []
  for top in ("src", "include"):
    for dirpath, _, names in os.walk(os.path.join(root, top)):
      for n in sorted(names):
        if n.endswith((".h", ".cc", ".inc", ".c")):
          files.append(os.path.relpath(os.path.join(dirpath, n), root))
  for path in sorted(files):
    own = layer_of(path, layers)
    if own is None:
      problems.append(f"{path}: belongs to no layer of src/layers.txt")
      continue
    shell = own > api
    allowed_ext = set()
    for layer in layers[: own + 1]:
      allowed_ext |= layer["externals"]
    with open(os.path.join(root, path), encoding="utf-8") as f:
      for number, text in enumerate(f, 1):
        m = INCLUDE.match(text)
        if not m:
          continue
        target = m.group(2)
        where = f"{path}:{number}: {text.strip()}"
        if target.startswith("u8guard/") or target.startswith("src/"):
          rel = "include/" + target if target.startswith("u8guard/") else target
          dep = layer_of(rel, layers)
          if dep is None:
            problems.append(f"{where}: a u8guard header no layer declares")
          elif dep > own:
            problems.append(
                f"{where}: layer {layers[own]['name']} includes the higher "
                f"layer {layers[dep]['name']}")
          elif shell and target.startswith("src/") and dep != own:
            problems.append(
                f"{where}: {layers[own]['name']} is a shell over the public "
                f"API and may not include library-internal headers")
          continue
        if target.startswith(ALWAYS):
          continue
        ext = next((e for e, prefixes in EXTERNAL_PREFIXES.items()
                    if target.startswith(prefixes)), None)
        if ext is not None:
          if ext not in allowed_ext:
            problems.append(
                f"{where}: layer {layers[own]['name']} may not use {ext} "
                f"(first allowed in layer "
                f"{next(l['name'] for l in layers if ext in l['externals'])})")
          continue
        if m.group(1) == '"' and "/" in target:
          problems.append(f"{where}: unknown library header")
        # Anything else in <...> is the C/C++ standard library or the OS.
  return problems


def self_test(root):
  """Plants each kind of violation in a copy of the tree; each must fail."""
  plants = [
      ("src/unicode/planted.cc", '#include "u8guard/profile.h"\n',
       "includes the higher layer profile"),
      ("src/utf8/planted.cc", "#include <unicode/utypes.h>\n",
       "may not use icu"),
      ("src/cli/planted.cc", '#include "src/precis/pipeline.h"\n',
       "may not include library-internal headers"),
      ("src/bom/planted.cc", '#include "src/unicode/mappings.h"\n',
       "includes the higher layer unicode"),
      ("src/common/planted.cc", '#include "u8guard/utf8.h"\n',
       "includes the higher layer utf8"),
      ("src/confusables/planted.cc", '#include "u8guard/registration.h"\n',
       "includes the higher layer registration"),
      ("src/precis/planted.cc", '#include "src/acl/acl_lines.h"\n',
       "includes the higher layer acl"),
      ("src/nowhere/planted.cc", "\n", "belongs to no layer"),
  ]
  failures = []
  if check(root):
    failures.append("the tree itself is not clean: " + "; ".join(check(root)))
  for path, text, expected in plants:
    with tempfile.TemporaryDirectory() as tmp:
      for top in ("src", "include"):
        shutil.copytree(os.path.join(root, top), os.path.join(tmp, top))
      os.makedirs(os.path.dirname(os.path.join(tmp, path)), exist_ok=True)
      with open(os.path.join(tmp, path), "w", encoding="utf-8") as f:
        f.write(text)
      found = check(tmp)
      if not any(expected in p for p in found):
        failures.append(f"planted {path} ({text.strip()}) not caught: {found}")
      else:
        print(f"caught planted {path}: {[p for p in found if expected in p][0]}")
  return failures


def main(argv):
  if len(argv) == 3 and argv[1] == "--self-test":
    failures = self_test(argv[2])
    for f in failures:
      print(f)
    return 1 if failures else 0
  if len(argv) != 2:
    print(__doc__)
    return 2
  problems = check(argv[1])
  for p in problems:
    print(p)
  if not problems:
    print("layering: every #include under src/ and include/ respects "
          "src/layers.txt")
  return 1 if problems else 0


if __name__ == "__main__":
  sys.exit(main(sys.argv))
