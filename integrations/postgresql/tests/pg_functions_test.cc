// SPDX-License-Identifier: Apache-2.0
// The extension's functions against the C++ API on the conformance data the
// C++ suites use: every result must be the C++ API's, value for value.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "integrations/postgresql/tests/pg_test_support.h"
#include "tests/test_support.h"
#include "u8guard/match.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/skeleton.h"
#include "u8guard/utf8.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

using pgtest::Row;
using pgtest::TestDatabase;
using pgtest::Value;
using testing::MismatchLog;

// Text PostgreSQL can hold: valid UTF-8 without NUL.
bool IsPgText(std::string_view s) {
  return IsValidUtf8(s) && s.find('\0') == std::string_view::npos;
}

// precis_i18n's golden cases and corpus (tests/data), as PostgreSQL text.
std::vector<std::string> PrecisInputs(size_t* skipped) {
  std::vector<std::string> inputs;
  for (const char* table : {"precis_golden.tsv", "precis_corpus.tsv"}) {
    for (const testing::PrecisCase& c : testing::ReadPrecisTable(table)) {
      if (IsPgText(c.input)) {
        inputs.push_back(c.input);
      } else {
        ++*skipped;
      }
    }
  }
  return inputs;
}

// What the C++ API says of one input under one profile, as the SQL query
// below reports it: key, enforced form, skeleton (NULL when rejected), and
// the rejection's offset, code point, rule and message (NULL when not).
Row CppRow(const Profile& p, const std::string& in) {
  const auto text = [](const absl::StatusOr<std::string>& s) -> Value {
    if (!s.ok()) return std::nullopt;
    return *s;
  };
  const absl::StatusOr<std::string> key = Canonicalize(p, in);
  Row row = {text(key), text(Enforce(p, in)),
             key.ok() ? text(ConfusableSkeleton(p, in)) : std::nullopt};
  const std::optional<Rejection> why = GetRejection(key.status());
  if (why.has_value()) {
    row.push_back(absl::StrCat(why->offset));
    row.push_back(why->code_point.has_value()
                      ? Value(absl::StrCat(static_cast<int>(*why->code_point)))
                      : std::nullopt);
    row.push_back(std::string(why->rule_id()));
    row.push_back(RejectionMessage(*why));
  } else {
    row.insert(row.end(), 4, std::nullopt);
  }
  return row;
}

std::string Show(const Row& row) {
  std::string out = "(";
  for (const Value& v : row) {
    absl::StrAppend(&out, v.has_value() ? testing::ToHex(*v) : "NULL", "; ");
  }
  return out + ")";
}

TEST(PgFunctions, PrecisKeysEnforcedFormsSkeletonsAndRejections) {
  size_t skipped = 0;
  const std::vector<std::string> inputs = PrecisInputs(&skipped);
  ASSERT_GT(inputs.size(), 2000u);
  // Inputs with NUL or invalid UTF-8 cannot be text in PostgreSQL (bytea
  // inputs are u8guard_check_utf8's, tested below).
  EXPECT_LT(skipped, inputs.size() / 10);
  TestDatabase db;
  pgtest::Connection& conn = db.conn();
  conn.Query("CREATE TABLE inputs (id int PRIMARY KEY, s text NOT NULL)");
  // The enforced form, or NULL when rejected: u8guard_enforce's error caught
  // (the enforced form can be rejected where the key is not: Nickname keeps
  // case, and "L\u00B7L" fails the middle dot's context rule that "l\u00B7l"
  // passes).
  conn.Query(
      "CREATE FUNCTION try_enforce(s text, p text) RETURNS text "
      "LANGUAGE plpgsql AS $$ BEGIN RETURN u8guard_enforce(s, p); "
      "EXCEPTION WHEN invalid_parameter_value THEN RETURN NULL; END $$");
  std::vector<Row> rows;
  for (size_t i = 0; i < inputs.size(); ++i) {
    rows.push_back({absl::StrCat(i), inputs[i]});
  }
  conn.Copy("inputs (id, s)", rows);

  MismatchLog log;
  size_t compared = 0, rejected = 0;
  for (const Profile& p : BuiltinProfiles()) {
    const std::vector<Row> got = conn.Query(
        "SELECT u8guard_try_key(s, $1), try_enforce(s, $1),"
        "  CASE WHEN u8guard_try_key(s, $1) IS NOT NULL"
        "       THEN u8guard_skeleton(s, $1) END,"
        "  (r).byte_offset, (r).code_point, (r).rule, (r).message "
        "FROM (SELECT id, s, u8guard_rejection(s, $1) AS r FROM inputs) q "
        "ORDER BY id",
        {p.name});
    ASSERT_EQ(got.size(), inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
      const Row want = CppRow(p, inputs[i]);
      rejected += !want[0].has_value();
      if (got[i] != want) {
        log.Add(absl::StrCat(p.name, " \"", testing::ToHex(inputs[i]),
                             "\": SQL ", Show(got[i]), " C++ ", Show(want)));
      }
      ++compared;
    }
  }
  log.ExpectNone("SQL functions vs the C++ API on the PRECIS corpora");
  EXPECT_GT(compared, 16000u);
  EXPECT_GT(rejected, 1000u);  // the rejection paths are exercised too
}

