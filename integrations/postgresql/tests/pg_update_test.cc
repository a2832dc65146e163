// SPDX-License-Identifier: Apache-2.0
// ALTER EXTENSION u8guard UPDATE from the earlier releases: the security
// fixes of 0.2, 0.3 and 0.4 reach a database that installed 0.1, what it
// holds stays, and every way to 0.5 ends where CREATE EXTENSION does.

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
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
// definition, owner, rights, SECURITY DEFINER, settings), tables, views and
// composite types (columns, defaults, constraints, indexes, the view's
// query, owner, rights), schemas (owner, rights), operators and casts (none
// yet: listed if one comes), the event trigger (event, function, tags,
// state, owner), the initial privileges recorded for pg_dump; and the
// extension itself (schema, owner, configuration tables, version).
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
           SELECT concat_ws(' | ', pg_get_functiondef(p.oid),
                            pg_get_userbyid(p.proowner), p.proacl,
                            p.prosecdef, p.proconfig)
           FROM pg_proc p WHERE p.oid = m.objid)
         WHEN 'pg_class'::regclass THEN (
           SELECT concat_ws(' | ', c.relkind, pg_get_userbyid(c.relowner),
                            c.relacl, c.reloptions, k.list,
                            CASE WHEN c.relkind = 'v'
                                 THEN pg_get_viewdef(c.oid) END,
                            (SELECT string_agg(o.conname || ' '
                                               || pg_get_constraintdef(o.oid),
                                               ', ' ORDER BY o.conname)
                             FROM pg_constraint o WHERE o.conrelid = c.oid),
                            (SELECT string_agg(pg_get_indexdef(i.indexrelid),
                                               ', ' ORDER BY 1)
                             FROM pg_index i WHERE i.indrelid = c.oid))
           FROM pg_class c JOIN columns k ON k.attrelid = c.oid
           WHERE c.oid = m.objid)
         WHEN 'pg_type'::regclass THEN (
           SELECT concat_ws(' | ', t.typtype, pg_get_userbyid(t.typowner),
                            t.typacl, k.list)
           FROM pg_type t LEFT JOIN columns k ON k.attrelid = t.typrelid
           WHERE t.oid = m.objid)
         WHEN 'pg_namespace'::regclass THEN (
           SELECT concat_ws(' | ', pg_get_userbyid(n.nspowner), n.nspacl)
           FROM pg_namespace n WHERE n.oid = m.objid)
         WHEN 'pg_operator'::regclass THEN (
           SELECT concat_ws(' | ', o.oprleft::regtype, o.oprright::regtype,
                            o.oprresult::regtype, o.oprcode::regprocedure,
                            pg_get_userbyid(o.oprowner))
           FROM pg_operator o WHERE o.oid = m.objid)
         WHEN 'pg_cast'::regclass THEN (
           SELECT concat_ws(' | ', c.castfunc::regprocedure, c.castcontext,
                            c.castmethod)
           FROM pg_cast c WHERE c.oid = m.objid)
         WHEN 'pg_event_trigger'::regclass THEN (
           SELECT concat_ws(' | ', e.evtevent, e.evtfoid::regprocedure,
                            e.evtenabled, e.evttags,
                            pg_get_userbyid(e.evtowner))
           FROM pg_event_trigger e WHERE e.oid = m.objid)
         ELSE 'unexpected kind of object'
       END
FROM member m
UNION ALL
SELECT 'initial privileges of ' || pg_describe_object(i.classoid, i.objoid,
                                                      i.objsubid),
       i.privtype::text || ' ' || i.initprivs::text
FROM pg_init_privs i JOIN member m
  ON m.classid = i.classoid AND m.objid = i.objoid
UNION ALL
SELECT 'extension', concat_ws(' | ', x.extnamespace::regnamespace,
                              pg_get_userbyid(x.extowner), x.extrelocatable,
                              x.extconfig, x.extcondition)
FROM pg_extension x WHERE x.extname = 'u8guard'
UNION ALL
SELECT 'version', extversion FROM pg_extension WHERE extname = 'u8guard'
ORDER BY 1, 2
)sql");
}

// The ALTER EXTENSION statements of one way from `from` to 0.5.
struct UpdatePath {
  const char* from;
  std::vector<std::string> updates;
};

const std::vector<UpdatePath>& EveryPathTo05() {
  static const auto* const kPaths = new std::vector<UpdatePath>{
      {"0.1", {"ALTER EXTENSION u8guard UPDATE"}},
      {"0.1",
       {"ALTER EXTENSION u8guard UPDATE TO '0.4'",
        "ALTER EXTENSION u8guard UPDATE TO '0.5'"}},
      {"0.1",
       {"ALTER EXTENSION u8guard UPDATE TO '0.2'",
        "ALTER EXTENSION u8guard UPDATE TO '0.3'",
        "ALTER EXTENSION u8guard UPDATE TO '0.4'",
        "ALTER EXTENSION u8guard UPDATE TO '0.5'"}},
      {"0.1",
       {"ALTER EXTENSION u8guard UPDATE TO '0.2'",
        "ALTER EXTENSION u8guard UPDATE"}},
      {"0.2", {"ALTER EXTENSION u8guard UPDATE"}},
      {"0.2",
       {"ALTER EXTENSION u8guard UPDATE TO '0.3'",
        "ALTER EXTENSION u8guard UPDATE TO '0.4'",
        "ALTER EXTENSION u8guard UPDATE TO '0.5'"}},
      {"0.3", {"ALTER EXTENSION u8guard UPDATE"}},
      {"0.4", {"ALTER EXTENSION u8guard UPDATE"}},
      {"0.4", {"ALTER EXTENSION u8guard UPDATE TO '0.5'"}},
  };
  return *kPaths;
}

