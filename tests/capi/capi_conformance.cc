// SPDX-License-Identifier: Apache-2.0
// The C API returns what the C++ API returns, on the project's conformance
// data run through both: precis_i18n's golden cases and corpus under every
// built-in profile (keys, enforced forms, secrets, equivalence), the
// utf8tests corpus, Markus Kuhn's stress test and random UTF-8 (validation,
// checks, streams), fuzzdb's traversal payloads (paths), and
// examples/acl/users.acl (lookups and audits). Rejections must agree in
// rule, source, offset, code point and message. Every C call with an
// output goes through pre-flighting: first with no buffer, then with
// exactly the length it asked for.

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/acl.h"
#include "u8guard/match.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/secret.h"
#include "u8guard/skeleton.h"
#include "u8guard/u8guard_c.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using ::u8guard::testing::MismatchLog;
using ::u8guard::testing::MutateUtf8;
using ::u8guard::testing::RandomValidUtf8;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::ReadPrecisTable;
using ::u8guard::testing::SharedPath;
using ::u8guard::testing::SplitLines;

std::string Hex(std::string_view s) {
  return absl::CHexEscape(absl::string_view(s.data(), s.size()));
}

// What a C function with an output buffer returned.
struct CResult {
  u8guard_status status = U8GUARD_INTERNAL;
  std::string out;
  u8guard_error error{};
};

// Calls `call(out, capacity, &len, &error)` with no buffer, then, when it
// asks for more, with a buffer of exactly the length it asked for.
template <typename Call>
CResult WithPreflight(Call call) {
  CResult r;
  size_t len = 0;
  r.status = call(nullptr, 0, &len, &r.error);
  if (r.status == U8GUARD_BUFFER_TOO_SMALL) {
    r.out.resize(len);
    size_t second = 0;
    r.status = call(r.out.data(), len, &second, &r.error);
    if (second != len) r.status = U8GUARD_INTERNAL;  // shows as a mismatch
  }
  if (r.status != U8GUARD_OK) r.out.clear();
  return r;
}

// "" when the C error describes the same failure as `status`; else how not.
std::string ErrorDiff(const absl::Status& status, u8guard_status c_status,
                      const u8guard_error& e) {
  const absl::string_view message = status.message();
  std::string diff;
  if (e.status != c_status) absl::StrAppend(&diff, " error.status differs;");
  if (std::string_view(e.message) !=
      std::string_view(message.data(), message.size())) {
    absl::StrAppend(&diff, " message \"", e.message, "\" vs \"",
                    std::string(message), "\";");
  }
  const std::optional<Rejection> r = GetRejection(status);
  if (!r) {
    if (c_status == U8GUARD_OK || c_status == U8GUARD_REJECTED) {
      absl::StrAppend(&diff, " status ", u8guard_status_name(c_status),
                      " for a failure that is no rejection;");
    }
    return diff;
  }
  if (c_status != U8GUARD_REJECTED) {
    absl::StrAppend(&diff, " status ", u8guard_status_name(c_status), ";");
  }
  if (e.rule != static_cast<int>(r->rule)) {
    absl::StrAppend(&diff, " rule ", u8guard_rule_id(e.rule), " vs ",
                    std::string(r->rule_id()), ";");
  }
  if (e.source != static_cast<int>(r->source)) {
    absl::StrAppend(&diff, " source ", e.source, ";");
  }
  if (e.offset != r->offset) {
    absl::StrAppend(&diff, " offset ", e.offset, " vs ", r->offset, ";");
  }
  const int32_t cp = r->code_point ? static_cast<int32_t>(*r->code_point) : -1;
  if (e.code_point != cp) {
    absl::StrAppend(&diff, " code point ", e.code_point, " vs ", cp, ";");
  }
  return diff;
}

