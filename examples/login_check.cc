// SPDX-License-Identifier: Apache-2.0
// login_check ACL_FILE NAME: may NAME log in? Exit 0 granted, 1 denied,
// 2 error. The worked example of docs/matching.md, "Allow lists and deny
// lists".

#include <iostream>
#include <string>

#include "u8guard/acl.h"
#include "u8guard/profile.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: login_check ACL_FILE NAME\n";
    return 2;
  }
  // User names compare under PRECIS UsernameCaseMapped (RFC 8265 §3.3).
  const auto profile = u8guard::FindBuiltinProfile("username-case-mapped");
  const auto allow = u8guard::AllowList::Load(**profile, argv[1]);
  if (!allow.ok()) {
    std::cerr << allow.status() << "\n";
    return 2;
  }
  // Only exact canonical equality grants; look-alikes never do.
  const u8guard::AclLookup r = allow->Grants(argv[2]);
  if (!r) {
    std::cout << "denied"
              << (r.status.ok() ? "" : ": " + std::string(r.status.message()))
              << "\n";
    return 1;
  }
  std::cout << "granted: line " << r.match->line << " \"" << r.match->original
            << "\"\n";
  return 0;
}
