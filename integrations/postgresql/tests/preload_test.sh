#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# PostgreSQL.preloaded: the module loaded through shared_preload_libraries
# (docs/postgresql.md, "Install"), in a server of its own: _PG_init makes the
# profiles and code point tables in the postmaster, and backends and
# parallel workers answer as without preloading. Also checks what the module
# exports: Pg_magic_func, _PG_init, the SQL functions and their pg_finfo_
# records, nothing else (no symbol of libu8guard.a or Abseil).
#
#   preload_test.sh BUILD_DIR PG_BINDIR MODULE
set -euo pipefail
build=$1 pg_bindir=$2 module=$3
here=$(cd "$(dirname "$0")" && pwd)
state=$(mktemp /tmp/u8guard-pg-preload.XXXXXX)
trap '"$here/../pg_cluster.sh" stop "$state"; rm -f "$state"' EXIT

unexpected=$(nm -D --defined-only "$module" | awk '{ print $3 }' |
  grep -Ev '^(Pg_magic_func|_PG_init|u8guard_pg_[a-z0-9_]+|pg_finfo_u8guard_pg_[a-z0-9_]+)$' || true)
if [ -n "$unexpected" ]; then
  echo "the module exports more than PostgreSQL needs:" >&2
  echo "$unexpected" >&2
  exit 1
fi
# (Read whole before matching: under pipefail `nm | grep -q` fails when grep
# stops reading at the match and nm dies of SIGPIPE.)
exported=$(nm -D --defined-only "$module")
grep -q ' _PG_init$' <<<"$exported" ||
  { echo "_PG_init is not exported" >&2; exit 1; }

U8GUARD_PG_CONF="shared_preload_libraries = 'u8guard'" \
  "$here/../pg_cluster.sh" start "$state" "$build" "$pg_bindir"
dir=$(cat "$state")
export PGHOST=$dir PGUSER=postgres PGDATABASE=postgres
got=$(psql -X -q -At -v ON_ERROR_STOP=1 <<'SQL'
CREATE EXTENSION u8guard;
SHOW shared_preload_libraries;
SELECT u8guard_key('ＡＤＭＩＮ', 'username-case-mapped');
SELECT u8guard_skeleton('pаypal', 'username-case-mapped');
SELECT u8guard_enforce('  Foo  Bar ', 'nickname');
SELECT u8guard_sanitize_path('a/./b', normalization => 'NFKC');
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
CREATE TABLE t AS SELECT 'Us' || i || 'é' AS name FROM generate_series(1, 20000) i;
SELECT count(DISTINCT u8guard_key(name, 'username-case-mapped')) FROM t;
SQL
)
want="u8guard
admin
paypal
Foo Bar
a/b
20000"
if [ "$got" != "$want" ]; then
  printf 'got:\n%s\nwant:\n%s\n' "$got" "$want" >&2
  exit 1
fi
echo "preloaded: ok"