// "" when the C result equals the C++ one.
std::string Diff(const absl::StatusOr<std::string>& cc, const CResult& c) {
  if (cc.ok()) {
    if (c.status != U8GUARD_OK) {
      return absl::StrCat(" C ", u8guard_status_name(c.status), " (",
                          c.error.message, "), C++ \"", Hex(*cc), "\"");
    }
    return c.out == *cc ? ""
                        : absl::StrCat(" C \"", Hex(c.out), "\", C++ \"",
                                       Hex(*cc), "\"");
  }
  return ErrorDiff(cc.status(), c.status, c.error);
}

// The built-in profiles, opened through both APIs.
struct ProfilePair {
  const Profile* cc;
  u8guard_profile* c;
};

class BuiltinProfiles {
 public:
  BuiltinProfiles() {
    for (const Profile& p : u8guard::BuiltinProfiles()) {
      u8guard_profile* c = nullptr;
      EXPECT_EQ(u8guard_profile_open(p.name.c_str(), nullptr, &c, nullptr),
                U8GUARD_OK)
          << p.name;
      pairs_.push_back({&p, c});
    }
  }
  ~BuiltinProfiles() {
    for (const ProfilePair& p : pairs_) u8guard_profile_free(p.c);
  }
  const std::vector<ProfilePair>& pairs() const { return pairs_; }

 private:
  std::vector<ProfilePair> pairs_;
};

// Every input of precis_i18n's golden cases and corpus (tests/data).
std::vector<std::string> PrecisInputs() {
  std::vector<std::string> inputs;
  for (const char* table : {"precis_golden.tsv", "precis_corpus.tsv"}) {
    for (const testing::PrecisCase& c : ReadPrecisTable(table)) {
      inputs.push_back(c.input);
    }
  }
  return inputs;
}

TEST(CApiConformance, PrecisKeysEnforcedFormsSecretsAndSkeletons) {
  const std::vector<std::string> inputs = PrecisInputs();
  ASSERT_GT(inputs.size(), 2000u);
  BuiltinProfiles profiles;
  MismatchLog log;
  size_t compared = 0;
  for (const ProfilePair& p : profiles.pairs()) {
    for (const std::string& in : inputs) {
      const auto call = [&](auto c_function) {
        return WithPreflight(
            [&](char* out, size_t cap, size_t* len, u8guard_error* e) {
              return c_function(p.c, in.data(), in.size(), out, cap, len, e);
            });
      };
      const std::string where = absl::StrCat(p.cc->name, " \"", Hex(in), "\":");
      if (std::string d =
              Diff(Canonicalize(*p.cc, in), call(u8guard_canonicalize));
          !d.empty()) {
        log.Add(absl::StrCat(where, " canonicalize", d));
      }
      if (std::string d = Diff(Enforce(*p.cc, in), call(u8guard_enforce));
          !d.empty()) {
        log.Add(absl::StrCat(where, " enforce", d));
      }
      absl::StatusOr<SecretString> secret = CanonicalizeSecret(*p.cc, in);
      const absl::StatusOr<std::string> secret_key =
          secret.ok() ? absl::StatusOr<std::string>(std::string(secret->view()))
                      : absl::StatusOr<std::string>(secret.status());
      if (std::string d = Diff(secret_key, call(u8guard_canonicalize_secret));
          !d.empty()) {
        log.Add(absl::StrCat(where, " secret", d));
      }
      if (std::string d =
              Diff(ConfusableSkeleton(*p.cc, in), call(u8guard_skeleton));
          !d.empty()) {
        log.Add(absl::StrCat(where, " skeleton", d));
      }
      const absl::StatusOr<RestrictionLevel> level =
          RestrictionLevelOf(*p.cc, in);
      int32_t c_level = 0;
      const u8guard_status c_status = u8guard_restriction_level(
          p.c, in.data(), in.size(), &c_level, nullptr);
      if (level.ok() != (c_status == U8GUARD_OK) ||
          (level.ok() ? c_level != static_cast<int32_t>(*level)
                      : c_level != -1)) {
        log.Add(
            absl::StrCat(where, " restriction level: C++ ",
                         level.ok() ? std::string(RestrictionLevelName(*level))
                                    : level.status().ToString(),
                         ", C ", u8guard_status_name(c_status), " ", c_level));
      }
      compared += 5;
    }
  }
  log.ExpectNone("C vs C++ on the PRECIS corpora");
  EXPECT_GT(compared, 80000u);
}

