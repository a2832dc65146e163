// SPDX-License-Identifier: Apache-2.0
// The vocabulary's names for the key (docs/vocabulary.md, item 1): Key,
// KeyInto and SecretKey are Canonicalize, CanonicalizeInto and
// CanonicalizeSecret under the names every other surface uses, with the
// same keys and the same rejections.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/secret.h"

namespace u8guard {
namespace {

const Profile& Builtin(std::string_view name) {
  return **FindBuiltinProfile(name);
}

// Accepted and rejected inputs: fullwidth letters, a zero-width space, an
// overlong encoding, a space, an empty string, a BOM.
const std::vector<std::string>& Inputs() {
  static const auto* const kInputs = new std::vector<std::string>{
      "Alice",
      "\xEF\xBC\xA1\xEF\xBC\xA4\xEF\xBC\xAD\xEF\xBC\xA9\xEF\xBC\xAE",
      "al\xE2\x80\x8Bice",
      "a\xC0\xAF",
      "a b",
      "",
      "\xEF\xBB\xBF"
      "bob",
      "  Foo\xC2\xA0\xC2\xA0"
      "Bar ",
  };
  return *kInputs;
}

TEST(KeyAlias, KeyIsCanonicalize) {
  int rejected = 0;
  for (const char* name : {"username-case-mapped", "nickname"}) {
    for (const std::string& input : Inputs()) {
      SCOPED_TRACE(std::string(name) + ": " + input);
      const absl::StatusOr<std::string> old_key =
          Canonicalize(Builtin(name), input);
      const absl::StatusOr<std::string> key = Key(Builtin(name), input);
      EXPECT_EQ(key.status(), old_key.status());
      if (old_key.ok()) {
        ASSERT_TRUE(key.ok());
        EXPECT_EQ(*key, *old_key);
      } else {
        ++rejected;
        EXPECT_EQ(GetRejection(key.status()), GetRejection(old_key.status()));
      }
    }
  }
  EXPECT_GE(rejected, 4);  // the inputs hold rejected ones
  EXPECT_EQ(*Key(Builtin("username-case-mapped"), "Alice"), "alice");
  EXPECT_FALSE(Key(Builtin("username-case-mapped"), "al\xE2\x80\x8Bice").ok());
}

TEST(KeyAlias, KeyIntoIsCanonicalizeInto) {
  const Profile& profile = Builtin("username-case-mapped");
  for (const std::string& input : Inputs()) {
    SCOPED_TRACE(input);
    std::string old_key = "stale";
    std::string key = "stale";
    const absl::Status old_status = CanonicalizeInto(profile, input, old_key);
    EXPECT_EQ(KeyInto(profile, input, key), old_status);
    EXPECT_EQ(key, old_key);
    if (!old_status.ok()) {
      EXPECT_EQ(key, "");
    }
  }
}

TEST(KeyAlias, SecretKeyIsCanonicalizeSecret) {
  const Profile& opaque = Builtin("opaque-string");
  int rejected = 0;
  for (const std::string_view secret :
       {std::string_view("Correct Horse \xC3\xA9"),
        std::string_view("hunter\x07zz"), std::string_view("pa\xC0\xAFss"),
        std::string_view(""), std::string_view("  spaced  ")}) {
    SCOPED_TRACE(secret);
    const absl::StatusOr<SecretString> old_key =
        CanonicalizeSecret(opaque, secret);
    const absl::StatusOr<SecretString> key = SecretKey(opaque, secret);
    EXPECT_EQ(key.status(), old_key.status());
    if (old_key.ok()) {
      ASSERT_TRUE(key.ok());
      EXPECT_EQ(key->view(), old_key->view());
    } else {
      ++rejected;
      const std::optional<Rejection> r = GetRejection(key.status());
      ASSERT_TRUE(r.has_value());
      EXPECT_FALSE(r->code_point.has_value());  // nothing of the secret
    }
  }
  EXPECT_GE(rejected, 2);
}

}  // namespace
}  // namespace u8guard
