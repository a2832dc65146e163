#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What the extension costs DDL that cannot touch its indexes, and how long
# its slowest calls take at the input bound, in one throw-away server
# (integrations/postgresql/pg_cluster.sh, the extension installed from
# BUILD_DIR).
#
#   bench/postgresql_limits_bench.sh BUILD_DIR [SECONDS] [ROUNDS]
#                                                   (./dev bench-pg-limits)
#
# 1. DDL: pgbench (one client, SECONDS per run, 5 by default) runs each kind
#    of statement in three databases: without the extension, with 0.1 (the
#    event trigger in PL/pgSQL that queried the catalogs after every
#    CREATE/ALTER TABLE and CREATE INDEX) and with the current version.
#    ROUNDS rounds (5 by default), the databases interleaved within each;
#    prints the median transactions per second and the ratio to "without".
# 2. Limits: at u8guard.max_input_bytes' largest value (2 MiB), the slowest
#    input known (U+FDFA, whose skeleton is ten times longer) through each
#    function, its time, and the backend's peak resident memory
#    (VmHWM) afterwards; then the same skeleton call cancelled with
#    pg_cancel_backend 100 ms in, and the time from the cancel to its end.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: postgresql_limits_bench.sh BUILD_DIR [SECONDS] [ROUNDS]}" && pwd)
seconds=${2:-5}
rounds=${3:-5}
pg_bindir=${U8GUARD_PG_BINDIR:-/usr/lib/postgresql/15/bin}
cluster=$here/../integrations/postgresql/pg_cluster.sh
state=$(mktemp /tmp/u8guard-pg-bench.XXXXXX)
work=$(mktemp -d /tmp/u8guard-pg-bench-work.XXXXXX)
trap 'cat "$work/pgbench.err" 2>/dev/null | tail -5 >&2; "$cluster" stop "$state" || true; rm -rf "$state" "$work"' EXIT

"$cluster" start "$state" "$build" "$pg_bindir" >/dev/null
dir=$(cat "$state")
export PGHOST=$dir PGUSER=postgres PGDATABASE=postgres
psql_q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

psql_q -c "CREATE DATABASE without_extension" \
  -c "CREATE DATABASE with_0_1" -c "CREATE DATABASE with_current"
