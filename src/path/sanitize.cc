// SanitizePath: decode strictly, split, (percent-decode), check the bytes,
// check the structure under NFKC, canonicalize, re-check after
// normalization, apply "." and "..", join under the root.

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/path/nfkc_structure.h"
#include "src/path/path_rules.h"
#include "src/path/percent_decode.h"
#include "u8guard/match.h"
#include "u8guard/path.h"
#include "u8guard/rejection.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using internal::PathRejection;
using internal::SegmentFinding;

// The built-in path-segment profile in NFC and in NFKC, copied once.
struct BuiltinSegmentProfiles {
  bool ok = false;
  Profile nfc, nfkc;
};

const BuiltinSegmentProfiles& Builtins() {
  static const BuiltinSegmentProfiles* const builtins = [] {
    auto* b = new BuiltinSegmentProfiles;
    const absl::StatusOr<const Profile*> p = FindBuiltinProfile("path-segment");
    if (p.ok()) {
      b->ok = true;
      b->nfc = **p;
      b->nfc.normalization = NormalizationForm::kNfc;
      b->nfkc = **p;
      b->nfkc.normalization = NormalizationForm::kNfkc;
    }
    return b;
  }();
  return *builtins;
}

// Buffers reused across calls on one thread.
struct Scratch {
  std::string decoded, normalized, nfkc, casefold;
  std::vector<size_t> offsets;
};

Scratch& ThreadScratch() {
  thread_local Scratch scratch;
  return scratch;
}

// A UTF-8 error in `bytes` (the raw input, or a percent-decoded segment),
// reported at raw offset `offset`, with the kind and the offending bytes as
// DescribeUtf8Error shows them ("overlong encoding (C0 AE)").
absl::Status Utf8Rejection(std::string_view bytes, const Utf8Result& r,
                           size_t offset, bool decoded) {
  std::string what = DescribeUtf8Error(bytes, r);  // "invalid ... byte N: X"
  const size_t colon = what.find(": ");
  if (colon != std::string::npos) what.erase(0, colon + 2);
  if (decoded) what += " after percent-decoding";
  return PathRejection(
      offset, std::nullopt,
      absl::StrCat("utf8/", std::string(Utf8ErrorKindId(r.kind))), what);
}

bool IsDot(std::string_view s) { return s.size() == 1 && s[0] == '.'; }

bool IsDotDot(std::string_view s) {
  return s.size() == 2 && s[0] == '.' && s[1] == '.';
}

// One run over one input.
class Sanitizer {
 public:
  Sanitizer(std::string_view raw, const PathOptions& options,
            const Profile& profile, std::string& out)
      : raw_(raw),
        o_(options),
        profile_(profile),
        out_(out),
        scratch_(ThreadScratch()),
        windows_(options.windows) {}

  absl::Status Run();

 private:
  // Processes raw_[begin, end), a non-empty segment whose bytes have the
  // PathByteClass bits `bits`.
  absl::Status AddSegment(size_t begin, size_t end, uint8_t bits);

  // True when the profile maps every ASCII segment of `size` bytes without
  // controls to itself: a class that allows spaces (FreeformClass or any
  // text), no case mapping in the key, no trimming of spaces, and `size`
  // within the profile's bounds. NFC and NFKC (the only forms used here),
  // width mapping and the Bidi Rule are the identity on ASCII. The result is
  // what CanonicalizeInto would return; tests and the fuzzer compare them.
  bool AsciiIdentity(size_t size) const {
    const Profile& p = profile_;
    return p.string_class != StringClass::kIdentifier &&
           p.key_case_mapping == CaseMapping::kNone &&
           p.additional_mapping != SpaceMapping::kToAsciiTrimCollapse &&
           size >= p.min_output_bytes && size <= p.max_output_bytes &&
           size <= p.max_output_code_points && size <= p.max_input_bytes;
  }

  // The rules on a whole normalized segment `form` (the profile's result or
  // the NFKC form), whose raw bytes start at `begin`.
  absl::Status CheckWholeSegment(std::string_view form, size_t begin,
                                 size_t last);

  const std::string_view raw_;
  const PathOptions& o_;
  const Profile& profile_;
  std::string& out_;
  Scratch& scratch_;
  const bool windows_;
  size_t rel_start_ = 0;
  // Where each segment of the result starts in out_ (at its '/').
  absl::InlinedVector<size_t, 16> starts_;
};

