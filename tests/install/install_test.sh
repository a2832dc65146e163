#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The install test: `cmake --install` of the existing build into temporary
# prefixes, then programs built against them the ways users build them.
# tests/CMakeLists.txt runs one step per ctest test:
#
#   prefixes             install the build three times (the fixture):
#                          full/    every component
#                          shared/  headers, package files, libu8guard.so, tool
#                          static/  headers, package files, libu8guard.a
#   layout               the files are where README.md says, the SONAME is
#                        the ABI version's, the tool runs from the prefix
#   man-page             share/man/man1/u8guard.1, as man shows it, holds
#                        every line of `u8guard --help` and of each
#                        command's --help: every command and flag
#   exports              libu8guard.so exports the public API only
#                        (check_exports.py)
#   cmake-shared         consumer/ (C++ API and C API, find_package) against
#   cmake-static           shared/ and static/; against full/ picking each
#   cmake-full-shared      library with u8guard_SHARED_LIBS or COMPONENTS
#   cmake-full-static
#   pkgconfig-c-shared   capi_consumer.c built with nothing but
#   pkgconfig-c-static     `pkg-config --cflags --libs [--static] u8guard`
#   cxx17-shared         cxx17_consumer.cc: the C API from C++17
#   cxx17-static
#   static-in-plugin     plugin.c: libu8guard.a linked into a shared object
#                        (-fPIC), loaded with dlopen by plugin_host.c
#   quickstart-cmake     README.md's quick starts (examples/quickstart/*/run.sh,
#   quickstart-c           which README.md shows verbatim: tests/docs), run as
#   quickstart-cli         a user runs them against full/: the C++ program
#                          with find_package, the C one with pkg-config, the
#                          tool's commands
#   add-subdirectory     a project that vendors the source tree with
#                        add_subdirectory(): configured only, it must get
#                        u8guard::u8guard and no tests, benchmarks or tool
#   icu                  the package and u8guard.pc name the ICU the build
#                        used (its major version; its directory when not
#                        the system's), and what is installed finds it
#   icu-mismatch         a consumer pointed at another ICU major version
#                        fails to configure, naming both versions: static
#                        and shared CMake consumers, pkg-config (--exists,
#                        --cflags, --static --libs), and a shared package
#                        whose ICU is gone from where it loads it
#   rpath                no installed ELF file has an empty or relative
#                        RUNPATH/RPATH entry (the current directory), and
#                        the installed tool, run from a directory holding a
#                        library of each name it needs, runs none of them
#                        (tests/build/runpath_test.py); and every
#                        directory an installed RUNPATH/RPATH names, and
#                        its parents, is root's (or the prefix owner's) and
#                        writable by its owner only
#                        (tests/install/runpath_check.py)
#
# Every program built against static/ must link the build's ICU
# (libicuuc.so.MAJOR) and start with no LD_LIBRARY_PATH of ours for it; the
# caller's LD_LIBRARY_PATH is kept, after the prefix's lib directory.
#
# Environment (set by tests/CMakeLists.txt): U8GUARD_BUILD_DIR,
# U8GUARD_SOURCE_DIR, U8GUARD_WORK_DIR (scratch, under the build dir),
# U8GUARD_LIBDIR (CMAKE_INSTALL_LIBDIR), CC, CXX, CMAKE,
# U8GUARD_ICU_VERSION (ICU's, e.g. 72.1), U8GUARD_ICU_ROOT and
# U8GUARD_ICU_LIBDIR (its prefix, empty for the system's, and its lib
# directory), and U8GUARD_SANITIZE (the build's sanitizers, which every
# program built here gets too, so that it can load an instrumented library).
set -euo pipefail

step=$1
build=$U8GUARD_BUILD_DIR
source=$U8GUARD_SOURCE_DIR
work=$U8GUARD_WORK_DIR
libdir=$U8GUARD_LIBDIR
here=$source/tests/install
icu_major=${U8GUARD_ICU_VERSION%%.*}
flags=()
if [ -n "${U8GUARD_SANITIZE:-}" ]; then
  flags=("-fsanitize=$U8GUARD_SANITIZE" -fno-omit-frame-pointer)
