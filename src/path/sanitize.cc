// SPDX-License-Identifier: Apache-2.0
// SanitizePath: decode strictly, split, (percent-decode), check the bytes,
// check the structure under NFKC, canonicalize, re-check after
// normalization, apply "." and "..", join under the root.

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/common/thread_scratch.h"
#include "src/common/verdict.h"
#include "src/path/nfkc_structure.h"
#include "src/path/path_rules.h"
#include "src/path/percent_decode.h"
#include "src/precis/mapping_rules.h"
#include "src/precis/pipeline.h"
#include "src/unicode/code_point_facts.h"
#include "src/unicode/mapping_table.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/bom.h"
#include "u8guard/display.h"
#include "u8guard/match.h"
#include "u8guard/normalize.h"
#include "u8guard/path.h"
#include "u8guard/rejection.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

using internal::PathRejection;
using internal::SegmentFinding;
using internal::ThreadScratch;
using internal::Verdict;

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

// Buffers reused across calls on one thread (ThreadScratch).
struct Scratch {
  std::string decoded, normalized;
  internal::NfkcBuffers nfkc;
  std::vector<size_t> offsets;
};

// A UTF-8 error in `bytes` (the raw input, or a percent-decoded segment),
// reported at raw offset `offset`.
Rejection Utf8Rejection(std::string_view bytes, const Utf8Result& r,
                        size_t offset, bool decoded) {
  Rejection rejection = Utf8ErrorRejection(bytes, r);
  rejection.offset = offset;
  rejection.source = RejectionSource::kPath;
  if (decoded) rejection.detail = "after percent-decoding";
  return rejection;
}

bool IsDot(std::string_view s) { return s.size() == 1 && s[0] == '.'; }

bool IsDotDot(std::string_view s) {
  return s.size() == 2 && s[0] == '.' && s[1] == '.';
}

// True when the profile's result for a segment it accepts is the segment
// in its normalization form and nothing else: of its mapping rules only the
// normalization, no BOM taken off. (SanitizePathInto allows NFC and NFKC
// only.)
bool MapsOnlyByNormalizing(const Profile& p) {
  return internal::MappingRulesOf(p, p.key_case_mapping).OnlyNormalizes() &&
         (p.bom == BomPolicy::kReject || p.bom == BomPolicy::kLiteral);
}

// A segment's bytes after percent-decoding (where asked), and where each of
// them came from in the raw input.
struct SegmentBytes {
  std::string_view d;  // what the rules see
  size_t begin = 0;    // the raw offset of the segment
  // The raw offset of each byte of d and of its end (PercentDecodeSegment);
  // nullptr when d is the raw segment itself.
  const std::vector<size_t>* map = nullptr;
  uint8_t bits = 0;  // the PathByteClass bits of d's bytes

  bool ascii() const { return (bits & internal::kByteHigh) == 0; }
  // The raw offset of d[pos] (pos <= d.size()).
  size_t Raw(size_t pos) const {
    return map != nullptr ? (*map)[pos] : begin + pos;
  }
  // The raw offset of d's last character.
  size_t RawOfLastCharacter() const {
    size_t last = d.size() - 1;
    while (last > 0 && (static_cast<uint8_t>(d[last]) & 0xC0) == 0x80) --last;
    return Raw(last);
  }
};

// Step 1's result: the decoded segment, or why it stops there.
struct Decoded {
  Verdict verdict;
  SegmentBytes bytes;
};

// What the whole-segment rules look at.
struct SegmentForms {
  std::string_view n;  // the profile's result
  // NFKC(d) and NFKC_Casefold(d) (CheckNfkcStructure; d itself on ASCII).
  std::string_view nfkc, casefold;
};

// Step 2's result: the forms, or why the segment stops there.
struct Forms {
  Verdict verdict;
  SegmentForms forms;
};

// The segment stops at `v`.
Forms Stop(Verdict v) { return {std::move(v), {}}; }

