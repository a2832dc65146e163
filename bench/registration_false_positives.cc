// SPDX-License-Identifier: Apache-2.0
// registration_false_positives: how many ordinary names a registry refuses
// as look-alikes under each confusable exemption of RegistrationPolicy
// (registration.h). The figures of docs/registration.md, "False
// positives"; bench/registration_false_positives.sh runs it over word
// lists.
//
//   registration_false_positives [--capitalize] [--examples=N] LABEL FILE
//
// Registers every line of FILE (a word list: one name a line, empty lines
// skipped), in order, into a Registry under username-case-mapped whose
// policy has no protected names and lets in every restriction level
// (kUnrestrictive), so that only keys and look-alike keys refuse: once per
// setting (UTS #39's mappings, each exemption alone, all three). With
// --capitalize, each name's first code point is upper-cased first ("ian" ->
// "Ian"), as people often type their names. Prints one tab-separated line
// per setting:
//
//   LABEL VARIANT SETTING NAMES REJECTED COLLISIONS LOOKALIKES ACCEPTED
//   EXAMPLE...
//
// VARIANT is "as-is" or "capitalized"; SETTING "uts39", "rn_m", "digits",
// "capital_i" or "all"; NAMES the lines registered; REJECTED those the
// profile rejects, COLLISIONS those with the key of an earlier name (the
// same name after case and width mapping: never a false positive),
// LOOKALIKES those refused for sharing a look-alike key with an earlier
// name; EXAMPLE up to N (3) look-alike refusals spread over the list, each
// "NAME~EARLIER NAME". The counts are deterministic: they depend on the
// list, u8guard, ICU and Unicode, not on the machine.

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/skeleton.h"