TEST(PgFunctions, EquivalenceOfNeighbours) {
  size_t skipped = 0;
  const std::vector<std::string> inputs = PrecisInputs(&skipped);
  TestDatabase db;
  pgtest::Connection& conn = db.conn();
  conn.Query("CREATE TABLE pairs (id int PRIMARY KEY, a text, b text)");
  // Each input against the next one and against a case-changed copy.
  std::vector<Row> rows;
  for (size_t i = 0; i + 1 < inputs.size(); ++i) {
    rows.push_back({absl::StrCat(2 * i), inputs[i], inputs[i + 1]});
    std::string upper = inputs[i];
    for (char& c : upper)
      c = absl::ascii_toupper(static_cast<unsigned char>(c));
    rows.push_back({absl::StrCat(2 * i + 1), inputs[i], upper});
  }
  conn.Copy("pairs (id, a, b)", rows);
  MismatchLog log;
  size_t equal = 0;
  for (const Profile& p : BuiltinProfiles()) {
    const std::vector<Row> got = conn.Query(
        "SELECT u8guard_equivalent(a, b, $1) FROM pairs ORDER BY id", {p.name});
    ASSERT_EQ(got.size(), rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
      const bool want = Equivalent(p, *rows[i][1], *rows[i][2]);
      equal += want;
      if (got[i][0] != Value(want ? "t" : "f")) {
        log.Add(absl::StrCat(p.name, " ", testing::ToHex(*rows[i][1]), " ~ ",
                             testing::ToHex(*rows[i][2]), ": C++ ", want));
      }
    }
  }
  log.ExpectNone("u8guard_equivalent vs Equivalent");
  EXPECT_GT(equal, 1000u);
}

// Each bytes value through u8guard_check_utf8 and ValidateUtf8.
void CompareUtf8(pgtest::Connection& conn,
                 const std::vector<std::string>& inputs, MismatchLog& log) {
  conn.Query("DROP TABLE IF EXISTS bytes");
  conn.Query("CREATE TABLE bytes (id int PRIMARY KEY, b bytea NOT NULL)");
  std::vector<Row> rows;
  for (size_t i = 0; i < inputs.size(); ++i) {
    rows.push_back({absl::StrCat(i), pgtest::ByteaLiteral(inputs[i])});
  }
  conn.Copy("bytes (id, b)", rows);
  const std::vector<Row> got = conn.Query(
      "SELECT (c).valid, (c).valid_up_to, (c).kind, (c).error_len FROM "
      "(SELECT id, u8guard_check_utf8(b) AS c FROM bytes) q ORDER BY id");
  ASSERT_EQ(got.size(), inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Utf8Result r = ValidateUtf8(inputs[i]);
    const Row want = {
        r.ok() ? "t" : "f", absl::StrCat(r.valid_up_to),
        r.ok() ? Value()
               : Value(std::string(RuleId(static_cast<Rule>(r.kind)))),
        absl::StrCat(r.error_len)};
    if (got[i] != want) {
      log.Add(absl::StrCat(testing::ToHex(inputs[i].substr(0, 40)), ": SQL ",
                           Show(got[i]), " C++ ", Show(want)));
    }
  }
}

