// SPDX-License-Identifier: Apache-2.0
// The vocabulary's verb for a profile by name (docs/vocabulary.md, item 7):
// OpenProfile is FindProfile, with the same profiles and the same errors.

#include <string>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/profile.h"
#include "u8guard/profile_settings.h"

namespace u8guard {
namespace {

using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::WriteFileOrDie;

// Opens `name` from `directory` both ways and expects the same answer.
absl::Status ExpectSameProfile(const std::string& name,
                               const std::string& directory) {
  SCOPED_TRACE(name + " in \"" + directory + "\"");
  const absl::StatusOr<Profile> found = FindProfile(name, directory);
  const absl::StatusOr<Profile> opened = OpenProfile(name, directory);
  EXPECT_EQ(opened.status(), found.status());
  if (found.ok() && opened.ok()) {
    EXPECT_EQ(opened->name, found->name);
    EXPECT_EQ(ProfileToToml(*opened), ProfileToToml(*found));
  }
  return found.status();
}

TEST(OpenProfileAlias, OpenProfileIsFindProfile) {
  ScopedTempDir dir;
  WriteFileOrDie(dir.File("shouty.toml"),
                 "name = \"shouty\"\n"
                 "description = \"test profile\"\n"
                 "bom = \"reject\"\n"
                 "string_class = \"identifier\"\n"
                 "width_mapping = true\n"
                 "additional_mapping = \"none\"\n"
                 "case_mapping = \"none\"\n"
                 "key_case_mapping = \"none\"\n"
                 "normalization = \"NFC\"\n"
                 "directionality = \"bidi_rule\"\n"
                 "confusables = \"none\"\n"
                 "max_input_bytes = 64\n"
                 "max_output_bytes = 8\n"
                 "max_output_code_points = 8\n");
  EXPECT_TRUE(ExpectSameProfile("username-case-mapped", "").ok());
  EXPECT_TRUE(ExpectSameProfile("UsernameCaseMapped", "").ok());
  EXPECT_TRUE(ExpectSameProfile("shouty", dir.path()).ok());
  EXPECT_TRUE(ExpectSameProfile("nickname", dir.path()).ok());
  EXPECT_EQ(ExpectSameProfile("shouty", "").code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(ExpectSameProfile("no-such-profile", "").code(),
            absl::StatusCode::kNotFound);
  EXPECT_FALSE(ExpectSameProfile("nickname", dir.File("missing")).ok());
  // The default directory is none, as FindProfile's.
  EXPECT_EQ(OpenProfile("nickname")->name, "nickname");
  EXPECT_EQ(OpenProfile("shouty").status().code(), absl::StatusCode::kNotFound);

  ScopedTempDir bad;
  WriteFileOrDie(bad.File("bad.toml"), "name = \"bad\"\nbom = \"sometimes\"\n");
  EXPECT_EQ(ExpectSameProfile("nickname", bad.path()).code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace u8guard
