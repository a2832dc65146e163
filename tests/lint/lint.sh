#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The lint step that `./dev test` (and so CI) runs before the tests, and
# `./dev lint` alone:
#   1. clang-format: every C and C++ file git tracks is formatted
#      (.clang-format);
#   2. licence: every source file has its SPDX line (tests/lint/spdx.py);
#      no issue, pull request or review number in any tracked text
#      (tests/lint/tracker_refs.py, which must catch planted ones);
#      no build output (a program, library, bytecode) is tracked
#      (tests/lint/build_outputs.py, which must catch planted ones);
#      layering: every #include respects src/layers.txt
#      (tests/layering/check_includes.py); Go: gofmt and go vet on both
#      modules of integrations/go (against this build, installed into
#      BUILD_DIR/lint-go-prefix for pkg-config);
#   3. clang-tidy (.clang-tidy: bugprone-*, readability-function-size: no
#      function over 60 lines, 90 statements or 5 levels of nesting) on
#      every source of src/, and readability-function-size alone on the
#      Python module's and the PostgreSQL extension's
#      (integrations/python/*.cc, integrations/postgresql/src/*.c): a
#      finding that tests/lint/clang_tidy_baseline.txt does not list fails;
#      listed ones that are gone are reported, so that the baseline only
#      shrinks. In a unity build it reads each batch whole, and the
#      compiler checks that each source of a batch compiles alone.
#
#   tests/lint/lint.sh BUILD_DIR     (a configured and built build tree:
#                                    compile_commands.json, generated files)
#   tests/lint/lint.sh --update-baseline BUILD_DIR
set -euo pipefail
update=0
if [ "${1:-}" = --update-baseline ]; then
  update=1
  shift
fi
build=$(cd "${1:?usage: lint.sh [--update-baseline] BUILD_DIR}" && pwd)
cd "$(dirname "$0")/../.."
root=$PWD
baseline=tests/lint/clang_tidy_baseline.txt
tidy=$(command -v clang-tidy-14 || command -v clang-tidy)
format=$(command -v clang-format-14 || command -v clang-format)
jobs=$(nproc)
status=0

echo "lint: clang-format"
if ! git ls-files -z '*.h' '*.cc' '*.c' '*.inc' |
  xargs -0 "$format" --dry-run --Werror 2>"$build/lint-format.txt"; then
  cat "$build/lint-format.txt"
  echo "lint: files above are not formatted (./dev format)" >&2
  status=1
fi

echo "lint: SPDX licence lines"
python3 tests/lint/spdx.py "$root" >/dev/null || {
  python3 tests/lint/spdx.py "$root"
  status=1
}

echo "lint: no tracker numbers"
python3 tests/lint/tracker_refs.py "$root" || status=1
python3 tests/lint/tracker_refs.py --self-test "$root" >/dev/null || {
  python3 tests/lint/tracker_refs.py --self-test "$root"
  status=1
}

echo "lint: no tracked build outputs"
python3 tests/lint/build_outputs.py "$root" || status=1
python3 tests/lint/build_outputs.py --self-test "$root" || status=1

echo "lint: gofmt and go vet (integrations/go)"
if go=$(command -v go); then
  gofmt=$("$go" env GOROOT)/bin/gofmt
  unformatted=$(git ls-files -z '*.go' | xargs -0 "$gofmt" -l)
  if [ -n "$unformatted" ]; then
    echo "$unformatted"
    echo "lint: Go files above are not gofmt'd (gofmt -w)" >&2
    status=1
  fi
  goprefix=$build/lint-go-prefix
  rm -rf "$goprefix"
  for c in u8guard_development u8guard_shared; do
    cmake --install "$build" --prefix "$goprefix" --component "$c" >/dev/null
  done
  for dir in integrations/go integrations/go/xtextcompat; do
    (cd "$dir" && PKG_CONFIG_PATH=$(echo "$goprefix"/lib*/pkgconfig) \
      GOPROXY=off GOFLAGS=-mod=mod \
      CGO_LDFLAGS_ALLOW='-Wl,--(push|pop)-state.*' "$go" vet ./...) ||
      status=1
  done
else
  echo "lint: no go (golang-go): gofmt and go vet skipped"
fi

echo "lint: layering"
python3 tests/layering/check_includes.py "$root" || status=1

echo "lint: search_path of the PostgreSQL extension's scripts"
python3 tests/lint/pg_search_path.py || status=1

echo "lint: clang-tidy on src/, integrations/python/ and integrations/postgresql/src/ ($jobs jobs)"
# One finding a line: FILE: CHECK: MESSAGE (no line numbers, which move
# with every edit above them).
# clang-tidy exits non-zero on findings; a file it cannot compile shows as
# an "error:" line.
# It reads the build's compile commands without the precompiled header of a
# U8GUARD_PCH build (clang cannot read GCC's; each file includes what it
# uses), without the Python module's -fno-fat-lto-objects (GCC's; an error
# under its -Werror), and without complaining about the GCC-only warning
# options in them (-Wno-maybe-uninitialized, -Wno-stringop-overflow, ...).
# In a unity build (U8GUARD_UNITY_BUILD, as ./dev test builds) clang-tidy
# reads each batch file of CMake's (.../Unity/unity_N_cxx.cxx) whole, so
# that the headers its sources share are parsed and matched once, not once
# per source (4.2 minutes of the lint became 0.7 on two vCPUs); a finding
# names the source it is in, as when the source is read alone. What reading
# each source alone also proved, that it compiles without its neighbours in
# the batch, is proved by the compiler: each source of a batch is compiled
# alone with -fsyntax-only, with the batch's command and no precompiled
# header (1.1 minutes). Sources outside any batch (the SIMD kernels, with
# their own flags) are read alone as before.
mkdir -p "$build/lint-tidy-db"
python3 - "$build/compile_commands.json" "$build/lint-tidy-db" "$root" <<'EOF'
import json
import re
import shlex
import subprocess
import sys

