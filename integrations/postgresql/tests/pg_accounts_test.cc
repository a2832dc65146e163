// SPDX-License-Identifier: Apache-2.0
// Accounts in the database: unique indexes on u8guard_key and
// u8guard_skeleton refuse equivalent and look-alike sign-ups, a CHECK
// constraint refuses rejected names, and they hold under concurrent
// inserts; an audit in SQL, with parallel workers, finds what the C++ API
// finds.

#include <algorithm>
#include <barrier>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"
#include "tests/test_support.h"
#include "u8guard/acl.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"
#include "u8guard/skeleton.h"

namespace u8guard {
namespace {

using pgtest::Connection;
using pgtest::Result;
using pgtest::Row;
using pgtest::TestDatabase;
using pgtest::Value;

constexpr char kProfile[] = "username-case-mapped";

// The worked example the extension ships
// (integrations/postgresql/examples/accounts.sql), run as a user runs it.
void CreateAccounts(Connection& conn) {
  const std::string path =
      absl::StrCat(U8GUARD_PG_EXAMPLES_DIR, "/accounts.sql");
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << path;
  std::stringstream sql;
  sql << in.rdbuf();
  conn.Query(sql.str());
}

Result Insert(Connection& conn, const std::string& name) {
  return conn.Exec("INSERT INTO accounts (name) VALUES ($1)", {name});
}

TEST(PgAccounts, UniqueIndexesRefuseEquivalentAndLookalikeNames) {
  TestDatabase db;
  Connection& conn = db.conn();
  CreateAccounts(conn);
  struct Case {
    std::string first, second, refused_by;
  };
  const std::vector<Case> cases = {
      // Fullwidth capitals: the same key.
      {"admin", "\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC\xA9\xEF\xBC\xAE",
       "accounts_key"},
      // U+212A KELVIN SIGN lower-cases to k.
      {"Kevin",
       "\xE2\x84\xAA"
       "evin",
       "accounts_key"},
      // NFC and NFD of josé.
      {"jos\xC3\xA9", "jose\xCC\x81", "accounts_key"},
      // Cyrillic а (U+0430): another key, the same skeleton.
      {"paypal", "p\xD0\xB0ypal", "account_lookalikes_pkey"},
      // "rn" looks like "m".
      {"mike", "rnike", "account_lookalikes_pkey"},
      // Look-alikes that case mapping hides: the keys' skeletons differ
      // (biii, g00gle, ian), their capitals' do.
      {"bill", "biII", "account_lookalikes_pkey"},
      {"GOOGLE", "G00GLE", "account_lookalikes_pkey"},
      {"lan", "Ian", "account_lookalikes_pkey"},
      // And the same keys typed in lower case: a look-alike key is a
      // function of the key, never of the case typed.
      {"IKEA", "\xD1\x96\xD0\xBA\xD0\xB5\xD0\xB0", "account_lookalikes_pkey"},
      {"ZOE", "z0e", "account_lookalikes_pkey"},
  };
  for (const Case& c : cases) {
    const Result first = Insert(conn, c.first);
    EXPECT_TRUE(first.ok) << c.first << ": " << first.Describe();
    const Result second = Insert(conn, c.second);
    EXPECT_EQ(second.sqlstate, "23505")
        << c.second << ": " << second.Describe();
    EXPECT_NE(second.message.find(c.refused_by), std::string::npos)
        << second.message;
  }
  // Names the profile rejects never get in: the CHECK constraint.
  for (const std::string name : {"a b",
                                 "al\xE2\x80\x8B"
                                 "ice",
                                 "",
                                 "\xEF\xBB\xBF"
                                 "bob"}) {
    const Result r = Insert(conn, name);
    EXPECT_EQ(r.sqlstate, "23514") << r.Describe();
  }
  EXPECT_EQ(conn.Query("SELECT name FROM accounts ORDER BY id"),
            (std::vector<Row>{{"admin"},
                              {"Kevin"},
                              {"jos\xC3\xA9"},
                              {"paypal"},
                              {"mike"},
                              {"bill"},
                              {"GOOGLE"},
                              {"lan"},
                              {"IKEA"},
                              {"ZOE"}}));
  // A renamed account gives up its look-alike keys and claims the new
  // name's; deleting it frees them.
  conn.Query("UPDATE accounts SET name = 'robert' WHERE name = 'mike'");
  EXPECT_TRUE(Insert(conn, "rnike").ok);
  EXPECT_EQ(conn.Exec("UPDATE accounts SET name = 'G00GLE' "
                      "WHERE name = 'robert'")
                .sqlstate,
            "23505");
  conn.Query("DELETE FROM accounts WHERE name = 'GOOGLE'");
  EXPECT_TRUE(Insert(conn, "G00GLE").ok);
  // Looking a sign-in up by key uses the index.
  const std::vector<Row> plan = conn.Query(
      "EXPLAIN SELECT id FROM accounts WHERE u8guard_key(name, "
      "'username-case-mapped') = u8guard_key('ADMIN', 'username-case-mapped')");
  std::string text;
  for (const Row& r : plan) text += *r[0] + "\n";
  EXPECT_NE(text.find("accounts_key"), std::string::npos) << text;
}

// Feeds the audit's findings on `names` to the example's table: each pair
// it reports as a collision or a look-alike is refused, whichever was
// inserted first... the earlier one, as the audit orders them; and every
// valid name it does not report is taken when all are inserted in order
// (nothing earlier shares a key or a look-alike key with it).
void ExpectTheTableRefusesWhatTheAuditReports(
    Connection& conn, const std::vector<std::string>& names) {
  const Profile& p = *FindBuiltinProfile(kProfile).value();
  const absl::StatusOr<AclIndex> index =
      AclIndex::Build(p, names, AclMode::kSkeleton);
  ASSERT_TRUE(index.ok()) << index.status();
  const absl::StatusOr<AclAudit> audit = AuditAcl(*index);
  ASSERT_TRUE(audit.ok()) << audit.status();
  std::set<size_t> reported;
  size_t pairs = 0;
  for (const AclFinding& f : audit->findings) {
    if (f.kind != AclFindingKind::kCollision &&
        f.kind != AclFindingKind::kLookalike) {
      continue;
    }
    ++pairs;
    reported.insert(f.index);
    SCOPED_TRACE(absl::StrCat(std::string(AclFindingKindName(f.kind)), ": ",
                              f.other_original, " then ", f.original));
    conn.Query("BEGIN");
    const Result first = Insert(conn, f.other_original);
    EXPECT_TRUE(first.ok) << first.Describe();
    const Result second = Insert(conn, f.original);
    EXPECT_EQ(second.sqlstate, "23505") << second.Describe();
    conn.Query("ROLLBACK");
  }
  size_t valid_unreported = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    const Result r = Insert(conn, names[i]);
    if (!Canonicalize(p, names[i]).ok() || reported.contains(i)) continue;
    ++valid_unreported;
    EXPECT_TRUE(r.ok) << names[i] << ": " << r.Describe();
  }
  conn.Query("DELETE FROM accounts");
  std::cout << names.size() << " names: " << pairs << " pairs refused, "
            << valid_unreported << " unreported names taken\n";
  EXPECT_GT(pairs, 0u);
}

TEST(PgAccounts, RefusesEveryPairTheAuditReports) {
  TestDatabase db;
  Connection& conn = db.conn();
  CreateAccounts(conn);
  // The CLI's example list, with its planted problems.
  {
    std::ifstream in(
        absl::StrCat(U8GUARD_SOURCE_DIR, "/examples/acl/users.acl"));
    ASSERT_TRUE(in.good());
    std::vector<std::string> names;
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line[0] != '#') names.push_back(line);
    }
    ExpectTheTableRefusesWhatTheAuditReports(conn, names);
  }
  // The inputs of precis_i18n's golden cases and of the PRECIS corpus, as
  // typed and upper-cased, in a fixed random order.
  std::vector<std::string> names;
  std::set<std::string> seen;
  for (const char* table : {"precis_golden.tsv", "precis_corpus.tsv"}) {
    for (const testing::PrecisCase& c : testing::ReadPrecisTable(table)) {
      for (const std::string& n : {c.input, absl::AsciiStrToUpper(c.input)}) {
        if (seen.insert(n).second) names.push_back(n);
      }
    }
  }
  std::shuffle(names.begin(), names.end(), std::mt19937(11));
  ExpectTheTableRefusesWhatTheAuditReports(conn, names);
}