namespace u8guard::bench {
namespace {

struct Setting {
  const char* name;
  std::vector<ConfusableExemption> exemptions;
  SkeletonOrder order = SkeletonOrder::kLogical;
};

const std::vector<Setting>& Settings() {
  static const auto* const kSettings = new std::vector<Setting>{
      {"uts39", {}},
      {"rn_m", {ConfusableExemption::kRnM}},
      {"digits", {ConfusableExemption::kDigits}},
      {"capital_i", {ConfusableExemption::kCapitalI}},
      {"all",
       {ConfusableExemption::kRnM, ConfusableExemption::kDigits,
        ConfusableExemption::kCapitalI}},
      {"ltr", {}, SkeletonOrder::kLtr},
      {"rtl", {}, SkeletonOrder::kRtl},
  };
  return *kSettings;
}

// `name` with its first code point upper-cased (ICU's simple mapping);
// unchanged when it does not start with valid UTF-8.
std::string Capitalized(const std::string& name) {
  int32_t i = 0;
  UChar32 c = 0;
  const auto* bytes = reinterpret_cast<const uint8_t*>(name.data());
  U8_NEXT(bytes, i, static_cast<int32_t>(name.size()), c);
  if (c < 0) return name;
  uint8_t upper[U8_MAX_LENGTH];
  int32_t n = 0;
  UBool error = false;
  U8_APPEND(upper, n, U8_MAX_LENGTH, u_toupper(c), error);
  if (error) return name;
  return std::string(reinterpret_cast<const char*>(upper),
                     static_cast<size_t>(n)) +
         name.substr(static_cast<size_t>(i));
}

struct Counts {
  size_t names = 0;
  size_t rejected = 0;
  size_t collisions = 0;
  size_t lookalikes = 0;
  size_t mixed_numbers = 0;  // refused by refuse_mixed_numbers, the default
  size_t accepted = 0;
  // Every look-alike refusal: "NAME~EARLIER NAME", escaped for display.
  std::vector<std::string> pairs;
};

// Registers `names` in order under `setting`; exits on an ICU failure.
Counts Count(const Profile& profile, const std::vector<std::string>& names,
             const Setting& setting) {
  RegistrationPolicy policy;
  policy.protected_names.clear();
  policy.exemptions = setting.exemptions;
  policy.skeleton_order = setting.order;
  policy.max_restriction_level = RestrictionLevel::kUnrestrictive;
  Registry registry(profile, policy);
  Counts c;
  for (const std::string& name : names) {
    const absl::StatusOr<RegistrationDecision> d = registry.Register(name);
    if (!d.ok()) {
      std::cerr << "registration_false_positives: " << d.status() << "\n";
      std::exit(2);
    }
    ++c.names;
    switch (d->outcome) {
      case RegistrationOutcome::kAccepted:
        ++c.accepted;
        break;
      case RegistrationOutcome::kRejected:
        ++c.rejected;
        break;
      case RegistrationOutcome::kCollision:
        ++c.collisions;
        break;
      case RegistrationOutcome::kMixedNumbers:
        ++c.mixed_numbers;
        break;
      case RegistrationOutcome::kLookalike:
        ++c.lookalikes;
        c.pairs.push_back(absl::StrCat(EscapeForDisplay(name), "~",
                                       EscapeForDisplay(d->conflict)));
        break;
      default:  // no protected names, no restriction level, no others
        std::cerr << "registration_false_positives: unexpected outcome "
                  << RegistrationOutcomeName(d->outcome) << "\n";
        std::exit(2);
    }
  }
  return c;
}

// Up to `n` of `pairs`, spread evenly from the first to the last.
std::vector<std::string> Spread(const std::vector<std::string>& pairs,
                                size_t n) {
  std::vector<std::string> out;
  if (pairs.empty() || n == 0) return out;
  if (pairs.size() <= n) return pairs;
  for (size_t k = 0; k < n; ++k) {
    out.push_back(pairs[n == 1 ? 0 : k * (pairs.size() - 1) / (n - 1)]);
  }
  return out;
}

int Main(int argc, char** argv) {
  bool capitalize = false;
  size_t examples = 3;
  std::string profile_name = "username-case-mapped";
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--capitalize") {
      capitalize = true;
    } else if (arg.starts_with("--profile=")) {
      profile_name = std::string(arg.substr(10));
    } else if (arg.starts_with("--examples=")) {
      examples = std::strtoul(argv[i] + 11, nullptr, 10);
    } else {
      positional.emplace_back(arg);
    }
  }
  if (positional.size() != 2) {
    std::cerr << "usage: registration_false_positives [--capitalize] "
                 "[--examples=N] [--profile=NAME] LABEL FILE\n";
    return 2;
  }
  const absl::StatusOr<const Profile*> profile =
      FindBuiltinProfile(profile_name);
  if (!profile.ok()) {
    std::cerr << "registration_false_positives: " << profile.status() << "\n";
    return 2;
  }
  std::ifstream in(positional[1], std::ios::binary);
  if (!in) {
    std::cerr << "registration_false_positives: cannot read " << positional[1]
              << "\n";
    return 2;
  }
  std::vector<std::string> names;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    names.push_back(capitalize ? Capitalized(line) : line);
  }
  for (const Setting& setting : Settings()) {
    const Counts c = Count(**profile, names, setting);
    std::cout << absl::StrJoin(
        {positional[0], std::string(capitalize ? "capitalized" : "as-is"),
         std::string(setting.name), absl::StrCat(c.names),
         absl::StrCat(c.rejected), absl::StrCat(c.collisions),
         absl::StrCat(c.lookalikes), absl::StrCat(c.accepted),
         absl::StrCat(c.mixed_numbers)},
        "\t");
    for (const std::string& pair : Spread(c.pairs, examples)) {
      std::cout << "\t" << pair;
    }
    std::cout << "\n" << std::flush;
  }
  return 0;
}

}  // namespace
}  // namespace u8guard::bench

int main(int argc, char** argv) { return u8guard::bench::Main(argc, argv); }