TEST(CApiConformance, PrecisEquivalence) {
  const std::vector<std::string> inputs = PrecisInputs();
  BuiltinProfiles profiles;
  MismatchLog log;
  for (const ProfilePair& p : profiles.pairs()) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      // Each input with itself, and with its neighbour.
      for (const std::string* other :
           {&inputs[i], &inputs[(i + 1) % inputs.size()]}) {
        const bool cc = Equivalent(*p.cc, inputs[i], *other);
        const int c =
            u8guard_equivalent(p.c, inputs[i].data(), inputs[i].size(),
                               other->data(), other->size());
        if (c != (cc ? 1 : 0)) {
          log.Add(absl::StrCat(p.cc->name, " \"", Hex(inputs[i]), "\" ~ \"",
                               Hex(*other), "\": C ", c, ", C++ ", cc));
        }
      }
    }
  }
  log.ExpectNone("u8guard_equivalent vs Equivalent");
}

// Validation, checks and streams of `inputs` through both APIs.
void CompareUtf8(const std::vector<std::string>& inputs, MismatchLog& log,
                 std::mt19937_64& rng) {
  u8guard_utf8_stream* stream = nullptr;
  ASSERT_EQ(u8guard_utf8_stream_new(&stream), U8GUARD_OK);
  for (const std::string& in : inputs) {
    const Utf8Result cc = ValidateUtf8(in);
    const auto differs = [&](const u8guard_utf8_result& c) {
      return c.valid_up_to != cc.valid_up_to ||
             c.kind != (cc.ok() ? 0 : static_cast<int>(cc.kind)) ||
             c.error_len != cc.error_len;
    };
    u8guard_utf8_result c;
    const u8guard_status status =
        u8guard_utf8_validate(in.data(), in.size(), &c);
    if (differs(c) || (status == U8GUARD_OK) != cc.ok() ||
        u8guard_utf8_is_valid(in.data(), in.size()) != (cc.ok() ? 1 : 0)) {
      log.Add(absl::StrCat("validate \"", Hex(in), "\""));
    }
    u8guard_error e;
    const absl::Status check = CheckUtf8(in);
    const u8guard_status c_check = u8guard_utf8_check(in.data(), in.size(), &e);
    if (check.ok() ? c_check != U8GUARD_OK
                   : !ErrorDiff(check, c_check, e).empty()) {
      log.Add(absl::StrCat("check \"", Hex(in), "\":",
                           check.ok() ? "" : ErrorDiff(check, c_check, e)));
    }
    // The same bytes in random chunks, through both stream validators.
    Utf8StreamValidator cc_stream;
    u8guard_utf8_stream_reset(stream);
    for (size_t at = 0; at < in.size();) {
      const size_t n = std::min<size_t>(in.size() - at, 1 + rng() % 7);
      const Utf8Result cc_fed =
          cc_stream.Feed(std::string_view(in).substr(at, n));
      u8guard_utf8_result c_fed;
      u8guard_utf8_stream_feed(stream, in.data() + at, n, &c_fed);
      if (c_fed.valid_up_to != cc_fed.valid_up_to ||
          c_fed.error_len != cc_fed.error_len) {
        log.Add(absl::StrCat("stream feed \"", Hex(in), "\" at ", at));
      }
      at += n;
    }
    const Utf8Result cc_end = cc_stream.Finish();
    u8guard_utf8_result c_end;
    u8guard_utf8_stream_finish(stream, &c_end);
    if (c_end.valid_up_to != cc_end.valid_up_to ||
        c_end.kind != (cc_end.ok() ? 0 : static_cast<int>(cc_end.kind)) ||
        c_end.error_len != cc_end.error_len ||
        u8guard_utf8_stream_bytes_fed(stream) != cc_stream.bytes_fed()) {
      log.Add(absl::StrCat("stream finish \"", Hex(in), "\""));
    }
  }
  u8guard_utf8_stream_free(stream);
}

