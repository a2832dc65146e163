#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# u8guard in PostgreSQL beside lower() and citext, on one table of user
# names, in one throw-away server (integrations/postgresql/tests/
# pg_cluster.sh, the extension installed from BUILD_DIR).
#
#   bench/postgresql_bench.sh BUILD_DIR [ROWS] [RUNS]      (./dev bench-pg)
#
# Prints, per measurement, the median of RUNS runs (3 by default) in
# seconds and as rows/s: a scan computing each function over ROWS names
# (1,000,000 by default) without and with two parallel workers, the build
# of an expression index on each (a citext column's plain index for
# citext), and the audit queries of docs/postgresql.md (collisions by key,
# look-alikes by skeleton and by every look-alike key), and the upgrade
# verification of a table of the names' records partitioned in 4, without
# and with two parallel workers.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: postgresql_bench.sh BUILD_DIR [ROWS] [RUNS]}" && pwd)
rows=${2:-1000000}
runs=${3:-3}
pg_bindir=${U8GUARD_PG_BINDIR:-/usr/lib/postgresql/15/bin}
cluster=$here/../integrations/postgresql/pg_cluster.sh
# The module preloaded, as docs/postgresql.md recommends (set
# U8GUARD_PG_CONF= to measure without: each backend and parallel worker then
# builds u8guard's tables on first use, about 75 ms).
export U8GUARD_PG_CONF=${U8GUARD_PG_CONF-shared_preload_libraries = 'u8guard'}
state=$(mktemp /tmp/u8guard-pg-bench.XXXXXX)
trap '"$cluster" stop "$state" || true; rm -f "$state"' EXIT

"$cluster" start "$state" "$build" "$pg_bindir" >/dev/null
dir=$(cat "$state")
export PGHOST=$dir PGUSER=postgres PGDATABASE=postgres
psql_q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }

psql_q <<EOF
CREATE EXTENSION u8guard;
CREATE EXTENSION citext;
SELECT setseed(0.42) \\gset
-- Names as sign-up tables hold them: syllables, mostly ASCII, some Latin-1,
-- Cyrillic, Greek and CJK, digits, a few case variants and look-alikes.
CREATE TABLE names AS
SELECT i AS id,
       CASE WHEN i % 50 = 0 THEN upper(n) WHEN i % 97 = 0 THEN 'p' || chr(1072) || n
            ELSE n END AS name
FROM (
  SELECT i, s[1 + floor(random() * 31)::int] || s[1 + floor(random() * 31)::int]
            || s[1 + floor(random() * 31)::int] || floor(random() * 1000)::int AS n
  FROM generate_series(1, $rows) i,
       (SELECT ARRAY['an','bo','ca','de','el','fi','go','ha','ix','jo','ka',
                     'lu','mi','no','or','pa','qu','ri','sa','to','ul','vi',
                     'we','yo','zu','é','ü','ø','да','λα','山'] AS s) syllables
) g;
CREATE TABLE names_citext AS SELECT id, name::citext AS name FROM names;
VACUUM ANALYZE names;
VACUUM ANALYZE names_citext;
EOF

