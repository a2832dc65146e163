// SPDX-License-Identifier: Apache-2.0
// AuditAcl: every kind of finding with its fields, their order, the
// restriction-level threshold, the text descriptions, and the bundled
// example ACL (examples/acl/users.acl) with its planted problems.

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "src/cli/acl_text.h"
#include "tests/test_support.h"
#include "u8guard/acl.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

using ::u8guard::cli::DescribeFinding;
using ::u8guard::cli::DescribeLookup;

using ::u8guard::testing::TestDataPath;

const Profile& Mapped() {
  static const Profile* p = *FindBuiltinProfile("username-case-mapped");
  return *p;
}

AclAudit Audit(std::string_view text, const AclAuditOptions& options = {}) {
  absl::StatusOr<AclIndex> index =
      AclIndex::Parse(Mapped(), text, AclMode::kExact);
  EXPECT_TRUE(index.ok()) << index.status();
  absl::StatusOr<AclAudit> audit = AuditAcl(*index, options);
  EXPECT_TRUE(audit.ok()) << audit.status();
  return *std::move(audit);
}

// "KIND@LINE" per finding, for compact comparisons.
std::vector<std::string> Summary(const AclAudit& audit) {
  std::vector<std::string> out;
  for (const AclFinding& f : audit.findings) {
    out.push_back(std::string(AclFindingKindName(f.kind)) + "@" +
                  std::to_string(f.line));
  }
  return out;
}

TEST(AclAudit, CleanListHasNoFindings) {
  const AclAudit audit = Audit("# ok\nalice\nbob\njos\xC3\xA9\n");
  EXPECT_TRUE(audit.findings.empty());
  EXPECT_EQ(audit.entries, 3u);
  EXPECT_EQ(audit.valid_entries, 3u);
  EXPECT_EQ(audit.profile, "username-case-mapped");
  EXPECT_EQ(audit.icu_version, IcuVersion());
  EXPECT_EQ(audit.unicode_version, UnicodeVersion());
}

TEST(AclAudit, EveryKindInListOrder) {
  const std::string text =
      "\xEF\xBB\xBF"
      "admin\n"          // 1 signature
      "mike\n"           // 2
      "p\xD0\xB0ypal\n"  // 3 Cyrillic а: mixed script
      "paypal\n"         // 4 look-alike of line 3
      "Admin\n"          // 5 collision with line 1
      "\xEF\xBB\xBF"
      "eve\n"     // 6 BOM + invalid
      "rnike\n"   // 7 look-alike of line 2
      "ADMIN\n";  // 8 collision with line 1
  const AclAudit audit = Audit(text);
  EXPECT_EQ(Summary(audit), (std::vector<std::string>{
                                "file_signature@1", "mixed_script@3",
                                "lookalike@4", "collision@5", "bom@6",
                                "invalid@6", "lookalike@7", "collision@8"}));
  EXPECT_EQ(audit.entries, 8u);
  EXPECT_EQ(audit.valid_entries, 7u);

  const AclFinding& mixed = audit.findings[1];
  EXPECT_EQ(mixed.original, "p\xD0\xB0ypal");
  EXPECT_EQ(mixed.level, RestrictionLevel::kMinimallyRestrictive);

  const AclFinding& look = audit.findings[2];
  EXPECT_EQ(look.index, 3u);
  EXPECT_EQ(look.key, "paypal");
  EXPECT_EQ(look.other_line, 3u);
  EXPECT_EQ(look.other_index, 2u);
  EXPECT_EQ(look.other_key, "p\xD0\xB0ypal");
  EXPECT_EQ(look.skeleton, "paypal");

  const AclFinding& collision = audit.findings[3];
  EXPECT_EQ(collision.original, "Admin");
  EXPECT_EQ(collision.key, "admin");
  EXPECT_EQ(collision.other_line, 1u);
  EXPECT_EQ(collision.other_original, "admin");  // signature removed

  const AclFinding& bom = audit.findings[4];
  EXPECT_EQ(bom.original,
            "\xEF\xBB\xBF"
            "eve");
  const AclFinding& invalid = audit.findings[5];
  ASSERT_TRUE(invalid.rejection.has_value());
  EXPECT_EQ(invalid.rejection->rule_id(), "bom_not_allowed");
  EXPECT_EQ(invalid.rejection->code_point, U'\uFEFF');

  const AclFinding& rn = audit.findings[6];
  EXPECT_EQ(rn.original, "rnike");
  EXPECT_EQ(rn.other_original, "mike");
  EXPECT_EQ(rn.skeleton, "rnike");

  // Both later duplicates point at the first entry, not at each other.
  EXPECT_EQ(audit.findings[7].other_line, 1u);
}

