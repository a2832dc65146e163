#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A throw-away PostgreSQL server with u8guard in it, for README.md's
# PostgreSQL quick start (examples/quickstart/postgresql/run.sh), the
# extension's tests, the package test and the benchmarks.
#
#   pg_cluster.sh start STATE BUILD_DIR|- PG_BINDIR [ENV...]
#   pg_cluster.sh stop STATE
#
# start: runs PG_BINDIR's initdb (Debian: /usr/lib/postgresql/15/bin, from
# postgresql-15) in a new directory under $TMPDIR or /tmp, as `nobody` when
# run as root (PostgreSQL refuses to run as root), and starts the server on
# a Unix socket in that directory only: no TCP, so no port to pick and no
# clash with another server. Its superuser is `postgres` (trust: only who
# can reach the directory connects), whoever runs this. The server finds
# u8guard
#   - with BUILD_DIR: installed with `cmake --install BUILD_DIR --component
#     postgresql` under DESTDIR=<dir>/root (the command that installs it
#     into the server's directories, staged as packagers and PostgreSQL's
#     own `make check` do);
#   - with U8GUARD_PG_ROOT set (BUILD_DIR unused, `-`): copied from that
#     tree (an unpacked package, or a DESTDIR install);
#   - with `-` alone: in PostgreSQL's own directories, where `./dev
#     install`, `cmake --install build --component postgresql` or the
#     Debian package put it; nothing is staged.
# A staged tree gets the server's binaries copied beside it (PostgreSQL
# finds its share and lib directories relative to them) and every other
# file of the server's directories linked, so nothing is installed outside
# the new directory.
# ENV... (NAME=VALUE) is the server's environment; the lines of the
# environment variable U8GUARD_PG_CONF, if set, are added to its
# postgresql.conf (e.g. shared_preload_libraries = 'u8guard'). STATE (a
# file) records the directory; clients read PGHOST, PGUSER and PGDATABASE
# from <dir>/pg.env.
#
# stop: stops the server (immediately: nothing is kept), fails if its log
# shows a backend that crashed or a sanitizer's report, and removes the
# directory and STATE. Safe to call when start failed half-way or never
# ran.
set -euo pipefail
# The server runs as nobody when this runs as root: what it reads must be
# readable whatever umask the caller has.
umask 022

pg_bin_copies=(postgres pg_ctl initdb)

# run_as_server COMMAND...: as nobody when root (from /: the caller's
# directory may be closed to nobody), else as this user.
run_as_server() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd / && runuser -u nobody -- "$@")
  else
    "$@"
  fi
}

stop() {
  local state=$1
  [ -f "$state" ] || return 0
  local dir
  dir=$(cat "$state")
  local status=0
  if [ -d "$dir/data" ] && [ -f "$dir/data/postmaster.pid" ]; then
    run_as_server "$(cat "$dir/bindir")/pg_ctl" -D "$dir/data" -m immediate \
      -w stop >/dev/null || status=1
  fi
  if [ -f "$dir/server.log" ] &&
    grep -E "terminated by signal|was terminated by exception|PANIC:|ERROR: AddressSanitizer|runtime error:" \
      "$dir/server.log"; then
    echo "pg_cluster: the server log shows a crash or a sanitizer report" \
      "(above)" >&2
    status=1
  fi
  case "$dir" in
    */u8guard-pg.*) rm -rf "$dir" ;;
  esac
  rm -f "$state"
  return $status
}