// One run over one input.
class Sanitizer {
 public:
  Sanitizer(std::string_view raw, const PathOptions& options,
            const Profile& profile, std::string& out)
      : raw_(raw),
        o_(options),
        profile_(profile),
        out_(out),
        scratch_(ThreadScratch<Scratch>()),
        windows_(options.windows),
        ascii_identity_(internal::AsciiKeyRulesAreIdentity(profile)),
        normalization_only_(MapsOnlyByNormalizing(profile)) {}

  Verdict Run();

 private:
  // The checks on the whole path, before any work on its segments: the
  // bound on its raw length, strict UTF-8 (2F C0 AE 2E 2F is an overlong at
  // byte 1, not "/../"), and no leading separator unless it stands for the
  // root.
  Verdict CheckWholePath() const;

  // Splits raw_ at its separators ('/', and '\' when `backslash`) and
  // adds each non-empty segment (AddSegment).
  Verdict AddSegments(bool backslash);

  // Processes raw_[begin, end), a non-empty segment whose bytes have the
  // PathByteClass bits `bits`: the steps below, in order.
  Verdict AddSegment(size_t begin, size_t end, uint8_t bits);

  // 1. Decode: percent-decodes the segment where asked, and checks its bytes
  // (NUL, controls, separators, Windows characters) and the profile's input
  // bound, before anything costs more than a pass over them.
  Decoded Decode(size_t begin, size_t end, uint8_t bits);

  // 2. Compute forms: the profile's result and the NFKC forms, with the rules
  // checked on the way (UTF-8 after decoding, the Stream-Safe bound, the
  // structure under NFKC, the profile's rules, its structure).
  Forms ComputeAsciiForms(const SegmentBytes& s);
  Forms ComputeUnicodeForms(const SegmentBytes& s);
  // The profile's verdict `v` on s.d (its result in scratch_.normalized),
  // its rejection moved into the raw input; a result that starts with a BOM
  // the profile would strip next time is unstable.
  Verdict ProfileOutcome(const SegmentBytes& s, Verdict v) const;
  // A non-ASCII segment the profile did not keep, with its verdict `v` and
  // forms: ProfileOutcome, then the profile's result forms.n keeps d's
  // structure characters.
  Forms ProfiledForms(const SegmentBytes& s, Verdict v,
                      const SegmentForms& forms) const;

  // 3. Check forms: the result is not empty, and the whole-segment rules
  // hold for it and for its NFKC and NFKC_Casefold forms.
  Verdict CheckForms(const SegmentBytes& s, const SegmentForms& f);

  // 4. Append: n joins the result, within the bounds.
  Verdict Append(size_t begin, std::string_view n);

  // A ".." segment at `begin`: rejected, or the previous segment removed.
  Verdict DotDot(size_t begin);

  // A rule of the segment profile, found by the sanitizer itself before the
  // profile runs (its input bound, the Stream-Safe bound), at raw offset
  // `offset`.
  Rejection ProfileRejection(size_t offset, std::optional<char32_t> cp,
                             Rule rule) const {
    Rejection r = PathRejection(offset, cp, rule, "");
    r.profile = profile_.name;
    return r;
  }

  // The rules on a whole normalized form of segment `s` (the profile's
  // result or an NFKC form), reported at the segment's first byte (the
  // trailing dot or space: at its last character).
  Verdict CheckWholeSegment(std::string_view form, const SegmentBytes& s);

  const std::string_view raw_;
  const PathOptions& o_;
  const Profile& profile_;
  std::string& out_;
  Scratch& scratch_;
  const bool windows_;
  // The profile's rules map ASCII segments without controls to themselves.
  const bool ascii_identity_;
  // The profile's result, when it accepts a segment, is the segment in the
  // profile's normalization form, NFC or NFKC (MapsOnlyByNormalizing).
  const bool normalization_only_;
  size_t rel_start_ = 0;
  // Where each segment of the result starts in out_ (at its '/').
  absl::InlinedVector<size_t, 16> starts_;
};

