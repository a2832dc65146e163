// SPDX-License-Identifier: Apache-2.0
// ProfileSettings and ProfileToToml (profile_settings.h): every field of
// Profile shows once, under its policy-file key, in file order; the policy
// file written for a profile parses back to the same settings, for every
// built-in profile and for edge values (quotes, backslashes, every control
// character, non-ASCII text, the largest sizes).

#include "u8guard/profile_settings.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "u8guard/profile.h"

namespace u8guard {
namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// The keys of policy files, in the order docs/profiles.md lists them.
const std::vector<std::string_view> kKeys = {
    "name",
    "description",
    "bom",
    "string_class",
    "width_mapping",
    "additional_mapping",
    "case_mapping",
    "key_case_mapping",
    "normalization",
    "directionality",
    "confusables",
    "reapply_rules",
    "max_input_bytes",
    "max_non_starters",
    "min_output_bytes",
    "max_output_bytes",
    "max_output_code_points",
    "repertoire",
};

std::vector<std::string_view> Keys(const std::vector<ProfileSetting>& s) {
  std::vector<std::string_view> keys;
  for (const ProfileSetting& setting : s) keys.push_back(setting.key);
  return keys;
}

// The settings as text, for failure messages.
std::string Show(const std::vector<ProfileSetting>& settings) {
  return ProfileSettingsToToml(settings);
}

TEST(ProfileSettings, EveryKeyOnceInFileOrder) {
  const std::vector<ProfileSetting> settings = ProfileSettings(Profile());
  EXPECT_EQ(Keys(settings), kKeys);
  const std::vector<std::string_view> keys = Keys(settings);
  EXPECT_EQ(std::set<std::string_view>(keys.begin(), keys.end()).size(),
            keys.size());
}

TEST(ProfileSettings, ValuesHaveThePolicyFilesTypes) {
  Profile p;
  p.name = "n";
  const std::vector<ProfileSetting> s = ProfileSettings(p);
  ASSERT_EQ(s.size(), kKeys.size());
  EXPECT_EQ(s[0].value, ProfileSettingValue(std::string("n")));
  EXPECT_EQ(s[2].value, ProfileSettingValue(std::string("reject")));
  EXPECT_EQ(s[4].value, ProfileSettingValue(false));
  EXPECT_EQ(s[8].value, ProfileSettingValue(std::string("NFC")));
  EXPECT_EQ(s[12].value, ProfileSettingValue(int64_t{4096}));
  EXPECT_EQ(s[13].value, ProfileSettingValue(int64_t{30}));
  EXPECT_EQ(s[17].value, ProfileSettingValue(std::string("any")));
}

// Each field of Profile, changed alone from its default, changes exactly
// one setting: its own, to the value given. Together they cover every key:
// no field is missing and none shows twice. (A member added to Profile
// without its line in the library's table fails to compile there.)
TEST(ProfileSettings, EachFieldShowsUnderItsOwnKey) {
  struct Change {
    std::string_view key;
    std::function<void(Profile&)> change;
    ProfileSettingValue shown;
  };
  const std::vector<Change> changes = {
      {"name", [](Profile& p) { p.name = std::string("x"); }, std::string("x")},
      {"description", [](Profile& p) { p.description = std::string("d"); },
       std::string("d")},
      {"bom", [](Profile& p) { p.bom = BomPolicy::kStrip; },
       std::string("strip")},
      {"string_class",
       [](Profile& p) { p.string_class = StringClass::kAnyText; },
       std::string("any_text")},
      {"width_mapping", [](Profile& p) { p.width_mapping = true; }, true},
      {"additional_mapping",
       [](Profile& p) {
         p.additional_mapping = SpaceMapping::kToAsciiTrimCollapse;
       },
       std::string("to_ascii_trim_collapse")},
      {"case_mapping", [](Profile& p) { p.case_mapping = CaseMapping::kFold; },
       std::string("fold")},
      {"key_case_mapping",
       [](Profile& p) { p.key_case_mapping = CaseMapping::kLower; },
       std::string("lower")},
      {"normalization",
       [](Profile& p) { p.normalization = NormalizationForm::kNfkcCasefold; },
       std::string("NFKC_Casefold")},
      {"directionality",
       [](Profile& p) { p.directionality = Directionality::kBidiRule; },
       std::string("bidi_rule")},
      {"confusables",
       [](Profile& p) { p.confusables = ConfusablesPolicy::kSkeleton; },
       std::string("skeleton")},
      {"reapply_rules", [](Profile& p) { p.reapply_rules = true; }, true},
      {"max_input_bytes", [](Profile& p) { p.max_input_bytes = 11; },
       int64_t{11}},
      {"max_non_starters", [](Profile& p) { p.max_non_starters = 12; },
       int64_t{12}},
      {"min_output_bytes", [](Profile& p) { p.min_output_bytes = 13; },
       int64_t{13}},
      {"max_output_bytes", [](Profile& p) { p.max_output_bytes = 14; },
       int64_t{14}},
      {"max_output_code_points",
       [](Profile& p) { p.max_output_code_points = 15; }, int64_t{15}},
      {"repertoire",
       [](Profile& p) { p.repertoire = Repertoire::kXmlCharacters; },
       std::string("xml_characters")},
  };
  const std::vector<ProfileSetting> defaults = ProfileSettings(Profile());
  std::multiset<std::string_view> covered;
  for (const Change& c : changes) {
    Profile p;
    c.change(p);
    const std::vector<ProfileSetting> settings = ProfileSettings(p);
    ASSERT_EQ(settings.size(), defaults.size());
    std::vector<std::string_view> differ;
    for (size_t i = 0; i < settings.size(); ++i) {
      if (settings[i] != defaults[i]) {
        differ.push_back(settings[i].key);
        EXPECT_EQ(settings[i].value, c.shown) << c.key;
      }
    }
    EXPECT_EQ(differ, std::vector<std::string_view>{c.key});
    covered.insert(c.key);
  }
  EXPECT_EQ(covered,
            std::multiset<std::string_view>(kKeys.begin(), kKeys.end()));
}

// The parser's "unknown key" message lists the same keys, in the same
// order.
TEST(ProfileSettings, TheParserKnowsTheSameKeys) {
  const absl::StatusOr<Profile> p = ParseProfile("colour = 1\n", "c.toml");
  ASSERT_FALSE(p.ok());
  std::vector<std::string> keys(kKeys.begin(), kKeys.end());
  EXPECT_TRUE(absl::StrContains(
      p.status().message(),
      absl::StrCat("(known keys: ", absl::StrJoin(keys, ", "), ")")))
      << p.status();
}

TEST(ProfileSettings, SizesAboveInt64MaxShowAsInt64Max) {
  Profile p;
  p.max_output_bytes = std::numeric_limits<size_t>::max();
  p.max_output_code_points = static_cast<size_t>(kInt64Max);
  const std::vector<ProfileSetting> s = ProfileSettings(p);
  EXPECT_EQ(s[15].value, ProfileSettingValue(kInt64Max));
  EXPECT_EQ(s[16].value, ProfileSettingValue(kInt64Max));
}

// ProfileToToml, then ParseProfile: the same settings, and the same text
// again.
void ExpectRoundTrip(const Profile& p) {
  const std::string toml = ProfileToToml(p);
  const absl::StatusOr<Profile> again = ParseProfile(toml, "round-trip");
  ASSERT_TRUE(again.ok()) << again.status() << "\n" << toml;
  EXPECT_EQ(ProfileSettings(*again), ProfileSettings(p))
      << "wrote:\n"
      << toml << "read back:\n"
      << Show(ProfileSettings(*again));
  EXPECT_EQ(ProfileToToml(*again), toml);
}

TEST(ProfileToToml, RoundTripsEveryBuiltinProfile) {
  ASSERT_FALSE(BuiltinProfiles().empty());
  for (const Profile& p : BuiltinProfiles()) {
    SCOPED_TRACE(p.name);
    ExpectRoundTrip(p);
  }
}

TEST(ProfileToToml, WritesOneLinePerKeyInFileOrder) {
  const absl::StatusOr<const Profile*> nickname =
      FindBuiltinProfile("nickname");
  ASSERT_TRUE(nickname.ok());
  const std::string toml = ProfileToToml(**nickname);
  ASSERT_TRUE(absl::EndsWith(toml, "\n"));
  const std::vector<std::string> lines =
      absl::StrSplit(toml.substr(0, toml.size() - 1), '\n');
  ASSERT_EQ(lines.size(), kKeys.size()) << toml;
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_TRUE(absl::StartsWith(lines[i], std::string(kKeys[i]) + " = "))
        << lines[i];
  }
  EXPECT_TRUE(absl::StartsWith(toml, "name = \"nickname\"\n")) << toml;
  EXPECT_TRUE(absl::StrContains(toml, "\nkey_case_mapping = \"lower\"\n"));
  EXPECT_TRUE(absl::StrContains(toml, "\nreapply_rules = true\n"));
  EXPECT_TRUE(absl::StrContains(toml, "\nmax_non_starters = 30\n"));
  EXPECT_TRUE(absl::StrContains(toml, "\nmax_output_code_points = 256\n"));
  EXPECT_TRUE(absl::EndsWith(toml, "\nrepertoire = \"any\"\n"));
}

