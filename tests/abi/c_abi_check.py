#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the C ABI against the last release: abidiff (abigail-tools) on
"ABI probes" of the release's C headers and of today's.

    c_abi_check.py SOURCE_DIR GENERATED_INCLUDE_DIR [LIBRARY]
    c_abi_check.py --baseline REF SOURCE_DIR GENERATED_INCLUDE_DIR [LIBRARY]
    c_abi_check.py --self-test SOURCE_DIR GENERATED_INCLUDE_DIR

SOURCE_DIR is the source tree (its include/ holds today's headers),
GENERATED_INCLUDE_DIR the build's include/ (u8guard/version_macros.h),
LIBRARY the built libu8guard.so. The baseline is the latest v* tag
reachable from HEAD (`git describe --tags --abbrev=0 --match 'v*'`), so the
next release's tag becomes the baseline by itself; --baseline names
another. Its include/ is extracted with `git archive`, and its
u8guard/version_macros.h configured from its cmake/version_macros.h.in.

A probe is a small C shared object compiled (`gcc -g -shared -fPIC`, no
library build) from a file that includes u8guard/u8guard_c.h and defines,
for every u8guard_* function the headers declare (the list of
tests/install/check_exports.py), a variable whose type is a pointer to that
function's type, and for every integer constant (the U8GUARD_* macros and
enumerators) a variable of an enumeration whose one enumerator has the
constant's value. abidw describes each probe, and `abidiff
--no-added-syms` compares them. It fails on
  * a function or constant removed (a removed variable);
  * a function's signature changed, including the layout of every struct
    reached through its parameters and result (u8guard_path_options,
    u8guard_error, ...) and the values of the enumerations there;
  * a constant's value changed (an enumerator's value);
and lets additions pass: new functions, constants, enumerators. Not
compared: the version macros (U8GUARD_VERSION_*, which every release
changes) and U8GUARD_RULE_MAX, the highest rule a header knows. Where the
baseline's U8GUARD_ABI_VERSION differs from today's, the SONAME has changed
and nothing is compared. With LIBRARY, every function of the baseline must
also be exported by it under the version node U8GUARD_N of that ABI
version (nm -D).

--self-test plants, each in a copy of today's headers, a removed function,
a parameter type changed, a member inserted in the middle of
u8guard_path_options, a macro constant's value and an enumerator's value
changed, and expects each reported; and additions (a function, a macro
constant, an enumerator), which must pass.

Exit status: 0 passed, 1 an ABI break (or a plant not caught), 77
(skipped) where SOURCE_DIR is not a git checkout or no v* tag is reachable.
abigail-tools (abidw, abidiff) is required: `./dev test` installs it.
"""

import argparse
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "install"))
import check_exports  # noqa: E402  (the header parser, shared)

SKIP = 77
UMBRELLA = os.path.join("u8guard", "u8guard_c.h")
# Macros that are not constants of the ABI: the headers' release version,
# which every release changes, the highest rule a header knows, which grows
# with every new rule, and the ABI version, compared on its own.
NOT_CONSTANTS = {
    "U8GUARD_VERSION_MAJOR", "U8GUARD_VERSION_MINOR", "U8GUARD_VERSION_PATCH",
    "U8GUARD_VERSION_NUMBER", "U8GUARD_VERSION_STRING", "U8GUARD_RULE_MAX",
    "U8GUARD_ABI_VERSION"
}
CC = os.environ.get("CC") or "gcc"


def run(args, **kwargs):
  return subprocess.run(args, check=True, capture_output=True, text=True,
                        **kwargs).stdout


def preprocess(includes, *flags):
  args = [CC, "-E", *flags] + [f"-I{d}" for d in includes] + ["-x", "c", "-"]
  return run(args, input=f'#include "{UMBRELLA}"\n')


def macros(includes):
  """NAME -> VALUE of the object-like U8GUARD_* macros the headers define."""
  found = {}
  for line in preprocess(includes, "-dM").splitlines():
    m = re.match(r"#define (U8GUARD_\w+) (.*)$", line)
    if m:  # (a function-like macro has "(" right after its name)
      found[m.group(1)] = m.group(2).strip()
  return found


def constants(includes):
  """The integer constants: U8GUARD_* macros and enumerators."""
  names = set()
  for name, value in macros(includes).items():
    if (name not in NOT_CONSTANTS and value and '"' not in value and
        "_Pragma" not in value and "__attribute__" not in value):
      names.add(name)
  text = preprocess(includes, "-P")
  for body in re.findall(r"\benum\b\s*\w*\s*\{(.*?)\}", text, flags=re.S):
    names |= set(re.findall(r"(?:^|,)\s*(U8GUARD_\w+)", body))
  return names


def probe(includes, work, label):
  """Compiles the probe of the headers in INCLUDES; returns its functions,
  constants, ABI version and the path of abidw's description."""
  header = os.path.join(includes[0], UMBRELLA)
  functions = check_exports.declared_functions(header, includes[0])
  names = constants(includes)
  abi_version = macros(includes).get("U8GUARD_ABI_VERSION")
  lines = [f"/* The C ABI probe of {label}: generated by c_abi_check.py. */",
           f'#include "{UMBRELLA}"', ""]
  for f in sorted(functions):
    lines.append(f"__typeof__(&{f}) const u8guard_abi_probe_{f} = &{f};")
  for c in sorted(names):
    lines.append(f"enum u8guard_abi_constant_{c} {{ u8guard_abi_value_{c} = "
                 f"({c}) }};")
    lines.append(f"const enum u8guard_abi_constant_{c} u8guard_abi_probe_{c} "
                 f"= u8guard_abi_value_{c};")
  source = os.path.join(work, f"{label}.c")
  with open(source, "w", encoding="utf-8") as out:
    out.write("\n".join(lines) + "\n")
  shared = os.path.join(work, f"{label}.so")
  run([CC, "-g", "-O0", "-shared", "-fPIC", "-std=gnu11", "-w"] +
      [f"-I{d}" for d in includes] + ["-o", shared, source])
  described = os.path.join(work, f"{label}.abi")
  run(["abidw", "--out-file", described, shared])
  return functions, names, abi_version, described


def abidiff(old, new):
  """(exit status, report) of abidiff on two probes; additions pass."""
  done = subprocess.run(["abidiff", "--no-added-syms", old, new],
                        capture_output=True, text=True, check=False)
  return done.returncode, done.stdout + done.stderr


def compare(old_includes, new_includes, work, old_label, new_label):
  """Prints the comparison; returns (passed, report, old probe)."""
  old = probe(old_includes, work, "old")
  new = probe(new_includes, work, "new")
  print(f"{old_label}: {len(old[0])} functions, {len(old[1])} constants; "
        f"{new_label}: {len(new[0])} functions, {len(new[1])} constants")
  if old[2] != new[2]:
    print(f"U8GUARD_ABI_VERSION changed from {old[2]} to {new[2]}: a new "
          "SONAME, nothing to compare")
    return True, "", old
  added = sorted(new[0] - old[0]) + sorted(new[1] - old[1])
  if added:
    print(f"added since {old_label} ({len(added)}): {' '.join(added)}")
  status, report = abidiff(old[3], new[3])
  return status == 0, report, old


def versioned_exports(library):
  """NAME -> version node of the functions LIBRARY exports."""
  out = run([os.environ.get("NM") or "nm", "-D", "--defined-only", library])
  found = {}
  for line in out.splitlines():
    m = re.match(r"\S+ \S (\w+)@@?(\w+)$", line)
    if m:
      found[m.group(1)] = m.group(2)
  return found


def check_library(library, functions, abi_version, label):
  node = f"U8GUARD_{abi_version}"
  exports = versioned_exports(library)
  problems = []
  for f in sorted(functions):
    if f not in exports:
      problems.append(f"{f} (of {label}) is not exported by {library}")
    elif exports[f] != node:
      problems.append(f"{f} (of {label}) is exported as {f}@{exports[f]}, "
                      f"not {f}@{node}")
  print(f"{library}: exports the {len(functions) - len(problems)} of "
        f"{len(functions)} functions of {label} under {node}")
  for p in problems:
    print(p)
  return not problems


def git(source, *args):
  return subprocess.run(["git", "-C", source, *args], capture_output=True,
                        check=False)


def extract_release(source, ref, dest):
  """The include/ tree of REF, with its version_macros.h configured."""
  done = git(source, "archive", ref, "include", "cmake/version_macros.h.in",
             "CMakeLists.txt")
  if done.returncode != 0:
    raise RuntimeError(f"git archive {ref}: {done.stderr.decode().strip()}")
  with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
    if hasattr(tarfile, "data_filter"):  # Python 3.12, and 3.11.4 on
      tar.extractall(dest, filter="data")
    else:
      tar.extractall(dest)
  generated = os.path.join(dest, "include", "u8guard", "version_macros.h")
  if not os.path.exists(generated):
    with open(os.path.join(dest, "CMakeLists.txt"), encoding="utf-8") as f:
      cmake = f.read()
    version = re.search(r"project\(\s*u8guard\s+VERSION\s+(\d+)\.(\d+)\.(\d+)",
                        cmake)
    abi = re.search(r"set\(U8GUARD_ABI_VERSION\s+(\d+)\)", cmake)
    if not version or not abi:
      raise RuntimeError(f"{ref}'s CMakeLists.txt: no project VERSION or "
                         "U8GUARD_ABI_VERSION")
    values = {
        "PROJECT_VERSION": ".".join(version.groups()),
        "PROJECT_VERSION_MAJOR": version.group(1),
        "PROJECT_VERSION_MINOR": version.group(2),
        "PROJECT_VERSION_PATCH": version.group(3),
        "U8GUARD_ABI_VERSION": abi.group(1),
    }
    with open(os.path.join(dest, "cmake", "version_macros.h.in"),
              encoding="utf-8") as f:
      template = f.read()
    with open(generated, "w", encoding="utf-8") as f:
      f.write(re.sub(r"@(\w+)@", lambda m: values[m.group(1)], template))
  return os.path.join(dest, "include")


def against_release(source, generated, library, baseline):
  top = git(source, "rev-parse", "--show-toplevel")
  if (top.returncode != 0 or os.path.realpath(top.stdout.decode().strip()) !=
      os.path.realpath(source)):
    print(f"skipped: {source} is not a git checkout")
    return SKIP
  if baseline is None:
    done = git(source, "describe", "--tags", "--abbrev=0", "--match", "v*")
    if done.returncode != 0:
      print("skipped: no v* tag is reachable from HEAD (a shallow clone?)")
      return SKIP
    baseline = done.stdout.decode().strip()
  with tempfile.TemporaryDirectory(prefix="u8guard-abi-") as work:
    old_includes = extract_release(source, baseline, os.path.join(work, "old"))
    passed, report, old = compare(
        [old_includes], [os.path.join(source, "include"), generated], work,
        baseline, "the working tree")
    if report and not passed:
      print(report, end="")
    if passed:
      print(f"the C ABI of the working tree keeps {baseline}'s")
    else:
      print(f"the C ABI of the working tree breaks {baseline}'s (above): "
            "restore it, or raise U8GUARD_ABI_VERSION (docs/c-api.md, "
            "\"ABI policy\")")
    if library and old[2] is not None:
      current = macros([os.path.join(source, "include"), generated])
      if current.get("U8GUARD_ABI_VERSION") == old[2]:
        passed = check_library(library, old[0], old[2], baseline) and passed
  return 0 if passed else 1


# ---- the self-test -----------------------------------------------------------
# (name, file under include/u8guard/, pattern, replacement, whether abidiff
# must report it, what its report must mention).
PLANTS = [
    ("a removed function", "c/base.h",
     r"U8GUARD_EXPORT int u8guard_abi_version\(void\);", "", True,
     ["u8guard_abi_probe_u8guard_abi_version"]),
    ("a parameter's type changed", "c/path.h",
     r"(const char \*raw, )size_t( raw_len, const u8guard_path_options)",
     r"\1uint32_t\2", True, ["u8guard_abi_probe_u8guard_sanitize_path"]),
    ("a member inserted in the middle of u8guard_path_options", "c/path.h",
     r"(\n  int allow_hidden;)", r"\n  int planted_member;\1", True,
     ["u8guard_path_options", "planted_member"]),
    ("a macro constant's value changed", "c/base.h",
     r"(#define U8GUARD_SOURCE_PATH )3\b", r"\g<1>30", True,
     ["u8guard_abi_probe_U8GUARD_SOURCE_PATH"]),
    ("an enumerator's value changed", "c/base.h",
     r"(U8GUARD_NO_MATCH = )2,", r"\g<1>20,", True,
     ["u8guard_abi_probe_U8GUARD_NO_MATCH"]),
    ("additions: a function, a macro constant, an enumerator", "c/base.h",
     r"(U8GUARD_CANCELLED = 12,)(.*?)(\} u8guard_status;)",
     r"\1\n  U8GUARD_PLANTED_STATUS = 13,\2\3\n"
     r"#define U8GUARD_PLANTED_CONSTANT 7\n"
     r"U8GUARD_EXPORT int u8guard_planted_addition(int);", False, []),
]


def self_test(source, generated):
  failures = []
  with tempfile.TemporaryDirectory(prefix="u8guard-abi-self-test-") as work:
    clean = os.path.join(work, "clean")
    shutil.copytree(os.path.join(source, "include"), clean)
    baseline = probe([clean, generated], work, "clean")
    for i, (name, path, pattern, replacement, breaks, expect) in enumerate(
        PLANTS):
      planted = os.path.join(work, f"planted{i}")
      shutil.copytree(clean, planted)
      header = os.path.join(planted, "u8guard", path)
      with open(header, encoding="utf-8") as f:
        text = f.read()
      text, count = re.subn(pattern, replacement, text, flags=re.S)
      if count != 1:
        failures.append(f"{name}: the plant no longer applies to "
                        f"include/u8guard/{path} (update PLANTS)")
        continue
      with open(header, "w", encoding="utf-8") as f:
        f.write(text)
      new = probe([planted, generated], work, f"planted{i}")
      status, report = abidiff(baseline[3], new[3])
      missing = [e for e in expect if e not in report]
      if breaks and (status == 0 or missing):
        failures.append(f"{name}: not reported (abidiff exit {status}, "
                        f"missing {missing}):\n{report}")
      elif not breaks and status != 0:
        failures.append(f"{name}: reported as a break (abidiff exit "
                        f"{status}):\n{report}")
      else:
        outcome = "reported" if breaks else "passed"
        print(f"self-test: {name}: {outcome} (abidiff exit {status})")
  for f in failures:
    print(f"self-test: {f}")
  print(f"self-test: {len(PLANTS) - len(failures)} of {len(PLANTS)} plants "
        "handled as expected")
  return 1 if failures else 0


def main(argv):
  parser = argparse.ArgumentParser(
      description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
  parser.add_argument("--self-test", action="store_true")
  parser.add_argument("--baseline")
  parser.add_argument("source")
  parser.add_argument("generated")
  parser.add_argument("library", nargs="?")
  args = parser.parse_args(argv[1:])
  missing = [t for t in ("abidw", "abidiff", CC) if not shutil.which(t)]
  if missing:
    print(f"missing: {' '.join(missing)} (abigail-tools and gcc: ./dev "
          "test installs them, or apt-get install abigail-tools)")
    return 1
  start = time.monotonic()
  try:
    if args.self_test:
      status = self_test(args.source, args.generated)
    else:
      status = against_release(args.source, args.generated, args.library,
                               args.baseline)
  except (subprocess.CalledProcessError, RuntimeError) as e:
    print(f"error: {e}")
    if getattr(e, "stderr", None):
      print(e.stderr, end="")
    return 1
  print(f"{time.monotonic() - start:.1f} s")
  return status


if __name__ == "__main__":
  sys.exit(main(sys.argv))
