#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The upgrade verification in PostgreSQL at scale: u8guard_verify_records
# over tables of ROWS records, at several work_mem settings, in one
# throw-away server (integrations/postgresql/pg_cluster.sh, the extension
# installed from BUILD_DIR).
#
#   bench/postgresql_verify_bench.sh BUILD_DIR [ROWS...]
#                                                 (./dev bench-pg-verify)
#
# ROWS: 1000000 by default. Each table holds user names stored with the
# running versions' records but for every 7th (the name before it in
# capitals, stored with another key: a new collision), 11th (a Cyrillic е:
# a new look-alike), 13th (other look-alike keys) and 17th (stored as
# rejected), as PgUpgradeRecords' tests make them. For each work_mem
# (4MB, the default; 64MB; 1GB), serially (no parallel workers), in a new
# session: the time of SELECT count(*) FROM u8guard_verify_records(...),
# the rows it returns, how much the backend's peak resident memory (VmHWM)
# grew during the call, and that less the growth of its shared and
# file-backed pages (RssShmem + RssFile, which do not shrink: the shared
# buffers it read the table through, up to shared_buffers, and the pages
# of ICU's data it touched): about its private memory's peak.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: postgresql_verify_bench.sh BUILD_DIR [ROWS...]}" && pwd)
shift
[ $# -gt 0 ] || set -- 1000000
pg_bindir=${U8GUARD_PG_BINDIR:-/usr/lib/postgresql/15/bin}
cluster=$here/../integrations/postgresql/pg_cluster.sh
state=$(mktemp /tmp/u8guard-pg-bench.XXXXXX)
trap '"$cluster" stop "$state" || true; rm -f "$state"' EXIT

"$cluster" start "$state" "$build" "$pg_bindir" >/dev/null
dir=$(cat "$state")
export PGHOST=$dir PGUSER=postgres PGDATABASE=postgres
psql_q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
psql_q -c "CREATE EXTENSION u8guard"

echo "| rows | work_mem | elapsed | findings | backend peak grew by |" \
  "of which private |"
echo "|--:|--:|--:|--:|--:|--:|"
for rows in "$@"; do
  psql_q -c "DROP TABLE IF EXISTS records" \
    -c "CREATE TABLE records (name text, key text, lookalike_keys text[])" \
    -c "INSERT INTO records SELECT n,
      CASE WHEN i % 17 = 0 THEN NULL WHEN i % 7 = 0 THEN 'old-' || i
      ELSE u8guard_key(n, 'username-case-mapped') END,
      CASE WHEN i % 17 = 0 THEN NULL
      WHEN i % 7 = 0 OR i % 11 = 0 OR i % 13 = 0 THEN ARRAY['old' || i]
      ELSE u8guard_lookalike_keys(n, 'username-case-mapped') END
      FROM (SELECT i, CASE WHEN i % 7 = 0 THEN 'USER' || (i - 1)
        WHEN i % 11 = 0 THEN U&'us\\0435r' || (i - 1)
        ELSE 'user' || i END AS n FROM generate_series(1, $rows) i) s" \
    -c "CREATE TABLE IF NOT EXISTS warm AS SELECT * FROM records LIMIT 100" \
    -c "VACUUM ANALYZE records"
  for mem in 4MB 64MB 1GB; do
    # One session: warm up (ICU's data, the profile), the peak before, the
    # timed call, the peak after.
    out=$(psql -X -v ON_ERROR_STOP=1 -At <<EOF
SET work_mem = '$mem';
SET max_parallel_workers_per_gather = 0;
SELECT count(*) FROM u8guard_verify_records('warm', 'username-case-mapped');
SELECT 'before ' || substring(pg_read_file('/proc/self/status')
  FROM 'VmHWM:\s*([0-9]+)');
SELECT 'shared_before ' || (substring(pg_read_file('/proc/self/status')
  FROM 'RssFile:\s*([0-9]+)')::bigint + substring(
  pg_read_file('/proc/self/status') FROM 'RssShmem:\s*([0-9]+)')::bigint);
SELECT 'start ' || extract(epoch FROM clock_timestamp());
SELECT 'findings ' || count(*) FROM u8guard_verify_records('records',
  'username-case-mapped');
SELECT 'end ' || extract(epoch FROM clock_timestamp());
SELECT 'after ' || substring(pg_read_file('/proc/self/status')
  FROM 'VmHWM:\s*([0-9]+)');
SELECT 'shared_after ' || (substring(pg_read_file('/proc/self/status')
  FROM 'RssFile:\s*([0-9]+)')::bigint + substring(
  pg_read_file('/proc/self/status') FROM 'RssShmem:\s*([0-9]+)')::bigint);
EOF
    )
    field() { sed -n "s/^$1 //p" <<<"$out"; }
    awk -v rows="$rows" -v mem="$mem" -v s="$(field start)" \
      -v e="$(field end)" -v f="$(field findings)" -v b="$(field before)" \
      -v a="$(field after)" -v sb="$(field shared_before)" \
      -v sa="$(field shared_after)" 'BEGIN {
        printf "| %d | %s | %.2f s | %d | %.1f MiB | %.1f MiB |\n", rows,
          mem, e - s, f, (a - b) / 1024, (a - b - (sa - sb)) / 1024 }'
  done
done