Verdict Sanitizer::Run() {
  if (Verdict v = CheckWholePath(); !v.ok()) return v;
  std::string_view root_prefix = o_.root;
  while (!root_prefix.empty() && root_prefix.back() == '/') {
    root_prefix.remove_suffix(1);
  }
  out_.append(root_prefix);
  rel_start_ = out_.size();
  if (Verdict v = AddSegments(o_.backslash_is_separator || windows_); !v.ok()) {
    return v;
  }
  if (o_.root.empty()) {
    if (!out_.empty()) out_.erase(0, 1);
  } else if (out_.size() == rel_start_) {
    out_.assign(o_.root);
  }
  return Verdict();
}

Verdict Sanitizer::CheckWholePath() const {
  // Raw input over the bound is refused before any work.
  if (o_.max_length <= (std::numeric_limits<size_t>::max() - 64) / 4) {
    const size_t max_raw = 4 * o_.max_length + 64;
    if (raw_.size() > max_raw) {
      return PathRejection(
          max_raw, std::nullopt, Rule::kPathTooLong,
          absl::StrFormat("input longer than %d bytes", max_raw));
    }
  }
  const Utf8Result utf8 = ValidateUtf8(raw_);
  if (!utf8.ok()) {
    return Utf8Rejection(raw_, utf8, utf8.valid_up_to, /*decoded=*/false);
  }
  if (!raw_.empty() && (raw_[0] == '/' || raw_[0] == '\\')) {
    const bool separator =
        raw_[0] == '/' || o_.backslash_is_separator || windows_;
    if (!o_.leading_separator_is_root || !separator) {
      return PathRejection(0, static_cast<char32_t>(raw_[0]),
                           Rule::kPathAbsolute,
                           "absolute path (leading separator)");
    }
  }
  return Verdict();
}

Verdict Sanitizer::AddSegments(bool backslash) {
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
      bits = internal::ClassesOf(raw_, i, j);
    } else {
      for (; j < raw_.size(); ++j) {
        const uint8_t c = classes[static_cast<uint8_t>(raw_[j])];
        if (c & separator_bits) break;
        bits |= c;
      }
    }
    if (j > i) {
      if (Verdict v = AddSegment(i, j, bits); !v.ok()) return v;
    }
    i = j + 1;
  }
  return Verdict();
}

Verdict Sanitizer::AddSegment(size_t begin, size_t end, uint8_t bits) {
  Decoded decoded = Decode(begin, end, bits);
  if (!decoded.verdict.ok()) return std::move(decoded.verdict);
  const SegmentBytes& s = decoded.bytes;
  Forms forms = s.ascii() ? ComputeAsciiForms(s) : ComputeUnicodeForms(s);
  if (!forms.verdict.ok()) return std::move(forms.verdict);
  // "." and "..", after normalization.
  const std::string_view n = forms.forms.n;
  if (IsDot(n)) return Verdict();
  if (IsDotDot(n)) return DotDot(begin);
  if (Verdict v = CheckForms(s, forms.forms); !v.ok()) return v;
  return Append(begin, n);
}

Decoded Sanitizer::Decode(size_t begin, size_t end, uint8_t bits) {
  Decoded r;
  SegmentBytes& s = r.bytes;
  s.d = raw_.substr(begin, end - begin);
  s.begin = begin;
  s.bits = bits;
  if (o_.percent_decode && (bits & internal::kBytePercent)) {
    const size_t bad = internal::PercentDecodeSegment(
        s.d, begin, scratch_.decoded, scratch_.offsets);
    if (bad != std::string_view::npos) {
      r.verdict = PathRejection(begin + bad, U'%', Rule::kPathPercentDecoding,
                                "'%' not followed by two hex digits");
      return r;
    }
    s.d = scratch_.decoded;
    s.map = &scratch_.offsets;
    s.bits = internal::ClassesOf(s.d);
  }
  // The bytes: NUL, controls, separators, Windows characters.
  if (const std::optional<SegmentFinding> f =
          internal::FindForbiddenByte(s.d, s.bits, windows_)) {
    r.verdict = PathRejection(s.Raw(f->pos), f->code_point, f->rule, f->detail);
    return r;
  }
  if (s.d.size() > internal::MaxInputBytes(profile_)) {
    r.verdict = ProfileRejection(s.Raw(internal::MaxInputBytes(profile_)),
                                 std::nullopt, Rule::kInputTooLong);
  }
  return r;
}

