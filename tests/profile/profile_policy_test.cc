// SPDX-License-Identifier: Apache-2.0
// Policy files: the built-ins parse and say what the RFCs say; bad files are
// errors naming the file, the line and the key.

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"

namespace u8guard {
namespace {

constexpr char kValid[] = R"(name = "custom"
bom = "reject"
string_class = "identifier"
width_mapping = true
additional_mapping = "none"
case_mapping = "lower"
normalization = "NFC"
directionality = "bidi_rule"
)";

TEST(BuiltinProfiles, AllParseAndAreDistinct) {
  std::set<std::string> names;
  for (const Profile& p : BuiltinProfiles()) names.insert(p.name);
  for (const char* want :
       {"username-case-mapped", "username-case-preserved", "opaque-string",
        "nickname", "path-segment", "text-document", "identifier-class",
        "freeform-class"}) {
    EXPECT_EQ(names.count(want), 1u) << want;
  }
  EXPECT_EQ(names.size(), BuiltinProfiles().size());
}

TEST(BuiltinProfiles, FollowRfc8265And8266) {
  const Profile& ucm = **FindBuiltinProfile("username-case-mapped");
  EXPECT_EQ(ucm.string_class, StringClass::kIdentifier);
  EXPECT_TRUE(ucm.width_mapping);
  EXPECT_EQ(ucm.key_case_mapping, CaseMapping::kLower);
  EXPECT_EQ(ucm.normalization, NormalizationForm::kNfc);
  EXPECT_EQ(ucm.directionality, Directionality::kBidiRule);
  EXPECT_EQ(ucm.bom, BomPolicy::kReject);
  const Profile& nick = **FindBuiltinProfile("nickname");
  EXPECT_EQ(nick.case_mapping, CaseMapping::kNone);
  EXPECT_EQ(nick.key_case_mapping, CaseMapping::kLower);
  EXPECT_EQ(nick.normalization, NormalizationForm::kNfkc);
  EXPECT_EQ(nick.additional_mapping, SpaceMapping::kToAsciiTrimCollapse);
  const Profile& opaque = **FindBuiltinProfile("opaque-string");
  EXPECT_EQ(opaque.string_class, StringClass::kFreeform);
  EXPECT_EQ(opaque.additional_mapping, SpaceMapping::kToAscii);
  EXPECT_EQ((*FindBuiltinProfile("text-document"))->bom, BomPolicy::kStrip);
}

TEST(BuiltinProfiles, UnknownNameListsTheKnownOnes) {
  const auto r = FindBuiltinProfile("usernames");
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find("username-case-mapped"),
            absl::string_view::npos);
}

TEST(ParseProfile, ValidFileAndDefaults) {
  const absl::StatusOr<Profile> p = ParseProfile(kValid, "custom.toml");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->name, "custom");
  EXPECT_EQ(p->key_case_mapping, CaseMapping::kLower);  // from case_mapping
  EXPECT_EQ(p->confusables, ConfusablesPolicy::kNone);
}

void ExpectError(const std::string& text, const std::string& fragment) {
  const absl::StatusOr<Profile> p = ParseProfile(text, "bad.toml");
  ASSERT_FALSE(p.ok()) << text;
  EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(p.status().message().find(fragment), absl::string_view::npos)
      << p.status().message() << "\n wanted: " << fragment;
}

TEST(ParseProfile, ErrorsNameFileLineAndKey) {
  ExpectError(std::string(kValid) + "casemapping = \"lower\"\n",
              "bad.toml:9: key \"casemapping\": unknown key");
  std::string wrong_value = kValid;
  wrong_value.replace(wrong_value.find("\"NFC\""), 5, "\"NFKD2\"");
  ExpectError(wrong_value,
              "bad.toml:7: key \"normalization\": unknown normalization form "
              "\"NFKD2\" (expected none, NFC, NFD, NFKC, NFKD or "
              "NFKC_Casefold)");
  std::string wrong_type = kValid;
  wrong_type.replace(wrong_type.find("true"), 4, "\"yes\"");
  ExpectError(wrong_type,
              "bad.toml:4: key \"width_mapping\": expected true or false");
  ExpectError("name = \"x\"\nbom = \n", "bad.toml:2: TOML syntax error");
  ExpectError("name = \"x\"\n", "bad.toml: missing required key \"bom\"");
  ExpectError(std::string(kValid) + "max_output_bytes = -1\n",
              "bad.toml:9: key \"max_output_bytes\": must not be negative");
  ExpectError(
      std::string(kValid) + "min_output_bytes = 10\nmax_output_bytes = 5\n",
      "min_output_bytes (10) exceeds max_output_bytes (5)");
}