db, out_dir, root = sys.argv[1:]
tidy_db = []    # the build's entries, less the PCH and GCC's LTO flag
targets = []    # what clang-tidy reads: batches of src/, other src/ files
syntax = []     # each source of a batch, compiled alone (shell commands)
in_batches = set()
for entry in json.load(open(db, encoding="utf-8")):
    entry["command"] = re.sub(
        r" -Winvalid-pch| -include \S*/cmake_pch\.hxx| -fno-fat-lto-objects",
        "", entry["command"])
    tidy_db.append(entry)
    batch = entry["file"]
    if not re.search(r"/Unity/unity_\d+_(cxx|c)\.(cxx|c)$", batch):
        continue
    with open(batch, encoding="utf-8") as f:
        sources = re.findall(r'^#include "(/[^"]+)"$', f.read(), re.M)
    if not sources:
        sys.exit(f"lint: no sources in the unity batch {batch}")
    mine = [s for s in sources if s.startswith(root + "/src/")]
    if not mine:
        continue
    targets.append(batch)
    for source in mine:
        in_batches.add(source)
        args = shlex.split(entry["command"].replace(batch, source))
        for flag in ("-o", "-MT", "-MF"):  # each with its argument
            if flag in args:
                del args[args.index(flag):args.index(flag) + 2]
        args = [a for a in args if a not in ("-c", "-MD")] + ["-fsyntax-only"]
        syntax.append("cd " + shlex.quote(entry["directory"]) + " && " +
                      shlex.join(args))
files = subprocess.run(["git", "ls-files", "src/*.cc"], cwd=root,
                       capture_output=True, text=True, check=True).stdout
for path in files.split():
    if root + "/" + path not in in_batches:
        targets.append(root + "/" + path)
json.dump(tidy_db, open(out_dir + "/compile_commands.json", "w",
                        encoding="utf-8"), indent=1)
open(out_dir + "/targets.txt", "w", encoding="utf-8").write(
    "".join(t + "\0" for t in targets))
open(out_dir + "/syntax.txt", "w", encoding="utf-8").write(
    "".join(c + "\0" for c in syntax))
EOF
# The Python module's and the PostgreSQL extension's sources get the size
# check only: the rules they translate live in src/, under bugprone-*, and
# with pybind11's templates each Python file costs about twice a file of
# src/ under every check, about one file under the size check alone.
{
  xargs -0 -n 1 -P "$jobs" "$tidy" -p "$build/lint-tidy-db" --quiet \
    --extra-arg=-Wno-unknown-warning-option <"$build/lint-tidy-db/targets.txt"
  git ls-files -z 'integrations/python/*.cc' \
    'integrations/postgresql/src/*.c' |
    xargs -0 -n 1 -P "$jobs" "$tidy" -p "$build/lint-tidy-db" --quiet \
      --extra-arg=-Wno-unknown-warning-option \
      '--checks=-*,readability-function-size'
} >"$build/lint-tidy-raw.txt" 2>&1 || true
if [ -s "$build/lint-tidy-db/syntax.txt" ]; then
  echo "lint: each source of a unity batch compiles alone ($jobs jobs)"
  if ! xargs -0 -n 1 -P "$jobs" bash -c <"$build/lint-tidy-db/syntax.txt" \
    >"$build/lint-syntax.txt" 2>&1; then
    cat "$build/lint-syntax.txt"
    echo "lint: the sources above do not compile alone (an #include" \
      "missing, found in a neighbour of their unity batch)" >&2
    status=1
  fi
fi
# (A file it cannot read or compile shows as an "error:" line, with or
# without a place: either fails the lint rather than passing it silently.)
if grep -E "^([^ ]+:[0-9]+:[0-9]+: )?error: " "$build/lint-tidy-raw.txt"; then
  echo "lint: clang-tidy could not compile the files above" >&2
  exit 1
fi
# (A batch file's own #include lines of .cc files are not findings.)
sed -n "s|^$root/\([^:]*\):[0-9]*:[0-9]*: warning: \(.*\) \[\([^]]*\)\]$|\1: \3: \2|p" \
  "$build/lint-tidy-raw.txt" | { grep -v '/Unity/unity_[0-9]*_cx*\.cx*: ' || true; } |
  sort -u >"$build/lint-tidy.txt"
if [ $update = 1 ]; then
  cp "$build/lint-tidy.txt" "$baseline"
  echo "lint: $(wc -l <"$baseline") findings written to $baseline"
  exit $status
fi
new=$(comm -23 "$build/lint-tidy.txt" <(sort -u "$baseline"))
gone=$(comm -13 "$build/lint-tidy.txt" <(sort -u "$baseline"))
if [ -n "$new" ]; then
  echo "$new"
  echo "lint: clang-tidy findings above are new (fix them; see .clang-tidy)" >&2
  status=1
fi
if [ -n "$gone" ]; then
  echo "lint: fixed since the baseline (remove them from $baseline):"
  echo "$gone"
fi
[ $status = 0 ] && echo "lint: ok"
exit $status