TEST(CApiConformance, Utf8RandomInputs) {
  std::mt19937_64 rng(7);
  std::vector<std::string> inputs;
  for (int i = 0; i < 5000; ++i) {
    inputs.push_back(MutateUtf8(rng, RandomValidUtf8(rng, rng() % 100),
                                static_cast<int>(rng() % 3)));
  }
  MismatchLog log;
  CompareUtf8(inputs, log, rng);
  log.ExpectNone("C vs C++ on random UTF-8");
}

TEST(CApiConformance, Utf8TestsCorpus) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/utf8tests/utf8tests.txt");
  std::vector<std::string> inputs;
  for (const testing::Utf8TestsCase& c : testing::LoadUtf8TestsCases()) {
    inputs.push_back(c.bytes);
  }
  ASSERT_EQ(inputs.size(), 222u);
  std::mt19937_64 rng(8);
  MismatchLog log;
  CompareUtf8(inputs, log, rng);
  log.ExpectNone("C vs C++ on utf8tests");
}

TEST(CApiConformance, KuhnStressTest) {
  U8GUARD_REQUIRE_SHARED_FILE("testdata/UTF-8-test.txt");
  const std::string file = ReadFileOrDie(SharedPath("testdata/UTF-8-test.txt"));
  std::vector<std::string> inputs = SplitLines(file);
  inputs.push_back(file);
  std::mt19937_64 rng(9);
  MismatchLog log;
  CompareUtf8(inputs, log, rng);
  log.ExpectNone("C vs C++ on Markus Kuhn's stress test");
}

// A configuration of the path sanitizer in both APIs.
struct PathConfig {
  std::string name;
  PathOptions cc;
  u8guard_path_options c;
};

std::vector<PathConfig> PathConfigs() {
  std::vector<PathConfig> configs;
  for (const bool decode : {false, true}) {
    for (const bool resolve : {false, true}) {
      for (const bool windows : {false, true}) {
        PathConfig p;
        p.name = absl::StrFormat("decode=%d resolve=%d windows=%d", decode,
                                 resolve, windows);
        u8guard_path_options_init(&p.c);
        p.cc.percent_decode = decode;
        p.c.percent_decode = decode;
        p.cc.dot_dot = resolve ? DotDotPolicy::kResolve : DotDotPolicy::kReject;
        p.c.dot_dot =
            resolve ? U8GUARD_DOT_DOT_RESOLVE : U8GUARD_DOT_DOT_REJECT;
        p.cc.windows = windows;
        p.c.windows = windows;
        p.cc.leading_separator_is_root = true;
        p.c.leading_separator_is_root = 1;
        p.cc.root = "/srv/www";
        p.c.root = "/srv/www";
        configs.push_back(std::move(p));
      }
    }
  }
  PathConfig nfkc;
  nfkc.name = "NFKC, hidden allowed, backslash";
  u8guard_path_options_init(&nfkc.c);
  nfkc.cc.normalization = NormalizationForm::kNfkc;
  nfkc.c.normalization = U8GUARD_NORMALIZATION_NFKC;
  nfkc.cc.allow_hidden = true;
  nfkc.c.allow_hidden = 1;
  nfkc.cc.backslash_is_separator = true;
  nfkc.c.backslash_is_separator = 1;
  configs.push_back(std::move(nfkc));
  PathConfig defaults;
  defaults.name = "defaults";
  u8guard_path_options_init(&defaults.c);
  configs.push_back(std::move(defaults));
  return configs;
}

void ComparePaths(const std::vector<std::string>& paths, MismatchLog& log) {
  for (const PathConfig& config : PathConfigs()) {
    for (const std::string& raw : paths) {
      const CResult c = WithPreflight(
          [&](char* out, size_t cap, size_t* len, u8guard_error* e) {
            return u8guard_sanitize_path(raw.data(), raw.size(), &config.c, out,
                                         cap, len, e);
          });
      if (std::string d = Diff(SanitizePath(raw, config.cc), c); !d.empty()) {
        log.Add(absl::StrCat(config.name, " \"", Hex(raw), "\":", d));
      }
    }
  }
}