TEST(LoadProfileDirectory, LoadsSortedAndRejectsDuplicates) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "u8guard_profile_dir_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "b.toml") << kValid;
  std::string other = kValid;
  other.replace(other.find("custom"), 6, "other");
  std::ofstream(dir / "a.toml") << other;
  std::ofstream(dir / "notes.txt") << "not a policy";
  absl::StatusOr<std::vector<Profile>> ps = LoadProfileDirectory(dir);
  ASSERT_TRUE(ps.ok()) << ps.status();
  ASSERT_EQ(ps->size(), 2u);
  EXPECT_EQ((*ps)[0].name, "other");
  // FindProfile prefers the directory, then falls back to built-ins.
  EXPECT_EQ(FindProfile("custom", dir.string())->name, "custom");
  EXPECT_EQ(FindProfile("nickname", dir.string())->name, "nickname");
  std::ofstream(dir / "c.toml") << kValid;  // "custom" again
  const auto dup = LoadProfileDirectory(dir);
  ASSERT_FALSE(dup.ok());
  EXPECT_NE(dup.status().message().find("already defined in"),
            absl::string_view::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace u8guard

namespace u8guard {
namespace {

// A policy directory holding a link to a device, or a file that is far too
// large, is an error naming it, never an endless read.
TEST(LoadProfileDirectory, RefusesNonRegularAndOversizedFiles) {
  testing::ScopedTempDir dir;
  ASSERT_EQ(symlink("/dev/zero", dir.File("zero.toml").c_str()), 0);
  const absl::StatusOr<std::vector<Profile>> linked =
      LoadProfileDirectory(dir.path());
  ASSERT_FALSE(linked.ok());
  EXPECT_EQ(linked.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(linked.status().message().find("zero.toml: not a regular file"),
            absl::string_view::npos)
      << linked.status();

  testing::ScopedTempDir big_dir;
  testing::WriteFileOrDie(big_dir.File("big.toml"),
                          std::string((1 << 20) + 1, '#'));
  const absl::StatusOr<Profile> big = LoadProfileFile(big_dir.File("big.toml"));
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.status().code(), absl::StatusCode::kResourceExhausted);

  const absl::StatusOr<Profile> missing =
      LoadProfileFile(big_dir.File("missing.toml"));
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
}

// Attack (an outside review): a file name from a policy directory reached
// C and Python callers raw in the "not a regular file" error (TOML errors
// and the CLI escaped it): a directory named "evil\x1B[31m.toml" painted
// the log. Every kind of name that is not plain text, on every kind of
// entry that is not a file, and every other message that names a file,
// shows it escaped.
TEST(LoadProfileDirectory, FileNamesInErrorsAreEscaped) {
  const struct {
    std::string name, shown;
  } names[] = {
      {"evil\x1B[31m.toml", "evil\\u{001B}[31m.toml"},
      {"new\nline.toml", "new\\u{000A}line.toml"},
      {"bad\xFF.toml", "bad\\xFF.toml"},
      {"rlo\u202Elmth.toml", "rlo\\u{202E}lmth.toml"},
      {"back\\slash.toml", "back\\\\slash.toml"},
  };
  for (const auto& n : names) {
    for (const char* kind : {"directory", "fifo", "link to /dev/zero"}) {
      SCOPED_TRACE(absl::StrCat(n.shown, " as a ", kind));
      testing::ScopedTempDir dir;
      const std::string entry = dir.File(n.name);
      if (std::string_view(kind) == "directory") {
        ASSERT_EQ(mkdir(entry.c_str(), 0755), 0);
      } else if (std::string_view(kind) == "fifo") {
        ASSERT_EQ(mkfifo(entry.c_str(), 0644), 0);
      } else {
        ASSERT_EQ(symlink("/dev/zero", entry.c_str()), 0);
      }
      const absl::StatusOr<std::vector<Profile>> loaded =
          LoadProfileDirectory(dir.path());
      ASSERT_FALSE(loaded.ok());
      EXPECT_EQ(loaded.status().code(), absl::StatusCode::kFailedPrecondition);
      EXPECT_EQ(loaded.status().message(),
                absl::StrCat(EscapeForDisplay(dir.path()), "/", n.shown,
                             ": not a regular file"));
      // Through FindProfile (the C API's and Python's policy_dir) alike.
      EXPECT_EQ(FindProfile("x", dir.path()).status().message(),
                loaded.status().message());
      // And a file of that name that cannot be read, or is too large.
      EXPECT_EQ(
          LoadProfileFile(dir.File(n.name + ".missing")).status().message(),
          absl::StrCat(EscapeForDisplay(dir.path()), "/", n.shown,
                       ".missing: No such file or directory"));
    }
  }
  // A directory that cannot be listed, by a name of that kind.
  testing::ScopedTempDir dir;
  const absl::Status s =
      LoadProfileDirectory(dir.File("evil\x1B[31m")).status();
  EXPECT_EQ(s.message(), absl::StrCat(EscapeForDisplay(dir.path()),
                                      "/evil\\u{001B}[31m: cannot list: No "
                                      "such file or directory"));
}

}  // namespace
}  // namespace u8guard