TEST(AclAudit, LookalikesAreReportedOncePerKey) {
  // Three spellings with one skeleton, one of them twice: two look-alikes
  // (one per new key) and one collision.
  const AclAudit audit =
      Audit("paypal\np\xD0\xB0ypal\npaypa1\np\xD0\xB0ypal\n",
            {.max_restriction_level = RestrictionLevel::kUnrestrictive});
  EXPECT_EQ(Summary(audit), (std::vector<std::string>{
                                "lookalike@2", "lookalike@3", "collision@4"}));
  EXPECT_EQ(audit.findings[1].other_line, 1u);
  EXPECT_EQ(audit.findings[2].other_line, 2u);
}

TEST(AclAudit, RestrictionLevelThreshold) {
  // Latin + Han + Hiragana is Highly Restrictive (UTS #39 §5.2); Latin +
  // Greek is Minimally Restrictive; Greek alone is single-script.
  const std::string text =
      "tanaka\xE7\x94\xB0\xE4\xB8\xAD\xE3\x81\x95\xE3\x82\x93\n"
      "alpha\xCE\xB1\n"
      "\xCE\xB1\xCE\xB2\xCE\xB3\n";
  const AclAudit strict = Audit(text);
  EXPECT_EQ(Summary(strict),
            (std::vector<std::string>{"mixed_script@1", "mixed_script@2"}));
  EXPECT_EQ(strict.findings[0].level, RestrictionLevel::kHighlyRestrictive);
  EXPECT_EQ(strict.findings[1].level, RestrictionLevel::kMinimallyRestrictive);
  const AclAudit relaxed = Audit(
      text, {.max_restriction_level = RestrictionLevel::kHighlyRestrictive});
  EXPECT_EQ(Summary(relaxed), (std::vector<std::string>{"mixed_script@2"}));
}

// UTS #39 §5.3: an entry whose digits are of two decimal systems (ASCII 1
// and Devanagari one) is flagged; one system, whichever, is not.
TEST(AclAudit, MixedNumbers) {
  const std::string text =
      "room101\n"
      "\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xAE\xE0\xA5\xA7\xE0\xA5\xA8\n"
      "\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xAE\xE0\xA5\xA7"
      "2\n";
  const AclAudit audit = Audit(text);
  ASSERT_EQ(Summary(audit), (std::vector<std::string>{"mixed_numbers@3"}));
  const AclFinding& f = audit.findings[0];
  EXPECT_EQ(f.index, 2u);
  EXPECT_EQ(f.key,
            "\xE0\xA4\xB0\xE0\xA4\xBE\xE0\xA4\xAE\xE0\xA5\xA7"
            "2");
  const std::string described = DescribeFinding(f, f.original_size);
  EXPECT_EQ(described.rfind("mixed-numbers: ", 0), 0u) << described;
  EXPECT_NE(described.find("more than one decimal system"), std::string::npos);
  // Mixed scripts and mixed numbers: both findings, in that order.
  const AclAudit both = Audit(
      "user\xE0\xA5\xA7"
      "2\n");
  EXPECT_EQ(Summary(both),
            (std::vector<std::string>{"mixed_script@1", "mixed_numbers@1"}));
}

