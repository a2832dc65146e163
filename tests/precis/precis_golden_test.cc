// SPDX-License-Identifier: Apache-2.0
// precis_i18n's golden cases (../shared/testdata/precis_golden/golden.json,
// converted by tests/data/gen_precis_golden_tsv.py): every case of every
// profile gives the same output or the same rejection rule. Cases we decide
// differently are listed below with the reason; none is skipped silently.

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"

namespace u8guard {
namespace {

using ::u8guard::testing::PrecisCase;
using ::u8guard::testing::ReadPrecisTable;
using ::u8guard::testing::ToHex;

// precis_i18n's profile names mapped to ours (tests/test_support.h).
using Target = ::u8guard::testing::PrecisTarget;

// Where u8guard deliberately decides differently. Both sides reject these
// inputs; they differ in the rule named, because u8guard judges bytes in
// layers (RFC 3629 first) while precis_i18n judges Python strings. Returns
// the reason, or "" when the case is not one of them.
std::string KnownDifference(const Target& t, const PrecisCase& c,
                            const std::string& got_rule) {
  // Python strings can hold a lone surrogate; as bytes, ED A0..BF xx is
  // ill-formed UTF-8 (RFC 3629 §3), rejected before PRECIS sees it.
  if (!c.has_output && c.error == "DISALLOWED/other" &&
      got_rule == "utf8/surrogate" && c.input.size() == 3 &&
      c.input[0] == '\xED') {
    return "encoded surrogate is invalid UTF-8";
  }
  // An initial EF BB BF meets the element's BOM policy (RFC 3629 §6) before
  // the string class: the user-name, password and nickname profiles reject
  // it as a signature; precis_i18n sees U+FEFF, which PRECIS disallows.
  if (!c.has_output && c.error == "DISALLOWED/precis_ignorable_properties" &&
      got_rule == "bom_not_allowed" && t.profile.bom == BomPolicy::kReject &&
      c.input.rfind("\xEF\xBB\xBF", 0) == 0) {
    return "BOM policy reject";
  }
  return "";
}

// How many golden cases KnownDifference explains: 2 surrogate inputs x 11
// profiles + 2 inputs starting with EF BB BF x 9 profiles with BOM policy
// "reject". A change in this number means the behaviour changed: look at the
// new cases.
constexpr int kKnownDifferences = 2 * 11 + 2 * 9;

TEST(PrecisGolden, EveryCaseAgreesWithPrecisI18n) {
  const std::vector<PrecisCase> cases = ReadPrecisTable("precis_golden.tsv");
  ASSERT_EQ(cases.size(), 3575u) << "precis_golden.tsv is incomplete";
  const auto targets = ::u8guard::testing::PrecisTargets();
  int agreed = 0, known = 0;
  for (const PrecisCase& c : cases) {
    auto it = targets.find(c.profile);
    ASSERT_NE(it, targets.end()) << "unmapped profile " << c.profile;
    const Target& t = it->second;
    const absl::StatusOr<std::string> got =
        t.key ? Canonicalize(t.profile, c.input) : Enforce(t.profile, c.input);
    std::string got_desc, want_desc;
    if (got.ok()) {
      got_desc = "output " + ToHex(*got);
    } else {
      const std::optional<Rejection> r = GetRejection(got.status());
      got_desc = "error " + (r ? std::string(r->rule_id())
                               : std::string(got.status().message()));
    }
    want_desc = c.has_output ? "output " + ToHex(c.output) : "error " + c.error;
    const std::string got_rule =
        got.ok()
            ? ""
            : std::string(
                  GetRejection(got.status()).value_or(Rejection{}).rule_id());
    if (got_desc == want_desc) {
      ++agreed;
    } else if (!KnownDifference(t, c, got_rule).empty()) {
      ++known;
    } else {
      ADD_FAILURE() << c.profile << " input [" << ToHex(c.input)
                    << "]: precis_i18n " << want_desc << ", u8guard "
                    << got_desc;
    }
  }
  EXPECT_EQ(known, kKnownDifferences);
  std::cout << agreed << " golden cases agree, " << known
            << " known differences\n";
}

}  // namespace
}  // namespace u8guard