TEST(CApiConformance, FuzzdbTraversalPayloads) {
  constexpr char kCorpus[] =
      "testdata/fuzzdb-traversals-8-deep-exotic-encoding.txt";
  U8GUARD_REQUIRE_SHARED_FILE(kCorpus);
  std::vector<std::string> paths;
  for (const std::string& line :
       SplitLines(ReadFileOrDie(SharedPath(kCorpus)))) {
    for (const char* file : {"etc/passwd", "boot.ini"}) {
      std::string p = line;
      const size_t at = p.find("{FILE}");
      if (at != std::string::npos) p.replace(at, 6, file);
      paths.push_back(p);
    }
  }
  ASSERT_GT(paths.size(), 1000u);
  MismatchLog log;
  ComparePaths(paths, log);
  log.ExpectNone("C vs C++ on fuzzdb's traversal payloads");
}

TEST(CApiConformance, PathsOfEveryRule) {
  const std::vector<std::string> paths = {
      "",
      ".",
      "a/b",
      "/a/b",
      "a//b/",
      "\x2F\xC0\xAE\x2E\x2F",
      "a/../b",
      "../a",
      "a/./b/..",
      "C:/x",
      "\\\\server\\share",
      "a\\b",
      "a/b\0c",
      std::string("a/b\0c", 5),
      "a/\x7F",
      "a/\xC2\x85",
      "%2e%2e/x",
      "a%2Fb",
      "%zz",
      "%C0%AE",
      "%252e",
      ".env",
      "a/.git/config",
      "CON",
      "aux.txt",
      "name.",
      "name ",
      "a<b",
      "COM\xC2\xB9",
      "\xE2\x80\xA4\xE2\x80\xA4",
      "\xEF\xBC\x8E\xEF\xBC\x8E/x",
      "a\xEF\xBC\x8F"
      "b",
      "\xE2\x84\x80",
      "\xEF\xBB\xBF"
      "a",
      "caf\x65\xCC\x81",
      "\xEF\xBC\xA1",
      std::string(300, 'a'),
      "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/"
      "x/y/z/0/1/2/3/4/5/6/7/8/9"};
  MismatchLog log;
  ComparePaths(paths, log);
  log.ExpectNone("C vs C++ on paths");
}

// examples/acl/users.acl through both APIs.
class UsersAcl : public ::testing::Test {
 protected:
  void SetUp() override {
    profile_ = *FindBuiltinProfile("username-case-mapped");
    ASSERT_EQ(u8guard_profile_open("username-case-mapped", nullptr, &c_profile_,
                                   nullptr),
              U8GUARD_OK);
    path_ = std::string(U8GUARD_SOURCE_DIR) + "/examples/acl/users.acl";
  }
  void TearDown() override { u8guard_profile_free(c_profile_); }

  // Every line of the file, and each in upper case, fullwidth-mapped and
  // mutated, as credentials.
  std::vector<std::string> Credentials() const {
    std::vector<std::string> out;
    std::mt19937_64 rng(11);
    for (const std::string& line : SplitLines(ReadFileOrDie(path_))) {
      out.push_back(line);
      std::string upper = line;
      for (char& ch : upper) {
        if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
      }
      out.push_back(upper);
      out.push_back(MutateUtf8(rng, line, 1));
      out.push_back("r" + line);
    }
    out.push_back("p\xD0\xB0ypal");
    out.push_back("adrnin");  // look-alikes of entries: "admin", "mike"
    out.push_back("rnike");
    out.push_back(
        "\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC\xA9\xEF\xBC\xAE");
    return out;
  }

  const Profile* profile_ = nullptr;
  u8guard_profile* c_profile_ = nullptr;
  std::string path_;
};

