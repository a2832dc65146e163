// SPDX-License-Identifier: Apache-2.0
// u8guard_registration() against the C++ API, and the shipped sign-up
// table that stores its record (integrations/postgresql/examples/
// registration.sql): every verdict, and eight clients signing up colliding
// and look-alike names at once, nothing lost or doubled.

#include <algorithm>
#include <barrier>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"

namespace u8guard {
namespace {

using pgtest::Connection;
using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;

void CreateMembers(Connection& conn) {
  const std::string path =
      absl::StrCat(U8GUARD_PG_EXAMPLES_DIR, "/registration.sql");
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << path;
  std::stringstream sql;
  sql << in.rdbuf();
  conn.Query(sql.str());
}

// The SQL record of `name`, and the C++ API's, as rows of the same shape.
TEST(PgRegistration, RecordsAreTheLibrarys) {
  TestDatabase db;
  Connection& conn = db.conn();
  const Profile& profile = **FindBuiltinProfile("username-case-mapped");
  Registry empty(profile);
  for (const std::string name :
       {"Alice", "p\xD0\xB0ypal", "admin",
        "\xC3\xA4"
        "dmin",
        "a b", "tanaka\xE7\x94\xB0\xE4\xB8\xAD", "paypaI", "ＡＤＭＩＮ", "",
        // Devanagari one beside ASCII 2: mixed numbers.
        "\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xAE\xE0\xA5\xA7"
        "2"}) {
    SCOPED_TRACE(name);
    const absl::StatusOr<RegistrationDecision> d = empty.Decide(name);
    ASSERT_TRUE(d.ok());
    Row want = {std::string(RegistrationOutcomeName(d->outcome))};
    if (d->record.has_value()) {
      const RegistrationRecord& r = *d->record;
      want.insert(want.end(),
                  {r.enforced, r.key,
                   absl::StrCat("{", absl::StrJoin(r.lookalike_keys, ","), "}"),
                   std::string(RestrictionLevelName(r.restriction_level)),
                   absl::StrCat("{", absl::StrJoin(r.scripts, ","), "}"),
                   std::string(DisplaySafetyName(r.display)), r.version_tag});
    } else {
      want.insert(want.end(), 7, std::nullopt);
    }
    want.push_back(d->outcome == RegistrationOutcome::kProtectedName
                       ? pgtest::Value(d->conflict)
                       : std::nullopt);
    if (d->rejection.has_value()) {
      want.insert(want.end(), {std::string(d->rejection->rule_id()),
                               absl::StrCat(d->rejection->offset),
                               RejectionMessage(*d->rejection)});
    } else {
      want.insert(want.end(), 3, std::nullopt);
    }
    EXPECT_EQ(conn.Query("SELECT verdict, enforced, key, lookalike_keys::text, "
                         "restriction_level, scripts::text, display, "
                         "version_tag, protected_name, rule, byte_offset, "
                         "message FROM u8guard_registration($1, "
                         "'username-case-mapped')",
                         {name}),
              std::vector<Row>{want});
  }
}

// The columns 0.5 added under the vocabulary's names: outcome and conflict
// repeat verdict and protected_name on every row, code_point and shared_key
// are the C++ API's (NULL when it has none).
TEST(PgRegistration, VocabularyColumnsAreTheLibrarys) {
  TestDatabase db;
  Connection& conn = db.conn();
  const Profile& profile = **FindBuiltinProfile("username-case-mapped");
  Registry empty(profile);
  int with_code_point = 0;
  int with_shared_key = 0;
  for (const std::string name :
       {"Alice", "p\xD0\xB0ypal", "admin",
        "\xC3\xA4"
        "dmin",
        "a b",
        "a\xE2\x80\x8B"
        "b",
        "tanaka\xE7\x94\xB0\xE4\xB8\xAD", "paypaI", "ＡＤＭＩＮ", "", "r00t"}) {
    SCOPED_TRACE(name);
    const absl::StatusOr<RegistrationDecision> d = empty.Decide(name);
    ASSERT_TRUE(d.ok());
    pgtest::Value code_point = std::nullopt;
    if (d->rejection.has_value() && d->rejection->code_point.has_value()) {
      code_point =
          absl::StrCat(static_cast<uint32_t>(*d->rejection->code_point));
      ++with_code_point;
    }
    pgtest::Value shared_key = std::nullopt;
    if (!d->shared_key.empty()) {
      shared_key = d->shared_key;
      ++with_shared_key;
    }
    EXPECT_EQ(
        conn.Query("SELECT outcome, outcome = verdict, "
                   "conflict IS NOT DISTINCT FROM protected_name, "
                   "code_point, shared_key "
                   "FROM u8guard_registration($1, "
                   "'username-case-mapped')",
                   {name}),
        (std::vector<Row>{{std::string(RegistrationOutcomeName(d->outcome)),
                           "t", "t", code_point, shared_key}}));
  }
  EXPECT_GT(with_code_point, 0);  // the set exercises both kinds of value
  EXPECT_GT(with_shared_key, 0);
}

// Digits of two decimal systems: the verdict and outcome columns name the
// library's outcome, mixed_numbers; digits of one system are accepted.
TEST(PgRegistration, MixedNumbersIsAVerdict) {
  TestDatabase db;
  Connection& conn = db.conn();
  const std::string ram = "\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xAE";
  const std::string query =
      "SELECT verdict, outcome, conflict FROM u8guard_registration($1, "
      "'username-case-mapped')";
  EXPECT_EQ(
      conn.Query(query, {ram + "\xE0\xA5\xA7"
                               "2"}),
      (std::vector<Row>{{"mixed_numbers", "mixed_numbers", std::nullopt}}));
  EXPECT_EQ(conn.Query(query, {ram + "\xE0\xA5\xA7\xE0\xA5\xA8"}),
            (std::vector<Row>{{"accepted", "accepted", std::nullopt}}));
}

TEST(PgRegistration, TheMembersTableRefusesEveryReason) {
  TestDatabase db;
  Connection& conn = db.conn();
  CreateMembers(conn);
  const auto insert = [&](const std::string& name) {
    return conn.Exec("INSERT INTO members (name) VALUES ($1)", {name});
  };
  ASSERT_TRUE(insert("paypal").ok);
  ASSERT_TRUE(insert("GOOGLE").ok);
  struct Case {
    std::string name, sqlstate, constraint;
  };
  const std::vector<Case> cases = {
      {"PayPal", "23505", "members_key"},
      {"paypaI", "23505", "member_lookalikes_pkey"},
      {"G00GLE", "23505", "member_lookalikes_pkey"},
      // One verdict per key, whatever the case typed: "g00gle" and "r00t"
      // were once accepted where "G00GLE" and "R00T" were refused.
      {"g00gle", "23505", "member_lookalikes_pkey"},
      {"G00gle", "23505", "member_lookalikes_pkey"},
      {"R00T", "23514", "members_verdict"},
      {"r00t", "23514", "members_verdict"},
      {"\xEA\xAE\x8B\xEA\xAD\xBC\xEA\xAE\xAE\xEA\xAE\xB2", "23514",
       "members_verdict"},  // Cherokee small letters: "help"
      {"\xE1\xB4\x80\xE1\xB4\x85\xE1\xB4\x8D\xC9\xAA\xC9\xB4", "23514",
       "members_verdict"},  // Latin small capitals: "admin"
      {"admin", "23514", "members_verdict"},
      {"adrnin", "23514", "members_verdict"},
      {"p\xD0\xB0yment", "23514", "members_verdict"},
      {"a b", "23514", "members_verdict"},
      // Devanagari one beside ASCII 2: the verdict is mixed_numbers.
      {"\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xAE\xE0\xA5\xA7"
       "2",
       "23514", "members_verdict"},
  };
  for (const Case& c : cases) {
    const Result r = insert(c.name);
    EXPECT_EQ(r.sqlstate, c.sqlstate) << c.name << ": " << r.Describe();
    EXPECT_NE(r.message.find(c.constraint), std::string::npos)
        << c.name << ": " << r.message;
  }
  EXPECT_EQ(
      conn.Query("SELECT name, enforced, key, display, "
                 "version_tag = (SELECT version_tag FROM "
                 "  u8guard_registration('x', 'username-case-mapped')) "
                 "FROM members ORDER BY id"),
      (std::vector<Row>{{"paypal", "paypal", "paypal", "as_typed", "t"},
                        {"GOOGLE", "google", "google", "as_typed", "t"}}));
  // A rename recomputes the record and moves the look-alike keys.
  conn.Query("UPDATE members SET name = 'Robert' WHERE name = 'GOOGLE'");
  EXPECT_TRUE(insert("G00GLE").ok);
  EXPECT_EQ(conn.Query("SELECT key FROM members ORDER BY id"),
            (std::vector<Row>{{"paypal"}, {"robert"}, {"g00gle"}}));
}

// Eight clients sign up the same names at once, in different orders: 200
// groups of spellings that share a key or look alike (fullwidth, upper
// case, a capital i for an l). Every insert succeeds or fails with 23505;
// exactly one name of each group is stored, with its record, and each
// look-alike key once.
TEST(PgRegistration, ConcurrentSignUpsStoreEachNameOnce) {
  TestDatabase db;
  CreateMembers(db.conn());
  constexpr int kGroups = 200;
  constexpr int kClients = 8;
  std::vector<std::vector<std::string>> groups;
  for (int g = 0; g < kGroups; ++g) {
    const std::string n = absl::StrCat("member", g, "x");
    std::string wide;
    for (const char c : n) {
      const char32_t cp = 0xFF00 + static_cast<unsigned char>(c) - 0x20;
      wide += static_cast<char>(0xE0 | (cp >> 12));
      wide += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      wide += static_cast<char>(0x80 | (cp & 0x3F));
    }
    std::string upper = n;
    std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
    groups.push_back({n, upper, wide, absl::StrCat("rnember", g, "x"),
                      absl::StrCat("MEMBER", g, "X")});
  }
  std::vector<std::string> names;
  for (const auto& g : groups) names.insert(names.end(), g.begin(), g.end());
  std::vector<std::vector<std::string>> inserted(kClients);
  std::vector<std::vector<std::string>> errors(kClients);
  std::barrier start(kClients);
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      Connection conn(db.name());
      std::vector<std::string> order = names;
      std::shuffle(order.begin(), order.end(), std::mt19937(c));
      start.arrive_and_wait();
      for (const std::string& name : order) {
        const Result r =
            conn.Exec("INSERT INTO members (name) VALUES ($1)", {name});
        if (r.ok) {
          inserted[c].push_back(name);
        } else if (r.sqlstate != "23505") {
          errors[c].push_back(r.Describe());
        }
      }
    });
  }
  for (std::thread& t : clients) t.join();
  std::multiset<std::string> all;
  for (int c = 0; c < kClients; ++c) {
    EXPECT_TRUE(errors[c].empty()) << errors[c].front();
    all.insert(inserted[c].begin(), inserted[c].end());
  }
  EXPECT_EQ(all.size(), static_cast<size_t>(kGroups));
  std::multiset<std::string> stored;
  Connection& conn = db.conn();
  for (const Row& r : conn.Query("SELECT name FROM members")) {
    stored.insert(*r[0]);
  }
  EXPECT_EQ(stored, all);
  EXPECT_EQ(conn.Query("SELECT count(DISTINCT key), count(*) FILTER ("
                       "  WHERE verdict = 'accepted') FROM members"),
            (std::vector<Row>{{absl::StrCat(kGroups), absl::StrCat(kGroups)}}));
  EXPECT_EQ(conn.Query("SELECT count(*) FROM member_lookalikes l "
                       "JOIN members m ON m.id = l.member_id "
                       "WHERE l.lookalike_key <> ALL (m.lookalike_keys)"),
            (std::vector<Row>{{"0"}}));
}

}  // namespace
}  // namespace u8guard
