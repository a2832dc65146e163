#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The Debian packages' test (cmake/packaging.cmake): builds them as
# `./dev package` does, unpacks them into a scratch root with dpkg-deb -x,
# and then uses that root only, as the users of the installed packages do.
# tests/packaging/CMakeLists.txt runs one step per ctest test:
#
#   build       cmake/debian/build_packages.sh (with U8GUARD_PCH, as
#               ./dev package) into a build directory of the test's own
#               (kept: the next run is incremental), then every package
#               unpacked into root/ (the fixture)
#   lintian     no error, and no warning but the one docs/install.md lists
#   contents    the five packages and their control fields; each file in
#               the package docs/install.md says, none in two, none that
#               `cmake --install` installs left out; the SONAME, the shlibs
#               file and the ldconfig trigger; no RUNPATH
#   cmake       README.md's CMake quick start (find_package: the static
#               library) and tests/install/consumer with each library, with
#               CMAKE_PREFIX_PATH=root/usr
#   pkgconfig   README.md's C quick start and tests/install/capi_consumer.c
#               (--static too) through pkg-config, with
#               PKG_CONFIG_SYSROOT_DIR=root and PKG_CONFIG_LIBDIR into it
#   cli         README.md's tool quick start with root/usr/bin/u8guard and
#               LD_LIBRARY_PATH=root's library directory; the policy files
#   python      README.md's Python quick start with Debian's /usr/bin/python3
#               and PYTHONPATH=root/usr/lib/python3/dist-packages
#   postgresql  a throw-away server whose extension and library directories
#               are a copy of the root's (pg_cluster.sh, U8GUARD_PG_ROOT):
#               CREATE EXTENSION u8guard, the shipped accounts.sql and the
#               PostgreSQL quick start
#
# Every program built or run here must find u8guard in the root: the steps
# check where CMake found the package and where the loader and Python found
# the libraries, so that a u8guard installed elsewhere (/usr/local) cannot
# pass for the packages.
#
# Environment (tests/packaging/CMakeLists.txt): U8GUARD_SOURCE_DIR,
# U8GUARD_WORK_DIR (scratch), U8GUARD_DEB_BUILD_DIR (the packages' build
# directory), U8GUARD_PG_BINDIR, CC, CXX, CMAKE.
set -euo pipefail

step=$1
source=$U8GUARD_SOURCE_DIR
work=$U8GUARD_WORK_DIR
root=$work/root
packages=$work/packages
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
libdir=usr/lib/$multiarch
export PYTHONDONTWRITEBYTECODE=1

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# What the packages must be: the release version of project(), the ABI
# version (the SONAME's), the PostgreSQL major version and python3's minor.
version=$(sed -n 's/^project(u8guard VERSION \([0-9.]*\).*/\1/p' \
  "$source/CMakeLists.txt")
abi=$(sed -n 's/^set(U8GUARD_ABI_VERSION \([0-9]*\)).*/\1/p' \
  "$source/CMakeLists.txt")
