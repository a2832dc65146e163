#!/usr/bin/env bash
# example.sql with psql, on a throw-away PostgreSQL server: started in a
# new directory under /tmp (a Unix socket there, no TCP; as root, the
# server runs as nobody), stopped and removed on exit. Checks that psql
# prints example.out.
#   run.sh [PG_BINDIR]      (/usr/lib/postgresql/15/bin by default)
set -euo pipefail
cd "$(dirname "$0")"
cluster=../../../integrations/postgresql/pg_cluster.sh
state=$(mktemp) printed=$(mktemp)
trap '"$cluster" stop "$state"; rm -f "$printed"' EXIT
"$cluster" start "$state" - "${1:-/usr/lib/postgresql/15/bin}"
PGHOST=$(cat "$state")  # the server's directory: its socket is there
export PGHOST PGUSER=postgres  # the server's superuser
psql -X -f example.sql >"$printed" 2>&1 || true
cat "$printed"
diff -u example.out "$printed"
echo "run.sh: psql printed example.out"
