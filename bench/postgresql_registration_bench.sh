#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Sign-ups in PostgreSQL: inserts per second into the members table of
# integrations/postgresql/examples/registration.sql (a trigger computes
# each name's record with u8guard_registration(); unique indexes refuse
# taken keys and look-alike keys; a CHECK refuses every other verdict),
# holding ROWS names, in one throw-away server (integrations/postgresql/
# pg_cluster.sh, the extension installed from BUILD_DIR).
#
#   bench/postgresql_registration_bench.sh BUILD_DIR [ROWS] [SECONDS] [CLIENTS]
#
# ROWS (1,000,000 by default) names shaped as bench/user_names.cc makes
# them ("first.last<N>", one in eight with Latin diacritics, Greek or
# Cyrillic) are loaded first, through the triggers; names the default
# policy refuses (those that mix scripts, "дмитрий.čapek5") and names that
# share a look-alike key with an earlier one are left out beforehand, so
# that the load itself never fails. Then each case runs SECONDS seconds
# (10) of pgbench with CLIENTS clients (1, then 4 by default: "1 4"), each
# transaction one sign-up through sign_up(name), which inserts and turns a
# refusal (23505 taken, 23514 refused) into its answer, as an application
# catching the error would:
#   accepted            a new ASCII name
#   accepted, plain     the same without sign_up(): a bare INSERT (no
#                       subtransaction), for comparison
#   refused, collision  a member's name in capitals (23505 members_key)
#   refused, look-alike a member's name with "m" -> "rn" (23505
#                       member_lookalikes_pkey, raised by the AFTER trigger)
#   refused, scripts    Latin with a Cyrillic а (23514 members_verdict)
# and prints the transactions per second and the member count before and
# after (accepted cases add one row per transaction, refused ones none).
# The server runs with fsync = off (pg_cluster.sh): the figures are
# u8guard's and PostgreSQL's work, not the disk's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: postgresql_registration_bench.sh BUILD_DIR [ROWS] [SECONDS] [CLIENTS]"
build=$(cd "${1:?$usage}" && pwd)
rows=${2:-1000000}
seconds=${3:-10}
clients=${4:-1 4}
pg_bindir=${U8GUARD_PG_BINDIR:-/usr/lib/postgresql/15/bin}
cluster=$here/../integrations/postgresql/pg_cluster.sh
example=$here/../integrations/postgresql/examples/registration.sql
export U8GUARD_PG_CONF=${U8GUARD_PG_CONF-shared_preload_libraries = 'u8guard'}
state=$(mktemp /tmp/u8guard-pg-bench.XXXXXX)
scripts=$(mktemp -d /tmp/u8guard-pg-bench-scripts.XXXXXX)
trap '"$cluster" stop "$state" || true; rm -rf "$state" "$scripts"' EXIT

"$cluster" start "$state" "$build" "$pg_bindir" >/dev/null
dir=$(cat "$state")
export PGHOST=$dir PGUSER=postgres PGDATABASE=postgres
psql_q() { psql -X -q -v ON_ERROR_STOP=1 "$@"; }
now_us() { echo $(($(date +%s%N) / 1000)); }

psql_q -c 'CREATE EXTENSION u8guard' -f "$example"
psql_q <<'EOF'
-- Name i with a number after it, as bench/user_names.cc makes it.
CREATE FUNCTION public.bench_name(i bigint, num bigint) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN i % 8 <> 3 THEN
    (ARRAY['maria','james','wei','fatima','olga','john','aiko','carlos',
           'priya','noah','emma','liam','sofia','ivan','chen','amir','lucas',
           'mia','david','sara','omar','anna','ken','zoe','pedro','nina',
           'ali','eva'])[1 + i % 28] || '.' ||
    (ARRAY['garcia','smith','wang','khan','ivanova','brown','sato','lopez',
           'patel','jones','muller','nguyen','rossi','petrov','li','haddad',
           'silva','kowalski','cohen','kim','novak'])[1 + (i / 28) % 21]
  ELSE
    (ARRAY['josé','françois','jürgen','łukasz','zoë','søren','åsa','renée',
           'ελένη','дмитрий'])[1 + i % 10] || '.' ||
    (ARRAY['müller','čapek','gonzález','wiśniewski','østergaard','núñez',
           'παπαδάκη','смирнов'])[1 + (i / 10) % 8]
  END || num $$;

-- One sign-up: the insert, and a refusal as the answer.
CREATE FUNCTION public.sign_up(name text) RETURNS text
  LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO public.members (name) VALUES (sign_up.name);
    RETURN 'accepted';
  EXCEPTION
    WHEN unique_violation THEN RETURN 'taken';
    WHEN check_violation THEN RETURN 'refused';
  END $$;

