// SPDX-License-Identifier: Apache-2.0
// The vocabulary's argument order for loading a registry
// (docs/vocabulary.md, item 5): Registry::Load(profile, policy, path) is
// Registry::Load(profile, path, policy), with the same registry and the
// same errors.

#include <fstream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"

namespace u8guard {
namespace {

const Profile& UserNames() {
  return **FindBuiltinProfile("username-case-mapped");
}

RegistrationPolicy Protecting(const char* name) {
  RegistrationPolicy policy = DefaultRegistrationPolicy();
  policy.protected_names = {name};
  return policy;
}

TEST(RegistryLoadAlias, PolicyBeforePathIsTheSameLoad) {
  testing::ScopedTempDir dir;
  const std::string path = dir.File("users.acl");
  std::ofstream(path) << "# users\nalice\nBob\na b\n";
  const absl::StatusOr<Registry> old_order =
      Registry::Load(UserNames(), path, Protecting("support"));
  const absl::StatusOr<Registry> new_order =
      Registry::Load(UserNames(), Protecting("support"), path);
  ASSERT_TRUE(old_order.ok()) << old_order.status();
  ASSERT_TRUE(new_order.ok()) << new_order.status();
  EXPECT_EQ(new_order->accounts(), old_order->accounts());
  EXPECT_EQ(new_order->skipped(), old_order->skipped());
  EXPECT_EQ(new_order->accounts(), 2u);
  EXPECT_EQ(new_order->policy().protected_names,
            std::vector<std::string>{"support"});
  for (const char* name : {"BOB", "carol", "Support", "a b"}) {
    SCOPED_TRACE(name);
    const absl::StatusOr<RegistrationDecision> a = old_order->Decide(name);
    const absl::StatusOr<RegistrationDecision> b = new_order->Decide(name);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(b->outcome, a->outcome);
    EXPECT_EQ(b->conflict, a->conflict);
  }
  EXPECT_EQ(new_order->Decide("Support")->outcome,
            RegistrationOutcome::kProtectedName);
}

TEST(RegistryLoadAlias, SameErrors) {
  testing::ScopedTempDir dir;
  const std::string missing = dir.File("missing");
  const absl::StatusOr<Registry> old_order =
      Registry::Load(UserNames(), missing, DefaultRegistrationPolicy());
  const absl::StatusOr<Registry> new_order =
      Registry::Load(UserNames(), DefaultRegistrationPolicy(), missing);
  EXPECT_FALSE(old_order.ok());
  EXPECT_EQ(new_order.status(), old_order.status());
  AclLoadOptions small;
  small.max_file_bytes = 4;
  const std::string path = dir.File("users.acl");
  std::ofstream(path) << "alice\nbob\n";
  EXPECT_EQ(
      Registry::Load(UserNames(), DefaultRegistrationPolicy(), path, small)
          .status(),
      Registry::Load(UserNames(), path, DefaultRegistrationPolicy(), small)
          .status());
  EXPECT_FALSE(
      Registry::Load(UserNames(), DefaultRegistrationPolicy(), path, small)
          .ok());
}

}  // namespace
}  // namespace u8guard
