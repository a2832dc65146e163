// SPDX-License-Identifier: Apache-2.0
// Fuzzing of SanitizePath. The first two bytes choose the options; the rest
// is the raw path. Never crashes; agrees with the reference oracle
// (tests/path/path_oracle.h) on the result, or on the rule, offset and code
// point of the rejection; every rejection carries a Rejection whose offset lies
// in the input; every accepted result:
//   - stays under the root, has no absolute prefix, no empty, "." or ".."
//     segment, no NUL, control character or backslash, is valid UTF-8, and
//     respects max_depth and max_length;
//   - keeps all of that under NFKC and NFKC_Casefold (a later layer cannot
//     undo the sanitizer): same number of separators, no dot segment;
//   - with the Windows rules, has no segment ending in '.' or ' ';
//   - has segments that the segment profile maps to themselves;
//   - is unchanged when sanitized again with the same options (without
//     percent-decoding: a decoded result is a name, never decoded twice;
//     when it holds no '%', also with percent-decoding).

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "tests/path/path_oracle.h"
#include "u8guard/match.h"
#include "u8guard/normalize.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/utf8.h"

namespace {

using u8guard::PathOptions;

void Check(bool ok) {
  if (!ok) std::abort();
}

std::vector<std::string_view> Split(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t slash = s.find('/', start);
    out.push_back(s.substr(start, slash - start));
    if (slash == std::string_view::npos) return out;
    start = slash + 1;
  }
}

// The segment profiles the fuzzer chooses from (data[1] bits 4-6;
// OracleSegmentProfiles), so that the guarantees, idempotence and the
// oracle are fuzzed under every kind of mapping a profile can add to
// normalizing (NFC or NFKC: data[0] bit 1).
const u8guard::Profile& ChosenProfile(int choice) {
  const std::vector<u8guard::Profile>& profiles =
      u8guard::testing::OracleSegmentProfiles();
  return profiles[static_cast<size_t>(choice) % profiles.size()];
}

// `profile` with the normalization SanitizePath gives it.
u8guard::Profile InForm(const u8guard::Profile& profile,
                        u8guard::NormalizationForm form) {
  u8guard::Profile p = profile;
  p.normalization = form;
  return p;
}

// The invariants of a relative result `rel` (possibly empty).
void CheckRelative(std::string_view rel, const PathOptions& o) {
  Check(rel.size() <= o.max_length);
  Check(u8guard::IsValidUtf8(rel));
  if (rel.empty()) return;
  const std::vector<std::string_view> segments = Split(rel);
  Check(segments.size() <= o.max_depth);
  for (const std::string_view seg : segments) {
    Check(!seg.empty() && seg != "." && seg != "..");
    if (!o.allow_hidden) Check(seg[0] != '.');
    if (o.windows) Check(seg.back() != '.' && seg.back() != ' ');
    for (size_t i = 0; i < seg.size(); ++i) {
      const auto b = static_cast<uint8_t>(seg[i]);
      Check(b >= 0x20 && b != 0x7F && b != '\\');
      // No C1 control (C2 80..C2 9F).
      if (b == 0xC2 && i + 1 < seg.size()) {
        Check(static_cast<uint8_t>(seg[i + 1]) > 0x9F);
      }
    }
  }
  // No drive letter ("C:") in front.
  const std::string_view first = segments[0];
  Check(!(first.size() >= 2 && first[1] == ':' &&
          ((first[0] >= 'A' && first[0] <= 'Z') ||
           (first[0] >= 'a' && first[0] <= 'z'))));
  // Each segment is its own canonical form under the segment profile (the
  // sanitizer's ASCII shortcut must agree with the profile).
  const u8guard::Profile profile = InForm(*o.segment_profile, o.normalization);
  for (const std::string_view seg : segments) {
    const absl::StatusOr<std::string> key = u8guard::Canonicalize(profile, seg);
    Check(key.ok() && *key == seg);
  }
  // A later NFKC or NFKC_Casefold keeps the segments.
  for (const u8guard::NormalizationForm f :
       {u8guard::NormalizationForm::kNfkc,
        u8guard::NormalizationForm::kNfkcCasefold}) {
    const absl::StatusOr<std::string> n = u8guard::Normalize(f, rel);
    Check(n.ok());
    const std::vector<std::string_view> after = Split(*n);
    Check(after.size() == segments.size());
    for (const std::string_view seg : after) {
      Check(!seg.empty() && seg != "." && seg != "..");
      Check(seg.find('\\') == std::string_view::npos);
      // Hidden segments stay out, whatever the form hides ("\u200B.env").
      if (!o.allow_hidden) Check(seg[0] != '.');
      if (o.windows) Check(seg.back() != '.' && seg.back() != ' ');
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t bits = data[0];
  PathOptions o;
  o.percent_decode = bits & 1;
  if (bits & 2) o.normalization = u8guard::NormalizationForm::kNfkc;
  if (bits & 4) o.dot_dot = u8guard::DotDotPolicy::kResolve;
  o.backslash_is_separator = bits & 8;
  o.windows = bits & 16;
  o.allow_hidden = bits & 32;
  o.leading_separator_is_root = bits & 64;
  if (bits & 128) o.root = "/srv/www";
  o.segment_profile = &ChosenProfile((data[1] >> 4) & 7);
  // Small bounds now and then, to reach too_deep / too_long.
  if (data[1] & 0x80) {
    o.max_depth = data[1] & 7;
    o.max_length = (data[1] >> 3) & 15;
  }
  const std::string_view raw(reinterpret_cast<const char*>(data + 2), size - 2);

  // The reference oracle (tests/path/path_oracle.h) agrees on the verdict, the
  // rule, the offset and the code point.
  if (const std::string why = u8guard::testing::OracleDisagreement(raw, o);
      !why.empty()) {
    std::fprintf(stderr, "oracle disagreement: %s\n", why.c_str());
    std::abort();
  }

  const absl::StatusOr<std::string> r = u8guard::SanitizePath(raw, o);
  if (!r.ok()) {
    const std::optional<u8guard::Rejection> rej =
        u8guard::GetRejection(r.status());
    Check(rej.has_value());
    Check(rej->offset <= raw.size());
    return 0;
  }
  std::string_view rel = *r;
  if (!o.root.empty()) {
    if (rel == o.root) {
      rel = "";
    } else {
      Check(rel.substr(0, o.root.size() + 1) == o.root + "/");
      rel.remove_prefix(o.root.size() + 1);
    }
  }
  CheckRelative(rel, o);

  // Idempotence.
  PathOptions again = o;
  again.percent_decode = false;
  const absl::StatusOr<std::string> twice = u8guard::SanitizePath(rel, again);
  Check(twice.ok() && *twice == *r);
  if (o.percent_decode && rel.find('%') == std::string_view::npos) {
    const absl::StatusOr<std::string> same = u8guard::SanitizePath(rel, o);
    Check(same.ok() && *same == *r);
  }
  return 0;
}
