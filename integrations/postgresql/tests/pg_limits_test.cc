// SPDX-License-Identifier: Apache-2.0
// Bounded calls: every text argument is bounded by u8guard.max_input_bytes
// before any work (and before it is detoasted), so that each call answers a
// cancel or statement_timeout within about a second and its memory is a
// bounded multiple of the bound; bytea validation works through any length
// in chunks, checking for a cancel between them.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"
#include "u8guard/rule.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using pgtest::Connection;
using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;

// A call an outside review made: a 63 MB input whose skeleton is 629 MB
// ran for 221 s in 0.1, ignored statement_timeout, pg_cancel_backend and
// pg_terminate_backend, and grew the backend to 2.4 GB.
TEST(PgLimits, HugeSkeletonInputIsRefusedBeforeAnyWork) {
  TestDatabase db;
  const Result r = db.conn().Exec(
      "SET statement_timeout = '1s';"
      "SELECT u8guard_skeleton(repeat(chr(65018), 22000000), "
      "'text-document')");
  EXPECT_EQ(r.sqlstate, "54000") << r.Describe();  // not 57014 (a timeout)
  EXPECT_NE(r.message.find("66000000 bytes"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("u8guard.max_input_bytes (1048576)"),
            std::string::npos)
      << r.message;
}

// A skeleton an outside review found quadratic: "a" + (U+0E4D U+0316) * n
// has runs of one
// mark, but U+0E4D's prototype is a mark, and ICU sorted the skeleton's one
// run of 2n marks by insertion: 500 KB ran 24 s under statement_timeout =
// 1s, and a cancel took effect after 29.9 s. At the largest input a
// superuser may allow (2 MB), every function that takes a skeleton now
// answers within a second in a Release build (0.3 s for the registration
// here); the time-out is 10 s so that sanitizer builds pass too, where the
// quadratic sort took minutes.
TEST(PgLimits, SkeletonsOfMarkPrototypesAtTheLargestInputAreQuick) {
  TestDatabase db;
  Connection& conn = db.conn();
  conn.Query(
      "SET u8guard.max_input_bytes = '2MB'; SET statement_timeout = '10s'");
  std::string input = "a";
  while (input.size() + 5 <= (2u << 20)) input += "\xE0\xB9\x8D\xCC\x96";
  for (const char* call : {"u8guard_skeleton($1, 'text-document')",
                           "u8guard_lookalike_keys($1, 'text-document')",
                           "u8guard_registration($1, 'text-document')"}) {
    SCOPED_TRACE(call);
    const Result r =
        conn.Exec(absl::StrCat("SELECT length(", call, "::text)"), {input});
    EXPECT_TRUE(r.ok) << r.Describe();
  }
}

// Each text argument of each function, with the bound set to 100 bytes: 101
// bytes are refused with 54000, 100 are taken.
TEST(PgLimits, EveryTextArgumentIsBounded) {
  TestDatabase db;
  Connection& conn = db.conn();
  conn.Query("SET u8guard.max_input_bytes = 100");
  // $1 is the bounded argument: "/aaa..." (an absolute root, too).
  const std::vector<std::string> calls = {
      "u8guard_key($1, 'text-document')",
      "u8guard_key('a', $1)",
      "u8guard_try_key($1, 'text-document')",
      "u8guard_enforce($1, 'text-document')",
      "u8guard_equivalent($1, 'a', 'text-document')",
      "u8guard_equivalent('a', $1, 'text-document')",
      "u8guard_equivalent('a', 'a', $1)",
      "u8guard_skeleton($1, 'text-document')",
      "u8guard_lookalike_keys($1, 'text-document')",
      "u8guard_rejection($1, 'text-document')",
      "u8guard_sanitize_path($1, max_length => 1000)",
      "u8guard_sanitize_path('a', root => $1)",
      "u8guard_sanitize_path('a', segment_profile => $1)",
      // An outside review found these two read whole: 250 MB of \x01 as
      // dot_dot took 3.4 GB and ignored statement_timeout.
      "u8guard_sanitize_path('a', dot_dot => $1)",
      "u8guard_sanitize_path('a', normalization => $1)",
      "u8guard_registration($1, 'text-document')",
      "u8guard_registration('a', $1)",
  };
  for (const std::string& call : calls) {
    SCOPED_TRACE(call);
    const std::string sql = absl::StrCat("SELECT ", call);
    const Result over = conn.Exec(sql, {"/" + std::string(100, 'a')});
    EXPECT_EQ(over.sqlstate, "54000") << over.Describe();
    // At the bound the function runs (an unknown profile, a path with a
    // leading separator: errors of their own).
    const Result at = conn.Exec(sql, {"/" + std::string(99, 'a')});
    EXPECT_NE(at.sqlstate, "54000") << at.Describe();
  }
  // A value stored compressed is measured by its length, not its size.
  conn.Query(
      "CREATE TABLE docs (body text);"
      "INSERT INTO docs VALUES (repeat('a', 1000000));"
      "RESET u8guard.max_input_bytes");
  EXPECT_LT(
      std::stoi(*conn.Query("SELECT pg_column_size(body) FROM docs")[0].at(0)),
      100000);
  EXPECT_TRUE(
      conn.Exec("SELECT u8guard_key(body, 'text-document') FROM docs").ok);
  conn.Query("UPDATE docs SET body = body || body");
  EXPECT_EQ(
      conn.Exec("SELECT u8guard_key(body, 'text-document') FROM docs").sqlstate,
      "54000");
}

TEST(PgLimits, TheBoundIsASuperusersAndCapped) {
  TestDatabase db;
  Connection& conn = db.conn();
  EXPECT_EQ(conn.Query("SHOW u8guard.max_input_bytes"),
            (std::vector<Row>{{"1MB"}}));
  EXPECT_TRUE(conn.Exec("SET u8guard.max_input_bytes = '2MB'").ok);
  EXPECT_EQ(conn.Exec("SET u8guard.max_input_bytes = '3MB'").sqlstate, "22023");
  const std::string role = db.name().substr(0, 50) + "_user";
  conn.Query(
      absl::StrFormat("RESET u8guard.max_input_bytes; DROP ROLE IF EXISTS %1$s;"
                      "CREATE ROLE %1$s; SET ROLE %1$s",
                      role));
  EXPECT_EQ(conn.Exec("SET u8guard.max_input_bytes = '2MB'").sqlstate, "42501");
  conn.Query(absl::StrCat("RESET ROLE; DROP ROLE ", role));
}

// u8guard_check_utf8 reads 1 MiB at a time: every case of a small corpus,
// placed across the first chunk boundary at every offset, gives what the
// library gives for the whole input.
TEST(PgLimits, CheckUtf8InChunksAgreesWithTheLibrary) {
  TestDatabase db;
  Connection& conn = db.conn();
  const std::vector<std::string> cases = {
      "\xC3\xA9",     "\xE2\x82\xAC", "\xF0\x9F\x98\x80",
      "\xF0\x9F\x98", "\xE2\x82",     "\xC3",
      "\xE0\x80\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80",
      "\x80",         "\xC3\xA9\xFF", "\xF0\x9F\x98\x80\xF0",
  };
  constexpr size_t kChunk = size_t{1} << 20;
  for (const std::string& c : cases) {
    for (size_t back = 0; back <= 5; ++back) {
      for (const std::string& tail : {std::string(), std::string("abc")}) {
        const std::string input = std::string(kChunk - back, 'a') + c + tail;
        SCOPED_TRACE(
            absl::StrFormat("case %s at %d bytes before the chunk's "
                            "end, tail %d",
                            pgtest::ByteaLiteral(c), back, tail.size()));
        const Utf8Result want = ValidateUtf8(input);
        const std::vector<Row> got = conn.Query(
            "SELECT valid, valid_up_to, kind, error_len "
            "FROM u8guard_check_utf8($1::bytea)",
            {pgtest::ByteaLiteral(input)});
        ASSERT_EQ(got.size(), 1u);
        const Row expected = {
            want.ok() ? "t" : "f", std::to_string(want.valid_up_to),
            want.ok()
                ? std::nullopt
                : std::optional<std::string>(RuleId(Utf8ErrorRule(want.kind))),
            std::to_string(want.error_len)};
        EXPECT_EQ(got[0], expected);
      }
    }
  }
}

}  // namespace
}  // namespace u8guard