TEST(PgFunctions, CheckUtf8OnRandomAndMutatedBytes) {
  TestDatabase db;
  std::mt19937_64 rng(20261124);
  std::vector<std::string> inputs = {
      "",         "a",        std::string("\0", 1), "\xC0\xAE", "\xED\xA0\x80",
      "\xF4\x90", "\xE2\x82", "\xEF\xBB\xBF"};
  for (int i = 0; i < 3000; ++i) {
    std::string s = testing::RandomValidUtf8(rng, 1 + rng() % 200);
    inputs.push_back(i % 3 == 0 ? s : testing::MutateUtf8(rng, s, 1 + i % 3));
  }
  MismatchLog log;
  CompareUtf8(db.conn(), inputs, log);
  log.ExpectNone("u8guard_check_utf8 vs ValidateUtf8");
}

TEST(PgFunctions, CheckUtf8OnUtf8TestsAndKuhn) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/utf8tests/utf8tests.txt");
  U8GUARD_REQUIRE_SHARED_FILE("testdata/UTF-8-test.txt");
  std::vector<std::string> inputs;
  for (const testing::Utf8TestsCase& c : testing::LoadUtf8TestsCases()) {
    inputs.push_back(c.bytes);
  }
  for (const std::string& line : testing::SplitLines(testing::ReadFileOrDie(
           testing::SharedPath("testdata/UTF-8-test.txt")))) {
    inputs.push_back(line);
  }
  ASSERT_GT(inputs.size(), 300u);
  TestDatabase db;
  MismatchLog log;
  CompareUtf8(db.conn(), inputs, log);
  log.ExpectNone("u8guard_check_utf8 vs ValidateUtf8 on utf8tests and Kuhn");
}

// Paths through u8guard_sanitize_path with `sql_options` and SanitizePath
// with `options`: the result, or the rule, offset and code point.
void ComparePaths(pgtest::Connection& conn, const std::vector<std::string>& in,
                  const std::string& sql_options, const PathOptions& options,
                  MismatchLog& log) {
  for (const std::string& raw : in) {
    if (!IsPgText(raw)) continue;
    const pgtest::Result got = conn.Exec(
        absl::StrCat("SELECT u8guard_sanitize_path($1", sql_options, ")"),
        {raw});
    const absl::StatusOr<std::string> want = SanitizePath(raw, options);
    std::string g = got.ok ? absl::StrCat("ok ", *got.rows[0][0])
                           : absl::StrCat(got.sqlstate, " ", got.message, " [",
                                          got.detail, "]");
    std::string w;
    if (want.ok()) {
      w = absl::StrCat("ok ", *want);
    } else {
      const std::optional<Rejection> why = GetRejection(want.status());
      std::string detail;
      if (why.has_value()) {
        detail = absl::StrCat("rule ", std::string(why->rule_id()),
                              ", byte offset ", why->offset);
        if (why->code_point.has_value()) {
          absl::StrAppendFormat(&detail, ", code point U+%04X",
                                static_cast<uint32_t>(*why->code_point));
        }
      }
      w = absl::StrCat("22023 ", want.status().message(), " [", detail, "]");
    }
    if (g != w) {
      log.Add(absl::StrCat("\"", testing::ToHex(raw), "\"", sql_options,
                           ": SQL ", g, " C++ ", w));
    }
  }
}

std::vector<std::string> FuzzdbPaths() {
  std::vector<std::string> paths;
  for (const std::string& line :
       testing::SplitLines(testing::ReadFileOrDie(testing::SharedPath(
           "testdata/fuzzdb-traversals-8-deep-exotic-encoding.txt")))) {
    std::string p = line;
    const size_t at = p.find("{FILE}");
    if (at != std::string::npos) p.replace(at, 6, "etc/passwd");
    paths.push_back(p);
  }
  return paths;
}