// On ASCII the profile can only change letter case and spaces (NFC and NFKC
// are the identity there), never a structure character, and NFKC and
// NFKC_Casefold change nothing the whole-segment rules look at.
Forms Sanitizer::ComputeAsciiForms(const SegmentBytes& s) {
  Forms r;
  r.forms = {s.d, s.d, s.d};
  // The profile's verdict, skipped where it is known to be the identity.
  if (ascii_identity_ &&
      internal::AsciiSizeWithinBounds(profile_, s.d.size())) {
    return r;
  }
  r.verdict = ProfileOutcome(
      s, internal::RunProfile(profile_, profile_.key_case_mapping, s.d,
                              scratch_.normalized));
  r.forms.n = scratch_.normalized;
  return r;
}

// Non-ASCII: strict UTF-8 after decoding, one pass over the code points (the
// Stream-Safe bound, before ICU normalizes anything), and structure under
// NFKC. Common case: every code point is NFKC-stable and none is default
// ignorable, so NFKC and NFKC_Casefold (but for letter case) leave the
// segment alone, and the profile keeps it as it is: no ICU call.
Forms Sanitizer::ComputeUnicodeForms(const SegmentBytes& s) {
  const std::string_view d = s.d;
  if (s.map != nullptr) {
    if (const Utf8Result u = ValidateUtf8(d); !u.ok()) {
      return Stop(Utf8Rejection(d, u, s.Raw(u.valid_up_to), /*decoded=*/true));
    }
  }
  const internal::CodePointFacts facts =
      internal::ScanCodePoints(d, profile_.max_non_starters);
  if (facts.stream_unsafe_at != std::string_view::npos) {
    const char* mark = d.data() + facts.stream_unsafe_at;
    return Stop(ProfileRejection(s.Raw(facts.stream_unsafe_at),
                                 internal::DecodeValid(mark),
                                 Rule::kStreamUnsafe));
  }
  const bool kept =
      internal::ProfileKeepsAsIs(profile_, profile_.key_case_mapping, d, facts);
  // Where the profile changes the segment, it runs first, its verdict
  // reported after the structure check: when it only normalizes, its result
  // is d in NFC or NFKC, from which the structure check may take the NFKC
  // form without asking ICU again.
  Verdict profile_verdict;
  std::string_view normalized;
  const std::string_view* composed = nullptr;
  if (!kept) {
    profile_verdict = internal::RunProfileSlowPath(
        profile_, profile_.key_case_mapping, d, scratch_.normalized);
    if (profile_verdict.ok() && normalization_only_) {
      normalized = scratch_.normalized;
      composed = &normalized;
    }
  }
  std::string_view nfkc = d, casefold = d;
  if (!internal::SegmentStandsForItsNfkcForms(facts)) {
    internal::NfkcStructure st = internal::CheckNfkcStructure(
        d, facts, composed, windows_, scratch_.nfkc);
    if (!st.status.ok()) return Stop(std::move(st.status));
    if (const std::optional<SegmentFinding>& f = st.finding) {
      return Stop(
          PathRejection(s.Raw(f->pos), f->code_point, f->rule, f->detail));
    }
    nfkc = st.nfkc_form;
    casefold = st.casefold_form;
  }
  if (kept) return {Verdict(), {d, nfkc, casefold}};
  return ProfiledForms(s, std::move(profile_verdict),
                       {scratch_.normalized, nfkc, casefold});
}

Forms Sanitizer::ProfiledForms(const SegmentBytes& s, Verdict v,
                               const SegmentForms& forms) const {
  Forms r{ProfileOutcome(s, std::move(v)), forms};
  if (r.verdict.ok() && !internal::SameStructure(s.d, forms.n, windows_)) {
    r.verdict = PathRejection(
        s.begin, std::nullopt, Rule::kPathStructureChangedByNfkc,
        "normalization changed the structure characters of this segment");
  }
  return r;
}

