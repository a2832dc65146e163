// SPDX-License-Identifier: Apache-2.0
// BOM policies (RFC 3629 §6), alone and through a profile: each policy x BOM
// at the start, twice at the start, in the middle, alone, and followed by
// invalid bytes. Offsets always refer to the caller's bytes.

#include "u8guard/bom.h"

#include <string>

#include "gtest/gtest.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"

namespace u8guard {
namespace {

const std::string kBom(kUtf8Bom);

Profile WithBom(BomPolicy policy, const char* base = "freeform-class") {
  Profile p = **FindBuiltinProfile(base);
  p.bom = policy;
  return p;
}

Rejection RejectionOf(const absl::Status& s) {
  EXPECT_FALSE(s.ok());
  return GetRejection(s).value_or(
      Rejection{.offset = 999, .profile = "<none>"});
}

TEST(BomPolicyNames, RoundTrip) {
  for (BomPolicy p : {BomPolicy::kReject, BomPolicy::kLiteral,
                      BomPolicy::kStrip, BomPolicy::kIgnore}) {
    EXPECT_EQ(*ParseBomPolicy(BomPolicyName(p)), p);
  }
  EXPECT_FALSE(ParseBomPolicy("Strip").ok());
}

TEST(ApplyBomPolicy, RejectRefusesAnInitialBomAtOffsetZero) {
  const absl::StatusOr<BomSplit> s =
      ApplyBomPolicy(BomPolicy::kReject, kBom + "abc");
  const Rejection r = RejectionOf(s.status());
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(r.rule_id(), "bom_not_allowed");
  EXPECT_EQ(r.code_point, U'\uFEFF');
}

TEST(ApplyBomPolicy, StripRemovesExactlyOne) {
  const std::string in = kBom + kBom + "x";  // the split views into it
  const BomSplit s = *ApplyBomPolicy(BomPolicy::kStrip, in);
  EXPECT_EQ(s.text, kBom + "x");
  EXPECT_EQ(s.text_offset, 3u);
  EXPECT_TRUE(s.kept_prefix.empty());
}

TEST(ApplyBomPolicy, IgnoreKeepsThePrefixApart) {
  const std::string in = kBom + "x";
  const BomSplit s = *ApplyBomPolicy(BomPolicy::kIgnore, in);
  EXPECT_EQ(s.kept_prefix, kBom);
  EXPECT_EQ(s.text, "x");
}

TEST(ApplyBomPolicy, LiteralAndMidStringBomsAreText) {
  for (BomPolicy p : {BomPolicy::kReject, BomPolicy::kLiteral,
                      BomPolicy::kStrip, BomPolicy::kIgnore}) {
    const std::string mid = "a" + kBom + "b";
    const BomSplit s = *ApplyBomPolicy(p, mid);
    EXPECT_EQ(s.text, mid) << BomPolicyName(p);
    EXPECT_EQ(s.text_offset, 0u);
  }
  const std::string bom_only = kBom;
  EXPECT_EQ(ApplyBomPolicy(BomPolicy::kLiteral, bom_only)->text, kBom);
}

TEST(ProfileBom, StripThenTextRules) {
  const Profile p = WithBom(BomPolicy::kStrip, "text-document");
  EXPECT_EQ(*Canonicalize(p, kBom + "hello"), "hello");
  EXPECT_EQ(*Canonicalize(p, kBom), "");
  // Only one signature is stripped; the second is ZWNBSP text.
  EXPECT_EQ(*Canonicalize(p, kBom + kBom + "x"), kBom + "x");
}

TEST(ProfileBom, LiteralBomIsDisallowedByPrecis) {
  const Rejection r = RejectionOf(
      Canonicalize(WithBom(BomPolicy::kLiteral), kBom + "admin").status());
  EXPECT_EQ(r.offset, 0u);
  EXPECT_EQ(r.code_point, U'\uFEFF');
  EXPECT_EQ(r.rule_id(), "DISALLOWED/precis_ignorable_properties");
}

TEST(ProfileBom, SecondBomAfterStripIsReportedAtItsOwnOffset) {
  const Rejection r = RejectionOf(
      Canonicalize(WithBom(BomPolicy::kStrip), kBom + kBom + "x").status());
  EXPECT_EQ(r.offset, 3u);
  EXPECT_EQ(r.code_point, U'\uFEFF');
}

TEST(ProfileBom, MidStringBomIsAlwaysZwnbsp) {
  for (BomPolicy policy : {BomPolicy::kReject, BomPolicy::kLiteral,
                           BomPolicy::kStrip, BomPolicy::kIgnore}) {
    const Rejection r = RejectionOf(
        Canonicalize(WithBom(policy), "ad" + kBom + "min").status());
    EXPECT_EQ(r.offset, 2u) << BomPolicyName(policy);
    EXPECT_EQ(r.rule_id(), "DISALLOWED/precis_ignorable_properties");
  }
}

TEST(ProfileBom, IgnoreKeepsBomInEnforcedFormOnly) {
  const Profile p = WithBom(BomPolicy::kIgnore);
  EXPECT_EQ(*Canonicalize(p, kBom + "x"), "x");
  EXPECT_EQ(*Enforce(p, kBom + "x"), kBom + "x");
  EXPECT_TRUE(Equivalent(p, kBom + "x", "x"));
}

TEST(ProfileBom, RejectedBomNeverEquals) {
  const Profile p = **FindBuiltinProfile("username-case-mapped");
  EXPECT_EQ(RejectionOf(Canonicalize(p, kBom + "admin").status()).rule_id(),
            "bom_not_allowed");
  EXPECT_FALSE(Equivalent(p, kBom + "admin", "admin"));
}

TEST(ProfileBom, BomFollowedByInvalidBytesReportsCallerOffsets) {
  for (BomPolicy policy : {BomPolicy::kStrip, BomPolicy::kIgnore}) {
    const Rejection r =
        RejectionOf(Canonicalize(WithBom(policy), kBom + "a\xC0\xAE").status());
    EXPECT_EQ(r.offset, 4u) << BomPolicyName(policy);
    EXPECT_EQ(r.rule_id(), "utf8/overlong");
  }
  // A truncated BOM is just invalid UTF-8 at offset 0.
  EXPECT_EQ(
      RejectionOf(Canonicalize(WithBom(BomPolicy::kStrip), "\xEF\xBB").status())
          .rule_id(),
      "utf8/truncated");
}

}  // namespace
}  // namespace u8guard