TEST(PgFunctions, SanitizePathOnFuzzdbWithEachOption) {
  U8GUARD_REQUIRE_SHARED_FILE(
      "testdata/fuzzdb-traversals-8-deep-exotic-encoding.txt");
  std::vector<std::string> paths = FuzzdbPaths();
  ASSERT_GT(paths.size(), 500u);
  // Keep the run short: every 3rd payload, plus paths that reach each rule.
  std::vector<std::string> some;
  for (size_t i = 0; i < paths.size(); i += 3) some.push_back(paths[i]);
  for (const char* p :
       {"a/b", "a//b/./c", "a/../b", "/srv/x", "%2e%2e/x", "%C0%AE/x", ".env",
        "CON.txt", "a\\b", "caf\xC3\xA9", "\xEF\xBC\x8E\xEF\xBC\x8E/x",
        "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/4/5/6/7",
        "na\xCC\x88me"}) {
    some.push_back(p);
  }
  TestDatabase db;
  MismatchLog log;
  PathOptions defaults;
  ComparePaths(db.conn(), some, "", defaults, log);
  PathOptions request;
  request.percent_decode = true;
  request.leading_separator_is_root = true;
  request.dot_dot = DotDotPolicy::kResolve;
  request.root = "/srv/www";
  ComparePaths(db.conn(), some,
               ", percent_decode => true, leading_separator_is_root => true, "
               "dot_dot => 'resolve', root => '/srv/www'",
               request, log);
  PathOptions windows;
  windows.windows = true;
  windows.normalization = NormalizationForm::kNfkc;
  windows.allow_hidden = true;
  windows.max_depth = 4;
  windows.max_length = 64;
  ComparePaths(db.conn(), some,
               ", windows => true, normalization => 'nfkc', allow_hidden => "
               "true, max_depth => 4, max_length => 64",
               windows, log);
  PathOptions backslash;
  backslash.backslash_is_separator = true;
  ComparePaths(db.conn(), some, ", backslash_is_separator => true", backslash,
               log);
  log.ExpectNone("u8guard_sanitize_path vs SanitizePath");
}

TEST(PgFunctions, SanitizePathWithASegmentProfile) {
  TestDatabase db;
  MismatchLog log;
  PathOptions options;
  options.segment_profile = *FindBuiltinProfile("username-case-mapped");
  ComparePaths(db.conn(), {"Alice/Bob", "a b/c", "\xEF\xBC\xA1/x", "x/.y"},
               ", segment_profile => 'username-case-mapped'", options, log);
  log.ExpectNone("u8guard_sanitize_path with a segment profile");
}

TEST(PgFunctions, VersionsAndProfilesAreTheLibrarys) {
  TestDatabase db;
  const std::vector<Row> v =
      db.conn().Query("SELECT library, icu, unicode FROM u8guard_versions()");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0], (Row{LibraryVersion(), IcuVersion(), UnicodeVersion()}));
  std::vector<Row> want;
  for (const Profile& p : BuiltinProfiles()) want.push_back({p.name});
  EXPECT_EQ(db.conn().Query("SELECT * FROM u8guard_profiles()"), want);
}

// The RFCs' names of the PRECIS profiles give the built-ins' answers, in
// one session beside the kebab-case names: twelve spellings, which the
// backend caches as the six profiles they name.
TEST(PgFunctions, RfcProfileNamesAreTheBuiltins) {
  TestDatabase db;
  const std::vector<Row> got = db.conn().Query(
      "SELECT a.rfc, bool_and(u8guard_try_key(v.s, a.rfc) IS NOT DISTINCT "
      "  FROM u8guard_try_key(v.s, a.kebab) AND u8guard_enforce(v.s, a.rfc) "
      "  IS NOT DISTINCT FROM u8guard_enforce(v.s, a.kebab)), "
      "  count(u8guard_try_key(v.s, a.rfc)) "
      "FROM (VALUES ('UsernameCaseMapped', 'username-case-mapped'), "
      "  ('UsernameCasePreserved', 'username-case-preserved'), "
      "  ('OpaqueString', 'opaque-string'), ('Nickname', 'nickname'), "
      "  ('IdentifierClass', 'identifier-class'), "
      "  ('FreeformClass', 'freeform-class')) AS a(rfc, kebab), "
      "  (VALUES ('\uFF21dmin'), ('Juliet'), ('x y')) AS v(s) "
      "WHERE u8guard_try_key(v.s, a.kebab) IS NOT NULL "
      "GROUP BY a.rfc ORDER BY a.rfc");
  const std::vector<Row> want = {
      {"FreeformClass", "t", "3"},      {"IdentifierClass", "t", "1"},
      {"Nickname", "t", "3"},           {"OpaqueString", "t", "3"},
      {"UsernameCaseMapped", "t", "2"}, {"UsernameCasePreserved", "t", "2"},
  };
  EXPECT_EQ(got, want);
}

