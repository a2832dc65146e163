// signup NAME: may a new account be called NAME? Exit 0 yes, 1 no.
#include <iostream>
#include <string>

#include "u8guard/u8guard.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: signup NAME\n";
    return 2;
  }
  // User names compare under PRECIS UsernameCaseMapped (RFC 8265).
  const u8guard::Profile& user =
      **u8guard::FindBuiltinProfile("username-case-mapped");
  // The accounts that exist. A DenyList finds look-alikes, never grants.
  const auto taken = u8guard::DenyList::Build(user, {"admin", "paypal"});
  if (!taken.ok()) {
    std::cerr << taken.status().message() << "\n";
    return 2;
  }
  const absl::StatusOr<std::string> key = u8guard::Canonicalize(user, argv[1]);
  if (!key.ok()) {  // not a valid user name: the message says where and why
    std::cout << "refused: " << key.status().message() << "\n";
    return 1;
  }
  if (const u8guard::AclLookup hit = taken->Resembles(argv[1])) {
    std::cout << "refused: looks like \"" << hit.match->original << "\"\n";
    return 1;
  }
  std::cout << "accepted: key \"" << *key << "\"\n";
  return 0;
}