// Names that collide after canonicalization, in groups: each group's five
// spellings have one key.
std::vector<std::vector<std::string>> CollidingGroups(int groups) {
  std::vector<std::vector<std::string>> out;
  const auto fullwidth = [](const std::string& ascii) {
    std::string s;
    for (const char c : ascii) {
      // U+FF01..U+FF5E mirror U+0021..U+007E.
      const char32_t cp = 0xFF00 + static_cast<unsigned char>(c) - 0x20;
      s += static_cast<char>(0xE0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return s;
  };
  for (int g = 0; g < groups; ++g) {
    const std::string n = absl::StrCat(g);
    out.push_back({
        "ker\xC3\xA9n" + n,   // NFC é
        "kere\xCC\x81n" + n,  // NFD
        "KER\xC3\x89N" + n,   // upper case
        "\xE2\x84\xAA"
        "er\xC3\xA9n" +
            n,                                               // Kelvin sign
        fullwidth("ker") + "\xC3\xA9" + fullwidth("n" + n),  // fullwidth
    });
  }
  return out;
}

TEST(PgAccounts, ConcurrentSignUpsKeepEachKeyOnce) {
  TestDatabase db;
  CreateAccounts(db.conn());
  constexpr int kGroups = 200;
  constexpr int kClients = 8;
  const std::vector<std::vector<std::string>> groups = CollidingGroups(kGroups);
  std::vector<std::string> names;
  for (const auto& g : groups) names.insert(names.end(), g.begin(), g.end());

  struct Outcome {
    std::vector<std::string> inserted;
    int unique_violations = 0;
    std::vector<std::string> other_errors;
  };
  std::vector<Outcome> outcomes(kClients);
  std::barrier start(kClients);
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      Connection conn(db.name());
      std::vector<std::string> order = names;
      std::mt19937 rng(c);
      std::shuffle(order.begin(), order.end(), rng);
      start.arrive_and_wait();  // every client inserts at the same time
      for (const std::string& name : order) {
        const Result r = Insert(conn, name);
        if (r.ok) {
          outcomes[c].inserted.push_back(name);
        } else if (r.sqlstate == "23505") {
          ++outcomes[c].unique_violations;
        } else {
          outcomes[c].other_errors.push_back(r.Describe());
        }
      }
    });
  }
  for (std::thread& t : clients) t.join();

  std::multiset<std::string> inserted;
  int violations = 0;
  for (const Outcome& o : outcomes) {
    inserted.insert(o.inserted.begin(), o.inserted.end());
    violations += o.unique_violations;
    EXPECT_TRUE(o.other_errors.empty()) << o.other_errors.front();
  }
  // Every attempt either inserted its row or failed with a unique
  // violation; one row per group made it.
  EXPECT_EQ(inserted.size() + violations, names.size() * kClients);
  EXPECT_EQ(inserted.size(), static_cast<size_t>(kGroups));
  // No row was lost: the table holds exactly the inserted names, each key
  // once, one per group.
  std::multiset<std::string> stored;
  for (const Row& r : db.conn().Query("SELECT name FROM accounts")) {
    stored.insert(*r[0]);
  }
  EXPECT_EQ(stored, inserted);
  EXPECT_EQ(db.conn().Query("SELECT count(*), count(DISTINCT u8guard_key(name, "
                            "'username-case-mapped')) FROM accounts"),
            (std::vector<Row>{{absl::StrCat(kGroups), absl::StrCat(kGroups)}}));
  const Profile& p = *FindBuiltinProfile(kProfile).value();
  std::set<std::string> keys;
  for (const std::string& name : stored) keys.insert(*Canonicalize(p, name));
  std::set<std::string> want;
  for (const auto& g : groups) want.insert(*Canonicalize(p, g[0]));
  EXPECT_EQ(keys, want);
}

