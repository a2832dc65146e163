#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# PostgreSQL.quickstart: docs/postgresql.md's quick start,
# examples/quickstart/postgresql/example.sql, run with psql as a user runs
# it (psql -f example.sql) in a new database of the test server; what psql
# prints must be example.out, beside it.
#
#   quickstart_test.sh STATE SOURCE_DIR
set -euo pipefail
state=$1 source=$2
dir=$(cat "$state")
set -a
# shellcheck disable=SC1091  # written by pg_cluster.sh start
. "$dir/pg.env"
set +a
here=$source/examples/quickstart/postgresql
db=u8guard_quickstart
dropdb --if-exists "$db"
createdb -T template0 -E UTF8 "$db"
out=$(mktemp)
trap 'dropdb --if-exists "$db"; rm -f "$out"' EXIT
(cd "$here" && psql -X -d "$db" -f example.sql >"$out" 2>&1) || true
if ! diff -u "$here/example.out" "$out"; then
  echo "FAILED: psql -f example.sql does not print example.out (diff above)" >&2
  exit 1
fi
echo "the PostgreSQL quick start: ok"