TEST(ProfileToToml, RoundTripsEdgeTextAndValues) {
  std::string controls;
  for (int c = 0; c < 0x20; ++c) controls += static_cast<char>(c);
  controls += '\x7F';
  const std::vector<std::string> texts = {
      "a \"quoted\" name",
      "back\\slash \\u0041 \\n \\",
      controls,
      std::string("nul\0inside", 10),
      "tab\tand\nnewline\r\n",
      "# not a comment = \"not a key\"\n[not.a.table]",
      "'single' '''triple''' \"\"\"basic\"\"\"",
      "caf\u00e9 \u65e5\u672c \U0001F600",
      "\u05e9\u05dc\u05d5\u05dd \u202e reversed \u202c",
      "\u0085 next line, \u2028 line separator, \ufeff bom, \u00a0 nbsp",
      "\u200b zero width \u200d joiner",
  };
  for (const std::string& text : texts) {
    SCOPED_TRACE(text);
    Profile p;
    p.name = "edge-" + text;
    p.description = text;
    ExpectRoundTrip(p);
  }
}

TEST(ProfileToToml, RoundTripsEveryFieldSetAndTheBounds) {
  Profile p;
  p.name = "every-field";
  p.description = "all set";
  p.bom = BomPolicy::kIgnore;
  p.string_class = StringClass::kFreeform;
  p.width_mapping = true;
  p.additional_mapping = SpaceMapping::kToAscii;
  p.case_mapping = CaseMapping::kLower;
  p.key_case_mapping = CaseMapping::kFold;
  p.normalization = NormalizationForm::kNfkd;
  p.directionality = Directionality::kBidiRule;
  p.confusables = ConfusablesPolicy::kSkeleton;
  p.reapply_rules = true;
  p.max_input_bytes = kMaxInputBytesLimit;
  p.max_non_starters = 1;
  p.min_output_bytes = 0;
  p.max_output_bytes = static_cast<size_t>(kInt64Max);
  p.max_output_code_points = static_cast<size_t>(kInt64Max);
  ExpectRoundTrip(p);
  // key_case_mapping is written even where it equals case_mapping, and a
  // file that says "none" for it keeps "none".
  p.case_mapping = CaseMapping::kFold;
  p.key_case_mapping = CaseMapping::kNone;
  ExpectRoundTrip(p);
  for (const NormalizationForm form :
       {NormalizationForm::kNone, NormalizationForm::kNfc,
        NormalizationForm::kNfd, NormalizationForm::kNfkc,
        NormalizationForm::kNfkd, NormalizationForm::kNfkcCasefold}) {
    p.normalization = form;
    ExpectRoundTrip(p);
  }
}