// A table of user names with planted collisions, look-alikes and rejected
// names, as a sign-up table accumulates them over the years.
std::vector<std::string> AuditNames(size_t count) {
  static const char* const kSyllables[] = {"an",
                                           "bo",
                                           "ca",
                                           "de",
                                           "el",
                                           "fi",
                                           "go",
                                           "ha",
                                           "ix",
                                           "jo",
                                           "ka",
                                           "lu",
                                           "mi",
                                           "no",
                                           "or",
                                           "pa",
                                           "qu",
                                           "ri",
                                           "sa",
                                           "to",
                                           "ul",
                                           "vi",
                                           "we",
                                           "yo",
                                           "zu",
                                           "\xC3\xA9",
                                           "\xC3\xBC",
                                           "\xC3\xB8",
                                           "\xC3\xB1",
                                           "\xD0\xB4\xD0\xB0",
                                           "\xCE\xBB\xCE\xB1",
                                           "\xE5\xB1\xB1"};
  std::mt19937 rng(7);
  std::vector<std::string> out;
  while (out.size() < count) {
    std::string name;
    const int n = 2 + static_cast<int>(rng() % 3);
    for (int i = 0; i < n; ++i) {
      name += kSyllables[rng() % std::size(kSyllables)];
    }
    name += absl::StrCat(rng() % 1000);
    switch (rng() % 50) {
      case 0:  // a case variant of an earlier name: a collision
        if (!out.empty()) name = absl::AsciiStrToUpper(out[rng() % out.size()]);
        break;
      case 1:  // "rn" looks like "m": a look-alike pair
        out.push_back("m" + name);
        name = "rn" + name;
        break;
      case 2:  // Cyrillic а looks like Latin a
        out.push_back("pa" + name);
        name = "p\xD0\xB0" + name;
        break;
      case 3:  // a space: rejected
        name += " x";
        break;
      default:
        break;
    }
    out.push_back(name);
    if (rng() % 40 == 0) out.push_back(name);  // an exact duplicate
  }
  out.resize(count);
  return out;
}