// CREATE EXTENSION u8guard (u8guard--0.5.sql) and every way from a released
// version to 0.5 end in the same objects, defined the same way.
TEST(PgUpdate, EveryPathTo05EqualsAFreshInstall) {
  TestDatabase fresh;
  const std::vector<Row> want = Catalog(fresh.conn());
  // Not a vacuous comparison.
  ASSERT_GT(want.size(), 40u);
  EXPECT_NE(std::find(want.begin(), want.end(), Row{"version", "0.5"}),
            want.end());
  int n = 0;
  for (const UpdatePath& path : EveryPathTo05()) {
    std::string description = absl::StrCat("CREATE EXTENSION ", path.from);
    for (const std::string& update : path.updates) {
      absl::StrAppend(&description, "; ", update);
    }
    SCOPED_TRACE(description);
    TestDatabase updated(/*with_extension=*/false, "UTF8",
                         absl::StrCat("_path", n++));
    Connection& conn = updated.conn();
    conn.Query(
        absl::StrFormat("CREATE EXTENSION u8guard VERSION '%s'", path.from));
    for (const std::string& update : path.updates) conn.Query(update);
    EXPECT_EQ(Catalog(conn), want);
  }
}

// PostgreSQL takes the shortest chain of update scripts, so no update from
// 0.1 or 0.2 to 0.4 runs u8guard--0.2--0.3.sql, whose last statement
// compared with unqualified operators (PgScriptSecurity replays the attack).
// And CREATE EXTENSION runs the install script of 0.5 itself, not 0.1's and
// the updates: its records table is made after the schema u8guard_internal
// (a chain makes the table in 0.1 and moves it there in 0.3).
TEST(PgUpdate, ThePathsTo04SkipTheScriptOf03) {
  TestDatabase db;
  Connection& conn = db.conn();
  EXPECT_EQ(conn.Query("SELECT source, path FROM "
                       "pg_extension_update_paths('u8guard') "
                       "WHERE target = '0.4' ORDER BY 1"),
            (std::vector<Row>{{"0.1", "0.1--0.2--0.4"},
                              {"0.2", "0.2--0.4"},
                              {"0.3", "0.3--0.4"},
                              {"0.5", std::nullopt}}));  // no way back
  EXPECT_EQ(conn.Query("SELECT source, path FROM "
                       "pg_extension_update_paths('u8guard') "
                       "WHERE target = '0.5' ORDER BY 1"),
            (std::vector<Row>{{"0.1", "0.1--0.2--0.4--0.5"},
                              {"0.2", "0.2--0.4--0.5"},
                              {"0.3", "0.3--0.4--0.5"},
                              {"0.4", "0.4--0.5"}}));
  EXPECT_EQ(conn.Query("SELECT default_version FROM pg_available_extensions "
                       "WHERE name = 'u8guard'"),
            (std::vector<Row>{{"0.5"}}));
  const std::string table_after_schema =
      "SELECT 'u8guard_internal.u8guard_index_builds'::regclass::oid "
      "  > 'u8guard_internal'::regnamespace::oid";
  EXPECT_EQ(conn.Query(table_after_schema), (std::vector<Row>{{"t"}}));
  TestDatabase chained(/*with_extension=*/false, "UTF8", "_chained");
  chained.conn().Query(
      "CREATE EXTENSION u8guard VERSION '0.3';"
      "ALTER EXTENSION u8guard UPDATE");
  EXPECT_EQ(chained.conn().Query(table_after_schema),
            (std::vector<Row>{{"f"}}));
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

  // On to 0.4, which copies the grants again (0.3's copy ran unpinned, and
  // an operator planted then could have made it copy none): a wrapper
  // without its grant gets it back, and nothing else changes.
  conn.Query(absl::StrFormat(
      "REVOKE ALL ON FUNCTION u8guard_reindex_stale() FROM %s", role));
  const std::vector<Row> records_before_04 = conn.Query(records);
  conn.Query("ALTER EXTENSION u8guard UPDATE TO '0.4'");
  EXPECT_EQ(conn.Query("SELECT extversion FROM pg_extension "
                       "WHERE extname = 'u8guard'"),
            (std::vector<Row>{{"0.4"}}));
  EXPECT_EQ(conn.Query(records), records_before_04);
  for (const char* function : {"u8guard_reindex_stale()",
                               "u8guard_internal.u8guard_reindex_stale()"}) {
    EXPECT_EQ(conn.Query(absl::StrFormat(
                  "SELECT has_function_privilege('%s', '%s', 'EXECUTE')", role,
                  function)),
              (std::vector<Row>{{"t"}}))
        << function;
  }
  EXPECT_EQ(conn.Query("SELECT has_function_privilege('public', "
                       "'u8guard_reindex_stale()', 'EXECUTE')"),
            (std::vector<Row>{{"f"}}));
  conn.Query(absl::StrFormat(
      "REVOKE ALL ON FUNCTION u8guard_reindex_stale() FROM %1$s;"
      "REVOKE ALL ON FUNCTION u8guard_internal.u8guard_reindex_stale() "
      "  FROM %1$s;"
      "DROP ROLE %1$s",
      role));
}

}  // namespace
}  // namespace u8guard