absl::Status Sanitizer::Run() {
  // Raw input over the bound is refused before any work.
  if (o_.max_length <= (std::numeric_limits<size_t>::max() - 64) / 4) {
    const size_t max_raw = 4 * o_.max_length + 64;
    if (raw_.size() > max_raw) {
      return PathRejection(
          max_raw, std::nullopt, "path/too_long",
          absl::StrFormat("input longer than %d bytes", max_raw));
    }
  }
  // Strict UTF-8 first: 2F C0 AE 2E 2F is an overlong at byte 1, not "/../".
  const Utf8Result utf8 = ValidateUtf8(raw_);
  if (!utf8.ok()) {
    return Utf8Rejection(raw_, utf8, utf8.valid_up_to, /*decoded=*/false);
  }
  const bool backslash = o_.backslash_is_separator || windows_;
  if (!raw_.empty() && (raw_[0] == '/' || raw_[0] == '\\')) {
    const bool separator = raw_[0] == '/' || backslash;
    if (!o_.leading_separator_is_root || !separator) {
      return PathRejection(0, static_cast<char32_t>(raw_[0]), "path/absolute",
                           "absolute path (leading separator)");
    }
  }
  std::string_view root_prefix = o_.root;
  while (!root_prefix.empty() && root_prefix.back() == '/') {
    root_prefix.remove_suffix(1);
  }
  out_.append(root_prefix);
  rel_start_ = out_.size();

  const std::array<uint8_t, 256>& classes = internal::PathByteClasses();
  const uint8_t separator_bits =
      internal::kByteSlash | (backslash ? internal::kByteBackslash : 0);
  // Common case: printable ASCII without '%' or '\' (Windows rules aside,
  // which forbid more bytes): segments need no byte classes. When only '/'
  // separates, the end of a segment is found 16 bytes at a time anyway.
  const bool plain = !windows_ && internal::IsPlainAsciiPath(raw_);
  const bool slash_only = !windows_ && !backslash;
  size_t i = 0;
  while (i < raw_.size()) {
    size_t j = i;
    uint8_t bits = 0;
    if (plain) {
      j = internal::FindSlash(raw_, i);
    } else if (slash_only) {
      j = internal::FindSlash(raw_, i);
      bits = internal::ClassesOf(raw_.substr(i, j - i));
    } else {
      for (; j < raw_.size(); ++j) {
        const uint8_t c = classes[static_cast<uint8_t>(raw_[j])];
        if (c & separator_bits) break;
        bits |= c;
      }
    }
    if (j > i) {
      if (absl::Status s = AddSegment(i, j, bits); !s.ok()) return s;
    }
    i = j + 1;
  }

  if (o_.root.empty()) {
    if (!out_.empty()) out_.erase(0, 1);
  } else if (out_.size() == rel_start_) {
    out_.assign(o_.root);
  }
  return absl::OkStatus();
}

absl::Status Sanitizer::AddSegment(size_t begin, size_t end, uint8_t bits) {
  const std::string_view segment = raw_.substr(begin, end - begin);
  std::string_view d = segment;
  const std::vector<size_t>* map = nullptr;
  if (o_.percent_decode && (bits & internal::kBytePercent)) {
    const size_t bad = internal::PercentDecodeSegment(
        segment, begin, scratch_.decoded, scratch_.offsets);
    if (bad != std::string_view::npos) {
      return PathRejection(begin + bad, U'%', "path/percent_decoding",
                           "'%' not followed by two hex digits");
    }
    d = scratch_.decoded;
    map = &scratch_.offsets;
    bits = internal::ClassesOf(d);
  }
  const auto raw_offset = [&](size_t pos) {
    return map != nullptr ? (*map)[pos] : begin + pos;
  };

  // The bytes: NUL, controls, separators, Windows characters.
  if (const std::optional<SegmentFinding> f =
          internal::FindForbiddenByte(d, bits, windows_)) {
    return PathRejection(raw_offset(f->pos), f->code_point, f->rule, f->reason);
  }

  // Non-ASCII: strict UTF-8 after decoding, and structure under NFKC.
  std::string_view nfkc_form = d;
  if (bits & internal::kByteHigh) {
    if (map != nullptr) {
      const Utf8Result r = ValidateUtf8(d);
      if (!r.ok()) {
        return Utf8Rejection(d, r, raw_offset(r.valid_up_to),
                             /*decoded=*/true);
      }
    }
    std::optional<SegmentFinding> f;
    if (absl::Status s = internal::CheckNfkcStructure(
            d, windows_, scratch_.nfkc, scratch_.casefold, nfkc_form, f);
        !s.ok()) {
      return s;
    }
    if (f) {
      return PathRejection(raw_offset(f->pos), f->code_point, f->rule,
                           f->reason);
    }
  }

  // The segment profile, skipped where it is known to be the identity.
  const bool ascii = (bits & internal::kByteHigh) == 0;
  std::string_view n = d;
  if (!ascii || !AsciiIdentity(d.size())) {
    if (absl::Status s = CanonicalizeInto(profile_, d, scratch_.normalized);
        !s.ok()) {
      const std::optional<Rejection> r = GetRejection(s);
      if (!r) return s;
      return PathRejection(
          raw_offset(std::min(r->offset, d.size())), r->code_point, r->rule,
          absl::StrFormat("rejected by the %s profile", profile_.name));
    }
    n = scratch_.normalized;
  }
  // On ASCII the profile can only change letter case and spaces (NFC and
  // NFKC are the identity there), never a structure character.
  if (!ascii && !internal::SameStructure(d, n, windows_)) {
    return PathRejection(begin, std::nullopt, "path/structure_changed_by_nfkc",
                         "normalization changed the structure characters of "
                         "this segment");
  }

  // "." and "..", after normalization.
  if (IsDot(n)) return absl::OkStatus();
  if (IsDotDot(n)) {
    if (o_.dot_dot == DotDotPolicy::kReject) {
      return PathRejection(begin, std::nullopt, "path/dot_dot", "'..' segment");
    }
    if (starts_.empty()) {
      return PathRejection(begin, std::nullopt, "path/above_root",
                           "'..' rises above the root");
    }
    out_.resize(starts_.back());
    starts_.pop_back();
    return absl::OkStatus();
  }
  size_t last_char = d.size() - 1;  // where the last character starts
  while (last_char > 0 && (static_cast<uint8_t>(d[last_char]) & 0xC0) == 0x80) {
    --last_char;
  }
  const size_t last = raw_offset(last_char);
  if (absl::Status s = CheckWholeSegment(n, begin, last); !s.ok()) return s;
  if (!ascii && nfkc_form != n) {
    if (absl::Status s = CheckWholeSegment(nfkc_form, begin, last); !s.ok()) {
      return s;
    }
  }

  if (starts_.size() >= o_.max_depth) {
    return PathRejection(
        begin, std::nullopt, "path/too_deep",
        absl::StrFormat("more than %d segments", o_.max_depth));
  }
  starts_.push_back(out_.size());
  out_.push_back('/');
  out_.append(n);
  if (out_.size() - rel_start_ - 1 > o_.max_length) {
    return PathRejection(
        begin, std::nullopt, "path/too_long",
        absl::StrFormat("result longer than %d bytes", o_.max_length));
  }
  return absl::OkStatus();
}

