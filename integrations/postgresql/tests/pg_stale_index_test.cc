// SPDX-License-Identifier: Apache-2.0
// The Unicode-version hazard: the versions each index over a u8guard
// function was built under are recorded, u8guard_stale_indexes() lists the
// ones built under other versions, and u8guard_reindex_stale() rebuilds
// them. An upgrade is simulated by changing a recorded version.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

using pgtest::Connection;
using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;

std::vector<Row> Stale(Connection& conn) {
  return conn.Query(
      "SELECT index::text, table_name::text, built_unicode, reason "
      "FROM u8guard_stale_indexes()");
}

TEST(PgStaleIndexes, BuildsAreRecordedWithTheirVersions) {
  TestDatabase db;
  Connection& conn = db.conn();
  conn.Query(
      "CREATE TABLE users (name text);"
      "CREATE UNIQUE INDEX users_key ON users "
      "  (u8guard_key(name, 'username-case-mapped'));"
      "CREATE INDEX users_skeleton ON users "
      "  (u8guard_skeleton(name, 'username-case-mapped'))"
      "  WHERE u8guard_try_key(name, 'username-case-mapped') IS NOT NULL;"
      "CREATE INDEX users_plain ON users (lower(name));");
  EXPECT_EQ(
      conn.Query("SELECT index_oid::regclass::text, library, icu, unicode "
                 "FROM u8guard_index_builds ORDER BY 1"),
      (std::vector<Row>{
          {"users_key", LibraryVersion(), IcuVersion(), UnicodeVersion()},
          {"users_skeleton", LibraryVersion(), IcuVersion(),
           UnicodeVersion()}}));
  EXPECT_TRUE(Stale(conn).empty());
}

TEST(PgStaleIndexes, AnUpgradeListsThemAndReindexStaleRebuildsThem) {
  TestDatabase db;
  Connection& conn = db.conn();
  conn.Query(
      "CREATE TABLE users (name text);"
      "INSERT INTO users VALUES ('alice'), ('bob');"
      "CREATE UNIQUE INDEX users_key ON users "
      "  (u8guard_key(name, 'username-case-mapped'));"
      "CREATE TABLE paths (p text);"
      "CREATE INDEX paths_clean ON paths (u8guard_sanitize_path(p));");
  // As if the indexes had been built under Unicode 14.0 (ICU 70).
  conn.Query("UPDATE u8guard_index_builds SET icu = '70.1', unicode = '14.0'");
  EXPECT_EQ(Stale(conn),
            (std::vector<Row>{
                {"paths_clean", "paths", "14.0", "built under other versions"},
                {"users_key", "users", "14.0", "built under other versions"}}));
  const std::vector<Row> old_storage = conn.Query(
      "SELECT relfilenode FROM pg_class WHERE relname = 'users_key'");

  // A plain REINDEX rebuilds the index but leaves no record of it
  // (PostgreSQL 15 has no event for REINDEX): still listed, since the
  // library cannot know when it ran.
  conn.Query("REINDEX INDEX users_key");
  EXPECT_EQ(Stale(conn).size(), 2u);
  // Recording that rebuild is refused for an index not rebuilt since.
  const Result refused =
      conn.Exec("SELECT u8guard_record_rebuilt('paths_clean')");
  EXPECT_EQ(refused.sqlstate, "55000") << refused.Describe();
  // ... and accepted for one that was (REINDEX ... CONCURRENTLY, say).
  EXPECT_TRUE(conn.Exec("SELECT u8guard_record_rebuilt('users_key')").ok);
  EXPECT_EQ(Stale(conn), (std::vector<Row>{{"paths_clean", "paths", "14.0",
                                            "built under other versions"}}));

  EXPECT_EQ(conn.Query("SELECT u8guard_reindex_stale()::text"),
            (std::vector<Row>{{"paths_clean"}}));
  EXPECT_TRUE(Stale(conn).empty());
  EXPECT_NE(conn.Query("SELECT relfilenode FROM pg_class "
                       "WHERE relname = 'users_key'"),
            old_storage);
  // The rebuilt indexes work.
  EXPECT_EQ(conn.Exec("INSERT INTO users VALUES ('ALICE')").sqlstate, "23505");
  // Only indexes over u8guard functions can be reindexed this way.
  conn.Query("CREATE INDEX users_lower ON users (lower(name))");
  EXPECT_EQ(conn.Exec("SELECT u8guard_reindex('users_lower')").sqlstate,
            "22023");
}