// IMMUTABLE where the result depends only on the arguments and the Unicode
// version, so that indexes and CHECK constraints may use them; every one
// PARALLEL SAFE and STRICT but the event trigger's (which touches nothing
// itself and may only be called by PostgreSQL's event trigger machinery).
TEST(PgFunctions, VolatilityParallelSafetyAndStrictness) {
  TestDatabase db;
  const std::vector<Row> got = db.conn().Query(
      "SELECT p.pronamespace::regnamespace || '.' || p.proname, "
      "  p.provolatile, p.proparallel, p.proisstrict "
      "FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass "
      "  AND d.objid = p.oid AND d.deptype = 'e' "
      "JOIN pg_extension x ON x.oid = d.refobjid AND x.extname = 'u8guard' "
      "WHERE p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c') "
      "ORDER BY 1");
  const std::vector<Row> want = {
      {"public.u8guard_bidi_skeleton", "i", "s", "t"},
      {"public.u8guard_check_utf8", "i", "s", "t"},
      {"public.u8guard_enforce", "i", "s", "t"},
      {"public.u8guard_equivalent", "i", "s", "t"},
      {"public.u8guard_key", "i", "s", "t"},
      {"public.u8guard_lookalike_keys", "i", "s", "t"},
      {"public.u8guard_profiles", "i", "s", "t"},
      {"public.u8guard_registration", "i", "s", "t"},
      {"public.u8guard_rejection", "i", "s", "t"},
      {"public.u8guard_sanitize_path", "i", "s", "t"},
      {"public.u8guard_skeleton", "i", "s", "t"},
      {"public.u8guard_try_key", "i", "s", "t"},
      {"public.u8guard_validate_utf8", "i", "s", "t"},
      // A verification reads a table through a cursor (SPI), and with
      // u8guard.parallel_verify writes a temporary table first: VOLATILE,
      // and not in a parallel worker.
      {"public.u8guard_verify_records", "v", "u", "t"},
      {"public.u8guard_verify_records_groups", "v", "u", "t"},
      {"public.u8guard_versions", "s", "s", "t"},
      // What the functions that run SQL call (SQL 0.3): bound again in the
      // schema only the superuser controls.
      {"u8guard_internal.u8guard_ddl_end", "v", "u", "f"},
      {"u8guard_internal.u8guard_lookalike_keys", "i", "s", "t"},
      // What the parallel workers of a verification derive (SQL 0.5).
      {"u8guard_internal.u8guard_name_record", "i", "s", "t"},
      // The C API's defaults of u8guard_sanitize_path (SQL 0.5).
      {"u8guard_internal.u8guard_path_default_max_depth", "i", "s", "t"},
      {"u8guard_internal.u8guard_path_default_max_length", "i", "s", "t"},
      {"u8guard_internal.u8guard_rejection", "i", "s", "t"},
      {"u8guard_internal.u8guard_try_key", "i", "s", "t"},
      {"u8guard_internal.u8guard_versions", "s", "s", "t"},
  };
  EXPECT_EQ(got, want);
}

