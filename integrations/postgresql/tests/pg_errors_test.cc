// SPDX-License-Identifier: Apache-2.0
// The extension's errors: fixed SQLSTATEs, u8guard's messages, the rule,
// offset and code point in DETAIL; NULLs; unknown profiles; bounds; bad
// options; databases that are not UTF8.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"

namespace u8guard {
namespace {

using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;
using pgtest::Value;

TEST(PgErrors, RejectedNameRaises22023WithRuleOffsetAndCodePoint) {
  TestDatabase db;
  // "al" U+200B "ice"
  const Result r = db.conn().Exec(
      "SELECT u8guard_key(E'al\\u200Bice', 'username-case-mapped')");
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.sqlstate, "22023");
  EXPECT_EQ(r.message,
            "username-case-mapped: rejected at byte 2 (U+200B): "
            "DISALLOWED/precis_ignorable_properties");
  EXPECT_EQ(r.detail,
            "rule DISALLOWED/precis_ignorable_properties, byte offset 2, code "
            "point U+200B");
  // A rule about the whole string names no code point.
  const Result empty =
      db.conn().Exec("SELECT u8guard_enforce('', 'username-case-mapped')");
  EXPECT_EQ(empty.sqlstate, "22023");
  EXPECT_EQ(empty.detail, "rule DISALLOWED/empty, byte offset 0");
  // The same name through u8guard_skeleton.
  EXPECT_EQ(db.conn()
                .Exec("SELECT u8guard_skeleton('a b', 'username-case-mapped')")
                .detail,
            "rule DISALLOWED/spaces, byte offset 1, code point U+0020");
}

TEST(PgErrors, TryKeyAndRejectionReturnNullOnlyForRejections) {
  TestDatabase db;
  EXPECT_EQ(
      db.conn().Query(
          "SELECT u8guard_try_key('a b', 'username-case-mapped'),"
          "       u8guard_try_key('Bob', 'username-case-mapped'),"
          "       u8guard_rejection('Bob', 'username-case-mapped') IS NULL"),
      (std::vector<Row>{{std::nullopt, "bob", "t"}}));
  EXPECT_EQ(db.conn().Query("SELECT * FROM u8guard_rejection('a b', "
                            "'username-case-mapped')"),
            (std::vector<Row>{{"1", "32", "DISALLOWED/spaces",
                               "username-case-mapped: rejected at byte 1 "
                               "(U+0020): DISALLOWED/spaces"}}));
}

TEST(PgErrors, UnknownProfileIsAnErrorNotNull) {
  TestDatabase db;
  for (const char* sql : {
           "SELECT u8guard_key('bob', 'usernamecasemapped')",
           "SELECT u8guard_try_key('bob', 'nope')",
           "SELECT u8guard_enforce('bob', 'nope')",
           "SELECT u8guard_equivalent('bob', 'bob', 'nope')",
           "SELECT u8guard_skeleton('bob', 'nope')",
           "SELECT u8guard_rejection('a b', 'nope')",
           "SELECT u8guard_sanitize_path('a', segment_profile => 'nope')",
       }) {
    const Result r = db.conn().Exec(sql);
    EXPECT_EQ(r.sqlstate, "42704") << sql << ": " << r.Describe();
    EXPECT_NE(r.message.find("username-case-mapped"), std::string::npos)
        << "the message lists the built-in profiles: " << r.message;
  }
}

// Attack (an outside review): a profile name or path root sent by a client
// reached the error message raw, so a newline and "ERROR:" forged a second
// line in logs, and escape sequences reached a terminal. Escaped now.
TEST(PgErrors, UntrustedStringsInMessagesAreEscaped) {
  TestDatabase db;
  for (const char* sql : {
           "SELECT u8guard_key('a', E'no\\nERROR:  fake\\u001b[31mred')",
           "SELECT u8guard_sanitize_path('a', "
           "  root => E'/x\\u001b[2J\\nFAKE')",
           "SELECT u8guard_sanitize_path('a', dot_dot => E'x\\n\\u001b[2J')",
       }) {
    const Result r = db.conn().Exec(sql);
    EXPECT_FALSE(r.ok) << sql;
    for (const std::string& text : {r.message, r.detail}) {
      EXPECT_EQ(text.find('\n'), std::string::npos) << sql << ": " << text;
      EXPECT_EQ(text.find('\x1B'), std::string::npos) << sql << ": " << text;
    }
  }
}

TEST(PgErrors, NullInNullOut) {
  TestDatabase db;
  const std::vector<Row> got = db.conn().Query(
      "SELECT u8guard_key(NULL, 'nickname'), u8guard_key('x', NULL),"
      "  u8guard_try_key(NULL, 'nickname'), u8guard_enforce(NULL, 'nickname'),"
      "  u8guard_equivalent(NULL, 'x', 'nickname'), u8guard_skeleton(NULL, "
      "  'nickname'), u8guard_rejection(NULL, 'nickname'),"
      "  u8guard_check_utf8(NULL), u8guard_sanitize_path(NULL),"
      "  u8guard_sanitize_path('a', root => NULL)");
  ASSERT_EQ(got.size(), 1u);
  for (const Value& v : got[0]) EXPECT_FALSE(v.has_value());
}

TEST(PgErrors, InputsOverTheProfilesBound) {
  TestDatabase db;
  // The user-name profiles take at most 4096 bytes of input (policies/):
  // rejected before any work, at the first byte past the bound.
  const Result r = db.conn().Exec(
      "SELECT u8guard_key(repeat('a', 5000), 'username-case-mapped')");
  EXPECT_EQ(r.sqlstate, "22023");
  EXPECT_EQ(r.detail, "rule input_too_long, byte offset 4096");
  EXPECT_EQ(db.conn().Query("SELECT (u8guard_rejection(repeat('a', 5000), "
                            "'username-case-mapped')).rule"),
            (std::vector<Row>{{"input_too_long"}}));
  // Over the output bound but not the input one.
  EXPECT_EQ(db.conn().Query("SELECT (u8guard_rejection(repeat('a', 1100), "
                            "'username-case-mapped')).rule"),
            (std::vector<Row>{{"too_long"}}));
  // 31 combining marks in a row: over the Stream-Safe bound of 30.
  EXPECT_EQ(
      db.conn().Query("SELECT (u8guard_rejection('a' || repeat(E'\\u0301',"
                      " 31), 'text-document')).rule"),
      (std::vector<Row>{{"stream_unsafe"}}));
}

TEST(PgErrors, InvalidUtf8InBytea) {
  TestDatabase db;
  EXPECT_EQ(db.conn().Query("SELECT * FROM u8guard_check_utf8("
                            "'\\x2fc0ae2e2f'::bytea)"),
            (std::vector<Row>{{"f", "1", "utf8/overlong", "1"}}));
  EXPECT_EQ(
      db.conn().Query("SELECT * FROM u8guard_check_utf8('\\x61e282'::bytea)"),
      (std::vector<Row>{{"f", "1", "utf8/truncated", "0"}}));
  EXPECT_EQ(db.conn().Query("SELECT * FROM u8guard_check_utf8(''::bytea)"),
            (std::vector<Row>{{"t", "0", std::nullopt, "0"}}));
  // Bytes that arrived as bytea, checked, then made text only when valid.
  EXPECT_EQ(
      db.conn().Query(
          "SELECT CASE WHEN (u8guard_check_utf8(b)).valid "
          "THEN u8guard_key(convert_from(b, 'UTF8'), 'username-case-mapped') "
          "END FROM (VALUES ('\\x41646d696e'::bytea), "
          "('\\x41c0ae'::bytea)) v(b)"),
      (std::vector<Row>{{"admin"}, {std::nullopt}}));
}

TEST(PgErrors, BadPathOptions) {
  TestDatabase db;
  for (const char* sql : {
           "SELECT u8guard_sanitize_path('a', dot_dot => 'maybe')",
           "SELECT u8guard_sanitize_path('a', normalization => 'NFD')",
           "SELECT u8guard_sanitize_path('a', normalization => 'nfx')",
           "SELECT u8guard_sanitize_path('a', root => 'relative/root')",
           "SELECT u8guard_sanitize_path('a', root => '/srv/../etc')",
           "SELECT u8guard_sanitize_path('a', max_depth => -1)",
           "SELECT u8guard_sanitize_path('a', max_length => -5)",
       }) {
    const Result r = db.conn().Exec(sql);
    EXPECT_EQ(r.sqlstate, "22023") << sql << ": " << r.Describe();
    EXPECT_EQ(r.detail, "") << sql << ": a bad option is not a rejection";
  }
  const Result r = db.conn().Exec(
      "SELECT u8guard_sanitize_path('a/../../etc/passwd', "
      "dot_dot => 'resolve')");
  EXPECT_EQ(r.sqlstate, "22023");
  EXPECT_EQ(r.detail.rfind("rule path/above_root, byte offset ", 0), 0u)
      << r.detail;
}

TEST(PgErrors, DatabasesThatAreNotUtf8AreRefused) {
  TestDatabase db(/*with_extension=*/true, "LATIN1");
  for (const char* sql : {
           "SELECT u8guard_key('bob', 'username-case-mapped')",
           "SELECT u8guard_sanitize_path('a/b')",
       }) {
    const Result r = db.conn().Exec(sql);
    EXPECT_EQ(r.sqlstate, "0A000") << sql << ": " << r.Describe();
    EXPECT_NE(r.message.find("UTF8"), std::string::npos) << r.message;
  }
  // bytea is no text: its check works in any database.
  EXPECT_EQ(
      db.conn().Query("SELECT (u8guard_check_utf8('\\xc3a9'::bytea)).valid"),
      (std::vector<Row>{{"t"}}));
}

}  // namespace
}  // namespace u8guard