fi

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# configure_refused LOG WHAT CMAKE_ARG...: configuring a consumer with those
# arguments (Ninja, the build's compilers) must fail; its output goes to LOG.
configure_refused() {
  local log=$1 what=$2
  shift 2
  if "$CMAKE" -G Ninja -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    "$@" >"$log" 2>&1; then
    cat "$log"
    fail "$what: configured"
  fi
}

# expect_refused LOG WHAT PATTERN...: LOG (a refused configure's output)
# says each PATTERN (with its lines joined: CMake wraps its messages);
# else it is shown and the step fails.
expect_refused() {
  local log=$1 what=$2 pattern text
  shift 2
  text=$(tr -s ' \n' '  ' <"$log")
  for pattern in "$@"; do
    grep -q -e "$pattern" <<<"$text" || {
      cat "$log"
      fail "$what: the error does not say '$pattern'"
    }
  done
  echo "$what: refused, naming both versions"
}

# pc_path PREFIX: the PKG_CONFIG_PATH for PREFIX's u8guard.pc: its own
# directory, and for a build against another prefix's ICU (not installed
# beside it) that ICU's, whose icu-uc.pc and icu-i18n.pc it requires.
pc_path() {
  local path=$1/$libdir/pkgconfig
  if [ -n "${U8GUARD_ICU_ROOT:-}" ] &&
    [ ! -e "$1/$libdir/libicuuc.so.$icu_major" ]; then
    path=$path:$U8GUARD_ICU_LIBDIR/pkgconfig
  fi
  echo "$path"
}

# pkg_config PREFIX ARGS...: pkg-config against PREFIX's u8guard.pc only
# (and the ICU it requires).
pkg_config() {
  local prefix=$1
  shift
  PKG_CONFIG_PATH=$(pc_path "$prefix") pkg-config "$@"
}

