#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Go module's tests (integrations/go), one ctest test per step, against
# this build installed into a temporary prefix and found through
# pkg-config, as a Go program outside the repository finds it:
#
#   prefix     `cmake --install` of the headers, u8guard.pc and
#              libu8guard.so into $U8GUARD_WORK_DIR/prefix (the fixture)
#   test       go test ./... of the module under GODEBUG=cgocheck=2 (C never
#              keeps a Go pointer): the API, errors, x/text's tables, a
#              million calls at a flat resident size
#   race       go test -race of the concurrency, Close and finalizer tests
#   xtext      the xtextcompat module: the facade beside x/text on every
#              code point alone and the shared corpora
#   consumer   a program in a directory of its own (go.mod with a replace
#              to the checkout) built with go build and run: docs/go.md's
#              Go quick start (examples/quickstart/run.sh, run by
#              tests/docs/run_quickstart.py)
#
# Environment (integrations/go/CMakeLists.txt): U8GUARD_BUILD_DIR,
# U8GUARD_SOURCE_DIR, U8GUARD_WORK_DIR, U8GUARD_LIBDIR, CMAKE, GO,
# U8GUARD_TEST_DATA_DIR, U8GUARD_ICU_LIBDIR (empty for the system's ICU),
# U8GUARD_REQUIRE_XTEXT and U8GUARD_XTEXT_PRECIS_DIR. Go modules come from nowhere but the checkout and
# Debian's golang-golang-x-text-dev (GOPROXY=off, GOFLAGS=-mod=mod).
set -euo pipefail

step=$1
source=$U8GUARD_SOURCE_DIR
work=$U8GUARD_WORK_DIR
prefix=$work/prefix
module=$source/integrations/go

export PATH=$(dirname "$GO"):$PATH
export PKG_CONFIG_PATH=$prefix/$U8GUARD_LIBDIR/pkgconfig
# The prefix's library first, then the ICU the build used when it is not
# the system's (./dev test-icu), then the caller's.
export LD_LIBRARY_PATH=$prefix/$U8GUARD_LIBDIR${U8GUARD_ICU_LIBDIR:+:$U8GUARD_ICU_LIBDIR}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export GOPROXY=off GOFLAGS=-mod=mod GOTOOLCHAIN=local
# u8guard.pc's Requires (Abseil, for the C++ API) bring linker flags that
# cgo does not allow by default; the C API needs none of them but -lu8guard.
export CGO_LDFLAGS_ALLOW='-Wl,--(push|pop)-state.*'
# Go's build cache: the user's, or one beside the work directory when
# there is none (no HOME).
if ! GOCACHE=$("$GO" env GOCACHE 2>/dev/null) || [ -z "$GOCACHE" ] ||
  [ "$GOCACHE" = off ]; then
  GOCACHE=$work.go-cache
fi
export GOCACHE
# Set by CMake when x/text is there: its test tables must then run.
export U8GUARD_REQUIRE_XTEXT=${U8GUARD_REQUIRE_XTEXT:-}

case "$step" in
  prefix)
    rm -rf "$work"
    mkdir -p "$work"
    for c in u8guard_development u8guard_shared; do
      "$CMAKE" --install "$U8GUARD_BUILD_DIR" --prefix "$prefix" \
        --component "$c" >/dev/null
    done
    echo "installed into $prefix"
    ;;
  test)
    cd "$module"
    GODEBUG=cgocheck=2 "$GO" test -count=1 ./...
    ;;
  race)
    cd "$module"
    "$GO" test -race -short -count=1 \
      -run 'Concurrent|Finalizers|Closed|Lists|Registration|Transformer' ./...
    ;;
  xtext)
    cd "$module/xtextcompat"
    "$GO" test -count=1 -v -run 'EveryCodePointAlone|Corpora' . |
      grep -v '^        [A-Z][A-Za-z]*\.[A-Z]' | cut -c1-400
    ;;
  consumer)
    dir=$work/consumer
    rm -rf "$dir"
    mkdir -p "$dir"
    cp "$module/examples/quickstart/main.go" "$dir/"
    U8GUARD_CHECKOUT=$source python3 "$source/tests/docs/run_quickstart.py" \
      "$module/examples/quickstart/run.sh" "$dir"
    # Built against the prefix: the binary needs the prefix's library. (Read
    # whole before matching: under pipefail `ldd | grep -q` fails when grep
    # stops reading at the match and ldd dies of SIGPIPE.)
    libraries=$(ldd "$dir/signup")
    if ! grep -qF "$prefix/$U8GUARD_LIBDIR/libu8guard.so" <<<"$libraries"; then
      echo "$libraries" >&2
      echo "FAILED: signup does not load the prefix's libu8guard.so" >&2
      exit 1
    fi
    ;;
  *)
    echo "unknown step $step" >&2
    exit 2
    ;;
esac
