// SPDX-License-Identifier: Apache-2.0
// A C++ program on u8guard's C++ API, built through find_package(u8guard)
// by the install test. Exits 0 when every answer is the expected one.

#include <iostream>
#include <string>

#include "u8guard/u8guard.h"
#include "u8guard/u8guard_c.h"

int main() {
  const auto profile = u8guard::FindBuiltinProfile("username-case-mapped");
  if (!profile.ok()) return 1;
  const auto allow = u8guard::AllowList::Build(**profile, {"alice", "bob"});
  if (!allow.ok()) return 1;
  const u8guard::AclLookup granted = allow->Grants("\xEF\xBC\xA1lice");
  const u8guard::AclLookup denied = allow->Grants("al\xE2\x80\x8Bice");
  const auto rejection = u8guard::GetRejection(denied.status);
  const auto path = u8guard::SanitizePath("a/./b//c");
  const bool ok =
      granted && granted.match->index == 0 && !denied && rejection &&
      rejection->rule == u8guard::Rule::kDisallowedPrecisIgnorable &&
      path.ok() && *path == "a/b/c" &&
      u8guard::LibraryVersion() == U8GUARD_VERSION_STRING &&
      u8guard::LibraryVersion() == u8guard_version();
  std::cout << "u8guard " << u8guard::LibraryVersion() << " (Unicode "
            << u8guard::UnicodeVersion() << "): " << (ok ? "ok" : "FAILED")
            << "\n";
  return ok ? 0 : 1;
}