# with_libdir DIR: LD_LIBRARY_PATH with DIR first, the caller's after it
# (which may name the directory of the ICU the build uses).
with_libdir() {
  echo "$1${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}

# run PREFIX PROGRAM ARGS...: runs PROGRAM, finding PREFIX's libraries.
run() {
  local prefix=$1
  shift
  LD_LIBRARY_PATH=$(with_libdir "$prefix/$libdir") "$@"
}

# has_dynamic FILE PATTERN: true when a line of FILE's dynamic section
# matches PATTERN. (Read whole before matching: `readelf | grep -q` can end
# readelf with SIGPIPE, which pipefail turns into a failed match.)
has_dynamic() {
  local section
  section=$(readelf -d "$1")
  grep -e "$2" <<<"$section" >/dev/null
}

# links_shared PROGRAM: true when PROGRAM needs libu8guard.so.
links_shared() {
  has_dynamic "$1" '(NEEDED).*\[libu8guard\.so\.'
}

# expect_linkage PROGRAM shared|static: the library it must link; with the
# static one, the build's ICU too (the same major version: ICU's symbols
# carry it).
expect_linkage() {
  if [ "$2" = shared ]; then
    links_shared "$1" || fail "$1 does not link libu8guard.so"
  else
    ! links_shared "$1" || fail "$1 links libu8guard.so, not libu8guard.a"
    has_dynamic "$1" "(NEEDED).*\[libicuuc\.so\.$icu_major\]" ||
      fail "$1 does not link ICU $icu_major (libicuuc.so.$icu_major)"
  fi
}

# cmake_consumer PREFIX KIND ARGS...: builds and runs consumer/ against
# PREFIX with ARGS for its configuration; KIND is the library it must get.
cmake_consumer() {
  local prefix=$1 kind=$2
  shift 2
  local dir=$work/$step
  rm -rf "$dir"
  "$CMAKE" -S "$here/consumer" -B "$dir" -G Ninja \
    -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_FLAGS="${flags[*]}" -DCMAKE_CXX_FLAGS="${flags[*]}" \
    -DCMAKE_EXE_LINKER_FLAGS="${flags[*]}" "$@" |
    tee "$dir.configure.log"
  grep -q "the $kind library" "$dir.configure.log" ||
    fail "find_package picked another library than the $kind one"
  "$CMAKE" --build "$dir"
  for program in cxx_consumer c_consumer; do
    expect_linkage "$dir/$program" "$kind"
    "$dir/$program"  # the build RPATH finds the shared library
  done
}

# pkgconfig_build PREFIX KIND OUTPUT COMPILER FLAGS... SOURCE
pkgconfig_build() {
  local prefix=$1 kind=$2 output=$3
  shift 3
  local static=()
  [ "$kind" = static ] && static=(--static)
  # shellcheck disable=SC2046  # pkg-config's words are separate arguments
  "$@" "${flags[@]}" -o "$output" \
    $(pkg_config "$prefix" "${static[@]}" --cflags --libs u8guard)
  expect_linkage "$output" "$kind"
}

# quickstart NAME RUN_DIR: runs examples/quickstart/NAME/run.sh
# (tests/docs/run_quickstart.py) in RUN_DIR, against the full/ prefix as if
# it were installed where users install it: the tool on PATH, the CMake
# package and u8guard.pc found, the shared library on the loader's path.
# `cc` and `cmake` are the build's (with its sanitizer flags: CMake takes
# CXX, CXXFLAGS and LDFLAGS from the environment).
quickstart() {
  local name=$1 run_dir=$2
  local prefix=$work/full tools=$work/quickstart-tools
  mkdir -p "$tools"
  printf '#!/bin/sh\nexec %q %s "$@"\n' "$CC" "${flags[*]}" >"$tools/cc"
  printf '#!/bin/sh\nexec %q "$@"\n' "$CMAKE" >"$tools/cmake"
  chmod +x "$tools/cc" "$tools/cmake"
  PATH=$tools:$prefix/bin:$PATH PKG_CONFIG_PATH=$(pc_path "$prefix") \
    CMAKE_PREFIX_PATH=$prefix LD_LIBRARY_PATH=$(with_libdir "$prefix/$libdir") \
    CC=$CC CXX=$CXX CFLAGS="${flags[*]}" CXXFLAGS="${flags[*]}" \
    LDFLAGS="${flags[*]}" \
    python3 "$source/tests/docs/run_quickstart.py" \
    "$source/examples/quickstart/$name/run.sh" "$run_dir"
}

case "$step" in
  prefixes)
    rm -rf "$work"
    mkdir -p "$work"
    "$CMAKE" --install "$build" --prefix "$work/full" >/dev/null
    for c in u8guard_development u8guard_shared u8guard_cli; do
      "$CMAKE" --install "$build" --prefix "$work/shared" --component "$c" \
        >/dev/null
    done
    for c in u8guard_development u8guard_static; do
      "$CMAKE" --install "$build" --prefix "$work/static" --component "$c" \
        >/dev/null
    done
    echo "installed into $work/{full,shared,static}"
    ;;
  concurrent)
    # Installs of one build tree at once into different prefixes (as these
    # tests run them): each prefix's u8guard.pc names that prefix, and the
    # build tree keeps nothing of the runs. Four at a time, three rounds:
    # before each run configured the file in one place, and one installed
    # another's prefix or failed.
    root=$work/concurrent
    rm -rf "$root"
    for round in 1 2 3; do
      pids=()
      for i in 1 2 3 4; do
        "$CMAKE" --install "$build" --prefix "$root/$round-$i" \
          --component u8guard_development >/dev/null &
        pids+=($!)
      done
      for pid in "${pids[@]}"; do
        wait "$pid" || fail "an install of round $round failed"
      done
      for i in 1 2 3 4; do
        pc=$root/$round-$i/$libdir/pkgconfig/u8guard.pc
        got=$(sed -n 's/^prefix=//p' "$pc")
        [ "$got" = "$root/$round-$i" ] ||
          fail "$pc: prefix=$got, not $root/$round-$i"
      done
    done
    if leftovers=$(compgen -G "$build/generated/pc-*"); then
      fail "install runs left $leftovers"
    fi
    echo "12 installs, four at a time: each u8guard.pc names its prefix"
    ;;
  layout)
    full=$work/full
    for f in include/u8guard/u8guard_c.h include/u8guard/c/base.h \
      include/u8guard/c/secret.h include/u8guard/u8guard.h \
      include/u8guard/export.h include/u8guard/version_macros.h \
      "$libdir/libu8guard.a" "$libdir/cmake/u8guard/u8guardConfig.cmake" \
      "$libdir/cmake/u8guard/u8guardConfigVersion.cmake" \
      "$libdir/cmake/u8guard/u8guard-shared-targets.cmake" \
      "$libdir/cmake/u8guard/u8guard-static-targets.cmake" \
      "$libdir/pkgconfig/u8guard.pc" bin/u8guard \
      share/bash-completion/completions/u8guard \
      share/u8guard/policies/username-case-mapped.toml; do
      [ -f "$full/$f" ] || fail "missing $f"
    done
    version=$(pkg_config "$full" --modversion u8guard)
    abi=$(sed -n 's/^#define U8GUARD_ABI_VERSION \([0-9]*\)$/\1/p' \
      "$full/include/u8guard/version_macros.h")
    grep -q "^#define U8GUARD_VERSION_STRING \"$version\"$" \
      "$full/include/u8guard/version_macros.h" ||
      fail "version_macros.h is not version $version"
    real=$full/$libdir/libu8guard.so.$version
    [ -f "$real" ] && [ ! -L "$real" ] || fail "missing $real"
    [ "$(readlink "$full/$libdir/libu8guard.so.$abi")" = "libu8guard.so.$version" ] ||
      fail "libu8guard.so.$abi is not a link to libu8guard.so.$version"
    [ "$(readlink "$full/$libdir/libu8guard.so")" = "libu8guard.so.$abi" ] ||
      fail "libu8guard.so is not a link to libu8guard.so.$abi"
    has_dynamic "$real" "(SONAME).*\[libu8guard\.so\.$abi\]" ||
      fail "the SONAME is not libu8guard.so.$abi"
    [ "$("$full/bin/u8guard" version | head -1)" = "u8guard $version" ] ||
      fail "the installed tool does not run"
    # Each partial prefix holds its library only.
    [ ! -e "$work/shared/$libdir/libu8guard.a" ] &&
      [ ! -e "$work/shared/$libdir/cmake/u8guard/u8guard-static-targets.cmake" ] ||
      fail "shared/ holds the static library"
    [ ! -e "$work/static/$libdir/libu8guard.so" ] &&
      [ ! -e "$work/static/$libdir/cmake/u8guard/u8guard-shared-targets.cmake" ] ||
      fail "static/ holds the shared library"
    echo "layout of $full: ok (libu8guard.so.$version, SONAME libu8guard.so.$abi)"
    ;;
  man-page)
    page=$work/full/share/man/man1/u8guard.1
    [ -f "$page" ] || fail "missing share/man/man1/u8guard.1"
    [ -f "$work/shared/share/man/man1/u8guard.1" ] ||
      fail "the u8guard_cli component lacks the man page"
    # The page as man shows it (plain ASCII, no overstriking), its lines
    # without their indentation.
    shown=$(groff -man -Tascii -P-cbou "$page" | sed 's/^ *//')
    tool=$work/full/bin/u8guard
    checked=0
    # The aliases (validate, canon, acl export, acl verify) print their
    # command's help, and have no section of their own: their lines must be
    # on the page all the same.
    aliases=" validate canon acl export acl verify "
    for command in "" check validate key canon enforce compare \
      "path sanitize" "acl audit" "acl lookup" "records export" \
      "records verify" "acl export" "acl verify" register profiles version \
      help; do
      # shellcheck disable=SC2086  # the command's words
      help=$("$tool" $command --help)
      [ -n "$help" ] || fail "u8guard $command --help printed nothing"
      while IFS= read -r line; do
        line=${line#"${line%%[! ]*}"}  # without its indentation
        [ -z "$line" ] && continue
        # (The tool's own synopsis is the SYNOPSIS, without "usage: ".)
        grep -qxF -e "$line" -e "${line#usage: }" <<<"$shown" ||
          fail "u8guard.1 lacks the line of 'u8guard $command --help': $line"
        checked=$((checked + 1))
      done <<<"$help"
      [ -z "$command" ] || [[ $aliases == *" $command "* ]] ||
        grep -qxF ".SS $command" "$page" || fail "u8guard.1 has no section $command"
    done
    echo "u8guard.1: the $checked lines of every --help"
    ;;
  exports)
    python3 "$here/check_exports.py" \
      "$work/shared/$libdir/libu8guard.so" "$source/include/u8guard/u8guard_c.h"
    ;;
  cmake-shared) cmake_consumer "$work/shared" shared ;;
  cmake-static) cmake_consumer "$work/static" static ;;
  cmake-full-shared) cmake_consumer "$work/full" shared -Du8guard_SHARED_LIBS=ON ;;
  cmake-full-static) cmake_consumer "$work/full" static -DU8GUARD_COMPONENTS=static ;;
  pkgconfig-c-shared | pkgconfig-c-static)
    kind=${step##*-}
    prefix=$work/$kind
    program=$work/$step
    pkgconfig_build "$prefix" "$kind" "$program" \
      "$CC" -std=c11 -Wall -Wextra -pedantic -Werror "$here/capi_consumer.c"
    run "$prefix" "$program"
    ;;
  cxx17-shared | cxx17-static)
    kind=${step##*-}
    prefix=$work/$kind
    program=$work/$step
    pkgconfig_build "$prefix" "$kind" "$program" \
      "$CXX" -std=c++17 -Wall -Wextra -pedantic -Werror "$here/cxx17_consumer.cc"
    run "$prefix" "$program"
    ;;
  static-in-plugin)
    prefix=$work/static
    # shellcheck disable=SC2046
    "$CC" -std=c11 -Wall -Wextra -pedantic -Werror -fPIC -shared "${flags[@]}" \
      -o "$work/plugin.so" "$here/plugin.c" -Wl,--no-undefined \
      $(pkg_config "$prefix" --static --cflags --libs u8guard)
    ! links_shared "$work/plugin.so" || fail "plugin.so links libu8guard.so"
    "$CC" -std=c11 -Wall -Wextra -pedantic -Werror "${flags[@]}" \
      -o "$work/plugin_host" "$here/plugin_host.c" -ldl
    "$work/plugin_host" "$work/plugin.so"
    ;;
  quickstart-cmake | quickstart-c)
    # In a copy of the directory, as a user would start from it.
    name=${step#quickstart-}
    dir=$work/$step
    rm -rf "$dir"
    cp -r "$source/examples/quickstart/$name" "$dir"
    # Without what running it in place may have left there (.gitignore).
    rm -rf "$dir/build" "$dir/login_check" "$dir/users.acl"
    quickstart "$name" "$dir"
    ;;
  quickstart-cli)
    # From the source tree: the commands read examples/.
    quickstart cli "$source"
    ;;
  add-subdirectory)
    dir=$work/vendored
    rm -rf "$dir"
    mkdir -p "$dir"
    cat >"$dir/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.25)