// u8guard_validate_utf8 is u8guard_check_utf8 under the vocabulary's name;
// u8guard_sanitize_path's max_depth and max_length default to the C API's
// (u8guard_path_options_init), read from it rather than restated in SQL.
TEST(PgFunctions, AliasesAndDefaultsComeFromTheLibrary) {
  TestDatabase db;
  pgtest::Connection& conn = db.conn();
  for (const char* bytes : {"'\\xff'", "'abc'", "'\\xe282'"}) {
    EXPECT_EQ(conn.Query(absl::StrCat("SELECT u8guard_validate_utf8(", bytes,
                                      "::bytea)::text")),
              conn.Query(absl::StrCat("SELECT u8guard_check_utf8(", bytes,
                                      "::bytea)::text")))
        << bytes;
  }
  const PathOptions options;
  EXPECT_EQ(
      conn.Query("SELECT u8guard_internal.u8guard_path_default_max_depth(),"
                 " u8guard_internal.u8guard_path_default_max_length()"),
      (std::vector<Row>{{std::to_string(options.max_depth),
                         std::to_string(options.max_length)}}));
  // At the default depth a path passes; one segment more is refused.
  const std::string at_limit =
      absl::StrCat("repeat('a/', ", options.max_depth - 1, ") || 'a'");
  EXPECT_EQ(
      conn.Query("SELECT u8guard_sanitize_path(" + at_limit + ") IS NOT NULL"),
      (std::vector<Row>{{"t"}}));
  const pgtest::Result deep =
      conn.Exec("SELECT u8guard_sanitize_path('a/' || " + at_limit + ")");
  EXPECT_EQ(deep.sqlstate, "22023") << deep.Describe();
  EXPECT_EQ(conn.Query("SELECT count(*) FROM pg_proc WHERE proname = "
                       "'u8guard_sanitize_path' AND "
                       "pg_get_function_arguments(oid) LIKE '%4096%'"),
            (std::vector<Row>{{"0"}}));
}

// u8guard_bidi_skeleton is the library's BidiSkeleton: on the PRECIS
// corpora and right-to-left names, under every built-in profile and order;
// an unknown order raises 22023 naming the accepted ones.
TEST(PgFunctions, BidiSkeletonIsTheLibrarys) {
  size_t skipped = 0;
  std::vector<std::string> inputs = PrecisInputs(&skipped);
  for (const char* s : {"\u05D01", "1\u05D0", "abc!", "\u05D0 (\u05D1)",
                        "\u0627\u0661\u0662", "A1<\u05E9\u05C2"}) {
    inputs.emplace_back(s);
  }
  TestDatabase db;
  pgtest::Connection& conn = db.conn();
  conn.Query("CREATE TABLE inputs (id int PRIMARY KEY, s text NOT NULL)");
  std::vector<Row> rows;
  for (size_t i = 0; i < inputs.size(); ++i) {
    rows.push_back({absl::StrCat(i), inputs[i]});
  }
  conn.Copy("inputs (id, s)", rows);
  MismatchLog log;
  size_t compared = 0;
  for (const char* profile : {"username-case-mapped", "nickname"}) {
    const Profile& p = **FindBuiltinProfile(profile);
    for (const char* order : {"logical", "ltr", "rtl"}) {
      const SkeletonOrder o = *ParseSkeletonOrder(order);
      // As hex: every byte compared, whatever the client shows.
      const std::vector<Row> got = conn.Query(
          "SELECT CASE WHEN u8guard_try_key(s, $1) IS NOT NULL THEN "
          "  encode(convert_to(u8guard_bidi_skeleton(s, $1, $2), 'UTF8'), "
          "  'hex') END FROM inputs ORDER BY id",
          {profile, order});
      ASSERT_EQ(got.size(), inputs.size());
      for (size_t i = 0; i < inputs.size(); ++i) {
        const absl::StatusOr<std::string> want = BidiSkeleton(p, o, inputs[i]);
        // encode(..., 'hex'): lower case, no separators.
        const Row expected = {want.ok() ? std::optional<std::string>(
                                              absl::BytesToHexString(*want))
                                        : std::nullopt};
        if (got[i] != expected) {
          log.Add(absl::StrCat(profile, " ", order, " \"",
                               testing::ToHex(inputs[i]), "\": SQL ",
                               Show(got[i]), " C++ ", Show(expected)));
        }
        ++compared;
      }
    }
  }
  log.ExpectNone("u8guard_bidi_skeleton vs BidiSkeleton");
  EXPECT_GT(compared, 6000u);
  EXPECT_EQ(conn.Query("SELECT u8guard_bidi_skeleton(E'\\u05D01', "
                       "'nickname', 'ltr') = u8guard_bidi_skeleton("
                       "E'1\\u05D0', 'nickname', 'ltr')"),
            (std::vector<Row>{{"t"}}));
  const pgtest::Result bad =
      conn.Exec("SELECT u8guard_bidi_skeleton('a', 'nickname', 'visual')");
  EXPECT_EQ(bad.sqlstate, "22023") << bad.Describe();
  EXPECT_NE(bad.Describe().find("logical"), std::string::npos)
      << bad.Describe();
}

}  // namespace
}  // namespace u8guard