// A profile that ParseProfile could not have given: its file is refused,
// for the reason ParseProfile gives.
TEST(ProfileToToml, WhatTheParserRefusesStaysRefused) {
  const std::vector<std::pair<std::function<void(Profile&)>, std::string>>
      cases = {
          {[](Profile& p) { p.name = ""; }, "must not be empty"},
          {[](Profile& p) { p.name = "Nickname"; }, "RFC's name"},
          {[](Profile& p) { p.max_non_starters = 0; }, "must be at least 1"},
          {[](Profile& p) { p.max_input_bytes = kMaxInputBytesLimit + 1; },
           "at most"},
          {[](Profile& p) { p.min_output_bytes = p.max_output_bytes + 1; },
           "exceeds max_output_bytes"},
          {[](Profile& p) { p.description = "\xC0\xAE"; }, "TOML syntax"},
      };
  for (const auto& [change, why] : cases) {
    Profile p;
    p.name = "refused";
    change(p);
    const absl::StatusOr<Profile> again =
        ParseProfile(ProfileToToml(p), "refused.toml");
    ASSERT_FALSE(again.ok()) << why;
    EXPECT_TRUE(absl::StrContains(again.status().message(), why))
        << again.status();
  }
}

// ProfileSettingsToToml writes what it is given; ParseProfile judges it.
TEST(ProfileSettingsToToml, WritesAnyValueForTheParserToJudge) {
  std::vector<ProfileSetting> settings = ProfileSettings(Profile());
  settings[0].value = std::string("judged");
  EXPECT_TRUE(ParseProfile(ProfileSettingsToToml(settings), "s").ok());
  const struct {
    std::string_view key;
    ProfileSettingValue value;
    std::string error;
  } cases[] = {
      {"width_mapping", std::string("yes"),
       "key \"width_mapping\": expected true or false"},
      {"bom", true, "key \"bom\": expected a string"},
      {"max_input_bytes", int64_t{-1},
       "key \"max_input_bytes\": must not be negative"},
      {"max_output_bytes", std::string("1"),
       "key \"max_output_bytes\": expected an integer"},
      {"case_mapping", std::string("upper"),
       "key \"case_mapping\": unknown case mapping"},
      {"max_non_starters", int64_t{0},
       "key \"max_non_starters\": must be at least 1"},
  };
  for (const auto& c : cases) {
    std::vector<ProfileSetting> changed = settings;
    for (ProfileSetting& s : changed) {
      if (s.key == c.key) s.value = c.value;
    }
    const absl::StatusOr<Profile> p =
        ParseProfile(ProfileSettingsToToml(changed), "s");
    ASSERT_FALSE(p.ok()) << c.key;
    EXPECT_TRUE(absl::StrContains(p.status().message(), c.error)) << p.status();
  }
  // Keys TOML cannot write bare are quoted, and refused as unknown keys.
  std::vector<ProfileSetting> odd = settings;
  odd.push_back({"odd key = \"x\"", int64_t{1}});
  const absl::StatusOr<Profile> p =
      ParseProfile(ProfileSettingsToToml(odd), "s");
  ASSERT_FALSE(p.ok());
  EXPECT_TRUE(absl::StrContains(p.status().message(), "unknown key"))
      << p.status();
  // A subset: the required keys missing are the parser's error.
  EXPECT_EQ(ProfileSettingsToToml({{"name", std::string("only")}}),
            "name = \"only\"\n");
  EXPECT_TRUE(absl::StrContains(
      ParseProfile("name = \"only\"\n", "s").status().message(),
      "missing required key \"bom\""));
}

}  // namespace
}  // namespace u8guard