// "" when the C lookup equals the C++ one.
std::string LookupDiff(const AclLookup& cc, u8guard_status status,
                       const u8guard_acl_match& m, const u8guard_error& e) {
  if (cc.match) {
    if (status != U8GUARD_OK || m.index != cc.match->index ||
        m.line != cc.match->line ||
        std::string_view(m.original, m.original_len) != cc.match->original ||
        std::string_view(m.key, m.key_len) != cc.match->key) {
      return absl::StrCat(" C ", u8guard_status_name(status), " index ",
                          m.index, ", C++ index ", cc.match->index, " key \"",
                          Hex(std::string_view(m.key, m.key_len)), "\"");
    }
    return "";
  }
  if (cc.status.ok()) {
    return status == U8GUARD_NO_MATCH
               ? ""
               : absl::StrCat(" C ", u8guard_status_name(status),
                              ", C++ no match");
  }
  return ErrorDiff(cc.status, status, e);
}

TEST_F(UsersAcl, LookupsAreTheCppOnes) {
  const absl::StatusOr<AllowList> allow = AllowList::Load(*profile_, path_);
  const absl::StatusOr<DenyList> deny = DenyList::Load(*profile_, path_);
  ASSERT_TRUE(allow.ok() && deny.ok());
  u8guard_allow_list* c_allow = nullptr;
  u8guard_deny_list* c_deny = nullptr;
  ASSERT_EQ(
      u8guard_allow_list_load(c_profile_, path_.c_str(), &c_allow, nullptr),
      U8GUARD_OK);
  ASSERT_EQ(u8guard_deny_list_load(c_profile_, path_.c_str(), &c_deny, nullptr),
            U8GUARD_OK);
  EXPECT_EQ(u8guard_allow_list_size(c_allow), allow->index().size());
  EXPECT_EQ(u8guard_deny_list_size(c_deny), deny->index().size());
  MismatchLog log;
  size_t granted = 0, resembled = 0;
  for (const std::string& cred : Credentials()) {
    u8guard_acl_match m{};
    u8guard_error e;
    u8guard_status s =
        u8guard_allow_list_grants(c_allow, cred.data(), cred.size(), &m, &e);
    granted += s == U8GUARD_OK;
    if (std::string d = LookupDiff(allow->Grants(cred), s, m, e); !d.empty()) {
      log.Add(absl::StrCat("grants \"", Hex(cred), "\":", d));
    }
    s = u8guard_deny_list_resembles(c_deny, cred.data(), cred.size(), &m, &e);
    resembled += s == U8GUARD_OK;
    if (std::string d = LookupDiff(deny->Resembles(cred), s, m, e);
        !d.empty()) {
      log.Add(absl::StrCat("resembles \"", Hex(cred), "\":", d));
    }
  }
  log.ExpectNone("C vs C++ lookups in users.acl");
  EXPECT_GT(granted, 20u);
  EXPECT_GT(resembled, granted);  // every grant resembles, and look-alikes
  u8guard_allow_list_free(c_allow);
  u8guard_deny_list_free(c_deny);
}