pg=$("$U8GUARD_PG_BINDIR/pg_config" --version | sed 's/^PostgreSQL \([0-9]*\).*/\1/')
py=$(/usr/bin/python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
lib=libu8guard$abi
expected_packages=("$lib" libu8guard-dev u8guard python3-u8guard
  "postgresql-$pg-u8guard")

# deb PACKAGE: the package's file.
deb() {
  local f
  for f in "$packages/$1"_*.deb; do
    [ -f "$f" ] || fail "no package $1 in $packages"
    echo "$f"
    return
  done
}

# field PACKAGE FIELD
field() { dpkg-deb -f "$(deb "$1")" "$2"; }

# files PACKAGE: the package's paths (no directories), one a line, without
# the leading "./".
files() {
  dpkg-deb --fsys-tarfile "$(deb "$1")" | tar -t | grep -v '/$' | sed 's|^\./||'
}

# dynamic FILE: its dynamic section (read whole: `readelf | grep -q` can end
# readelf with SIGPIPE, which pipefail turns into a failure).
dynamic() { readelf -d "$1"; }

# loaded_from PROGRAM LIBRARY [ENV...]: the path the loader finds LIBRARY at
# for PROGRAM, under ENV.
loaded_from() {
  local program=$1 library=$2
  shift 2
  env "$@" ldd "$program" | awk -v l="$library" '$1 == l { print $3 }'
}

# expect_from_root PROGRAM [ENV...]: PROGRAM, run under ENV, gets
# libu8guard.so.ABI from the root.
expect_from_root() {
  local program=$1
  shift
  local found
  found=$(loaded_from "$program" "libu8guard.so.$abi" "$@")
  [ "$found" = "$root/$libdir/libu8guard.so.$abi" ] ||
    fail "$program loads libu8guard.so.$abi from '$found', not from the root"
}

# tools_dir: a directory for PATH with `cc` and `cmake` (the build's) and a
# `pkg-config` that sees the root's u8guard.pc only, prefixed with the root
# (PKG_CONFIG_SYSROOT_DIR), and the system's other .pc files. The system's
# include and library directories are let through (ALLOW_SYSTEM_*): under
# the sysroot they are the root's.
tools_dir() {
  local tools=$work/tools
  mkdir -p "$tools"
  printf '#!/bin/sh\nexec %q "$@"\n' "$CC" >"$tools/cc"
  printf '#!/bin/sh\nexec %q "$@"\n' "$CMAKE" >"$tools/cmake"
  cat >"$tools/pkg-config" <<EOF
#!/bin/sh
PKG_CONFIG_SYSROOT_DIR=$root \\
PKG_CONFIG_LIBDIR=$root/$libdir/pkgconfig:$root/usr/share/pkgconfig:/$libdir/pkgconfig:/usr/lib/pkgconfig:/usr/share/pkgconfig \\
PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1 \\
  exec $(command -v pkg-config) "\$@"
EOF
  chmod +x "$tools/cc" "$tools/cmake" "$tools/pkg-config"
  echo "$tools"
}

# quickstart NAME RUN_DIR ENV...: examples/quickstart/NAME/run.sh
# (tests/docs/run_quickstart.py) in RUN_DIR under ENV.
quickstart() {
  local name=$1 run_dir=$2
  shift 2
  env "$@" python3 "$source/tests/docs/run_quickstart.py" \
    "$source/examples/quickstart/$name/run.sh" "$run_dir"
}

# fresh_copy NAME: a copy of examples/quickstart/NAME in the work directory,
# without what running it in place leaves there.
fresh_copy() {
  local dir=$work/quickstart-$1
  rm -rf "$dir"
  cp -r "$source/examples/quickstart/$1" "$dir"
  rm -rf "$dir/build" "$dir/login_check" "$dir/users.acl"
  echo "$dir"
}

# expect_package_dir BUILD_DIR: CMake found u8guard's package in the root.
expect_package_dir() {
  local found
  found=$(sed -n 's/^u8guard_DIR:PATH=//p' "$1/CMakeCache.txt")
  [ "$found" = "$root/$libdir/cmake/u8guard" ] ||
    fail "CMake found u8guard in '$found', not in the root"
}

case "$step" in
  build)
    rm -rf "$root" "$packages"
    "$source/cmake/debian/build_packages.sh" "$U8GUARD_DEB_BUILD_DIR" \
      "$packages" -DU8GUARD_PCH=ON
    mkdir -p "$root"
    for f in "$packages"/*.deb; do
      dpkg-deb -x "$f" "$root"
    done
    echo "unpacked into $root"
    ;;

  lintian)
    # The accepted warning (docs/install.md, "Debian packages"): the
    # changelog closes no bug (these are not uploads to Debian, which has no
    # bug to close).
    accepted=(initial-upload-closes-no-bugs)
    out=$(lintian --fail-on none "$packages"/*.deb 2>&1 |
      grep -v 'running with root privileges is not recommended' || true)
    [ -z "$out" ] || echo "$out"
    unexpected=$(awk -v ok=" ${accepted[*]} " '
      /^E: / { print; next }
      /^W: / { if (index(ok, " " $3 " ") == 0) print }' <<<"$out")
    [ -z "$unexpected" ] ||
      fail "lintian reports errors or unlisted warnings:"$'\n'"$unexpected"
    echo "lintian: no errors; warnings accepted: ${accepted[*]}"
    ;;

  contents)
    # The packages, and no other.
    got=$(cd "$packages" && ls -- *.deb | sed 's/_.*//' | sort)
    want=$(printf '%s\n' "${expected_packages[@]}" | sort)
    [ "$got" = "$want" ] ||
      fail "the packages are"$'\n'"$got"$'\n'"not"$'\n'"$want"

    # Control fields and the files every package has.
    arch=$(dpkg --print-architecture)
    for p in "${expected_packages[@]}"; do
      [ "$(field "$p" Package)" = "$p" ] || fail "$p: Package field"
      [ "$(field "$p" Version)" = "$version-1" ] ||
        fail "$p: version $(field "$p" Version), not $version-1"
      [ "$(field "$p" Architecture)" = "$arch" ] || fail "$p: Architecture"
      for f in Section Priority Maintainer Description; do
        [ -n "$(field "$p" "$f")" ] || fail "$p: no $f field"
      done
      list=$(files "$p")
      for f in copyright changelog.Debian.gz; do
        grep -qx "usr/share/doc/$p/$f" <<<"$list" ||
          fail "$p: no /usr/share/doc/$p/$f"
      done
      first=$(zcat "$root/usr/share/doc/$p/changelog.Debian.gz" | sed -n 1p)
      [[ "$first" == "u8guard ($version-1) "* ]] ||
        fail "$p: changelog.Debian's entry is $first"
      grep -q '^License: Apache-2.0$' "$root/usr/share/doc/$p/copyright" ||
        fail "$p: copyright is not Apache-2.0"
      # Manual pages compressed (dh_compress's job).
      ! grep '^usr/share/man/.*[^z]$' <<<"$list" ||
        fail "$p: an uncompressed manual page"
    done
    section() {
      [ "$(field "$1" Section)" = "$2" ] ||
        fail "$1: section $(field "$1" Section), not $2"
    }
    depends_on() { # depends_on PACKAGE DEPENDENCY (a regex)
      grep -qx "$2" <<<"$(field "$1" Depends | tr ',' '\n' | sed 's/^ *//')" ||
        fail "$1 does not depend on $2: $(field "$1" Depends)"
    }

    # libu8guardN: the library, its SONAME link, nothing for developers.
    section "$lib" libs
    got=$(files "$lib" | grep -v "^usr/share/doc/$lib/" | sort)
    want=$(printf '%s\n' "$libdir/libu8guard.so.$abi" \
      "$libdir/libu8guard.so.$version" | sort)
    [ "$got" = "$want" ] || fail "$lib holds"$'\n'"$got"$'\n'"not"$'\n'"$want"
    real=$root/$libdir/libu8guard.so.$version
    [ -f "$real" ] && [ ! -L "$real" ] || fail "no $real"
    [ "$(readlink "$root/$libdir/libu8guard.so.$abi")" = "libu8guard.so.$version" ] ||
      fail "libu8guard.so.$abi is not a link to libu8guard.so.$version"
    grep -q "(SONAME).*\[libu8guard\.so\.$abi\]" <<<"$(dynamic "$real")" ||
      fail "the SONAME is not libu8guard.so.$abi"
    [ "$(stat -c %a "$real")" = 644 ] || fail "$real is executable"
    control=$work/control-$lib
    rm -rf "$control"
    dpkg-deb -e "$(deb "$lib")" "$control"
    [ "$(cat "$control/shlibs")" = "libu8guard $abi $lib (>= $version-1)" ] ||
      fail "$lib's shlibs file: $(cat "$control/shlibs")"
    grep -qx 'activate-noawait ldconfig' "$control/triggers" ||
      fail "$lib does not trigger ldconfig"
    [ ! -e "$control/postinst" ] && [ ! -e "$control/postrm" ] ||
      fail "$lib has maintainer scripts"

    # libu8guard-dev
    section libu8guard-dev libdevel
    list=$(files libu8guard-dev)
    for f in usr/include/u8guard/u8guard.h usr/include/u8guard/u8guard_c.h \
      usr/include/u8guard/c/base.h usr/include/u8guard/c/secret.h \
      usr/include/u8guard/version_macros.h "$libdir/libu8guard.so" \
      "$libdir/libu8guard.a" "$libdir/pkgconfig/u8guard.pc" \
      "$libdir/cmake/u8guard/u8guardConfig.cmake" \
      "$libdir/cmake/u8guard/u8guardConfigVersion.cmake" \
      "$libdir/cmake/u8guard/u8guard-shared-targets.cmake" \
      "$libdir/cmake/u8guard/u8guard-static-targets.cmake"; do
      grep -qx "$f" <<<"$list" || fail "libu8guard-dev: no /$f"
    done
    [ "$(readlink "$root/$libdir/libu8guard.so")" = "libu8guard.so.$abi" ] ||
      fail "libu8guard.so is not a link to libu8guard.so.$abi"
    grep -q "^#define U8GUARD_VERSION_STRING \"$version\"$" \
      "$root/usr/include/u8guard/version_macros.h" ||
      fail "version_macros.h is not version $version"
    depends_on libu8guard-dev "$lib (= $version-1)"
    for d in libicu-dev libabsl-dev libtomlplusplus-dev; do
      depends_on libu8guard-dev "$d"
    done

    # u8guard: the tool, linked with the library package's library, its
    # manual page and the policy files.
    section u8guard utils
    tool=$root/usr/bin/u8guard
    [ -x "$tool" ] || fail "no /usr/bin/u8guard"
    ! grep -E '\((RPATH|RUNPATH)\)' <<<"$(dynamic "$tool")" ||
      fail "/usr/bin/u8guard has a RUNPATH"
    grep -q "(NEEDED).*\[libu8guard\.so\.$abi\]" <<<"$(dynamic "$tool")" ||
      fail "/usr/bin/u8guard does not link libu8guard.so.$abi"
    depends_on u8guard "$lib (>= $version-1)"
    [ -f "$root/usr/share/man/man1/u8guard.1.gz" ] ||
      fail "u8guard: no /usr/share/man/man1/u8guard.1.gz"
    for f in "$source"/policies/*.toml; do
      [ -f "$root/usr/share/u8guard/policies/${f##*/}" ] ||
        fail "u8guard: no /usr/share/u8guard/policies/${f##*/}"
    done

    # python3-u8guard: the package for this python3, in its dist-packages.
    section python3-u8guard python
    list=$(files python3-u8guard)
    module=usr/lib/python3/dist-packages/u8guard/_u8guard.cpython-${py/./}-$multiarch.so
    for f in usr/lib/python3/dist-packages/u8guard/__init__.py "$module"; do
      grep -qx "$f" <<<"$list" || fail "python3-u8guard: no /$f"
    done
    ! grep -v -e '^usr/lib/python3/dist-packages/u8guard/' \
      -e '^usr/share/doc/python3-u8guard/' <<<"$list" ||
      fail "python3-u8guard: files outside dist-packages"
    next=$(python3 -c "import sys; print('3.%d' % (int(sys.argv[1].split('.')[1]) + 1))" "$py")
    depends_on python3-u8guard "python3 (>= $py)"
    depends_on python3-u8guard "python3 (<< $next)"

    # postgresql-NN-u8guard: the module and every SQL script.
    p=postgresql-$pg-u8guard
    section "$p" database
    list=$(files "$p")
    ext=usr/share/postgresql/$pg/extension
    for f in "usr/lib/postgresql/$pg/lib/u8guard.so" "$ext/u8guard.control" \
      $(cd "$source/integrations/postgresql/sql" && ls -- *.sql | sed "s|^|$ext/|"); do
      grep -qx "$f" <<<"$list" || fail "$p: no /$f"
    done
    depends_on "$p" "postgresql-$pg"

    # No file in two packages (dpkg refuses to install such a set), and
    # every file that `cmake --install` puts in place is in a package.
    all=$(for p in "${expected_packages[@]}"; do files "$p"; done | sort)
    twice=$(uniq -d <<<"$all")
    [ -z "$twice" ] || fail "files in two packages:"$'\n'"$twice"
    installed=$work/installed
    rm -rf "$installed"
    DESTDIR=$installed "$CMAKE" --install "$U8GUARD_DEB_BUILD_DIR" >/dev/null
    DESTDIR=$installed "$CMAKE" --install "$U8GUARD_DEB_BUILD_DIR" \
      --component postgresql >/dev/null
    left_out=$(cd "$installed" && find . ! -type d | sed 's|^\./||' |
      sed 's|^\(usr/share/man/.*\)|\1.gz|' | sort |
      comm -23 - <(sort <<<"$all"))
    [ -z "$left_out" ] ||
      fail "installed by cmake --install, in no package:"$'\n'"$left_out"
    echo "contents of ${expected_packages[*]}: ok"
    ;;

  cmake)
    tools=$(tools_dir)
    env_root=(PATH="$tools:$PATH" CMAKE_PREFIX_PATH="$root/usr"
      LD_LIBRARY_PATH="$root/$libdir")
    # README.md's quick start: find_package(u8guard) as it is (with both
    # libraries installed, CMake's default: the static one).
    dir=$(fresh_copy cmake)
    quickstart cmake "$dir" "${env_root[@]}"
    expect_package_dir "$dir/build"
    # The C++ and the C API with each library.
    for kind in shared static; do
      build=$work/consumer-$kind
      rm -rf "$build"
      "$CMAKE" -S "$source/tests/install/consumer" -B "$build" -G Ninja \
        -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
        -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$root/usr" \
        -DU8GUARD_COMPONENTS="$kind" >"$build.log" || {
        cat "$build.log"
        fail "the consumer does not configure against the root"
      }
      grep -q "the $kind library" "$build.log" ||
        fail "find_package gave another library than the $kind one"
      expect_package_dir "$build"
      "$CMAKE" --build "$build" >/dev/null
      for program in cxx_consumer c_consumer; do
        if [ "$kind" = shared ]; then
          expect_from_root "$build/$program" LD_LIBRARY_PATH="$root/$libdir"
        fi
        LD_LIBRARY_PATH="$root/$libdir" "$build/$program"
      done
    done
    ;;

  pkgconfig)
    tools=$(tools_dir)
    [ "$("$tools/pkg-config" --modversion u8guard)" = "$version" ] ||
      fail "pkg-config does not find u8guard $version in the root"
    # README.md's C quick start: cc ... $(pkg-config --cflags --libs u8guard)
    dir=$(fresh_copy c)
    quickstart c "$dir" PATH="$tools:$PATH" LD_LIBRARY_PATH="$root/$libdir"
    expect_from_root "$dir/login_check" LD_LIBRARY_PATH="$root/$libdir"
    # The C API with the shared library, then the static one.
    # shellcheck disable=SC2046  # pkg-config's words are separate arguments
    "$CC" -std=c11 -Wall -Wextra -pedantic -Werror \
      -o "$work/capi-shared" "$source/tests/install/capi_consumer.c" \
      $("$tools/pkg-config" --cflags --libs u8guard)
    expect_from_root "$work/capi-shared" LD_LIBRARY_PATH="$root/$libdir"
    LD_LIBRARY_PATH="$root/$libdir" "$work/capi-shared"
    # shellcheck disable=SC2046
    "$CC" -std=c11 -Wall -Wextra -pedantic -Werror \
      -o "$work/capi-static" "$source/tests/install/capi_consumer.c" \
      "$root/$libdir/libu8guard.a" \
      $("$tools/pkg-config" --static --cflags --libs u8guard | sed 's/ -lu8guard / /')
    ! grep -q 'libu8guard\.so' <<<"$(dynamic "$work/capi-static")" ||
      fail "capi-static links libu8guard.so"
    "$work/capi-static"
    ;;

  cli)
    tool=$root/usr/bin/u8guard
    env_root=(LD_LIBRARY_PATH="$root/$libdir")
    expect_from_root "$tool" "${env_root[@]}"
    [ "$(env "${env_root[@]}" "$tool" version | head -1)" = "u8guard $version" ] ||
      fail "/usr/bin/u8guard version"
    # README.md's quick start, from the source tree (it reads examples/).
    quickstart cli "$source" PATH="$root/usr/bin:$PATH" "${env_root[@]}"
    # The shipped policy files load (a file that does not exits 2) and
    # define the profiles of their names.
    policies=$root/usr/share/u8guard/policies
    for f in "$policies"/*.toml; do
      name=$(basename "$f" .toml)
      [ "$(env "${env_root[@]}" "$tool" canon --profile-dir="$policies" \
        --profile="$name" -- abc)" = abc ] || fail "policy file $f"
    done
    echo "the tool from the root: ok"
    ;;

  python)
    dist=$root/usr/lib/python3/dist-packages
    found=$(PYTHONPATH=$dist /usr/bin/python3 -c \
      'import u8guard, u8guard._u8guard as m; print(u8guard.__version__, m.__file__)')
    [ "${found%% *}" = "$version" ] || fail "import u8guard: $found"
    case "${found#* }" in
      "$dist"/u8guard/_u8guard.*) ;;
      *) fail "import u8guard: the module is ${found#* }, not the root's" ;;
    esac
    (cd "$work" && PYTHONPATH=$dist /usr/bin/python3 \
      "$source/examples/quickstart/python/example.py")
    echo "import u8guard ($found): ok"
    ;;

  postgresql)
    cluster=$source/integrations/postgresql/pg_cluster.sh
    state=$work/pg.state
    trap '"$cluster" stop "$state"' EXIT
    # Only the PostgreSQL package's files: the server must not need others.
    pgroot=$work/pg-root
    rm -rf "$pgroot"
    dpkg-deb -x "$(deb "postgresql-$pg-u8guard")" "$pgroot"
    U8GUARD_PG_ROOT=$pgroot "$cluster" start "$state" - "$U8GUARD_PG_BINDIR"
    dir=$(cat "$state")
    set -a
    # shellcheck disable=SC1091  # written by pg_cluster.sh start
    . "$dir/pg.env"
    set +a
    default=$(sed -n "s/^default_version = '\(.*\)'$/\1/p" \
      "$pgroot/usr/share/postgresql/$pg/extension/u8guard.control")
    got=$(psql -X -q -At -v ON_ERROR_STOP=1 <<SQL
CREATE DATABASE u8guard_deb TEMPLATE template0 ENCODING 'UTF8';
\c u8guard_deb
CREATE EXTENSION u8guard;
SELECT extversion FROM pg_extension WHERE extname = 'u8guard';
SELECT library FROM u8guard_versions();
\i $pgroot/usr/share/doc/u8guard/postgresql/accounts.sql
INSERT INTO accounts (name) VALUES ('admin');
SELECT count(*) FROM accounts WHERE u8guard_key(name, 'username-case-mapped') = u8guard_key('ＡＤＭＩＮ', 'username-case-mapped');
SQL
    )
    want=$(printf '%s\n' "$default" "$version" 1)
    [ "$got" = "$want" ] ||
      fail "the extension answers"$'\n'"$got"$'\n'"not"$'\n'"$want"
    # docs/postgresql.md's quick start, with psql, on this server.
    "$source/integrations/postgresql/tests/quickstart_test.sh" "$state" "$source"
    echo "CREATE EXTENSION u8guard $default from the package: ok"
    ;;

  *)
    fail "unknown step $step"
    ;;
esac