// Moving an index to another tablespace copies its storage: a new
// relfilenode, the same entries. 0.1 took that for a rebuild, and
// u8guard_record_rebuilt() cleared a stale index that was never rebuilt.
TEST(PgStaleIndexes, AMoveIsNotARebuild) {
  TestDatabase db;
  Connection& conn = db.conn();
  const std::string dir = pgtest::MakeTablespaceDirectory(db.name());
  ASSERT_FALSE(dir.empty());
  const std::string tablespace = db.name() + "_ts";
  conn.Query(
      absl::StrFormat("CREATE TABLESPACE %s LOCATION '%s'", tablespace, dir));
  conn.Query(
      "CREATE TABLE users (name text); INSERT INTO users VALUES ('alice');"
      "CREATE INDEX users_key ON users "
      "  (u8guard_key(name, 'username-case-mapped'));"
      "UPDATE u8guard_index_builds SET icu = '70.1', unicode = '14.0'");
  const auto relfilenode = [&] {
    return conn.Query(
        "SELECT relfilenode FROM pg_class WHERE relname = 'users_key'");
  };
  const auto expect_refused = [&](const std::string& move) {
    SCOPED_TRACE(move);
    const std::vector<Row> before = relfilenode();
    conn.Query(move);
    EXPECT_NE(relfilenode(), before) << "the move copied no storage";
    EXPECT_EQ(conn.Exec("SELECT u8guard_record_rebuilt('users_key')").sqlstate,
              "55000");
    EXPECT_EQ(Stale(conn).size(), 1u);
  };
  expect_refused(
      absl::StrFormat("ALTER INDEX users_key SET TABLESPACE %s", tablespace));
  expect_refused(absl::StrFormat(
      "ALTER INDEX ALL IN TABLESPACE %s SET TABLESPACE pg_default",
      tablespace));
  expect_refused(
      absl::StrFormat("ALTER TABLE users_key SET TABLESPACE %s", tablespace));
  // A rebuild into another tablespace is a rebuild.
  conn.Query("REINDEX (TABLESPACE pg_default) INDEX users_key");
  EXPECT_TRUE(conn.Exec("SELECT u8guard_record_rebuilt('users_key')").ok);
  EXPECT_TRUE(Stale(conn).empty());
  // Tablespaces are the cluster's; a dropped index's files go at the next
  // checkpoint.
  conn.Query("DROP INDEX users_key; CHECKPOINT");
  conn.Query(absl::StrCat("DROP TABLESPACE ", tablespace));
}

// u8guard_reindex() of a partitioned index (which has no storage, and which
// PostgreSQL 15 cannot REINDEX inside a function) rebuilds its partitions'
// indexes, and u8guard_reindex_stale() rebuilds each index once.
TEST(PgStaleIndexes, ReindexStaleRebuildsPartitionedIndexes) {
  TestDatabase db;
  Connection& conn = db.conn();
  conn.Query(
      "CREATE TABLE events (tenant int, name text) PARTITION BY LIST (tenant);"
      "CREATE TABLE events_1 PARTITION OF events FOR VALUES IN (1);"
      "CREATE TABLE events_2 PARTITION OF events FOR VALUES IN (2);"
      "INSERT INTO events VALUES (1, 'alice'), (2, 'bob');"
      "CREATE INDEX events_key ON events "
      "  (u8guard_key(name, 'username-case-mapped'));"
      "UPDATE u8guard_index_builds SET icu = '70.1', unicode = '14.0'");
  EXPECT_EQ(Stale(conn).size(), 3u);
  const std::vector<Row> rebuilt =
      conn.Query("SELECT u8guard_reindex_stale()::text ORDER BY 1");
  EXPECT_EQ(rebuilt.size(), 1u) << "each index is rebuilt once";
  EXPECT_TRUE(Stale(conn).empty());
  EXPECT_EQ(conn.Exec("INSERT INTO events VALUES (1, 'ALICE')").ok, true);
}

