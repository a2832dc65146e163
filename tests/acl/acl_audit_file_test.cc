// SPDX-License-Identifier: Apache-2.0
// AuditAclFile, the audit of an ACL file in bounded memory: the findings
// and the summary of AuditAcl over AclIndex::Load of the same file, field
// for field and in the same order, on random files of every kind of entry
// (collisions, look-alikes across several skeletons, BOMs, invalid entries
// long and short, mixed scripts and numbers, comments, blank lines, CRLF, a
// file signature), with budgets that spill every few entries and budgets
// that never spill; its temporary files gone on every path.

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"
#include "u8guard/progress.h"

namespace u8guard {
namespace {

using ::testing::HasSubstr;
using ::u8guard::testing::DirectoryEntries;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::WriteFileOrDie;

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

// Every field of a finding.
std::string Shown(const AclFinding& f) {
  std::string out = absl::StrCat(
      std::string(AclFindingKindName(f.kind)), "|", f.index, "|", f.line, "|",
      f.original, "|", f.original_size, "|", f.key, "|", f.other_index, "|",
      f.other_line, "|", f.other_original, "|", f.other_key, "|", f.skeleton,
      "|", static_cast<int>(f.level));
  if (f.rejection) {
    const Rejection& r = *f.rejection;
    absl::StrAppend(&out, "|", std::string(r.rule_id()), "@", r.offset, "|",
                    r.code_point ? static_cast<int64_t>(*r.code_point) : -1,
                    "|", static_cast<int>(r.source), "|", r.profile, "|",
                    r.bytes, "|", r.detail);
  }
  return out;
}

struct Audited {
  std::vector<std::string> findings;
  AclAudit summary;
};

// AuditAcl over the index of the file: the reference.
Audited InMemory(const std::string& path, const AclAuditOptions& options) {
  Audited out;
  const absl::StatusOr<AclIndex> index =
      AclIndex::Load(UserNames(), path, AclMode::kExact);
  EXPECT_TRUE(index.ok()) << index.status();
  if (!index.ok()) return out;
  const absl::StatusOr<AclAudit> a =
      AuditAcl(*index, options,
               [&](const AclFinding& f) { out.findings.push_back(Shown(f)); });
  EXPECT_TRUE(a.ok()) << a.status();
  if (a.ok()) out.summary = *a;
  return out;
}

Audited FromFile(const std::string& path, const AclAuditOptions& options) {
  Audited out;
  const absl::StatusOr<AclAudit> a = AuditAclFile(
      UserNames(), path, options,
      [&](const AclFinding& f) { out.findings.push_back(Shown(f)); });
  EXPECT_TRUE(a.ok()) << a.status();
  if (a.ok()) out.summary = *a;
  return out;
}

// A random ACL file: names of a few families, each written in ways that
// collide (case, width), look alike (Cyrillic letters, "rn" for "m", an
// accent), are refused (a space, a long line, a control), carry a BOM, mix
// scripts or digits; comments, blank lines, CRLF.
std::string RandomAcl(std::mt19937& rng, size_t lines) {
  static const char* const kBases[] = {"paypal", "admin", "mike",   "carol",
                                       "alice",  "bob7",  "modern", "ops",
                                       "user1",  "x",     "root",   "eve"};
  std::uniform_int_distribution<int> pick(0, 99);
  std::string text = pick(rng) < 30 ? "\xEF\xBB\xBF" : "";
  for (size_t i = 0; i < lines; ++i) {
    std::string name = kBases[rng() % std::size(kBases)];
    const int how = pick(rng);
    if (how < 10) {
      name[0] = static_cast<char>(name[0] - 'a' + 'A');  // a collision
    } else if (how < 15) {
      name = absl::StrCat("\xEF\xBC\xA1", name);  // fullwidth A
    } else if (how < 25) {
      // Cyrillic a, o, e for Latin ones: a look-alike, mixed script
      for (const auto& [latin, cyrillic] :
           {std::pair<char, std::string_view>{'a', "\xD0\xB0"},
            {'o', "\xD0\xBE"},
            {'e', "\xD0\xB5"}}) {
        const size_t at = name.find(latin);
        if (at != std::string::npos) name.replace(at, 1, cyrillic);
      }
    } else if (how < 30) {
      const size_t at = name.find('m');
      if (at != std::string::npos) name.replace(at, 1, "rn");
    } else if (how < 34) {
      name += "\xC3\xA9";  // é
    } else if (how < 38) {
      name += " smith";  // refused: a space
    } else if (how < 40) {
      name = std::string(1500 + rng() % 100, 'x') + " y";  // long, refused
    } else if (how < 43) {
      name = absl::StrCat("\xEF\xBB\xBF", name);  // a BOM, no signature
    } else if (how < 46) {
      name += "1\xE0\xA5\xA7";  // ASCII 1, Devanagari 1: mixed numbers
    } else if (how < 48) {
      name += "\x01";
    } else if (how < 52) {
      name = how < 50 ? "# a comment" : "   ";
    } else if (how < 55) {
      name.clear();
    }
    name += pick(rng) < 20 ? "\r\n" : "\n";
    text += name;
  }
  if (pick(rng) < 50 && !text.empty()) text.pop_back();  // no final newline
  return text;
}

TEST(AuditAclFile, SameAsAuditAclOnRandomFiles) {
  ScopedTempDir dir;
  std::mt19937 rng(36);
  size_t kinds_seen[8] = {};
  for (int trial = 0; trial < 40; ++trial) {
    const std::string text = RandomAcl(rng, 20 + 12 * trial);
    const std::string path = dir.File("users.acl");
    WriteFileOrDie(path, text);
    SCOPED_TRACE(absl::StrCat("trial ", trial));
    AclAuditOptions options;
    options.max_restriction_level =
        trial % 2 == 0 ? RestrictionLevel::kSingleScriptRestrictive
                       : RestrictionLevel::kModeratelyRestrictive;
    const Audited want = InMemory(path, options);
    for (const auto& f : want.findings) {
      for (size_t k = 0; k < std::size(kinds_seen); ++k) {
        if (f.starts_with(absl::StrCat(
                std::string(AclFindingKindName(static_cast<AclFindingKind>(k))),
                "|"))) {
          ++kinds_seen[k];
        }
      }
    }
    options.temp_dir = dir.path();
    for (size_t budget : {size_t{3000}, size_t{64} << 20}) {
      SCOPED_TRACE(absl::StrCat("budget ", budget));
      options.memory_budget = budget;
      const Audited got = FromFile(path, options);
      EXPECT_EQ(got.findings, want.findings);
      EXPECT_EQ(got.summary.finding_count, want.summary.finding_count);
      EXPECT_EQ(got.summary.entries, want.summary.entries);
      EXPECT_EQ(got.summary.valid_entries, want.summary.valid_entries);
      EXPECT_EQ(got.summary.profile, want.summary.profile);
      EXPECT_EQ(got.summary.icu_version, want.summary.icu_version);
      EXPECT_EQ(got.summary.unicode_version, want.summary.unicode_version);
      EXPECT_TRUE(got.summary.findings.empty());
    }
    if (HasFailure()) break;
  }
  // Every kind of finding was compared, many times.
  for (size_t k = 0; k < std::size(kinds_seen) - 1; ++k) {
    SCOPED_TRACE(AclFindingKindName(static_cast<AclFindingKind>(k)));
    EXPECT_GT(kinds_seen[k], 5u);
  }
  EXPECT_THAT(DirectoryEntries(dir.path()),
              ::testing::ElementsAre("users.acl"));
}

// The reading, then the grouping; a line past the limit, a missing file,
// a directory, a missing temporary directory: errors naming them, no
// temporary file left.
TEST(AuditAclFile, ProgressAndErrors) {
  ScopedTempDir dir;
  std::mt19937 rng(7);
  const std::string path = dir.File("users.acl");
  const std::string text = RandomAcl(rng, 3000);
  WriteFileOrDie(path, text);
  AclAuditOptions options;
  options.memory_budget = 4096;
  options.temp_dir = dir.path();
  std::vector<Progress> heard;
  options.progress = [&](const Progress& p) { heard.push_back(p); };
  const Audited got = FromFile(path, options);
  ASSERT_FALSE(heard.empty());
  size_t reading = 0;
  while (reading < heard.size() &&
         heard[reading].stage == ProgressStage::kReading) {
    ++reading;
  }
  ASSERT_GT(reading, 0u);
  EXPECT_EQ(heard[reading - 1].bytes, text.size());
  EXPECT_EQ(heard[reading - 1].records, got.summary.entries);
  ASSERT_LT(reading, heard.size());
  for (size_t i = reading; i < heard.size(); ++i) {
    EXPECT_EQ(heard[i].stage, ProgressStage::kGrouping);
    EXPECT_GT(heard[i].records, i > reading ? heard[i - 1].records : 0u);
  }

  options.progress = nullptr;
  auto audit = [&](const std::string& p) {
    return AuditAclFile(UserNames(), p, options, [](const AclFinding&) {});
  };
  EXPECT_EQ(audit(dir.File("missing.acl")).status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(audit(dir.path()).status().code(),
            absl::StatusCode::kFailedPrecondition);
  WriteFileOrDie(path, "alice\n" + std::string((size_t{1} << 20) + 5, 'x'));
  absl::StatusOr<AclAudit> a = audit(path);
  EXPECT_EQ(a.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(a.status().message(), HasSubstr("line 2: longer than"));
  WriteFileOrDie(path, text);
  options.temp_dir = dir.File("no-such-dir");
  a = audit(path);
  EXPECT_EQ(a.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(a.status().message(), HasSubstr("no-such-dir"));
  EXPECT_THAT(DirectoryEntries(dir.path()),
              ::testing::ElementsAre("users.acl"));
}

}  // namespace
}  // namespace u8guard
