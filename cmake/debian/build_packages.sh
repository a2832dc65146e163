#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds u8guard's Debian packages (cmake/packaging.cmake); `./dev package`
# runs it.
#
#   build_packages.sh BUILD_DIR OUT_DIR [CMAKE_ARGS...]
#
# Configures BUILD_DIR for Debian's layout (a new one, or the one there as it
# is: the build is incremental), builds it, runs cpack and puts the packages
# into OUT_DIR, replacing the .deb files there. The build: Release, prefix
# /usr, U8GUARD_DEB=ON, the tool linked with libu8guard.so.0
# (BUILD_SHARED_LIBS=ON), the Python module and the PostgreSQL extension
# when their development files are found, and Debian's compiler and linker
# flags (dpkg-buildflags: hardening; without -g, the packages carry no debug
# information), compiled as a unity build (U8GUARD_UNITY_BUILD: half the
# compile time). CMAKE_ARGS are added to the configuration, e.g.
# -DU8GUARD_PG_CONFIG=/usr/lib/postgresql/16/bin/pg_config for another
# PostgreSQL. JOBS (environment) is the number of parallel jobs, nproc by
# default.
set -euo pipefail
umask 022 # the packages' files are what the build writes
source=$(cd "$(dirname "$0")/../.." && pwd)
if [ $# -lt 2 ]; then
  sed -n '3,19p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
build=$1 out=$2
shift 2
jobs=${JOBS:-$(nproc)}

for tool in cmake cpack ninja dpkg-deb dpkg-shlibdeps dpkg-buildflags file \
  readelf gzip; do
  command -v "$tool" >/dev/null || {
    echo "build_packages.sh: no $tool (apt-get install cmake ninja-build" \
      "dpkg-dev file binutils gzip)" >&2
    exit 1
  }
done

# The same packages from the same commit: the changelog's date is the
# commit's (CMake's string(TIMESTAMP) reads SOURCE_DATE_EPOCH).
if [ -z "${SOURCE_DATE_EPOCH:-}" ] &&
  epoch=$(git -C "$source" log -1 --format=%ct 2>/dev/null); then
  export SOURCE_DATE_EPOCH=$epoch
fi

# Debian's flags, as dh_auto_configure passes them (CPPFLAGS into the
# compiler flags: CMake does not read CPPFLAGS), computed in the source
# directory (-ffile-prefix-map).
buildflag() {
  # hardening=+all: bindnow too (lintian: hardening-no-bindnow).
  (cd "$source" && DEB_BUILD_MAINT_OPTIONS=hardening=+all DEB_CFLAGS_MAINT_STRIP=-g DEB_CXXFLAGS_MAINT_STRIP=-g \
    dpkg-buildflags --get "$1")
}
cppflags=$(buildflag CPPFLAGS)
cflags="$(buildflag CFLAGS) $cppflags"
cxxflags="$(buildflag CXXFLAGS) $cppflags"
ldflags=$(buildflag LDFLAGS)

mkdir -p "$build"
setup=()
if [ ! -f "$build/CMakeCache.txt" ]; then
  setup=(-G Ninja -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++)
fi
cmake -S "$source" -B "$build" "${setup[@]}" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DU8GUARD_DEB=ON -DBUILD_SHARED_LIBS=ON \
  -DU8GUARD_TESTS=OFF -DU8GUARD_BENCH=OFF -DU8GUARD_EXAMPLES=OFF \
  -DU8GUARD_PYTHON=ON -DU8GUARD_POSTGRESQL=ON \
  -DU8GUARD_UNITY_BUILD=ON \
  "-DCMAKE_C_FLAGS=$cflags" "-DCMAKE_CXX_FLAGS=$cxxflags" \
  "-DCMAKE_EXE_LINKER_FLAGS=$ldflags" "-DCMAKE_SHARED_LINKER_FLAGS=$ldflags" \
  "-DCMAKE_MODULE_LINKER_FLAGS=$ldflags" "$@" >"$build/configure.log" 2>&1 || {
  cat "$build/configure.log" >&2
  exit 1
}
grep 'u8guard Debian packages' "$build/configure.log" || true
cmake --build "$build" -j "$jobs"

rm -rf "$build/cpack"
(cd "$build" && cpack -G DEB) >"$build/cpack.log" 2>&1 || {
  cat "$build/cpack.log" >&2
  exit 1
}
mkdir -p "$out"
rm -f "$out"/*.deb
cp "$build"/cpack/*.deb "$out/"
echo "Debian packages in $out:"
(cd "$out" && for deb in *.deb; do
  printf '  %-48s %8s bytes\n' "$deb" "$(stat -c %s "$deb")"
done)