# median SQL...: the median wall time of RUNS runs of the statements.
median() {
  local times=() i start end
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s%N)
    psql_q -c "$1" >/dev/null
    end=$(date +%s%N)
    times+=($(((end - start) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p"
}

report() { # report LABEL MICROSECONDS
  awk -v l="$1" -v us="$2" -v r="$rows" \
    'BEGIN { printf "%-58s %8.3f s %12.0f rows/s\n", l, us / 1e6, r / (us / 1e6) }'
}

echo "rows: $rows; median of $runs runs; PostgreSQL $(psql_q -At -c 'SHOW server_version');" \
  "shared_preload_libraries = '$(psql_q -At -c 'SHOW shared_preload_libraries')'"
echo "u8guard: $(psql_q -At -c "SELECT library || ', ICU ' || icu || ', Unicode ' || unicode FROM u8guard_versions()")"
p="'username-case-mapped'"
for workers in 0 2; do
  set_workers="SET max_parallel_workers_per_gather = $workers; SET parallel_setup_cost = 0; SET min_parallel_table_scan_size = 0;"
  report "scan: lower(name), $workers workers" \
    "$(median "$set_workers SELECT count(lower(name)) FROM names")"
  report "scan: citext = citext (lower both), $workers workers" \
    "$(median "$set_workers SELECT count(*) FROM names_citext WHERE name = 'x'::citext")"
  report "scan: u8guard_key(name, $p), $workers workers" \
    "$(median "$set_workers SELECT count(u8guard_key(name, $p)) FROM names")"
  report "scan: u8guard_skeleton(name, $p), $workers workers" \
    "$(median "$set_workers SELECT count(u8guard_skeleton(name, $p)) FROM names")"
done
report "index build: (lower(name))" \
  "$(median "DROP INDEX IF EXISTS i1; CREATE INDEX i1 ON names (lower(name))")"
report "index build: citext column" \
  "$(median "DROP INDEX IF EXISTS i2; CREATE INDEX i2 ON names_citext (name)")"
report "index build: (u8guard_key(name, $p))" \
  "$(median "DROP INDEX IF EXISTS i3; CREATE INDEX i3 ON names (u8guard_key(name, $p))")"
report "index build: (u8guard_skeleton(name, $p))" \
  "$(median "DROP INDEX IF EXISTS i4; CREATE INDEX i4 ON names (u8guard_skeleton(name, $p))")"
# The audit queries of docs/postgresql.md: each key computed once behind
# an OFFSET 0 fence (serial), look-alikes by "min(key) <> max(key)".
fenced="(SELECT id, u8guard_try_key(name, $p) AS key FROM names OFFSET 0) a"
report "audit: collisions by key" \
  "$(median "SELECT count(*) FROM (SELECT key, array_agg(id ORDER BY id) FROM $fenced WHERE key IS NOT NULL GROUP BY key HAVING count(*) > 1) c")"
report "audit: look-alikes by skeleton" \
  "$(median "SELECT count(*) FROM (SELECT u8guard_skeleton(key, $p), array_agg(key) FROM $fenced WHERE key IS NOT NULL GROUP BY 1 HAVING min(key) <> max(key)) l")"
report "audit: look-alikes by every look-alike key" \
  "$(median "SELECT count(*) FROM (SELECT lk, array_agg(key) FROM $fenced, unnest(u8guard_lookalike_keys(key, $p)) lk WHERE key IS NOT NULL GROUP BY lk HAVING min(key) <> max(key)) l")"
# Without the fence PostgreSQL folds the subquery in and computes the key
# at every use of it (four times a row here), with parallel workers.
audit_workers="SET max_parallel_workers_per_gather = 2; SET parallel_setup_cost = 0;"
report "audit: look-alikes by skeleton, no fence, 2 workers" \
  "$(median "$audit_workers SELECT count(*) FROM (SELECT s FROM (SELECT u8guard_skeleton(k, $p) s, k FROM (SELECT u8guard_try_key(name, $p) k FROM names) n WHERE k IS NOT NULL) m GROUP BY s HAVING min(k) <> max(k)) l")"
# Upgrade verification over a table of records partitioned in 4, without
# and with parallel workers deriving the records now.
psql_q <<EOF
CREATE TABLE records (name text, key text, lookalike_keys text[])
  PARTITION BY HASH (name);
CREATE TABLE records_0 PARTITION OF records FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE records_1 PARTITION OF records FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE records_2 PARTITION OF records FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE records_3 PARTITION OF records FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO records
  SELECT name, k, CASE WHEN k IS NOT NULL THEN u8guard_lookalike_keys(name, $p) END
  FROM (SELECT name, u8guard_try_key(name, $p) k FROM names) n;
VACUUM ANALYZE records;
EOF
for workers in 0 2; do
  report "verify: u8guard_verify_records, 4 partitions, $workers workers" \
    "$(median "SET u8guard.parallel_verify = $([ "$workers" = 0 ] && echo off || echo on); SET max_parallel_workers_per_gather = $workers; SET parallel_setup_cost = 0; SET min_parallel_table_scan_size = 0; SELECT count(*) FROM u8guard_verify_records('records', $p)")"
done
