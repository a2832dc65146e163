// SPDX-License-Identifier: Apache-2.0
// ALTER EXTENSION u8guard UPDATE from the earlier releases: the security
// fixes of 0.2 and 0.3 reach a database that installed 0.1, and what it
// holds stays.

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"

namespace u8guard {
namespace {

using pgtest::Connection;
using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;

// Every object of the extension with what defines it: functions (their
// definition, rights, SECURITY DEFINER, settings), tables and composite
// types (columns, defaults, rights), the event trigger (event, function,
// tags, state); and the extension's version.
std::vector<Row> Catalog(Connection& conn) {
  return conn.Query(R"sql(
WITH member AS (
  SELECT d.classid, d.objid
  FROM pg_depend d JOIN pg_extension x ON x.oid = d.refobjid
  WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
    AND x.extname = 'u8guard'
), columns AS (
  SELECT a.attrelid,
         string_agg(concat_ws(' ', a.attname,
                              format_type(a.atttypid, a.atttypmod),
                              a.attnotnull, pg_get_expr(f.adbin, f.adrelid)),
                    ', ' ORDER BY a.attnum) AS list
  FROM pg_attribute a
  LEFT JOIN pg_attrdef f ON f.adrelid = a.attrelid AND f.adnum = a.attnum
  WHERE a.attnum > 0 AND NOT a.attisdropped
  GROUP BY a.attrelid
)
SELECT pg_describe_object(m.classid, m.objid, 0),
       CASE m.classid
         WHEN 'pg_proc'::regclass THEN (
           SELECT concat_ws(' | ', pg_get_functiondef(p.oid), p.proacl,
                            p.prosecdef, p.proconfig)
           FROM pg_proc p WHERE p.oid = m.objid)
         WHEN 'pg_class'::regclass THEN (
           SELECT concat_ws(' | ', c.relkind, c.relacl, k.list)
           FROM pg_class c JOIN columns k ON k.attrelid = c.oid
           WHERE c.oid = m.objid)
         WHEN 'pg_type'::regclass THEN (
           SELECT concat_ws(' | ', t.typtype, k.list)
           FROM pg_type t LEFT JOIN columns k ON k.attrelid = t.typrelid
           WHERE t.oid = m.objid)
         WHEN 'pg_event_trigger'::regclass THEN (
           SELECT concat_ws(' | ', e.evtevent, e.evtfoid::regprocedure,
                            e.evtenabled, e.evttags)
           FROM pg_event_trigger e WHERE e.oid = m.objid)
         ELSE 'unexpected kind of object'
       END
FROM member m
UNION ALL
SELECT 'version', extversion FROM pg_extension WHERE extname = 'u8guard'
ORDER BY 1
)sql");
}

TEST(PgUpdate, FromTheLastReleaseEqualsAFreshInstall) {
  TestDatabase fresh;
  TestDatabase updated(/*with_extension=*/false, "UTF8", "_updated");
  Connection& conn = updated.conn();
  conn.Query("CREATE EXTENSION u8guard VERSION '0.1'");
  EXPECT_EQ(conn.Query("SELECT extversion FROM pg_extension "
                       "WHERE extname = 'u8guard'"),
            (std::vector<Row>{{"0.1"}}));
  conn.Query("ALTER EXTENSION u8guard UPDATE");
  const std::vector<Row> want = Catalog(fresh.conn());
  EXPECT_EQ(Catalog(conn), want);
  // Not a vacuous comparison.
  ASSERT_GT(want.size(), 20u);
  EXPECT_NE(std::find(want.begin(), want.end(), Row{"version", "0.3"}),
            want.end());
}

// Between installing a new library and ALTER EXTENSION UPDATE, the event
// trigger of SQL 0.2 still records (its worker takes no mover).
TEST(PgUpdate, TheLibraryKeepsRecordingUnderTheSqlOf02) {
  TestDatabase db(/*with_extension=*/false);
  Connection& conn = db.conn();
  conn.Query(
      "CREATE EXTENSION u8guard VERSION '0.2';"
      "CREATE TABLE users (name text);"
      "CREATE INDEX users_key ON users (u8guard_key(name, 'nickname'));"
      "ALTER INDEX users_key SET TABLESPACE pg_default");
  EXPECT_EQ(conn.Query("SELECT index_oid::regclass::text "
                       "FROM u8guard_index_builds"),
            (std::vector<Row>{{"users_key"}}));
}

TEST(PgUpdate, KeepsRecordsIndexesAndGrants) {
  TestDatabase db(/*with_extension=*/false);
  Connection& conn = db.conn();
  const std::string role = db.name().substr(0, 40) + "_operator";
  conn.Query(absl::StrFormat(
      "CREATE EXTENSION u8guard VERSION '0.1';"
      "CREATE TABLE users (name text);"
      "INSERT INTO users VALUES ('alice'), ('bob');"
      "CREATE UNIQUE INDEX users_key ON users "
      "  (u8guard_key(name, 'username-case-mapped'));"
      "CREATE TABLE events (tenant int, name text) PARTITION BY LIST (tenant);"
      "CREATE TABLE events_1 PARTITION OF events FOR VALUES IN (1);"
      "CREATE INDEX events_key ON events (u8guard_key(name, 'nickname'));"
      // An index built under other versions stays listed across the update.
      "UPDATE u8guard_index_builds SET unicode = '14.0' "
      "  WHERE index_oid = 'events_1_u8guard_key_idx'::regclass;"
      "DROP ROLE IF EXISTS %1$s; CREATE ROLE %1$s;"
      "GRANT EXECUTE ON FUNCTION u8guard_reindex_stale() TO %1$s",
      role));
  const std::string records =
      "SELECT index_oid::regclass::text, relfilenode::text, library, icu, "
      "  unicode, recorded_at::text FROM u8guard_index_builds ORDER BY 1";
  const std::vector<Row> before = conn.Query(records);
  ASSERT_EQ(before.size(), 3u);
  const std::vector<Row> stale_before =
      conn.Query("SELECT * FROM u8guard_stale_indexes()");

  conn.Query("ALTER EXTENSION u8guard UPDATE TO '0.2'");
  EXPECT_EQ(conn.Query(records), before);
  EXPECT_EQ(conn.Query("SELECT * FROM u8guard_stale_indexes()"), stale_before);
  EXPECT_EQ(
      conn.Query(absl::StrFormat("SELECT has_function_privilege('%s', "
                                 "  'u8guard_reindex_stale()', 'EXECUTE')",
                                 role)),
      (std::vector<Row>{{"t"}}));
  // The indexes still refuse what they refused, and the new event trigger
  // records new indexes (the old one is gone).
  EXPECT_EQ(conn.Exec("INSERT INTO users VALUES ('ALICE')").sqlstate, "23505");
  EXPECT_EQ(conn.Query("SELECT evtname FROM pg_event_trigger"),
            (std::vector<Row>{{"u8guard_record_index_builds"}}));
  conn.Query(
      "CREATE TABLE events_2 PARTITION OF events FOR VALUES IN (2);"
      "CREATE INDEX users_skeleton ON users "
      "  (u8guard_skeleton(name, 'username-case-mapped'))");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_index_builds"),
            (std::vector<Row>{{"5"}}));
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_reindex_stale()"),
            (std::vector<Row>{{"1"}}));
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_stale_indexes()"),
            (std::vector<Row>{{"0"}}));

  // On to 0.3: the records move to u8guard_internal (and stay readable
  // where they were), the functions that run SQL with them, and the grant
  // follows to both the wrapper users call and the function it calls.
  const std::vector<Row> records_before_03 = conn.Query(records);
  conn.Query("ALTER EXTENSION u8guard UPDATE TO '0.3'");
  EXPECT_EQ(conn.Query(records), records_before_03);
  EXPECT_EQ(conn.Query("SELECT count(*) FROM "
                       "u8guard_internal.u8guard_index_builds"),
            (std::vector<Row>{{"5"}}));
  for (const char* function : {"u8guard_reindex_stale()",
                               "u8guard_internal.u8guard_reindex_stale()"}) {
    EXPECT_EQ(conn.Query(absl::StrFormat(
                  "SELECT has_function_privilege('%s', '%s', 'EXECUTE')", role,
                  function)),
              (std::vector<Row>{{"t"}}))
        << function;
  }
  conn.Query(
      "CREATE INDEX users_key2 ON users (u8guard_key(name, 'nickname'))");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_index_builds"),
            (std::vector<Row>{{"6"}}));
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_stale_indexes()"),
            (std::vector<Row>{{"0"}}));
  conn.Query(absl::StrFormat(
      "REVOKE ALL ON FUNCTION u8guard_reindex_stale() FROM %1$s;"
      "REVOKE ALL ON FUNCTION u8guard_internal.u8guard_reindex_stale() "
      "  FROM %1$s;"
      "DROP ROLE %1$s",
      role));
}

}  // namespace
}  // namespace u8guard