Verdict Sanitizer::ProfileOutcome(const SegmentBytes& s, Verdict v) const {
  if (Rejection* r = v.rejection()) {
    // The profile's rule, at its offset in the raw input.
    r->offset = s.Raw(std::min(r->offset, s.d.size()));
    r->source = RejectionSource::kPath;
    r->bytes.clear();
    return v;
  }
  if (!v.ok()) return v;
  // Under a profile that strips or ignores an initial BOM, only one is
  // taken off: a segment that starts with two keeps the second, and
  // sanitizing the result again would take that one off too. Such a
  // segment is not stable; refuse it at the BOM left in front: d's first
  // after its first character (the second of two, or one that trimming
  // brought forward: " \uFEFF").
  if ((profile_.bom == BomPolicy::kStrip ||
       profile_.bom == BomPolicy::kIgnore) &&
      std::string_view(scratch_.normalized).starts_with(kUtf8Bom)) {
    const size_t bom = s.d.find(kUtf8Bom, 1);
    return ProfileRejection(s.Raw(bom == std::string_view::npos ? 0 : bom),
                            U'\uFEFF', Rule::kUnstable);
  }
  return Verdict();
}

Verdict Sanitizer::CheckForms(const SegmentBytes& s, const SegmentForms& f) {
  // Whatever the segment profile, the result is never empty, and the rules
  // hold for it, for its NFKC form and for its NFKC_Casefold form (which a
  // later layer may apply: "\u200B.env" is ".env" there).
  const std::string_view n = f.n;
  if (n.empty()) {
    return PathRejection(s.begin, std::nullopt, Rule::kPathEmptySegment,
                         "the segment profile maps this segment to nothing");
  }
  if (Verdict v = CheckWholeSegment(n, s); !v.ok()) return v;
  if (s.ascii()) return Verdict();
  // d's forms are n's where the profile only normalizes (NFKC(NFC(d)) =
  // NFKC(d)) or kept d.
  if (normalization_only_ || internal::SameBytes(n, s.d)) {
    for (const std::string_view form : {f.nfkc, f.casefold}) {
      if (internal::SameBytes(form, n)) continue;
      if (Verdict v = CheckWholeSegment(form, s); !v.ok()) return v;
    }
    return Verdict();
  }
  // A profile that maps by more than normalizing (trims spaces, maps width
  // or case) gives a result whose NFKC forms can differ from those of d:
  // "     LPT\u00B3.t" trimmed is "LPT\u00B3.t", whose NFKC form names the
  // device LPT3, and sanitizing the result again would refuse it. d's
  // forms, which the result does not hold, are not the rules' business
  // ("e\u0301 " trimmed is "\u00E9", as "e " trimmed is "e").
  for (const NormalizationForm nf :
       {NormalizationForm::kNfkc, NormalizationForm::kNfkcCasefold}) {
    const absl::StatusOr<std::string> form = Normalize(nf, n);
    if (!form.ok()) return form.status();
    if (Verdict v = CheckWholeSegment(*form, s); !v.ok()) return v;
  }
  return Verdict();
}

Verdict Sanitizer::Append(size_t begin, std::string_view n) {
  if (starts_.size() >= o_.max_depth) {
    return PathRejection(
        begin, std::nullopt, Rule::kPathTooDeep,
        absl::StrFormat("more than %d segments", o_.max_depth));
  }
  starts_.push_back(out_.size());
  out_.push_back('/');
  out_.append(n);
  if (out_.size() - rel_start_ - 1 > o_.max_length) {
    return PathRejection(
        begin, std::nullopt, Rule::kPathTooLong,
        absl::StrFormat("result longer than %d bytes", o_.max_length));
  }
  return Verdict();
}

Verdict Sanitizer::DotDot(size_t begin) {
  if (o_.dot_dot == DotDotPolicy::kReject) {
    return PathRejection(begin, std::nullopt, Rule::kPathDotDot,
                         "'..' segment");
  }
  if (starts_.empty()) {
    return PathRejection(begin, std::nullopt, Rule::kPathAboveRoot,
                         "'..' rises above the root");
  }
  out_.resize(starts_.back());
  starts_.pop_back();
  return Verdict();
}