TEST(AclAudit, ListsWithoutLinesUseIndexes) {
  absl::StatusOr<AclIndex> index =
      AclIndex::Build(Mapped(), {"bob", "BOB", "b ob"}, AclMode::kSkeleton);
  ASSERT_TRUE(index.ok());
  absl::StatusOr<AclAudit> audit = AuditAcl(*index);
  ASSERT_TRUE(audit.ok());
  ASSERT_EQ(audit->findings.size(), 2u);
  EXPECT_EQ(audit->findings[0].kind, AclFindingKind::kCollision);
  EXPECT_EQ(audit->findings[0].index, 1u);
  EXPECT_EQ(audit->findings[0].line, 0u);
  EXPECT_EQ(audit->findings[1].kind, AclFindingKind::kInvalid);
  EXPECT_EQ(audit->findings[1].index, 2u);
  EXPECT_EQ(DescribeFinding(audit->findings[0]),
            "collision: \"BOB\" has the key \"bob\" of entry #0 \"bob\"");
}

TEST(AclAudit, DescriptionsEscapeInvisiblesAndNameCodePoints) {
  EXPECT_EQ(EscapeForDisplay("al\xE2\x80\x8Bice"), "al\\u{200B}ice");
  EXPECT_EQ(EscapeForDisplay("\xEF\xBB\xBFx"), "\\u{FEFF}x");
  EXPECT_EQ(EscapeForDisplay("a\xC0\xAE"
                             "b"),
            "a\\xC0\\xAEb");
  EXPECT_EQ(EscapeForDisplay("tab\there"), "tab\\u{0009}here");
  EXPECT_EQ(EscapeForDisplay("a\\b"), "a\\\\b");
  EXPECT_EQ(EscapeForDisplay("caf\xC3\xA9 ok"), "caf\xC3\xA9 ok");
  EXPECT_EQ(EscapeForDisplay("nb\xC2\xA0sp"), "nb\\u{00A0}sp");

  const AclAudit audit = Audit("paypal\np\xD0\xB0ypal\nal\xE2\x80\x8Bice\n");
  ASSERT_EQ(Summary(audit), (std::vector<std::string>{
                                "lookalike@2", "mixed_script@2", "invalid@3"}));
  EXPECT_EQ(DescribeFinding(audit.findings[0]),
            "look-alike: \"p\xD0\xB0ypal\" (key \"p\xD0\xB0ypal\") looks like "
            "line 1 \"paypal\" (key \"paypal\"), skeleton \"paypal\"; "
            "non-ASCII: U+0430 CYRILLIC SMALL LETTER A");
  EXPECT_EQ(DescribeFinding(audit.findings[1]),
            "mixed-script: \"p\xD0\xB0ypal\" is minimally_restrictive; "
            "non-ASCII: U+0430 CYRILLIC SMALL LETTER A");
  EXPECT_EQ(DescribeFinding(audit.findings[2]),
            "invalid: \"al\\u{200B}ice\" rejected at byte 2 (U+200B ZERO "
            "WIDTH SPACE): DISALLOWED/precis_ignorable_properties; it "
            "matches nothing");
}

TEST(AclAudit, DescribeLookup) {
  absl::StatusOr<AllowList> allow = AllowList::Parse(Mapped(), "admin\n");
  ASSERT_TRUE(allow.ok());
  EXPECT_EQ(DescribeLookup("ADMIN", allow->Grants("ADMIN"), AclMode::kExact),
            "\"ADMIN\": match: line 1 \"admin\" (key \"admin\")");
  EXPECT_EQ(DescribeLookup("root", allow->Grants("root"), AclMode::kExact),
            "\"root\": no match");
  EXPECT_EQ(DescribeLookup("a b", allow->Grants("a b"), AclMode::kExact),
            "\"a b\": rejected: username-case-mapped: rejected at byte 1 "
            "(U+0020): DISALLOWED/spaces");
}