# stage DIR BUILD_DIR PG_BINDIR: u8guard installed under DIR/root (from
# BUILD_DIR, or a copy of U8GUARD_PG_ROOT) beside the server's own files.
stage() {
  local dir=$1 build=$2 pg_bindir=$3
  # The server's binaries run from here: a noexec file system cannot hold
  # them (set TMPDIR to another one).
  cp /bin/true "$dir/exec-check"
  if ! "$dir/exec-check"; then
    echo "pg_cluster: cannot run programs from $dir (noexec?); set TMPDIR" >&2
    return 1
  fi
  rm -f "$dir/exec-check"
  if [ -n "${U8GUARD_PG_ROOT:-}" ]; then
    cp -a "$U8GUARD_PG_ROOT/." "$dir/root/"
  else
    DESTDIR="$dir/root" cmake --install "$build" --component postgresql \
      >"$dir/install.log"
  fi

  # The server's files around it: the staged tree mirrors the real one.
  local pg_config="$pg_bindir/pg_config"
  local sharedir pkglibdir
  sharedir=$("$pg_config" --sharedir)
  pkglibdir=$("$pg_config" --pkglibdir)
  local bindir="$dir/root$pg_bindir"
  mkdir -p "$bindir" "$dir/root$sharedir/extension" "$dir/root$pkglibdir"
  for f in "${pg_bin_copies[@]}"; do cp "$pg_bindir/$f" "$bindir/"; done
  link_missing() { # link_missing FROM_DIR TO_DIR: entries TO_DIR lacks
    local entry
    for entry in "$1"/*; do
      [ -e "$2/$(basename "$entry")" ] || ln -s "$entry" "$2/"
    done
  }
  link_missing "$sharedir" "$dir/root$sharedir"
  link_missing "$sharedir/extension" "$dir/root$sharedir/extension"
  link_missing "$pkglibdir" "$dir/root$pkglibdir"
}

# check_installed PG_BINDIR: u8guard is in the server's own directories;
# else says how to put it there, or beside a throw-away server only.
check_installed() {
  local extension
  extension=$("$1/pg_config" --sharedir)/extension
  [ -f "$extension/u8guard.control" ] && return 0
  echo "pg_cluster: u8guard is not installed in $extension. As root:" \
    "'cmake --install build --component postgresql' (./dev install does" \
    "it) or 'apt-get install ./postgresql-15-u8guard_*.deb'. Without root:" \
    "'DESTDIR=\$HOME/u8guard-pg cmake --install build --component" \
    "postgresql', then U8GUARD_PG_ROOT=\$HOME/u8guard-pg in the environment" \
    "(docs/postgresql.md)." >&2
  return 1
}

# init_and_start DIR BINDIR ENV...: a new cluster in DIR/data, started.
init_and_start() {
  local dir=$1 bindir=$2
  shift 2
  mkdir "$dir/data"
  if [ "$(id -u)" -eq 0 ]; then chown nobody:nogroup "$dir/data" "$dir"; fi
  run_as_server "$bindir/initdb" -D "$dir/data" -U postgres -A trust \
    --no-sync -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    return 1
  }
  cat >>"$dir/data/postgresql.conf" <<EOF
listen_addresses = ''
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 60
shared_buffers = 128MB
max_worker_processes = 8
max_parallel_workers = 4
max_parallel_workers_per_gather = 2
log_min_messages = warning
${U8GUARD_PG_CONF:-}
EOF
  local env_args=()
  [ $# -gt 0 ] && env_args=(env "$@")
  run_as_server "${env_args[@]}" "$bindir/pg_ctl" -D "$dir/data" \
    -l "$dir/server.log" -w -t 60 start >/dev/null || {
    cat "$dir/server.log" >&2
    return 1
  }
  cat >"$dir/pg.env" <<EOF
PGHOST=$dir
PGUSER=postgres
PGDATABASE=postgres
EOF
}

start() {
  local state=$1 build=$2 pg_bindir=$3
  shift 3
  stop "$state" || true # a server left over by an interrupted run
  if [ ! -x "$pg_bindir/initdb" ] || [ ! -x "$pg_bindir/pg_config" ]; then
    echo "pg_cluster: no initdb or pg_config in $pg_bindir: install the" \
      "server (Debian: apt-get install postgresql-15, as root)" >&2
    return 1
  fi
  local staged=yes
  if [ "$build" = - ] && [ -z "${U8GUARD_PG_ROOT:-}" ]; then
    staged=
    check_installed "$pg_bindir"
  fi

  local dir bindir=$pg_bindir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/u8guard-pg.XXXXXX")
  chmod 755 "$dir"
  echo "$dir" >"$state"
  if [ -n "$staged" ]; then
    stage "$dir" "$build" "$pg_bindir"
    bindir="$dir/root$pg_bindir"
  fi
  echo "$bindir" >"$dir/bindir"
  init_and_start "$dir" "$bindir" "$@"
  echo "pg_cluster: PostgreSQL running with its socket in $dir"
}

cmd=${1:-}
shift || true
case "$cmd" in
  start) start "$@" ;;
  stop) stop "$@" ;;
  *)
    sed -n '3,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
    exit 2
    ;;
esac