absl::Status Sanitizer::CheckWholeSegment(std::string_view form, size_t begin,
                                          size_t last) {
  if (form.empty()) return absl::OkStatus();
  if (IsDot(form) || IsDotDot(form)) {
    return PathRejection(begin, std::nullopt, "path/structure_changed_by_nfkc",
                         "NFKC turns this segment into a dot segment");
  }
  if (form[0] == '.' && !o_.allow_hidden) {
    return PathRejection(begin, U'.', "path/hidden",
                         "hidden segment (starts with '.')");
  }
  // A drive letter at the start of the result ("a/../C:" included).
  if (starts_.empty() && internal::StartsWithDriveLetter(form)) {
    return PathRejection(begin, std::nullopt, "path/absolute", "drive letter");
  }
  if (!windows_) return absl::OkStatus();
  if (internal::IsWindowsReservedName(form)) {
    return PathRejection(begin, std::nullopt, "path/windows_reserved",
                         "Windows reserved device name");
  }
  if (form.back() == '.' || form.back() == ' ') {
    return PathRejection(last, std::nullopt, "path/windows_trailing_dot_space",
                         "segment ends in '.' or ' ' (Windows removes them)");
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status SanitizePathInto(std::string_view raw, const PathOptions& options,
                              std::string& out) {
  out.clear();
  if (options.normalization != NormalizationForm::kNfc &&
      options.normalization != NormalizationForm::kNfkc) {
    return absl::InvalidArgumentError(
        absl::StrFormat("PathOptions.normalization must be NFC or NFKC, not %s",
                        NormalizationFormName(options.normalization)));
  }
  if (!options.root.empty() && (!IsValidUtf8(options.root) ||
                                options.root.find('\0') != std::string::npos)) {
    return absl::InvalidArgumentError(
        "PathOptions.root must be valid UTF-8 without NUL");
  }
  const Profile* profile = options.segment_profile;
  std::optional<Profile> copy;
  if (profile == nullptr) {
    const BuiltinSegmentProfiles& b = Builtins();
    if (!b.ok) {
      return absl::InternalError(
          "the built-in path-segment profile is missing");
    }
    profile =
        options.normalization == NormalizationForm::kNfkc ? &b.nfkc : &b.nfc;
  } else if (profile->normalization != options.normalization) {
    copy = *profile;
    copy->normalization = options.normalization;
    profile = &*copy;
  }
  absl::Status s = Sanitizer(raw, options, *profile, out).Run();
  if (!s.ok()) out.clear();
  return s;
}

absl::StatusOr<std::string> SanitizePath(std::string_view raw,
                                         const PathOptions& options) {
  std::string out;
  if (absl::Status s = SanitizePathInto(raw, options, out); !s.ok()) return s;
  return out;
}

}  // namespace u8guard
