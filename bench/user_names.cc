// SPDX-License-Identifier: Apache-2.0
// Generated user names for the benchmarks.

#include "bench/user_names.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

namespace u8guard::bench {
namespace {

// Name parts. Non-ASCII ones are NFC and lower case (entries are written as
// users would type them; the index canonicalizes anyway).
const std::vector<std::string>& First(bool ascii) {
  static const auto* const kAscii = new std::vector<std::string>{
      "maria",  "james", "wei",   "fatima", "olga",  "john",  "aiko",
      "carlos", "priya", "noah",  "emma",   "liam",  "sofia", "ivan",
      "chen",   "amir",  "lucas", "mia",    "david", "sara",  "omar",
      "anna",   "ken",   "zoe",   "pedro",  "nina",  "ali",   "eva"};
  static const auto* const kNonAscii = new std::vector<std::string>{
      "jos\u00E9",
      "fran\u00E7ois",
      "j\u00FCrgen",
      "\u0142ukasz",
      "zo\u00EB",
      "s\u00F8ren",
      "\u00E5sa",
      "ren\u00E9e",
      "\u03B5\u03BB\u03AD\u03BD\u03B7",               // ελένη
      "\u0434\u043C\u0438\u0442\u0440\u0438\u0439"};  // дмитрий
  return ascii ? *kAscii : *kNonAscii;
}

const std::vector<std::string>& Last(bool ascii) {
  static const auto* const kAscii = new std::vector<std::string>{
      "garcia", "smith",  "wang",  "khan",     "ivanova", "brown", "sato",
      "lopez",  "patel",  "jones", "muller",   "nguyen",  "rossi", "petrov",
      "li",     "haddad", "silva", "kowalski", "cohen",   "kim",   "novak"};
  static const auto* const kNonAscii = new std::vector<std::string>{
      "m\u00FCller",
      "\u010Dapek",
      "gonz\u00E1lez",
      "wi\u015Bniewski",
      "\u00F8stergaard",
      "n\u00FA\u00F1ez",
      "\u03C0\u03B1\u03C0\u03B1\u03B4\u03AC\u03BA\u03B7",  // παπαδάκη
      "\u0441\u043C\u0438\u0440\u043D\u043E\u0432"};       // смирнов
  return ascii ? *kAscii : *kNonAscii;
}

}  // namespace

bool IsAsciiUserName(size_t i) { return i % 8 != 3; }

std::string UserName(size_t i, size_t number) {
  const bool ascii = IsAsciiUserName(i);
  const auto& first = First(ascii);
  const auto& last = Last(ascii);
  return absl::StrCat(first[i % first.size()], ".",
                      last[(i / first.size()) % last.size()], number);
}

const std::vector<std::string>& UserNames() {
  static const auto* const kNames = [] {
    auto* v = new std::vector<std::string>();
    v->reserve(kUserNames);
    for (size_t i = 0; i < kUserNames; ++i) v->push_back(UserName(i, i));
    return v;
  }();
  return *kNames;
}

}  // namespace u8guard::bench