CREATE SEQUENCE public.bench_seq;
EOF

# The names to load: the accepted ones whose look-alike keys (the first is
# the key's) no earlier name has.
start=$(now_us)
psql_q <<EOF
SET max_parallel_workers_per_gather = 2;
CREATE TABLE staged AS
  SELECT i, n AS name, (public.u8guard_registration(n, 'username-case-mapped')).*
  FROM generate_series(0, $rows - 1) i, LATERAL public.bench_name(i, i) n;
DELETE FROM staged WHERE verdict <> 'accepted';
CREATE TABLE later AS
  SELECT DISTINCT i FROM (
    SELECT i, min(i) OVER (PARTITION BY k) AS first
    FROM staged, unnest(lookalike_keys) k) x
  WHERE i <> first;
DELETE FROM staged s USING later l WHERE s.i = l.i;
EOF
staged_us=$(($(now_us) - start))
start=$(now_us)
psql_q -c 'INSERT INTO public.members (name) SELECT name FROM staged ORDER BY i'
load_us=$(($(now_us) - start))
psql_q <<'EOF'
DROP TABLE staged, later;
-- Refused candidates: look-alikes of members (m -> rn).
CREATE TABLE public.bench_lookalikes AS
  SELECT row_number() OVER () AS n, replace(name, 'm', 'rn') AS name
  FROM public.members WHERE name LIKE '%m%' AND name ~ '^[a-z.0-9]+$';
ALTER TABLE public.bench_lookalikes ADD PRIMARY KEY (n);
VACUUM ANALYZE;
EOF
members() { psql_q -At -c 'SELECT count(*) FROM public.members'; }
loaded=$(members)
lookalikes=$(psql_q -At -c 'SELECT count(*) FROM public.bench_lookalikes')

echo "names generated: $rows; loaded: $loaded (records and dedup $((staged_us / 1000)) ms;" \
  "insert through the triggers $((load_us / 1000)) ms," \
  "$(awk -v n="$loaded" -v us="$load_us" 'BEGIN { printf "%.0f", n / (us / 1e6) }') rows/s)"
echo "PostgreSQL $(psql_q -At -c 'SHOW server_version'); shared_preload_libraries = '$(psql_q -At -c 'SHOW shared_preload_libraries')';" \
  "u8guard $(psql_q -At -c "SELECT library || ', ICU ' || icu || ', Unicode ' || unicode FROM public.u8guard_versions()")"

cat >"$scripts/accepted.sql" <<'EOF'
SELECT public.sign_up(public.bench_name(8 * s, 3000000 + s)) FROM nextval('public.bench_seq') s;
EOF
cat >"$scripts/plain.sql" <<'EOF'
INSERT INTO public.members (name) SELECT public.bench_name(8 * s, 3000000 + s) FROM nextval('public.bench_seq') s;
EOF
cat >"$scripts/collision.sql" <<'EOF'
\set k random(1, :loaded)
SELECT public.sign_up(upper(name)) FROM public.members WHERE id = :k;
EOF
cat >"$scripts/lookalike.sql" <<'EOF'
\set k random(1, :lookalikes)
SELECT public.sign_up(name) FROM public.bench_lookalikes WHERE n = :k;
EOF
cat >"$scripts/scripts.sql" <<'EOF'
SELECT public.sign_up('p' || chr(1072) || 'ypal' || s) FROM nextval('public.bench_seq') s;
EOF

# run LABEL SCRIPT CLIENTS: pgbench for $seconds s; prints tps and rows.
run() {
  local before after out tps
  before=$(members)
  out=$("$pg_bindir/pgbench" -n -f "$scripts/$2" -c "$3" -j "$3" \
    -T "$seconds" -D loaded="$loaded" -D lookalikes="$lookalikes" 2>&1) || {
    echo "$out" >&2
    return 1
  }
  tps=$(sed -n 's/^tps = \([0-9.]*\) .*/\1/p' <<<"$out")
  after=$(members)
  printf '%-24s %2d clients %10.0f sign-ups/s   members %s -> %s\n' \
    "$1" "$3" "$tps" "$before" "$after"
}

for c in $clients; do
  run "accepted" accepted.sql "$c"
  run "accepted, plain INSERT" plain.sql "$c"
  run "refused, collision" collision.sql "$c"
  run "refused, look-alike" lookalike.sql "$c"
  run "refused, scripts" scripts.sql "$c"
done