// The bundled example: each planted problem is found, and nothing else.
TEST(AclAudit, BundledExample) {
  const std::string path = TestDataPath("../../examples/acl/users.acl");
  absl::StatusOr<AclIndex> index =
      AclIndex::Load(Mapped(), path, AclMode::kExact);
  ASSERT_TRUE(index.ok()) << index.status();
  absl::StatusOr<AclAudit> audit = AuditAcl(*index);
  ASSERT_TRUE(audit.ok());
  std::vector<std::string> got;
  for (const AclFinding& f : audit->findings) {
    got.push_back(std::string(AclFindingKindName(f.kind)) + " " +
                  EscapeForDisplay(f.original) +
                  (f.other_original.empty() ? "" : " ~ " + f.other_original));
  }
  EXPECT_EQ(got, (std::vector<std::string>{
                     "collision \xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC"
                     "\xA9\xEF\xBC\xAE ~ admin",  // fullwidth
                     "collision \xE2\x84\xAA"
                     "evin ~ kevin",                      // Kelvin sign
                     "lookalike p\xD0\xB0ypal ~ paypal",  // Cyrillic а
                     "mixed_script p\xD0\xB0ypal",
                     "invalid al\\u{200B}ice",  // zero-width space
                     "bom \\u{FEFF}walter",     // BOM mid-file
                     "invalid \\u{FEFF}walter",
                     "invalid svc\\xC0\\xAEbackup",           // overlong
                     "collision jose\xCC\x81 ~ jos\xC3\xA9",  // decomposed
                 }));
  EXPECT_EQ(audit->entries, 33u);
  EXPECT_EQ(audit->valid_entries, 30u);
}

}  // namespace
}  // namespace u8guard

namespace u8guard {
namespace {

// The streaming audit hands over the same findings, in the same order, as
// the collecting one, and keeps none; an audit of many identical entries
// holds no more than one finding at a time.
TEST(AclAudit, StreamingGivesTheSameFindingsAndKeepsNone) {
  const std::string text =
      "\xEF\xBB\xBFpaypal\np\xD0\xB0ypal\nal\xE2\x80\x8Bice\nPAYPAL\n"
      "\xEF\xBB\xBF"
      "bob\nrnike\nmike\n";
  absl::StatusOr<AclIndex> index =
      AclIndex::Parse(Mapped(), text, AclMode::kExact);
  ASSERT_TRUE(index.ok());
  absl::StatusOr<AclAudit> collected = AuditAcl(*index);
  ASSERT_TRUE(collected.ok());
  std::vector<std::string> streamed;
  absl::StatusOr<AclAudit> summary =
      AuditAcl(*index, AclAuditOptions(), [&](const AclFinding& f) {
        streamed.push_back(std::string(AclFindingKindName(f.kind)) + "@" +
                           std::to_string(f.line) + " " + f.original);
      });
  ASSERT_TRUE(summary.ok());
  EXPECT_TRUE(summary->findings.empty());
  EXPECT_EQ(summary->finding_count, collected->findings.size());
  EXPECT_EQ(collected->finding_count, collected->findings.size());
  std::vector<std::string> want;
  for (const AclFinding& f : collected->findings) {
    want.push_back(std::string(AclFindingKindName(f.kind)) + "@" +
                   std::to_string(f.line) + " " + f.original);
  }
  EXPECT_EQ(streamed, want);
  EXPECT_EQ(want, (std::vector<std::string>{
                      "file_signature@1 ", "lookalike@2 p\xD0\xB0ypal",
                      "mixed_script@2 p\xD0\xB0ypal",
                      "invalid@3 al\xE2\x80\x8Bice", "collision@4 PAYPAL",
                      "bom@5 \xEF\xBB\xBF"
                      "bob",
                      "invalid@5 \xEF\xBB\xBF"
                      "bob",
                      "lookalike@7 mike"}));

  // 100,000 copies of one name: one key, 99,999 collisions streamed.
  std::string same;
  for (int i = 0; i < 100000; ++i) same += "admin\n";
  index = AclIndex::Parse(Mapped(), same, AclMode::kExact);
  ASSERT_TRUE(index.ok());
  size_t seen = 0;
  summary = AuditAcl(*index, AclAuditOptions(), [&](const AclFinding& f) {
    EXPECT_EQ(f.kind, AclFindingKind::kCollision);
    ++seen;
  });
  ASSERT_TRUE(summary.ok());
  EXPECT_EQ(seen, 99999u);
  EXPECT_EQ(summary->finding_count, 99999u);
}

}  // namespace
}  // namespace u8guard