project(vendors_u8guard LANGUAGES CXX)
add_subdirectory("$source" u8guard)
if(NOT TARGET u8guard::u8guard)
  message(FATAL_ERROR "no u8guard::u8guard")
endif()
foreach(t utf8_codec_test capi_test u8guard_bench u8guard_cli login_check)
  if(TARGET \${t})
    message(FATAL_ERROR "add_subdirectory() defined \${t}")
  endif()
endforeach()
if(GTest_FOUND OR benchmark_FOUND)
  message(FATAL_ERROR "add_subdirectory() looked for GoogleTest or benchmark")
endif()
message(STATUS "vendored: u8guard::u8guard, nothing else")
EOF
    "$CMAKE" -S "$dir" -B "$dir/build" -G Ninja -DCMAKE_CXX_COMPILER="$CXX" \
      >"$dir/configure.log" || {
      cat "$dir/configure.log"
      fail "add_subdirectory() did not configure"
    }
    grep -q "vendored: u8guard::u8guard, nothing else" "$dir/configure.log" ||
      fail "add_subdirectory() did not configure as expected"
    echo "add_subdirectory(): u8guard::u8guard, no tests, benchmarks or tool"
    ;;
  icu)
    config=$work/full/$libdir/cmake/u8guard/u8guardConfig.cmake
    grep -q "find_dependency(ICU $icu_major EXACT COMPONENTS uc i18n data)" \
      "$config" || fail "u8guardConfig.cmake does not ask for ICU $icu_major"
    if [ -z "${U8GUARD_ICU_ROOT:-}" ]; then
      # The system's ICU, through its .pc files, pinned to the major version.
      requires=$(pkg_config "$work/full" --print-requires-private u8guard)
      for pc in icu-uc icu-i18n; do
        for want in "$pc >= $icu_major" "$pc < $((icu_major + 1))"; do
          grep -qxF "$want" <<<"$requires" ||
            fail "u8guard.pc does not require $want"
        done
      done
      echo "ICU $U8GUARD_ICU_VERSION, the system's: u8guard.pc requires" \
        "icu-uc and icu-i18n >= $icu_major, < $((icu_major + 1))"
    else
      grep -qF "set(_u8guard_icu_root \"$U8GUARD_ICU_ROOT\")" "$config" ||
        fail "u8guardConfig.cmake does not name $U8GUARD_ICU_ROOT"
      libs=$(pkg_config "$work/full" --static --libs u8guard)
      for want in "-L$U8GUARD_ICU_LIBDIR" "-Wl,-rpath,$U8GUARD_ICU_LIBDIR"; do
        grep -qwF -e "$want" <<<"$libs" || fail "u8guard.pc lacks $want"
      done
      # Its .pc files are required by version unless it is installed
      # beside libu8guard.so.
      requires=$(pkg_config "$work/full" --print-requires-private u8guard)
      if [ -e "$work/full/$libdir/libicuuc.so.$icu_major" ]; then
        ! grep -q '^icu' <<<"$requires" ||
          fail "u8guard.pc requires icu-uc beside an installed ICU"
      else
        grep -qxF "icu-uc >= $icu_major" <<<"$requires" ||
          fail "u8guard.pc does not require icu-uc >= $icu_major"
      fi
      # What is installed finds this ICU by itself: through its directory
      # in the RUNPATH, or (U8GUARD_INSTALL_ICU) installed beside
      # libu8guard.so, through $ORIGIN only.
      if [ -e "$work/full/$libdir/libicuuc.so.$icu_major" ]; then
        for f in "$libdir/libu8guard.so" bin/u8guard; do
          ! has_dynamic "$work/full/$f" "(RUNPATH).*$U8GUARD_ICU_LIBDIR" ||
            fail "$f has $U8GUARD_ICU_LIBDIR in its RUNPATH"
        done
      else
        for f in "$libdir/libu8guard.so" bin/u8guard; do
          has_dynamic "$work/full/$f" "(RUNPATH).*$U8GUARD_ICU_LIBDIR" ||
            fail "$f has no RUNPATH to $U8GUARD_ICU_LIBDIR"
        done
      fi
      has_dynamic "$work/full/$libdir/libu8guard.so" \
        "(NEEDED).*\[libicudata\.so\.$icu_major\]" ||
        fail "libu8guard.so does not need libicudata.so.$icu_major"
      echo "ICU $U8GUARD_ICU_VERSION from $U8GUARD_ICU_ROOT: named by the" \
        "package and u8guard.pc, in the RUNPATH of what is installed"
    fi
    # The installed tool runs with no LD_LIBRARY_PATH at all, and reports
    # the ICU it was built with.
    env -u LD_LIBRARY_PATH "$work/full/bin/u8guard" version |
      grep -q "^ICU $U8GUARD_ICU_VERSION\$" ||
      fail "the installed tool does not run with ICU $U8GUARD_ICU_VERSION"
    ;;
  icu-mismatch)
    # A prefix that holds an ICU of another major version (as far as
    # FindICU looks: the version header and the libraries' names).
    other=$work/other-icu
    rm -rf "$other" "${work:?}/$step"
    mkdir -p "$other/include/unicode" "$other/lib"
    : >"$other/include/unicode/utypes.h"
    printf '#define U_ICU_VERSION "%s.1"\n' $((icu_major + 1)) \
      >"$other/include/unicode/uvernum.h"
    for l in uc i18n data; do : >"$other/lib/libicu$l.so"; done
    what="a static consumer with ICU $((icu_major + 1))"
    configure_refused "$work/$step.log" "$what" -S "$here/consumer" \
      -B "$work/$step" -DCMAKE_PREFIX_PATH="$work/static" -DICU_ROOT="$other"
    expect_refused "$work/$step.log" "$what" \
      "unsuitable version \"$((icu_major + 1)).1\"" \
      "exact version \"$icu_major\""

    # libu8guard.so in a project that found another ICU itself.
    src=$work/$step-shared-src
    mkdir -p "$src"
    printf '%s\n' 'cmake_minimum_required(VERSION 3.25)' \
      'project(icu_mismatch LANGUAGES CXX)' \
      'find_package(ICU COMPONENTS uc)' \
      'find_package(u8guard CONFIG REQUIRED COMPONENTS shared)' \
      >"$src/CMakeLists.txt"
    what="a shared consumer's own ICU"
    configure_refused "$work/$step-shared.log" "$what" -S "$src" \
      -B "$work/$step-shared" -DCMAKE_PREFIX_PATH="$work/shared" \
      -DICU_ROOT="$other"
    expect_refused "$work/$step-shared.log" "$what" \
      "found ICU $((icu_major + 1)).1" "built with ICU $U8GUARD_ICU_VERSION"

    # libu8guard.so whose ICU is gone from where it loads it (a copy of
    # the prefix whose package points at a directory holding another ICU).
    gone=$work/$step-gone
    rm -rf "$gone" && cp -a "$work/shared" "$gone"
    mkdir -p "$gone/no-icu"
    : >"$gone/no-icu/libicuuc.so.$((icu_major + 1))"
    sed -i "s|^\( *set(_u8guard_icu_dir \).*|\1\"$gone/no-icu\")|" \
      "$gone/$libdir/cmake/u8guard/u8guardConfig.cmake"
    what="a shared library whose ICU is gone"
    configure_refused "$work/$step-gone.log" "$what" -S "$src" \
      -B "$work/$step-gone-build" -DCMAKE_PREFIX_PATH="$gone"
    expect_refused "$work/$step-gone.log" "$what" \
      "loads libicuuc.so.$icu_major from $gone/no-icu" \
      "ICU versions there: $((icu_major + 1))"

    # pkg-config finding another ICU major version: --exists and --cflags
    # fail (shared or static), naming the version found and the bound.
    fake=$work/$step-pc
    mkdir -p "$fake"
    for pc in icu-uc icu-i18n; do
      printf 'Name: %s\nDescription: fake\nVersion: %s.1\n' "$pc" \
        $((icu_major + 1)) >"$fake/$pc.pc"
    done
    for query in --exists --cflags "--static --libs"; do
      # shellcheck disable=SC2086  # the query's words are arguments
      if PKG_CONFIG_PATH=$fake:$(pc_path "$work/full") pkg-config \
        --print-errors $query u8guard >"$work/$step-pc.log" 2>&1; then
        cat "$work/$step-pc.log"
        fail "pkg-config $query u8guard accepted ICU $((icu_major + 1))"
      fi
      expect_refused "$work/$step-pc.log" "pkg-config $query" \
        "has version '$((icu_major + 1)).1'" \
        "required version is '< $((icu_major + 1))'"
    done
    ;;
  rpath)
    python3 "$source/tests/build/runpath_test.py" scan \
      "$work/full" "$work/shared" "$work/static"
    python3 "$source/tests/build/runpath_test.py" attack "$CC" \
      "$work/full/bin/u8guard" "$work/shared/bin/u8guard"
    python3 "$source/tests/install/runpath_check.py" scan \
      "$work/full" "$work/shared" "$work/static"
    ;;
  *)
    fail "unknown step $step"
    ;;
esac
