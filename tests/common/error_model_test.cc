// SPDX-License-Identifier: Apache-2.0
// The error model (rule.h, rejection.h): the closed Rule enumeration and its
// stable ids and values, the Rejection carried by statuses, the one message
// formatter, and that every public function which rejects input attaches a
// Rejection.

#include <cstdint>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/cord.h"
#include "gtest/gtest.h"
#include "u8guard/u8guard.h"

namespace u8guard {
namespace {

// The ids users' log parsers and the JSON output depend on, with their
// integer values (the C API's). Written out here, not derived from the
// table: a renumbering or a renamed id must fail this test.
struct RuleContract {
  int value;
  std::string_view id;
};
constexpr RuleContract kContract[] = {
    {1, "utf8/invalid_byte"},
    {2, "utf8/unexpected_continuation"},
    {3, "utf8/missing_continuation"},
    {4, "utf8/truncated"},
    {5, "utf8/overlong"},
    {6, "utf8/surrogate"},
    {7, "utf8/above_max"},
    {8, "bom_not_allowed"},
    {9, "input_too_long"},
    {10, "too_short"},
    {11, "too_long"},
    {12, "unstable"},
    {13, "DISALLOWED/empty"},
    {14, "DISALLOWED/bidi_rule"},
    {15, "DISALLOWED/exceptions"},
    {16, "DISALLOWED/backward_compatible"},
    {17, "DISALLOWED/unassigned"},
    {18, "DISALLOWED/old_hangul_jamo"},
    {19, "DISALLOWED/precis_ignorable_properties"},
    {20, "DISALLOWED/controls"},
    {21, "DISALLOWED/has_compat"},
    {22, "DISALLOWED/other_letter_digits"},
    {23, "DISALLOWED/spaces"},
    {24, "DISALLOWED/symbols"},
    {25, "DISALLOWED/punctuation"},
    {26, "DISALLOWED/other"},
    {27, "DISALLOWED/zero_width_nonjoiner"},
    {28, "DISALLOWED/zero_width_joiner"},
    {29, "DISALLOWED/middle_dot"},
    {30, "DISALLOWED/greek_keraia"},
    {31, "DISALLOWED/hebrew_punctuation"},
    {32, "DISALLOWED/katakana_middle_dot"},
    {33, "DISALLOWED/arabic_indic"},
    {34, "DISALLOWED/extended_arabic_indic"},
    {35, "path/absolute"},
    {36, "path/percent_decoding"},
    {37, "path/nul"},
    {38, "path/control"},
    {39, "path/separator_in_segment"},
    {40, "path/structure_changed_by_nfkc"},
    {41, "path/dot_dot"},
    {42, "path/above_root"},
    {43, "path/hidden"},
    {44, "path/windows_reserved"},
    {45, "path/windows_trailing_dot_space"},
    {46, "path/windows_character"},
    {47, "path/too_deep"},
    {48, "path/too_long"},
    {49, "stream_unsafe"},
    {50, "path/empty_segment"},
    {51, "open/escapes_root"},
    {52, "open/symlink"},
    {53, "open/magic_link"},
    {54, "open/cross_device"},
    {55, "open/symlink_loop"},
    {56, "open/fifo"},
    {57, "open/socket"},
    {58, "open/device"},
    {59, "open/directory"},
    {60, "repertoire/legacy_control"},
    {61, "repertoire/noncharacter"},
};

TEST(Rule, ValuesAndIdsAreTheContract) {
  ASSERT_EQ(AllRules().size(), std::size(kContract))
      << "a new rule must be appended to kContract with the next value";
  for (const RuleContract& c : kContract) {
    const std::optional<Rule> by_value = RuleFromValue(c.value);
    ASSERT_TRUE(by_value.has_value()) << c.value;
    EXPECT_EQ(RuleId(*by_value), c.id);
    EXPECT_EQ(RuleFromId(c.id), by_value) << c.id;
    EXPECT_EQ(static_cast<int>(AllRules()[c.value - 1]), c.value);
    EXPECT_FALSE(RuleDescription(*by_value).empty());
  }
}

TEST(Rule, LookupsRejectWhatIsNotARule) {
  EXPECT_EQ(RuleFromValue(0), std::nullopt);
  EXPECT_EQ(RuleFromValue(-1), std::nullopt);
  EXPECT_EQ(RuleFromValue(static_cast<int>(AllRules().size()) + 1),
            std::nullopt);
  EXPECT_EQ(RuleFromId(""), std::nullopt);
  EXPECT_EQ(RuleFromId("utf8/OVERLONG"), std::nullopt);
  EXPECT_EQ(RuleFromId("overlong"), std::nullopt);
  EXPECT_EQ(RuleId(static_cast<Rule>(999)), "unknown");
}

TEST(Rule, FamiliesAndUtf8Kinds) {
  std::set<std::string_view> ids;
  for (const Rule r : AllRules()) {
    EXPECT_TRUE(ids.insert(RuleId(r)).second) << RuleId(r);
    EXPECT_EQ(IsUtf8Rule(r), RuleId(r).starts_with("utf8/")) << RuleId(r);
    EXPECT_EQ(IsPathRule(r), RuleId(r).starts_with("path/")) << RuleId(r);
    EXPECT_EQ(IsOpenRule(r), RuleId(r).starts_with("open/")) << RuleId(r);
    EXPECT_EQ(IsFileTypeRule(r),
              r == Rule::kOpenFifo || r == Rule::kOpenSocket ||
                  r == Rule::kOpenDevice || r == Rule::kOpenDirectory)
        << RuleId(r);
  }
  // Every UTF-8 error kind is its rule, with the same value and names.
  for (int k = 1; k <= 7; ++k) {
    const auto kind = static_cast<Utf8ErrorKind>(k);
    EXPECT_EQ(static_cast<int>(Utf8ErrorRule(kind)), k);
    EXPECT_EQ(RuleId(Utf8ErrorRule(kind)),
              "utf8/" + std::string(Utf8ErrorKindId(kind)));
    EXPECT_EQ(RuleDescription(Utf8ErrorRule(kind)), Utf8ErrorKindName(kind));
  }
}

// Every field survives the trip through a Status, including bytes that are
// not UTF-8, a code point above U+10FFFF (EncodeUtf8) and huge offsets.
TEST(Rejection, RoundTripsThroughStatus) {
  std::vector<Rejection> cases;
  Rejection r;
  cases.push_back(r);
  r.offset = 7;
  r.code_point = U'\u200B';
  r.rule = Rule::kDisallowedPrecisIgnorable;
  r.source = RejectionSource::kProfile;
  r.profile = "username-case-mapped";
  cases.push_back(r);
  r.offset = SIZE_MAX;
  r.code_point = 0xFFFFFFFFu;
  r.rule = Rule::kPathTooLong;
  r.source = RejectionSource::kPath;
  r.bytes = std::string("\xC0\x00\xAE\xFF", 4);
  r.detail = "result longer than 4096 bytes";
  cases.push_back(r);
  r.code_point = 0;
  r.source = RejectionSource::kEncoder;
  cases.push_back(r);
  Rejection open;
  open.rule = Rule::kOpenEscapesRoot;
  open.source = RejectionSource::kOpen;
  open.detail = "uploads/avatar";
  cases.push_back(open);
  for (const Rejection& c : cases) {
    const absl::Status s = RejectionError(c);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
    EXPECT_EQ(s.message(), RejectionMessage(c));
    EXPECT_EQ(GetRejection(s), c) << s;
    // A copy of the status carries it too.
    const absl::Status copy = s;
    EXPECT_EQ(GetRejection(copy), c);
  }
}

TEST(Rejection, OtherStatusesCarryNone) {
  EXPECT_EQ(GetRejection(absl::OkStatus()), std::nullopt);
  EXPECT_EQ(GetRejection(absl::NotFoundError("x")), std::nullopt);
  EXPECT_EQ(GetRejection(absl::InvalidArgumentError("rejected at byte 2")),
            std::nullopt);
}

// A payload that is not exactly what RejectionError writes (truncated,
// extended, a byte changed) is no Rejection.
TEST(Rejection, MalformedPayloadsAreNotRejections) {
  Rejection r;
  r.rule = Rule::kUtf8Overlong;
  r.bytes = "\xC0\xAE";
  r.source = RejectionSource::kPath;
  r.profile = "path-segment";
  r.detail = "after percent-decoding";
  const absl::Status good = RejectionError(r);
  const std::string url = "type.u8guard.dev/u8guard.Rejection";
  const std::string payload(*good.GetPayload(url));
  ASSERT_EQ(GetRejection(good), r);
  for (size_t cut = 0; cut < payload.size(); ++cut) {
    absl::Status bad = good;
    bad.SetPayload(url, absl::Cord(payload.substr(0, cut)));
    EXPECT_EQ(GetRejection(bad), std::nullopt) << cut;
  }
  absl::Status longer = good;
  longer.SetPayload(url, absl::Cord(payload + "x"));
  EXPECT_EQ(GetRejection(longer), std::nullopt);
  for (size_t i = 0; i < payload.size(); ++i) {
    for (const char c : {'\xFF', ' ', '0', '%', 'A'}) {
      std::string mutated = payload;
      if (mutated[i] == c) continue;
      mutated[i] = c;
      absl::Status bad = good;
      bad.SetPayload(url, absl::Cord(mutated));
      const std::optional<Rejection> got = GetRejection(bad);
      // Only a letter or digit changed inside a value can still decode,
      // into another well-formed rejection.
      if (got) {
        EXPECT_NE(*got, r) << mutated;
        EXPECT_EQ(RejectionError(*got).GetPayload(url), absl::Cord(mutated));
      }
    }
  }
  // Fields in another order, repeated or unknown; values spelled otherwise.
  for (const char* other :
       {"{offset=0 rule=utf8/overlong source=utf8}",
        "{rule=utf8/overlong offset=0 source=utf8 source=utf8}",
        "{rule=utf8/overlong offset=0 source=utf8 color=red}",
        "{rule=utf8/overlong offset=00 source=utf8}",
        "{rule=utf8/overlong offset=+0 source=utf8}",
        "{rule=utf8/overlong offset=0 code_point=U+41 source=utf8}",
        "{rule=utf8/overlong offset=0 code_point=u+0041 source=utf8}",
        "{rule=utf8/overlong offset=0 source=utf8 bytes=c0ae}",
        "{rule=utf8/overlong offset=0 source=utf8 bytes=C0A}",
        "{rule=utf8/overlong offset=0 source=utf8 profile=}",
        "{rule=utf8/overlong offset=0 source=utf8 profile=%61}",
        "{rule=utf8/overlong offset=0 source=utf8 profile=a%2}",
        "{rule=utf8/overlong offset=0 source=Utf8}",
        "{rule=utf8/overlong  offset=0 source=utf8}",
        "{rule=nonsense offset=0 source=utf8}",
        "{rule=utf8/overlong offset=18446744073709551616 source=utf8}",
        "{rule=utf8/overlong offset=0 code_point=U+100000000 source=utf8}",
        "rule=utf8/overlong offset=0 source=utf8"}) {
    absl::Status bad = good;
    bad.SetPayload(url, absl::Cord(other));
    EXPECT_EQ(GetRejection(bad), std::nullopt) << other;
  }
  absl::Status plain = good;
  plain.SetPayload(url,
                   absl::Cord("{rule=utf8/overlong offset=0 source=utf8}"));
  Rejection want;
  want.rule = Rule::kUtf8Overlong;
  EXPECT_EQ(GetRejection(plain), want);
}

// Printing a rejected Status (operator<<, ToString(), which print payloads)
// shows readable text: the payload names the rule, the offset and the code
// point, and every byte is printable ASCII, whatever the rejection holds.
TEST(Rejection, PrintedStatusIsReadable) {
  const absl::StatusOr<const Profile*> profile =
      FindBuiltinProfile("username-case-mapped");
  ASSERT_TRUE(profile.ok());
  const absl::StatusOr<std::string> key =
      Canonicalize(**profile, "al\u200Bice");
  ASSERT_FALSE(key.ok());
  std::ostringstream printed;
  printed << key.status();
  const std::string text = printed.str();
  for (const char c : text) {
    EXPECT_TRUE(c >= ' ' && c < 0x7F) << static_cast<int>(c) << " in " << text;
  }
  EXPECT_EQ(text,
            "INVALID_ARGUMENT: username-case-mapped: rejected at byte 2 "
            "(U+200B): DISALLOWED/precis_ignorable_properties "
            "[type.u8guard.dev/u8guard.Rejection='{"
            "rule=DISALLOWED/precis_ignorable_properties offset=2 "
            "code_point=U+200B source=profile "
            "profile=username-case-mapped}']");

  Rejection odd;
  odd.offset = 5;
  odd.rule = Rule::kUtf8Overlong;
  odd.source = RejectionSource::kPath;
  odd.profile = "caf\xC3\xA9 'x' \"y\" {z} 50% a=b\\";
  odd.bytes = std::string("\xC0\x00", 2);
  odd.detail = "after percent-decoding\n\x01";
  // The message shows the profile's name as it is; the payload, as
  // printed, is printable ASCII and unescaped by ToString() whatever its
  // fields hold.
  const std::string odd_text = RejectionError(odd).ToString();
  const std::string payload_start = "[type.u8guard.dev/u8guard.Rejection='";
  const size_t start = odd_text.find(payload_start);
  ASSERT_NE(start, std::string::npos) << odd_text;
  const std::string printed_payload = odd_text.substr(start);
  for (const char c : printed_payload) {
    EXPECT_TRUE(c >= ' ' && c < 0x7F)
        << static_cast<int>(c) << " in " << printed_payload;
  }
  EXPECT_EQ(printed_payload,
            payload_start +
                "{rule=utf8/overlong offset=5 source=path "
                "profile=caf%C3%A9%20%27x%27%20%22y%22%20%7Bz%7D%2050%25%20a%"
                "3Db%5C bytes=C000 detail=after%20percent-decoding%0A%01}']");
  EXPECT_EQ(GetRejection(RejectionError(odd)), odd);
}

TEST(RejectionMessage, OneFormatterForEverySource) {
  Rejection utf8;
  utf8.offset = 1;
  utf8.rule = Rule::kUtf8Overlong;
  utf8.bytes = "\xC0\xAE";
  EXPECT_EQ(RejectionMessage(utf8),
            "invalid UTF-8 at byte 1: overlong encoding (C0 AE)");

  Rejection bom;
  bom.code_point = U'\uFEFF';
  bom.rule = Rule::kBomNotAllowed;
  bom.source = RejectionSource::kBom;
  EXPECT_EQ(RejectionMessage(bom),
            "rejected at byte 0 (U+FEFF): bom_not_allowed");

  Rejection profile = utf8;
  profile.source = RejectionSource::kProfile;
  profile.profile = "nickname";
  EXPECT_EQ(RejectionMessage(profile),
            "nickname: invalid UTF-8 at byte 1: overlong encoding (C0 AE)");
  profile.bytes.clear();  // a secret's rejection
  EXPECT_EQ(RejectionMessage(profile),
            "nickname: rejected at byte 1: utf8/overlong");
  profile.rule = Rule::kDisallowedSpaces;
  profile.code_point = U' ';
  EXPECT_EQ(RejectionMessage(profile),
            "nickname: rejected at byte 1 (U+0020): DISALLOWED/spaces");

  Rejection path;
  path.offset = 3;
  path.code_point = U'.';
  path.rule = Rule::kPathHidden;
  path.source = RejectionSource::kPath;
  path.detail = "hidden segment (starts with '.')";
  EXPECT_EQ(RejectionMessage(path),
            "path: rejected at byte 3 (U+002E): path/hidden: hidden segment "
            "(starts with '.')");
  path = utf8;
  path.source = RejectionSource::kPath;
  path.detail = "after percent-decoding";
  EXPECT_EQ(RejectionMessage(path),
            "path: rejected at byte 1: utf8/overlong: overlong encoding (C0 "
            "AE) after percent-decoding");
  path.rule = Rule::kBomNotAllowed;
  path.code_point = U'\uFEFF';
  path.profile = "path-segment";
  path.detail.clear();
  EXPECT_EQ(RejectionMessage(path),
            "path: rejected at byte 1 (U+FEFF): bom_not_allowed: rejected by "
            "the path-segment profile");

  Rejection encoder;
  encoder.offset = 3;
  encoder.code_point = 0xD800;
  encoder.rule = Rule::kUtf8Surrogate;
  encoder.source = RejectionSource::kEncoder;
  EXPECT_EQ(RejectionMessage(encoder),
            "cannot encode code point 3 (U+D800) as UTF-8: encoded surrogate "
            "(utf8/surrogate)");

  Rejection open;
  open.rule = Rule::kOpenSymlink;
  open.source = RejectionSource::kOpen;
  open.detail = "uploads/avatar";
  EXPECT_EQ(RejectionMessage(open),
            "open beneath root: refused at \"uploads/avatar\": open/symlink: a "
            "symbolic link where the options allow none");
  open.detail.clear();
  EXPECT_EQ(RejectionMessage(open),
            "open beneath root: refused at the root: open/symlink: a symbolic "
            "link where the options allow none");

  EXPECT_EQ(RejectionSummary(profile, "SPACE"),
            "rejected at byte 1 (U+0020 SPACE): DISALLOWED/spaces");
}

// Every public function that can reject input attaches a Rejection, and its
// message is RejectionMessage of it.
void ExpectRejection(const absl::Status& s, Rule rule, size_t offset,
                     RejectionSource source) {
  const std::optional<Rejection> r = GetRejection(s);
  ASSERT_TRUE(r.has_value()) << s;
  EXPECT_EQ(r->rule, rule) << s;
  EXPECT_EQ(r->offset, offset) << s;
  EXPECT_EQ(r->source, source) << s;
  EXPECT_EQ(s.message(), RejectionMessage(*r));
}

TEST(Rejection, EveryPublicFunctionThatRejectsAttachesOne) {
  const std::string bad = "ab\xC0\xAF";
  ExpectRejection(CheckUtf8(bad), Rule::kUtf8Overlong, 2,
                  RejectionSource::kUtf8);
  ExpectRejection(DecodeUtf8(bad).status(), Rule::kUtf8Overlong, 2,
                  RejectionSource::kUtf8);
  const char32_t surrogate[] = {U'a', 0xDC00};
  ExpectRejection(EncodeUtf8(std::u32string_view(surrogate, 2)).status(),
                  Rule::kUtf8Surrogate, 1, RejectionSource::kEncoder);
  for (NormalizationForm f :
       {NormalizationForm::kNfc, NormalizationForm::kNfkcCasefold}) {
    ExpectRejection(Normalize(f, bad).status(), Rule::kUtf8Overlong, 2,
                    RejectionSource::kUtf8);
    ExpectRejection(IsNormalized(f, bad).status(), Rule::kUtf8Overlong, 2,
                    RejectionSource::kUtf8);
  }
  ExpectRejection(ApplyBomPolicy(BomPolicy::kReject, "\xEF\xBB\xBFx").status(),
                  Rule::kBomNotAllowed, 0, RejectionSource::kBom);

  const Profile& user = **FindBuiltinProfile("username-case-mapped");
  ExpectRejection(Canonicalize(user, "a b").status(), Rule::kDisallowedSpaces,
                  1, RejectionSource::kProfile);
  ExpectRejection(Enforce(user, bad).status(), Rule::kUtf8Overlong, 2,
                  RejectionSource::kProfile);
  ExpectRejection(ConfusableSkeleton(user, "a\u200Bb").status(),
                  Rule::kDisallowedPrecisIgnorable, 1,
                  RejectionSource::kProfile);
  ExpectRejection(RestrictionLevelOf(user, "").status(), Rule::kEmpty, 0,
                  RejectionSource::kProfile);
  const Comparison c = Compare(user, "ok", "n o");
  EXPECT_FALSE(c.equivalent);
  ExpectRejection(c.b.status(), Rule::kDisallowedSpaces, 1,
                  RejectionSource::kProfile);

  const Profile& opaque = **FindBuiltinProfile("opaque-string");
  const absl::StatusOr<SecretString> secret =
      CanonicalizeSecret(opaque, "pa\x01ss");
  ExpectRejection(secret.status(), Rule::kDisallowedControls, 2,
                  RejectionSource::kProfile);
  EXPECT_EQ(GetRejection(secret.status())->code_point, std::nullopt);
  EXPECT_TRUE(GetRejection(secret.status())->bytes.empty());

  ExpectRejection(SanitizePath("a/../b").status(), Rule::kPathDotDot, 2,
                  RejectionSource::kPath);
  ExpectRejection(SanitizePath("/\xC0\xAE./").status(), Rule::kUtf8Overlong, 1,
                  RejectionSource::kPath);

  const absl::StatusOr<AllowList> allow =
      AllowList::Parse(user, "admin\nb ob\n");
  ASSERT_TRUE(allow.ok());
  ExpectRejection(allow->Grants("x y").status, Rule::kDisallowedSpaces, 1,
                  RejectionSource::kProfile);
  ASSERT_EQ(allow->index().invalid_entries().size(), 1u);
  EXPECT_EQ(allow->index().invalid_entries()[0].rejection.rule,
            Rule::kDisallowedSpaces);
  const absl::StatusOr<DenyList> deny = DenyList::Parse(user, "admin\n");
  ASSERT_TRUE(deny.ok());
  ExpectRejection(deny->Resembles("\xFF").status, Rule::kUtf8InvalidByte, 0,
                  RejectionSource::kProfile);
}

}  // namespace
}  // namespace u8guard
