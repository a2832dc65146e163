#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A plain configure on a machine with only the library's own dependencies
# (ICU, Abseil, toml++, a compiler, cmake): it must succeed, give the
# libraries and the tool, and say what it skips and why; asking for a part
# whose dependency is missing must fail and name the package.
#
# The peers are hidden from CMake rather than uninstalled: GoogleTest,
# Google Benchmark, pkg-config (utf8proc, libidn, libpq), Python
# (pybind11) through CMAKE_DISABLE_FIND_PACKAGE_*, pkg-config's search
# path emptied, pg_config pointed at a file that does not exist. Then the
# commands that build the tool are checked for the hidden peers (with
# U8GUARD_LEAN_BUILD=1 the tool is also built and run).
#
# Environment (set by tests/CMakeLists.txt): U8GUARD_SOURCE_DIR,
# U8GUARD_WORK_DIR (scratch, under the build dir), CMAKE, CMAKE_GENERATOR,
# CXX.
set -euo pipefail

source=$U8GUARD_SOURCE_DIR
work=$U8GUARD_WORK_DIR
rm -rf "$work"
mkdir -p "$work/empty"

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# lean_configure DIR [cmake args...]: configures DIR with the peers hidden;
# its output goes to DIR.log.
lean_configure() {
  local dir=$1
  shift
  PKG_CONFIG_PATH=$work/empty PKG_CONFIG_LIBDIR=$work/empty \
    "$CMAKE" -S "$source" -B "$dir" -G "$CMAKE_GENERATOR" \
    -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_Python3=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_pybind11=ON \
    -DU8GUARD_PG_CONFIG=/nonexistent/pg_config "$@" >"$dir.log" 2>&1
}

expect_line() {
  local log=$1 line=$2
  grep -qxF -- "$line" "$log" || {
    cat "$log" >&2
    fail "no line '$line' in $log"
  }
}

# 1. The plain configure succeeds and names each part it skips.
start=$(date +%s%N)
lean_configure "$work/lean" || {
  cat "$work/lean.log" >&2
  fail "the lean configure failed"
}
echo "lean configure: $((($(date +%s%N) - start) / 1000000)) ms"
log=$work/lean.log
expect_line "$log" "-- u8guard: the test suites not built: U8GUARD_TESTS is OFF"
expect_line "$log" "-- u8guard: u8guard_bench not built: U8GUARD_BENCH is OFF"
expect_line "$log" "-- u8guard: the Python module not built: no Python 3 development files: install python3-dev"
expect_line "$log" "-- u8guard: the PostgreSQL extension not built: U8GUARD_PG_CONFIG=/nonexistent/pg_config does not exist"
expect_line "$log" "-- u8guard: building: libu8guard.a, libu8guard.so, the u8guard tool, the examples"
grep -q "^-- u8guard: not building: the test suites (U8GUARD_TESTS is OFF); u8guard_bench (U8GUARD_BENCH is OFF); the Python module (.*); the PostgreSQL extension (.*)$" "$log" ||
  fail "no summary of what is not built in $log"

# The build has the libraries and the tool, and nothing of what it skipped.
if [ "$CMAKE_GENERATOR" = Ninja ]; then
  targets=$("$CMAKE" --build "$work/lean" -- -t targets all)
else
  targets=$("$CMAKE" --build "$work/lean" --target help)
fi
for t in u8guard u8guard_shared u8guard_cli login_check; do
  grep -qw -- "$t" <<<"$targets" || fail "no target $t in the lean build"
done
for t in utf8_reference_test capi_test u8guard_bench u8guard_python \
  u8guard_postgresql; do
  if grep -qw -- "$t" <<<"$targets"; then
    fail "target $t in the lean build"
  fi
done
# What building the tool runs (with the library) uses none of the hidden
# peers: no test, benchmark, Python or PostgreSQL header or library is on
# any of its command lines. Compiling it is not repeated here: the Debian
# packages' build (Packaging.deb.build) compiles the same library and tool
# with the tests and benchmarks off, and every other build compiles the
# same sources, so a lean compile would cost minutes of CI and prove
# nothing more. U8GUARD_LEAN_BUILD=1 builds and runs the tool anyway.
if [ "$CMAKE_GENERATOR" = Ninja ]; then
  commands=$("$CMAKE" --build "$work/lean" -- -t commands u8guard_cli)
  [ -n "$commands" ] || fail "no commands for u8guard_cli in the lean build"
  grep -q -- "-o u8guard " <<<"$commands" ||
    fail "the lean build's commands do not link the tool"
  if hidden=$(grep -oiE -- "gtest|gmock|benchmark|pybind11|python3\.[0-9]+|libpq|postgresql|utf8proc|unistring|idn" <<<"$commands" | sort -u) &&
    [ -n "$hidden" ]; then
    fail "the lean build of the tool uses a hidden peer: $hidden"
  fi
fi
if [ "${U8GUARD_LEAN_BUILD:-0}" = 1 ]; then
  start=$(date +%s%N)
  "$CMAKE" --build "$work/lean" -j 2 --target u8guard_cli >"$work/build.log" 2>&1 || {
    tail -50 "$work/build.log" >&2
    fail "the lean build of the tool failed"
  }
  echo "lean build of the tool: $((($(date +%s%N) - start) / 1000000)) ms"
  "$work/lean/u8guard" version >/dev/null || fail "the lean build's tool fails"
fi

# 2. Asking for a part whose dependency is missing fails and says which.
for ask in "U8GUARD_TESTS:the test suites cannot be built: no GoogleTest: install libgtest-dev libgmock-dev" \
  "U8GUARD_PYTHON:the Python module cannot be built: no Python 3 development files: install python3-dev" \
  "U8GUARD_POSTGRESQL:the PostgreSQL extension cannot be built: U8GUARD_PG_CONFIG=/nonexistent/pg_config does not exist"; do
  option=${ask%%:*}
  message=${ask#*:}
  dir=$work/ask-$option
  if lean_configure "$dir" "-D$option=ON"; then
    fail "-D$option=ON configured without its dependency"
  fi
  # CMake wraps the message's lines: compare with the spaces squeezed.
  # (Read whole before matching: under pipefail `tr | grep -q` fails when
  # grep stops reading at the match and tr dies of SIGPIPE.)
  squeezed=$(tr -s ' \n' '  ' <"$dir.log")
  grep -qF -- "$message" <<<"$squeezed" || {
    cat "$dir.log" >&2
    fail "-D$option=ON: no message '$message'"
  }
done
rm -rf "$work/lean"  # a few hundred MB of objects
echo "PASSED"