TEST(PgAccounts, AuditWithParallelWorkersFindsWhatTheLibraryFinds) {
  TestDatabase db;
  Connection& conn = db.conn();
  const std::vector<std::string> names = AuditNames(30000);
  conn.Query("CREATE TABLE signups (id int PRIMARY KEY, name text NOT NULL)");
  std::vector<Row> rows;
  for (size_t i = 0; i < names.size(); ++i) {
    rows.push_back({absl::StrCat(i), names[i]});
  }
  conn.Copy("signups (id, name)", rows);
  conn.Query("ANALYZE signups");
  // Parallel plans even for a small table.
  conn.Query(
      "SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;"
      "SET min_parallel_table_scan_size = 0;"
      "SET max_parallel_workers_per_gather = 2");
  const std::string collisions =
      "SELECT k, string_agg(id::text, ',' ORDER BY id) FROM ("
      "  SELECT id, u8guard_try_key(name, 'username-case-mapped') AS k"
      "  FROM signups) s WHERE k IS NOT NULL "
      "GROUP BY k HAVING count(*) > 1 ORDER BY k";
  const std::string lookalikes =
      "SELECT sk, string_agg(DISTINCT k, ',' ORDER BY k) FROM ("
      "  SELECT u8guard_skeleton(name, 'username-case-mapped') AS sk, "
      "    u8guard_key(name, 'username-case-mapped') AS k"
      "  FROM signups"
      "  WHERE u8guard_try_key(name, 'username-case-mapped') IS NOT NULL) s "
      "GROUP BY sk HAVING count(DISTINCT k) > 1 ORDER BY sk";
  const std::string rejected =
      "SELECT id, (u8guard_rejection(name, 'username-case-mapped')).rule "
      "FROM signups "
      "WHERE u8guard_try_key(name, 'username-case-mapped') IS NULL ORDER BY id";
  for (const std::string* q : {&collisions, &lookalikes, &rejected}) {
    std::string plan;
    for (const Row& r : conn.Query("EXPLAIN (ANALYZE, COSTS OFF) " + *q)) {
      plan += *r[0] + "\n";
    }
    // Workers may be fewer than planned when other tests hold some.
    EXPECT_TRUE(plan.find("Workers Launched: 1") != std::string::npos ||
                plan.find("Workers Launched: 2") != std::string::npos)
        << "no parallel workers:\n"
        << plan;
  }

  // The same audit with the C++ API.
  const Profile& p = *FindBuiltinProfile(kProfile).value();
  std::map<std::string, std::string> want_collisions;  // key -> ids
  std::map<std::string, std::set<std::string>> keys_by_skeleton;
  std::vector<Row> want_rejected;
  std::map<std::string, int> key_count;
  for (size_t i = 0; i < names.size(); ++i) {
    const absl::StatusOr<std::string> key = Canonicalize(p, names[i]);
    if (!key.ok()) {
      want_rejected.push_back(
          {absl::StrCat(i),
           std::string(RuleId(GetRejection(key.status())->rule))});
      continue;
    }
    std::string& ids = want_collisions[*key];
    absl::StrAppend(&ids, ids.empty() ? "" : ",", i);
    ++key_count[*key];
    keys_by_skeleton[*ConfusableSkeleton(p, names[i])].insert(*key);
  }
  std::vector<Row> want_c, want_l;
  for (const auto& [key, ids] : want_collisions) {
    if (key_count[key] > 1) want_c.push_back({key, ids});
  }
  for (const auto& [skeleton, keys] : keys_by_skeleton) {
    if (keys.size() > 1) {
      want_l.push_back({skeleton, absl::StrJoin(keys, ",")});
    }
  }
  // SQL sorts by byte (the database's collation is C), as std::map does.
  EXPECT_EQ(conn.Query(collisions), want_c);
  EXPECT_EQ(conn.Query(lookalikes), want_l);
  EXPECT_EQ(conn.Query(rejected), want_rejected);
  // docs/postgresql.md's forms, each key computed once behind an OFFSET 0
  // fence (serial plans): the same answers.
  const std::string fenced_collisions =
      "SELECT key, string_agg(id::text, ',' ORDER BY id) FROM ("
      "  SELECT id, u8guard_try_key(name, 'username-case-mapped') AS key"
      "  FROM signups OFFSET 0) a WHERE key IS NOT NULL "
      "GROUP BY key HAVING count(*) > 1 ORDER BY key";
  const std::string fenced_lookalikes =
      "SELECT u8guard_skeleton(key, 'username-case-mapped') AS sk,"
      "  string_agg(DISTINCT key, ',' ORDER BY key) FROM ("
      "  SELECT u8guard_try_key(name, 'username-case-mapped') AS key"
      "  FROM signups OFFSET 0) a WHERE key IS NOT NULL "
      "GROUP BY sk HAVING min(key) <> max(key) ORDER BY sk";
  EXPECT_EQ(conn.Query(fenced_collisions), want_c);
  EXPECT_EQ(conn.Query(fenced_lookalikes), want_l);
  // And by every look-alike key (the skeleton's and the one case mapping
  // hides): the keys that share each.
  std::map<std::string, std::set<std::string>> keys_by_lookalike_key;
  for (const std::string& name : names) {
    const absl::StatusOr<std::string> key = Canonicalize(p, name);
    const absl::StatusOr<std::vector<std::string>> lookalike_keys =
        LookalikeKeys(p, name);
    if (!key.ok() || !lookalike_keys.ok()) continue;
    for (const std::string& lk : *lookalike_keys) {
      keys_by_lookalike_key[lk].insert(*key);
    }
  }
  std::vector<Row> want_lk;
  for (const auto& [lk, keys] : keys_by_lookalike_key) {
    if (keys.size() > 1) want_lk.push_back({lk, absl::StrJoin(keys, ",")});
  }
  EXPECT_EQ(
      conn.Query("SELECT lk, string_agg(DISTINCT key, ',' ORDER BY key) FROM ("
                 "  SELECT u8guard_try_key(name, 'username-case-mapped') AS key"
                 "  FROM signups OFFSET 0) a,"
                 "  unnest(u8guard_lookalike_keys(key, 'username-case-mapped'))"
                 "  lk WHERE key IS NOT NULL "
                 "GROUP BY lk HAVING min(key) <> max(key) ORDER BY lk"),
      want_lk);
  EXPECT_GE(want_lk.size(), want_l.size());
  EXPECT_GT(want_c.size(), 100u);
  EXPECT_GT(want_l.size(), 100u);
  EXPECT_GT(want_rejected.size(), 100u);
}

}  // namespace
}  // namespace u8guard
