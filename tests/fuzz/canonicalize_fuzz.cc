// SPDX-License-Identifier: Apache-2.0
// Fuzzing of the profile pipeline: for each built-in profile (and a few
// variants that reach the rules the built-ins leave out: case folding,
// NFKC_Casefold, the ignore BOM policy), Canonicalize and Enforce never
// crash, and
//  - a key or stored form is valid UTF-8 (checked by the reference decoder)
//    and in the profile's normalization form;
//  - a key is stable: Canonicalize(key) == key (under the strip BOM policy
//    a key that starts with EF BB BF is read back with the signature in
//    front, since only one initial signature is ever stripped);
//  - the stored form has the input's key (profiles whose stored form and
//    key use the same case mapping);
//  - Equivalent(p, x, x) holds exactly when Canonicalize(x) succeeds;
//  - a rejection carries a Rejection whose offset is within the input;
//  - for ASCII input, the ASCII fast path agrees with the general path:
//    x + "é" has key(x) + "é", or the same Rejection (except trailing
//    spaces under Nickname's trimming).
// Any violation aborts, so libFuzzer reports the input.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "u8guard/bom.h"
#include "u8guard/match.h"
#include "u8guard/normalize.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/utf8.h"

namespace {

using u8guard::Profile;

[[noreturn]] void Fail(const Profile& p, const char* what) {
  std::fprintf(stderr, "canonicalize_fuzz: %s: %s\n", p.name.c_str(), what);
  std::abort();
}

std::vector<Profile> MakeProfiles() {
  std::vector<Profile> out = u8guard::BuiltinProfiles();
  auto builtin = [](const char* name) {
    return **u8guard::FindBuiltinProfile(name);
  };
  Profile fold = builtin("username-case-mapped");
  fold.name = "username-case-mapped+fold";
  fold.case_mapping = fold.key_case_mapping = u8guard::CaseMapping::kFold;
  out.push_back(fold);
  Profile nick_fold = builtin("nickname");
  nick_fold.name = "nickname+fold";
  nick_fold.key_case_mapping = u8guard::CaseMapping::kFold;
  out.push_back(nick_fold);
  Profile cf = builtin("opaque-string");
  cf.name = "opaque-string+nfkc_cf+ignore";
  cf.normalization = u8guard::NormalizationForm::kNfkcCasefold;
  cf.width_mapping = true;
  cf.bom = u8guard::BomPolicy::kIgnore;
  out.push_back(cf);
  return out;
}

const std::vector<Profile>& Profiles() {
  static const auto* profiles = new std::vector<Profile>(MakeProfiles());
  return *profiles;
}

// The bytes that Canonicalize/Enforce read back as `out`.
std::string Reread(const Profile& p, const std::string& out) {
  if (p.bom == u8guard::BomPolicy::kStrip &&
      out.substr(0, u8guard::kUtf8Bom.size()) == u8guard::kUtf8Bom) {
    return std::string(u8guard::kUtf8Bom) + out;
  }
  return out;
}

std::optional<u8guard::Rejection> CheckRejection(const Profile& p,
                                                 const absl::Status& s,
                                                 size_t input_size) {
  std::optional<u8guard::Rejection> r = u8guard::GetRejection(s);
  if (!r) Fail(p, "rejection without a Rejection payload");
  if (r->offset > input_size) Fail(p, "rejection offset past the input");
  return r;
}

void CheckOutput(const Profile& p, const std::string& out) {
  if (!u8guard::ValidateUtf8Reference(out).ok()) {
    Fail(p, "output is not valid UTF-8");
  }
  if (!u8guard::IsNormalizedValidUtf8(p.normalization, out)) {
    Fail(p, "output is not in the profile's normalization form");
  }
}

void CheckProfile(const Profile& p, std::string_view in) {
  const absl::StatusOr<std::string> key = u8guard::Canonicalize(p, in);
  const absl::StatusOr<std::string> stored = u8guard::Enforce(p, in);
  if (key.ok()) {
    CheckOutput(p, *key);
    const absl::StatusOr<std::string> again =
        u8guard::Canonicalize(p, Reread(p, *key));
    if (!again.ok() || *again != *key) Fail(p, "key is not stable");
    if (!u8guard::Equivalent(p, in, in)) Fail(p, "accepted input != itself");
  } else {
    CheckRejection(p, key.status(), in.size());
    if (u8guard::Equivalent(p, in, in)) Fail(p, "rejected input == itself");
  }
  if (stored.ok()) {
    // Under the ignore BOM policy the stored form keeps the input's BOM in
    // front of the enforced text.
    std::string_view text = *stored;
    if (p.bom == u8guard::BomPolicy::kIgnore &&
        in.substr(0, u8guard::kUtf8Bom.size()) == u8guard::kUtf8Bom) {
      if (text.substr(0, u8guard::kUtf8Bom.size()) != u8guard::kUtf8Bom) {
        Fail(p, "ignore policy lost the BOM");
      }
      text.remove_prefix(u8guard::kUtf8Bom.size());
    }
    CheckOutput(p, std::string(text));
    // Where the stored form and the key use the same case mapping, the
    // stored form has the input's key. (Nickname's differ, and RFC 8266's
    // rules do not commute there: "\u03F9" is stored as "\u03A3" with key
    // "\u03C3", but its own key is "\u03C2"; precis_i18n agrees.)
    if (key.ok() && p.case_mapping == p.key_case_mapping) {
      const absl::StatusOr<std::string> stored_key =
          u8guard::Canonicalize(p, Reread(p, *stored));
      if (!stored_key.ok() || *stored_key != *key) {
        Fail(p, "stored form has another key");
      }
    }
  } else {
    CheckRejection(p, stored.status(), in.size());
  }
}

bool IsAscii(std::string_view s) {
  for (char c : s) {
    if (static_cast<uint8_t>(c) >= 0x80) return false;
  }
  return true;
}

// The ASCII fast path against the general path (see the file comment).
void CheckFastPath(const Profile& p, std::string_view in) {
  if (p.additional_mapping == u8guard::SpaceMapping::kToAsciiTrimCollapse &&
      (in.empty() || in.back() == ' ')) {
    return;  // trailing spaces are not trailing once "é" follows
  }
  if (in.empty() && p.min_output_bytes > 0) return;  // empty vs "é"
  const std::string e = "\xC3\xA9";
  const std::string longer = std::string(in) + e;
  if (longer.size() > p.max_input_bytes) return;
  const absl::StatusOr<std::string> fast = u8guard::Canonicalize(p, in);
  const absl::StatusOr<std::string> general = u8guard::Canonicalize(p, longer);
  if (fast.ok()) {
    if (!general.ok()) {
      // Only a bound can reject the one extra character.
      const std::optional<u8guard::Rejection> r =
          u8guard::GetRejection(general.status());
      if (r && r->rule_id() == "too_long") return;
      Fail(p, "fast path accepts, general path rejects");
    }
    if (*general != *fast + e) Fail(p, "fast path and general path differ");
  } else {
    const std::optional<u8guard::Rejection> a =
        u8guard::GetRejection(fast.status());
    const std::optional<u8guard::Rejection> b =
        u8guard::GetRejection(general.status());
    if (general.ok()) Fail(p, "fast path rejects, general path accepts");
    if (!a || !b || !(*a == *b)) Fail(p, "fast and general rejections differ");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view in(reinterpret_cast<const char*>(data), size);
  const bool ascii = IsAscii(in);
  for (const Profile& p : Profiles()) {
    CheckProfile(p, in);
    if (ascii) CheckFastPath(p, in);
  }
  return 0;
}
