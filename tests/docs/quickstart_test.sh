#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# README.md's quick starts, run as written by a user of another machine:
# from a scratch copy, with a clean environment, and, when ctest runs as
# root, as an unprivileged user too.
#
#   quickstart_test.sh KIND self|unprivileged
#
# KIND is cmake, c or cli (examples/quickstart/KIND/run.sh, through
# tests/docs/run_quickstart.py: every command, and what it prints), python
# (`/usr/bin/python3 example.py`: it prints the rejection, its asserts
# hold) or postgresql (run.sh, which starts a server of its own with
# integrations/postgresql/pg_cluster.sh and compares psql's output with
# example.out).
#
# All of it happens in a new directory under /tmp (mode 755, removed on
# exit): the build installed there with `cmake --install --prefix`, the
# components a full install has (prefix/: owned by the user running ctest, as root owns /usr/local) and
# the extension with DESTDIR (pgroot/, which run.sh's server is given
# through U8GUARD_PG_ROOT: nothing goes into PostgreSQL's directories); a
# copy of what the quick starts read (src/: examples/, the cluster script,
# run_quickstart.py), where they run; home/ as HOME. The environment holds
# only PATH, PKG_CONFIG_PATH, CMAKE_PREFIX_PATH, LD_LIBRARY_PATH and
# PYTHONPATH leading to prefix/ (what an install into /usr/local and
# ldconfig give), HOME, LANG=C.UTF-8 and U8GUARD_PG_ROOT.
#
# self: as the user running ctest. unprivileged: under root, src/ and
# home/ are nobody's and everything runs as nobody (setpriv); under another
# user, exit 77 (self ran as that user already). Exit 77 too when the
# build lacks the kind's part (the Python package, the PostgreSQL
# extension), and for nobody when the build's own ICU (not the system's)
# lies where nobody cannot read it.
#
# Environment (tests/CMakeLists.txt): U8GUARD_BUILD_DIR, U8GUARD_SOURCE_DIR,
# U8GUARD_LIBDIR, U8GUARD_ICU_LIBDIR (empty for the system's ICU),
# U8GUARD_PYTHON_BUILT and
# U8GUARD_PG_BUILT (1 or 0), U8GUARD_PG_CONFIG, CMAKE.
set -euo pipefail
umask 022

kind=$1 as=$2
source=$U8GUARD_SOURCE_DIR

skip() {
  echo "SKIPPED: $*"
  exit 77
}

if [ "$as" = unprivileged ] && [ "$(id -u)" -ne 0 ]; then
  skip "ctest runs as $(id -un), not root: Docs.QuickStart.$kind ran" \
    "the quick start unprivileged"
fi
case "$kind" in
  python) [ "$U8GUARD_PYTHON_BUILT" = 1 ] ||
    skip "the build has no Python package (python3-dev, pybind11-dev)" ;;
  postgresql) [ "$U8GUARD_PG_BUILT" = 1 ] ||
    skip "the build has no PostgreSQL extension (postgresql-server-dev-15)" ;;
esac

scratch=$(mktemp -d /tmp/u8guard-docs.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
chmod 755 "$scratch"
prefix=$scratch/prefix src=$scratch/src
# What `cmake --install build` installs, but for the parts another kind
# uses (so that each kind needs its own part only).
components=(u8guard_development u8guard_shared u8guard_static u8guard_cli)
[ "$kind" = python ] && components+=(python)
for component in "${components[@]}"; do
  "$CMAKE" --install "$U8GUARD_BUILD_DIR" --prefix "$prefix" \
    --component "$component" >/dev/null
done
mkdir -p "$src/integrations/postgresql" "$src/tests/docs" "$scratch/home"
cp -r "$source/examples" "$src/"
# Without what running a quick start in place may have left (.gitignore).
rm -rf "$src/examples/quickstart/cmake/build" \
  "$src/examples/quickstart/c/login_check" "$src/examples/quickstart/c/users.acl"
cp -r "$source/integrations/postgresql/pg_cluster.sh" \
  "$source/integrations/postgresql/examples" "$src/integrations/postgresql/"
cp "$source/tests/docs/run_quickstart.py" "$src/tests/docs/"

pythonpath=
for dir in "$prefix"/lib/python3*/dist-packages; do
  [ -d "$dir/u8guard" ] && pythonpath=$dir
done
if [ "$kind" = python ] && [ -z "$pythonpath" ]; then
  echo "FAILED: cmake --install put no u8guard package under $prefix/lib" >&2
  exit 1
fi
pg_root=
if [ "$kind" = postgresql ]; then
  pg_root=$scratch/pgroot
  DESTDIR=$pg_root "$CMAKE" --install "$U8GUARD_BUILD_DIR" \
    --component postgresql >/dev/null
fi

# as COMMAND...: runs COMMAND as the user the step is for.
as_user() {
  if [ "$as" = unprivileged ]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
  else
    "$@"
  fi
}
if [ "$as" = unprivileged ]; then
  chown -R nobody:nogroup "$src" "$scratch/home"
  # An ICU of the build's own under a home directory closed to others
  # cannot be loaded by nobody: not the quick start's failure.
  if [ -n "${U8GUARD_ICU_LIBDIR:-}" ] &&
    ! as_user test -r "$U8GUARD_ICU_LIBDIR" -a -x "$U8GUARD_ICU_LIBDIR"; then
    skip "nobody cannot read the build's ICU in $U8GUARD_ICU_LIBDIR"
  fi
fi
# (A build against an ICU of its own, not the system's: that ICU too.)
libpath=$prefix/$U8GUARD_LIBDIR pcpath=$prefix/$U8GUARD_LIBDIR/pkgconfig
if [ -n "${U8GUARD_ICU_LIBDIR:-}" ]; then
  libpath=$libpath:$U8GUARD_ICU_LIBDIR
  pcpath=$pcpath:$U8GUARD_ICU_LIBDIR/pkgconfig
fi
# Debian's default PATH: root's has the sbin directories too.
path=/usr/local/bin:/usr/bin:/bin
if [ "$as" = self ] && [ "$(id -u)" -eq 0 ]; then
  path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
fi
environment=(env -i "PATH=$prefix/bin:$path"
  "PKG_CONFIG_PATH=$pcpath"
  "CMAKE_PREFIX_PATH=$prefix" "LD_LIBRARY_PATH=$libpath"
  "PYTHONPATH=$pythonpath" "HOME=$scratch/home" LANG=C.UTF-8
  "U8GUARD_PG_ROOT=$pg_root")

here=$src/examples/quickstart/$kind
echo "as $(as_user id -un), in $src"
case "$kind" in
  cmake | c)
    as_user "${environment[@]}" python3 "$src/tests/docs/run_quickstart.py" \
      "$here/run.sh" "$here"
    ;;
  cli)
    as_user "${environment[@]}" python3 "$src/tests/docs/run_quickstart.py" \
      "$here/run.sh" "$src"
    ;;
  python)
    printed=$(cd "$here" && as_user "${environment[@]}" /usr/bin/python3 example.py)
    want="username-case-mapped: rejected at byte 2 (U+200B): DISALLOWED/precis_ignorable_properties"
    [ "$printed" = "$want" ] ||
      { echo "FAILED: example.py printed '$printed', not '$want'" >&2; exit 1; }
    echo "example.py: $printed"
    ;;
  postgresql)
    as_user "${environment[@]}" "$here/run.sh" "$("$U8GUARD_PG_CONFIG" --bindir)"
    ;;
  *)
    echo "unknown quick start $kind" >&2
    exit 2
    ;;
esac
