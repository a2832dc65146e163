// signup NAME: may a new account be called NAME? Exit 0 yes, 1 no.
#include <iostream>
#include <string>

#include "u8guard/display.h"
#include "u8guard/u8guard.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: signup NAME\n";
    return 2;
  }
  // User names compare under PRECIS UsernameCaseMapped (RFC 8265).
  const u8guard::Profile& user =
      **u8guard::FindBuiltinProfile("username-case-mapped");
  // The accounts that exist, under the default policy: the built-in
  // protected names (admin, root, support, ...) and UTS #39 look-alikes.
  u8guard::Registry accounts(user);
  for (const char* name : {"alice", "paypal"}) {
    if (const absl::Status added = accounts.Add(name); !added.ok()) {
      std::cerr << added.message() << "\n";
      return 2;
    }
  }
  const absl::StatusOr<u8guard::RegistrationDecision> decision =
      accounts.Decide(argv[1]);
  if (!decision.ok()) {  // ICU failed: not an answer
    std::cerr << decision.status().message() << "\n";
    return 2;
  }
  if (decision->accepted()) {
    std::cout << "accepted: key \"" << decision->record->key << "\"\n";
    return 0;
  }
  // Why: rejected (not a valid user name: the message says where and
  // why), protected_name, collision (a registered name has its key),
  // lookalike, restriction_level (mixed scripts), and what it clashes
  // with, escaped: that is someone's input too.
  std::cout << "refused: "
            << u8guard::RegistrationOutcomeName(decision->outcome);
  if (decision->rejection) {
    std::cout << ": " << u8guard::RejectionMessage(*decision->rejection);
  } else if (!decision->conflict.empty()) {
    std::cout << ": \"" << u8guard::EscapeForDisplay(decision->conflict) << '"';
  }
  std::cout << "\n";
  return 1;
}
