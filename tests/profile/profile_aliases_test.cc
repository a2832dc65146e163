// SPDX-License-Identifier: Apache-2.0
// Profile names: the RFCs' spellings of the built-in PRECIS profiles
// ("UsernameCaseMapped") designate the same profiles as their kebab-case
// names everywhere a name is looked up, and a profile always reports the
// kebab-case name.

#include <string>
#include <utility>

#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"

namespace u8guard {
namespace {

using ::u8guard::testing::RfcProfileNames;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::WriteFileOrDie;

TEST(ProfileNames, RfcNamesDesignateTheBuiltins) {
  for (const auto& [rfc, kebab] : RfcProfileNames()) {
    SCOPED_TRACE(rfc);
    EXPECT_EQ(CanonicalProfileName(rfc), kebab);
    const absl::StatusOr<const Profile*> by_rfc = FindBuiltinProfile(rfc);
    ASSERT_TRUE(by_rfc.ok()) << by_rfc.status();
    EXPECT_EQ(*by_rfc, *FindBuiltinProfile(kebab));
    EXPECT_EQ((*by_rfc)->name, kebab);
    const absl::StatusOr<Profile> found = FindProfile(rfc);
    ASSERT_TRUE(found.ok()) << found.status();
    EXPECT_EQ(found->name, kebab);
  }
  const Profile& ucm = **FindBuiltinProfile("UsernameCaseMapped");
  EXPECT_EQ(*Canonicalize(ucm,
                          "\xEF\xBC\xA1"
                          "dmin"),
            "admin");
}

TEST(ProfileNames, OtherNamesAreTakenAsTheyAre) {
  for (const char* name :
       {"username-case-mapped", "path-segment", "custom", "",
        "usernamecasemapped", "USERNAMECASEMAPPED", "UsernameCaseMapped ",
        "Username-Case-Mapped", "NicknameCaseMapped"}) {
    EXPECT_EQ(CanonicalProfileName(name), name);
  }
  // Only the RFCs' exact spelling is an alias.
  for (const char* name : {"usernamecasemapped", "nickName", "Opaquestring"}) {
    EXPECT_EQ(FindBuiltinProfile(name).status().code(),
              absl::StatusCode::kNotFound)
        << name;
  }
}

// A deployment's directory is searched by the kebab-case name, whichever
// spelling is asked for: its own username-case-mapped replaces the built-in
// for both.
TEST(ProfileNames, DirectoryProfilesAreFoundByEitherSpelling) {
  ScopedTempDir dir;
  WriteFileOrDie(dir.File("ucm.toml"), R"(name = "username-case-mapped"
description = "the deployment's own"
bom = "reject"
string_class = "identifier"
width_mapping = false
additional_mapping = "none"
case_mapping = "none"
normalization = "NFC"
directionality = "none"
)");
  for (const char* name : {"UsernameCaseMapped", "username-case-mapped"}) {
    const absl::StatusOr<Profile> p = FindProfile(name, dir.path());
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_EQ(p->name, "username-case-mapped");
    EXPECT_EQ(p->description, "the deployment's own");
  }
  const absl::StatusOr<Profile> nickname = FindProfile("Nickname", dir.path());
  ASSERT_TRUE(nickname.ok()) << nickname.status();
  EXPECT_EQ(nickname->name, "nickname");
}

// A policy file may not take an RFC name: it would be unreachable, since
// that name designates the built-in.
TEST(ProfileNames, PolicyFilesCannotTakeAnRfcName) {
  const absl::StatusOr<Profile> p = ParseProfile(R"(name = "OpaqueString"
bom = "reject"
string_class = "freeform"
width_mapping = false
additional_mapping = "to_ascii"
case_mapping = "none"
normalization = "NFC"
directionality = "none"
)",
                                                 "mine.toml");
  ASSERT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(p.status().message(),
            "mine.toml:1: key \"name\": \"OpaqueString\" is the RFC's name of "
            "the built-in profile opaque-string; name profiles in kebab case");
}

}  // namespace
}  // namespace u8guard