TEST(PgStaleIndexes, UnrecordedIndexesAreListedAndDroppedOnesForgotten) {
  TestDatabase db;
  Connection& conn = db.conn();
  conn.Query(
      "CREATE TABLE users (name text);"
      "CREATE INDEX users_key ON users "
      "  (u8guard_key(name, 'username-case-mapped'));"
      "CREATE INDEX users_enforced ON users (u8guard_enforce(name, "
      "'nickname'))");
  conn.Query(
      "DELETE FROM u8guard_index_builds WHERE "
      "index_oid = 'users_key'::regclass");
  EXPECT_EQ(Stale(conn), (std::vector<Row>{{"users_key", "users", std::nullopt,
                                            "no record of its build"}}));
  conn.Query("DROP INDEX users_enforced; DROP INDEX users_key");
  EXPECT_TRUE(Stale(conn).empty());
  // The next DDL that can build an index over an expression forgets the
  // records of dropped indexes (other DDL runs no query).
  conn.Query("CREATE TABLE other (x int)");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_index_builds"),
            (std::vector<Row>{{"1"}}));
  conn.Query("CREATE INDEX other_x ON other ((x + 1))");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_index_builds"),
            (std::vector<Row>{{"0"}}));
}

TEST(PgStaleIndexes, PartitionsIndexesAreRecordedToo) {
  TestDatabase db;
  Connection& conn = db.conn();
  conn.Query(
      "CREATE TABLE events (tenant int, name text) PARTITION BY LIST (tenant);"
      "CREATE TABLE events_1 PARTITION OF events FOR VALUES IN (1);"
      "CREATE INDEX events_key ON events "
      "  (u8guard_key(name, 'username-case-mapped'));"
      "CREATE TABLE events_2 PARTITION OF events FOR VALUES IN (2);");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_index_builds"),
            (std::vector<Row>{{"3"}}));  // the parent's and each partition's
  EXPECT_TRUE(Stale(conn).empty());
}

TEST(PgStaleIndexes, OnlyOperatorsMayRecordOrReindex) {
  TestDatabase db;
  Connection& conn = db.conn();
  conn.Query(
      "CREATE ROLE u8guard_app LOGIN;"
      "GRANT ALL ON SCHEMA public TO u8guard_app;"
      "SET ROLE u8guard_app;"
      "CREATE TABLE mine (name text);"
      // An ordinary role's index is recorded too (the event trigger's
      // function runs as the extension's owner).
      "CREATE INDEX mine_key ON mine (u8guard_key(name, 'nickname'));");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM u8guard_index_builds"),
            (std::vector<Row>{{"1"}}));
  EXPECT_EQ(
      conn.Exec("UPDATE u8guard_index_builds SET unicode = '1.0'").sqlstate,
      "42501");
  EXPECT_EQ(conn.Exec("SELECT u8guard_reindex_stale()").sqlstate, "42501");
  EXPECT_EQ(
      conn.Exec(
              "SELECT u8guard_internal.u8guard_record_index_build('mine_key')")
          .sqlstate,
      "42501");
  // Reading is open to all.
  EXPECT_TRUE(conn.Exec("SELECT * FROM u8guard_stale_indexes()").ok);
  conn.Query(
      "RESET ROLE; DROP TABLE mine; REVOKE ALL ON SCHEMA public FROM "
      "u8guard_app; DROP ROLE u8guard_app");
}

}  // namespace
}  // namespace u8guard