// The same findings, field by field, under both restriction bounds.
TEST_F(UsersAcl, AuditIsTheCppOne) {
  const absl::StatusOr<AclIndex> index =
      AclIndex::Load(*profile_, path_, AclMode::kExact);
  ASSERT_TRUE(index.ok());
  u8guard_allow_list* c_allow = nullptr;
  ASSERT_EQ(
      u8guard_allow_list_load(c_profile_, path_.c_str(), &c_allow, nullptr),
      U8GUARD_OK);
  for (const RestrictionLevel level :
       {RestrictionLevel::kSingleScriptRestrictive,
        RestrictionLevel::kUnrestrictive}) {
    AclAuditOptions options;
    options.max_restriction_level = level;
    const absl::StatusOr<AclAudit> cc = AuditAcl(*index, options);
    ASSERT_TRUE(cc.ok());
    u8guard_acl_audit* c = nullptr;
    ASSERT_EQ(u8guard_allow_list_audit(c_allow, static_cast<int32_t>(level), &c,
                                       nullptr),
              U8GUARD_OK);
    EXPECT_EQ(u8guard_acl_audit_entries(c), cc->entries);
    EXPECT_EQ(u8guard_acl_audit_valid_entries(c), cc->valid_entries);
    ASSERT_EQ(u8guard_acl_audit_finding_count(c), cc->findings.size());
    EXPECT_GT(cc->findings.size(), 5u);
    for (size_t i = 0; i < cc->findings.size(); ++i) {
      const AclFinding& f = cc->findings[i];
      u8guard_acl_finding g;
      ASSERT_EQ(u8guard_acl_audit_finding(c, i, &g), U8GUARD_OK);
      SCOPED_TRACE(absl::StrCat("finding ", i, " ",
                                std::string(AclFindingKindName(f.kind)),
                                " line ", f.line));
      EXPECT_EQ(g.kind, static_cast<int>(f.kind));
      EXPECT_EQ(g.index, f.index);
      EXPECT_EQ(g.line, f.line);
      EXPECT_EQ(std::string_view(g.original, g.original_len), f.original);
      EXPECT_EQ(std::string_view(g.key, g.key_len), f.key);
      EXPECT_EQ(g.other_index, f.other_index);
      EXPECT_EQ(g.other_line, f.other_line);
      EXPECT_EQ(std::string_view(g.other_original, g.other_original_len),
                f.other_original);
      EXPECT_EQ(std::string_view(g.other_key, g.other_key_len), f.other_key);
      EXPECT_EQ(std::string_view(g.skeleton, g.skeleton_len), f.skeleton);
      EXPECT_EQ(g.rejection_rule,
                f.rejection ? static_cast<int>(f.rejection->rule) : 0);
      EXPECT_EQ(g.rejection_offset, f.rejection ? f.rejection->offset : 0);
      EXPECT_EQ(g.rejection_code_point,
                f.rejection && f.rejection->code_point
                    ? static_cast<int32_t>(*f.rejection->code_point)
                    : -1);
      EXPECT_EQ(g.rejection_message,
                f.rejection ? RejectionMessage(*f.rejection) : "");
      EXPECT_EQ(g.restriction_level, f.kind == AclFindingKind::kMixedScript
                                         ? static_cast<int>(f.level)
                                         : 0);
    }
    u8guard_acl_audit_free(c);
  }
  u8guard_allow_list_free(c_allow);
}

// Objects the header calls shareable, used from several threads at once:
// every answer is the one given on one thread.
TEST_F(UsersAcl, SharedObjectsAnswerAlikeOnEveryThread) {
  u8guard_allow_list* c_allow = nullptr;
  ASSERT_EQ(
      u8guard_allow_list_load(c_profile_, path_.c_str(), &c_allow, nullptr),
      U8GUARD_OK);
  const std::vector<std::string> credentials = Credentials();
  // One thread's answers: the status and the key (granted) or canonical key.
  const auto answers = [&] {
    std::vector<std::string> out;
    for (const std::string& cred : credentials) {
      u8guard_acl_match m{};
      const u8guard_status s = u8guard_allow_list_grants(
          c_allow, cred.data(), cred.size(), &m, nullptr);
      char key[256];
      size_t len = 0;
      const u8guard_status k = u8guard_canonicalize(
          c_profile_, cred.data(), cred.size(), key, sizeof key, &len, nullptr);
      out.push_back(absl::StrCat(s, ":", std::string(m.key, m.key_len), ":", k,
                                 ":", std::string(key, len)));
    }
    return out;
  };
  const std::vector<std::string> expected = answers();
  std::vector<std::vector<std::string>> got(4);
  std::vector<std::thread> threads;
  for (auto& g : got) {
    threads.emplace_back([&g, &answers] {
      for (int round = 0; round < 5; ++round) g = answers();
    });
  }
  for (std::thread& t : threads) t.join();
  for (const auto& g : got) EXPECT_EQ(g, expected);
  u8guard_allow_list_free(c_allow);
}

}  // namespace
}  // namespace u8guard