psql_q -d with_0_1 -c "CREATE EXTENSION u8guard VERSION '0.1'"
psql_q -d with_current -c "CREATE EXTENSION u8guard"
for db in without_extension with_0_1 with_current; do
  # A table with a u8guard index beside the ones the statements touch, as
  # in a database that uses the extension.
  psql_q -o /dev/null -d "$db" -c "CREATE TABLE plain (id int, name text);
    CREATE TABLE users (name text)" \
    -c "$( [ "$db" = without_extension ] && echo "SELECT 1" ||
      echo "CREATE UNIQUE INDEX users_key ON users
              (u8guard_key(name, 'username-case-mapped'))")"
done

# The statements, one pgbench script each.
cat >"$work/temp_table.sql" <<'EOF'
BEGIN;
CREATE TEMP TABLE scratch (id int, name text) ON COMMIT DROP;
COMMIT;
EOF
cat >"$work/table.sql" <<'EOF'
CREATE TABLE scratch (id int PRIMARY KEY, name text);
DROP TABLE scratch;
EOF
# (Not ADD + DROP COLUMN: a dropped column still counts towards the 1600
# columns a table may have, and a run would reach that.)
cat >"$work/alter_table.sql" <<'EOF'
ALTER TABLE plain RENAME COLUMN name TO renamed;
ALTER TABLE plain RENAME COLUMN renamed TO name;
EOF
cat >"$work/column_index.sql" <<'EOF'
CREATE INDEX plain_id ON plain (id);
DROP INDEX plain_id;
EOF
kinds=(temp_table table alter_table column_index)
labels=("CREATE TEMP TABLE (ON COMMIT DROP)" "CREATE TABLE + DROP TABLE"
  "ALTER TABLE RENAME COLUMN, twice" "CREATE INDEX (a column) + DROP INDEX")
dbs=(without_extension with_0_1 with_current)

for kind in "${kinds[@]}"; do
  for db in "${dbs[@]}"; do : >"$work/$kind.$db"; done
done
for ((r = 0; r < rounds; r++)); do
  for kind in "${kinds[@]}"; do
    for db in "${dbs[@]}"; do
      "$pg_bindir/pgbench" -n -c 1 -T "$seconds" -f "$work/$kind.sql" "$db" \
        2>>"$work/pgbench.err" | sed -n 's/^tps = \([0-9.]*\).*/\1/p' >>"$work/$kind.$db"
    done
  done
done

median() { sort -n "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "## DDL per second (pgbench, 1 client, ${seconds} s x ${rounds} rounds, medians)"
echo
echo "| statement | without | with 0.1 | with current | 0.1 / without | current / without |"
echo "|---|---|---|---|---|---|"
for i in "${!kinds[@]}"; do
  kind=${kinds[$i]}
  w=$(median "$work/$kind.without_extension")
  o=$(median "$work/$kind.with_0_1")
  c=$(median "$work/$kind.with_current")
  awk -v l="${labels[$i]}" -v w="$w" -v o="$o" -v c="$c" 'BEGIN {
    printf "| %s | %.0f | %.0f | %.0f | %.2f | %.2f |\n", l, w, o, c, o / w, c / w }'
done

echo
echo "## At u8guard.max_input_bytes = 2MB: U+FDFA repeated (2 MiB)"
echo
echo "| call | time (ms) | backend VmHWM after (MiB) |"
echo "|---|---|---|"
input="repeat(chr(65018), 699050)"
for call in "u8guard_key($input, 'text-document')" \
  "u8guard_enforce($input, 'text-document')" \
  "u8guard_skeleton($input, 'text-document')" \
  "u8guard_lookalike_keys($input, 'text-document')" \
  "u8guard_rejection($input, 'text-document')" \
  "u8guard_equivalent($input, $input, 'text-document')" \
  "u8guard_key($input, 'nickname')" \
  "u8guard_check_utf8(convert_to(repeat($input, 60), 'UTF8'))"; do
  # (The nickname profile refuses more than 4096 bytes itself: its row
  # times that refusal; the error message is left out.)
  out=$(psql -X -At -d with_current 2>/dev/null <<EOF
SET u8guard.max_input_bytes = '2MB';
SET client_min_messages = warning;
SELECT pg_backend_pid() AS pid \gset
\timing on
SELECT length(($call)::text) > 0;
\timing off
\setenv PID :pid
\! grep VmHWM /proc/\$PID/status
EOF
  )
  ms=$(echo "$out" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1)
  hwm=$(echo "$out" | awk '/VmHWM/ {printf "%.0f", $2 / 1024}')
  echo "| \`${call/$input/U+FDFA x 699050}\` | $ms | $hwm |"
done

echo
echo "## Cancel: u8guard_skeleton of 2 MiB of U+FDFA, pg_cancel_backend 100 ms in"
echo
for ((r = 0; r < rounds; r++)); do
  psql -X -At -d with_current >"$work/cancel.out" 2>&1 <<EOF &
SET u8guard.max_input_bytes = '2MB';
SET application_name = 'u8guard_cancel';
SELECT length(u8guard_skeleton($input, 'text-document'));
EOF
  client=$!
  sleep 0.1
  start=$(date +%s%N)
  psql_q -At -c "SELECT pg_cancel_backend(pid) FROM pg_stat_activity
                 WHERE application_name = 'u8guard_cancel'" >/dev/null
  wait "$client" || true
  end=$(date +%s%N)
  echo "- cancelled $(( (end - start) / 1000000 )) ms after pg_cancel_backend: $(grep -c 'canceling statement' "$work/cancel.out") cancelled, $(grep -c '^[0-9]' "$work/cancel.out") finished first"
done