Verdict Sanitizer::CheckWholeSegment(std::string_view form,
                                     const SegmentBytes& s) {
  const size_t begin = s.begin;
  // A form that is empty, "." or ".." would take a segment away from the
  // path, or rise above it, once a later layer applied it: "a/\u200B/b"
  // under NFKC_Casefold is "a//b".
  if (form.empty()) {
    return PathRejection(begin, std::nullopt, Rule::kPathStructureChangedByNfkc,
                         "NFKC_Casefold turns this segment into an empty one");
  }
  if (IsDot(form) || IsDotDot(form)) {
    return PathRejection(begin, std::nullopt, Rule::kPathStructureChangedByNfkc,
                         "NFKC turns this segment into a dot segment");
  }
  if (form[0] == '.' && !o_.allow_hidden) {
    return PathRejection(begin, U'.', Rule::kPathHidden,
                         "hidden segment (starts with '.')");
  }
  // A drive letter at the start of the result ("a/../C:" included).
  if (starts_.empty() && internal::StartsWithDriveLetter(form)) {
    return PathRejection(begin, std::nullopt, Rule::kPathAbsolute,
                         "drive letter");
  }
  if (!windows_) return Verdict();
  if (internal::IsWindowsReservedName(form)) {
    return PathRejection(begin, std::nullopt, Rule::kPathWindowsReserved,
                         "Windows reserved device name");
  }
  if (form.back() == '.' || form.back() == ' ') {
    return PathRejection(s.RawOfLastCharacter(), std::nullopt,
                         Rule::kPathWindowsTrailingDotSpace,
                         "segment ends in '.' or ' ' (Windows removes them)");
  }
  return Verdict();
}

// A root is trusted configuration, but a mistaken one must not undo the
// guarantees: valid UTF-8, absolute, and made of plain segments (no "." or
// "..", no empty segment but a trailing '/', no control character).
absl::Status CheckRoot(std::string_view root) {
  if (!IsValidUtf8(root) || root.find('\0') != std::string_view::npos) {
    return absl::InvalidArgumentError(
        "PathOptions.root must be valid UTF-8 without NUL");
  }
  const auto bad = [&](const char* why) {
    return absl::InvalidArgumentError(absl::StrCat(
        "PathOptions.root \"", EscapeForDisplay(root), "\" ", why));
  };
  if (root[0] != '/') return bad("must be an absolute path (start with '/')");
  for (size_t i = 0; i < root.size(); ++i) {
    const auto b = static_cast<uint8_t>(root[i]);
    const bool c1 = b == 0xC2 && i + 1 < root.size() &&
                    static_cast<uint8_t>(root[i + 1]) <= 0x9F;
    if (b < 0x20 || b == 0x7F || c1) {
      return bad("must not contain control characters");
    }
  }
  std::string_view rest = root.substr(1);
  while (rest.ends_with('/')) rest.remove_suffix(1);
  size_t start = 0;
  while (!rest.empty() && start <= rest.size()) {
    const size_t slash = std::min(rest.find('/', start), rest.size());
    const std::string_view segment = rest.substr(start, slash - start);
    if (segment.empty() || IsDot(segment) || IsDotDot(segment)) {
      return bad("must not contain empty, \".\" or \"..\" segments");
    }
    start = slash + 1;
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
  if (!options.root.empty()) {
    if (absl::Status s = CheckRoot(options.root); !s.ok()) return s;
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
  const Verdict v = Sanitizer(raw, options, *profile, out).Run();
  if (!v.ok()) out.clear();
  return v.ToStatus();
}

absl::StatusOr<std::string> SanitizePath(std::string_view raw,
                                         const PathOptions& options) {
  std::string out;
  // One allocation where the result is no longer than the input under the
  // root (the common case), instead of one per doubling as segments append.
  out.reserve(raw.size() + options.root.size() + 1);
  if (absl::Status s = SanitizePathInto(raw, options, out); !s.ok()) return s;
  return out;
}

}  // namespace u8guard
