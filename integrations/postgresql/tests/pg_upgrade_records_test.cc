// SPDX-License-Identifier: Apache-2.0
// u8guard_verify_records(): the rows whose stored records an upgrade of ICU
// changes, and those a REINDEX would refuse. The old ICU is simulated by
// editing the records the running one made, as pg_stale_index_test edits
// the recorded versions (tests/registration/across_icu_test.py runs two ICUs).

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"

namespace u8guard {
namespace {

using pgtest::Connection;
using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;

// A table of records as u8guard_registration() gives them.
void MakeRecords(Connection& conn, const std::string& table) {
  conn.Query("CREATE TABLE " + table +
             " (id serial, name text, key text, lookalike_keys text[]);"
             "INSERT INTO " +
             table +
             " (name, key, lookalike_keys)"
             "  SELECT n, (r).key, (r).lookalike_keys FROM ("
             "    SELECT n, u8guard_registration(n, 'username-case-mapped') r"
             "    FROM unnest(ARRAY['bob', 'carol', 'a b', 'dave', 'Erin',"
             "      'ERIN', 'paypal', 'p\u0430ypal', 'frank', 'Frank']) n) s");
}

std::vector<Row> Verify(Connection& conn, const std::string& table) {
  return conn.Query(
      "SELECT kind, name, old_key, new_key, rule, other_name, shared_key "
      "FROM u8guard_verify_records('" +
      table +
      "', 'username-case-mapped') "
      "ORDER BY name COLLATE \"C\", kind");
}

TEST(PgUpgradeRecords, TheRunningVersionsChangeNothing) {
  TestDatabase db;
  Connection& conn = db.conn();
  MakeRecords(conn, "records");
  EXPECT_TRUE(Verify(conn, "records").empty());
  // docs/upgrading.md's export of a table whose keys live in an index.
  conn.Query(
      "CREATE TABLE accounts (name text);"
      "CREATE UNIQUE INDEX ON accounts "
      "  (u8guard_key(name, 'username-case-mapped'));"
      "INSERT INTO accounts VALUES ('alice'), ('Bob'), ('admin');"
      "CREATE TABLE account_records AS"
      "  SELECT a.name, (r).key, (r).lookalike_keys, (r).version_tag"
      "  FROM (SELECT name, u8guard_registration(name, "
      "        'username-case-mapped') r"
      "        FROM accounts) a;");
  EXPECT_EQ(conn.Query("SELECT count(*) FROM account_records "
                       "WHERE key IS NOT NULL"),
            (std::vector<Row>{{"3"}}));
  EXPECT_TRUE(Verify(conn, "account_records").empty());
}

TEST(PgUpgradeRecords, ListsWhatAReindexWouldChangeOrRefuse) {
  TestDatabase db;
  Connection& conn = db.conn();
  MakeRecords(conn, "records");
  // As an older ICU could have stored them. (A pair names the later name
  // in C collation order: "ERIN" comes before "Erin".)
  conn.Query(
      "UPDATE records SET key = 'b0b' WHERE name = 'bob';"
      "UPDATE records SET lookalike_keys = '{carol,caro1}' "
      "  WHERE name = 'carol';"
      "UPDATE records SET key = 'a b', lookalike_keys = '{a b}' "
      "  WHERE name = 'a b';"
      "UPDATE records SET key = NULL, lookalike_keys = NULL "
      "  WHERE name = 'dave';"
      "UPDATE records SET key = 'erin-old', lookalike_keys = '{erin-old}' "
      "  WHERE name = 'ERIN';"
      "UPDATE records SET lookalike_keys = '{p-old}' "
      "  WHERE name = 'p\u0430ypal'");
  const std::string cyrillic = "p\u0430ypal";
  EXPECT_EQ(Verify(conn, "records"),
            (std::vector<Row>{
                {"key_changed", "ERIN", "erin-old", "erin", std::nullopt,
                 std::nullopt, std::nullopt},
                {"new_collision", "Erin", "erin", "erin", std::nullopt, "ERIN",
                 "erin"},
                {"now_rejected", "a b", "a b", std::nullopt,
                 "DISALLOWED/spaces", std::nullopt, std::nullopt},
                {"key_changed", "bob", "b0b", "bob", std::nullopt, std::nullopt,
                 std::nullopt},
                {"lookalike_keys_changed", "carol", "carol", "carol",
                 std::nullopt, std::nullopt, std::nullopt},
                {"now_accepted", "dave", std::nullopt, "dave", std::nullopt,
                 std::nullopt, std::nullopt},
                {"lookalike_keys_changed", cyrillic, cyrillic, cyrillic,
                 std::nullopt, std::nullopt, std::nullopt},
                {"new_lookalike", cyrillic, cyrillic, cyrillic, std::nullopt,
                 "paypal", "paypal"},
            }));
  // What the list says a REINDEX refuses, it refuses: a unique index over
  // the stored keys, rebuilt from the names, fails on ERIN.
  conn.Query(
      "CREATE TABLE rebuilt AS SELECT name FROM records "
      "WHERE u8guard_try_key(name, 'username-case-mapped') IS NOT NULL");
  const Result refused = conn.Exec(
      "CREATE UNIQUE INDEX ON rebuilt "
      "(u8guard_key(name, 'username-case-mapped'))");
  EXPECT_EQ(refused.sqlstate, "23505") << refused.Describe();
}

TEST(PgUpgradeRecords, ReadsWithTheCallersRights) {
  TestDatabase db;
  Connection& conn = db.conn();
  MakeRecords(conn, "\"My Records\"");
  // A quoted, schema-qualified name is read as is.
  EXPECT_TRUE(Verify(conn, "public.\"My Records\"").empty());
  conn.Query(
      "CREATE ROLE u8guard_verify_reader;"
      "SET ROLE u8guard_verify_reader");
  const Result denied = conn.Exec(
      "SELECT * FROM u8guard_verify_records('public.\"My Records\"', "
      "'username-case-mapped')");
  EXPECT_EQ(denied.sqlstate, "42501") << denied.Describe();
  conn.Query("RESET ROLE; DROP ROLE u8guard_verify_reader");
  // A table without the columns: an error naming the column.
  conn.Query("CREATE TABLE other (n text)");
  const Result wrong = conn.Exec(
      "SELECT * FROM u8guard_verify_records('other', 'username-case-mapped')");
  EXPECT_EQ(wrong.sqlstate, "42703") << wrong.Describe();
  // An unknown profile: the error of every u8guard function.
  const Result profile = conn.Exec(
      "SELECT * FROM u8guard_verify_records('\"My Records\"', 'nope')");
  EXPECT_FALSE(profile.ok);
  // Functions are looked up in the extension's schema only: a user's
  // public.u8guard_try_key is never called.
  conn.Query(
      "CREATE TABLE records (name text, key text, lookalike_keys text[]);"
      "INSERT INTO records VALUES ('alice', 'alice', '{alice,allce}');"
      "CREATE SCHEMA trap;"
      "CREATE FUNCTION trap.u8guard_try_key(text, text) RETURNS text "
      "  LANGUAGE sql AS 'SELECT ''trapped''';"
      "SET search_path = trap, public");
  EXPECT_TRUE(Verify(conn, "public.records").empty());
}

}  // namespace
}  // namespace u8guard
