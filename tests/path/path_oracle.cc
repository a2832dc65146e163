// SPDX-License-Identifier: Apache-2.0
// The reference oracle for SanitizePath: the documented steps, one after
// the other, each on plain values. Nothing here looks at a byte class, a
// code point table or an ASCII shortcut of the library: every segment is
// decoded, normalized (ICU's NFKC, NFKC_Casefold and NFKD, called directly)
// and checked in full, and the segment profile runs through the public
// Canonicalize. What the oracle takes from the library is its public
// contract only: the strict reference decoder (ValidateUtf8Reference, the
// RFC 3629 ABNF transcribed), the profile pipeline (Canonicalize),
// IsPathStructureCharacter, and the Rejection and rule types.
//
// Where the documentation leaves a choice open (which of two failing rules
// is reported, at which offset), the oracle makes the choice SanitizePath
// makes, and says so in a comment marked "Order:" or "Offset:".

#include "tests/path/path_oracle.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "u8guard/bom.h"
#include "u8guard/match.h"
#include "u8guard/normalize.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"
#include "u8guard/utf8.h"
#include "unicode/normalizer2.h"
#include "unicode/uchar.h"
#include "unicode/unistr.h"
#include "unicode/utf8.h"

namespace u8guard::testing {
namespace {

using Result = absl::StatusOr<std::string>;

// ---- Plain helpers ----------------------------------------------------------

absl::Status Reject(size_t offset, std::optional<char32_t> cp, Rule rule,
                    std::string_view profile = "") {
  Rejection r;
  r.offset = offset;
  r.code_point = cp;
  r.rule = rule;
  r.source = RejectionSource::kPath;
  r.profile = std::string(profile);
  r.detail = "oracle";
  return RejectionError(r);
}

struct CodePoint {
  size_t pos;  // byte offset in the string
  char32_t cp;
};

// The code points of valid UTF-8 `s`, decoded by ICU.
std::vector<CodePoint> CodePoints(std::string_view s) {
  std::vector<CodePoint> out;
  const auto* bytes = reinterpret_cast<const uint8_t*>(s.data());
  const auto n = static_cast<int32_t>(s.size());
  int32_t i = 0;
  while (i < n) {
    const auto pos = static_cast<size_t>(i);
    UChar32 c = 0;
    U8_NEXT(bytes, i, n, c);
    if (c < 0) std::abort();  // the oracle only decodes what it validated
    out.push_back({pos, static_cast<char32_t>(c)});
  }
  return out;
}

std::string Utf8Of(char32_t cp) {
  std::string s;
  icu::UnicodeString(static_cast<UChar32>(cp)).toUTF8String(s);
  return s;
}

enum class Form { kNfkc, kNfkcCasefold, kNfkd };

// `s` (valid UTF-8) in `form`, by ICU.
std::string IcuNormalize(Form form, std::string_view s) {
  UErrorCode e = U_ZERO_ERROR;
  const icu::Normalizer2* n = form == Form::kNfkc
                                  ? icu::Normalizer2::getNFKCInstance(e)
                              : form == Form::kNfkcCasefold
                                  ? icu::Normalizer2::getNFKCCasefoldInstance(e)
                                  : icu::Normalizer2::getNFKDInstance(e);
  if (U_FAILURE(e)) std::abort();
  const icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  const icu::UnicodeString out = n->normalize(u, e);
  if (U_FAILURE(e)) std::abort();
  std::string r;
  out.toUTF8String(r);
  return r;
}

// The structure characters of valid UTF-8 `s`, in order.
std::u32string Structure(std::string_view s, bool windows) {
  std::u32string out;
  for (const CodePoint& c : CodePoints(s)) {
    if (IsPathStructureCharacter(c.cp, windows)) out.push_back(c.cp);
  }
  return out;
}

bool IsDotSegmentOrEmpty(std::string_view s) {
  return s.empty() || s == "." || s == "..";
}

bool AsciiEqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) {
      return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// path.h: CON, PRN, AUX, NUL, COM0-9, LPT0-9, CONIN$, CONOUT$, any case,
// any extension (the part before the first '.'), trailing spaces ignored.
bool IsWindowsReserved(std::string_view segment) {
  std::string_view stem = segment.substr(0, segment.find('.'));
  while (!stem.empty() && stem.back() == ' ') stem.remove_suffix(1);
  for (const char* name : {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}) {
    if (AsciiEqualsIgnoreCase(stem, name)) return true;
  }
  for (const char* name : {"COM", "LPT"}) {
    for (char digit = '0'; digit <= '9'; ++digit) {
      if (AsciiEqualsIgnoreCase(stem, std::string(name) + digit)) return true;
    }
  }
  return false;
}

bool IsDriveLetter(std::string_view s) {
  return s.size() >= 2 && s[1] == ':' &&
         ((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z'));
}

// path.h: valid UTF-8, absolute, no control character, no empty (but a
// trailing '/'), "." or ".." segment.
bool RootIsValid(std::string_view root) {
  if (!ValidateUtf8Reference(root).ok() || root[0] != '/') return false;
  for (const CodePoint& c : CodePoints(root)) {
    if (c.cp < 0x20 || (c.cp >= 0x7F && c.cp <= 0x9F)) return false;
  }
  std::string_view rest = root.substr(1);
  while (!rest.empty() && rest.back() == '/') rest.remove_suffix(1);
  if (rest.empty()) return true;
  size_t start = 0;
  while (true) {
    const size_t slash = rest.find('/', start);
    const std::string_view seg = rest.substr(start, slash - start);
    if (seg.empty() || seg == "." || seg == "..") return false;
    if (slash == std::string_view::npos) return true;
    start = slash + 1;
  }
}

// ---- One segment
// --------------------------------------------------------------

// A segment's bytes after percent-decoding, and where each came from.
struct Decoded {
  std::string bytes;
  // raw[i]: the raw offset of bytes[i] (of the '%' for an escape), and
  // raw[bytes.size()]: the raw offset just past the segment.
  std::vector<size_t> raw;
};

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class Oracle {
 public:
  Oracle(std::string_view raw, const PathOptions& o, const Profile& profile)
      : raw_(raw), o_(o), profile_(profile) {}

  Result Run();

 private:
  absl::Status Segment(size_t begin, size_t end);
  absl::Status Decode(size_t begin, size_t end, Decoded& d) const;
  absl::Status CheckBytes(const Decoded& d) const;
  absl::Status CheckStreamSafe(const Decoded& d,
                               const std::vector<CodePoint>& cps) const;
  absl::Status CheckWholeSegment(std::string_view form, size_t begin,
                                 size_t last) const;
  static std::optional<CodePoint> Blame(const std::vector<CodePoint>& cps,
                                        bool windows);

  std::string_view raw_;
  const PathOptions& o_;
  const Profile& profile_;
  std::vector<std::string> result_;
};

Result Oracle::Run() {
  // The raw bound, before any work.
  if (o_.max_length <= (std::numeric_limits<size_t>::max() - 64) / 4 &&
      raw_.size() > 4 * o_.max_length + 64) {
    return Reject(4 * o_.max_length + 64, std::nullopt, Rule::kPathTooLong);
  }
  // Strict UTF-8 on the whole input, before it is split.
  if (const Utf8Result u = ValidateUtf8Reference(raw_); !u.ok()) {
    Rejection r = Utf8ErrorRejection(raw_, u);
    r.offset = u.valid_up_to;
    r.source = RejectionSource::kPath;
    return RejectionError(r);
  }
  const bool backslash = o_.backslash_is_separator || o_.windows;
  if (!raw_.empty() && (raw_[0] == '/' || raw_[0] == '\\')) {
    const bool separator = raw_[0] == '/' || backslash;
    if (!(o_.leading_separator_is_root && separator)) {
      return Reject(0, static_cast<char32_t>(raw_[0]), Rule::kPathAbsolute);
    }
  }
  // Order: segments are processed left to right; the first one that fails
  // decides.
  size_t begin = 0;
  for (size_t i = 0; i <= raw_.size(); ++i) {
    if (i < raw_.size() && raw_[i] != '/' && !(backslash && raw_[i] == '\\')) {
      continue;
    }
    if (i > begin) {
      if (absl::Status s = Segment(begin, i); !s.ok()) return s;
    }
    begin = i + 1;
  }
  const std::string rel = absl::StrJoin(result_, "/");
  if (o_.root.empty()) return rel;
  if (rel.empty()) return o_.root;
  std::string_view prefix = o_.root;
  while (prefix.back() == '/') prefix.remove_suffix(1);
  return std::string(prefix) + "/" + rel;
}

absl::Status Oracle::Decode(size_t begin, size_t end, Decoded& d) const {
  const std::string_view seg = raw_.substr(begin, end - begin);
  for (size_t i = 0; i < seg.size();) {
    if (!o_.percent_decode || seg[i] != '%') {
      d.bytes.push_back(seg[i]);
      d.raw.push_back(begin + i);
      ++i;
      continue;
    }
    const int hi = i + 1 < seg.size() ? HexDigit(seg[i + 1]) : -1;
    const int lo = i + 2 < seg.size() ? HexDigit(seg[i + 2]) : -1;
    if (hi < 0 || lo < 0) {
      return Reject(begin + i, U'%', Rule::kPathPercentDecoding);
    }
    d.bytes.push_back(static_cast<char>(hi * 16 + lo));
    d.raw.push_back(begin + i);
    i += 3;
  }
  d.raw.push_back(end);
  return absl::OkStatus();
}

// Order: the forbidden bytes are looked for in the decoded bytes before they
// are checked as UTF-8 ("%FF%00" is path/nul, not utf8/invalid_byte), the
// first one in the segment decides, and a C1 control is the byte pair
// C2 80..C2 9F wherever it stands.
absl::Status Oracle::CheckBytes(const Decoded& d) const {
  const std::string_view windows_chars = "<>:\"|?*";
  for (size_t i = 0; i < d.bytes.size(); ++i) {
    const auto b = static_cast<uint8_t>(d.bytes[i]);
    const size_t at = d.raw[i];
    if (b == 0) return Reject(at, b, Rule::kPathNul);
    if (b < 0x20 || b == 0x7F) return Reject(at, b, Rule::kPathControl);
    if (b == '/' || b == '\\') {
      return Reject(at, b, Rule::kPathSeparatorInSegment);
    }
    if (o_.windows &&
        windows_chars.find(static_cast<char>(b)) != std::string_view::npos) {
      return Reject(at, b, Rule::kPathWindowsCharacter);
    }
    if (b == 0xC2 && i + 1 < d.bytes.size()) {
      const auto next = static_cast<uint8_t>(d.bytes[i + 1]);
      if (next >= 0x80 && next <= 0x9F) {
        return Reject(at, char32_t{next}, Rule::kPathControl);
      }
    }
  }
  return absl::OkStatus();
}

// UAX #15 §13: a code point whose NFKD form is all non-starters extends the
// run by their number; any other code point ends the run, after its leading
// non-starters, and starts a new one with its trailing non-starters. The
// input is refused at the first code point that takes the run past the
// profile's max_non_starters, its trailing non-starters included (UAX #15
// checks only leading ones, which is the same for its bound of 30, but not
// for a profile's bound of 1 or 2: U+1FEE is U+0020 U+0308 U+0301).
absl::Status Oracle::CheckStreamSafe(const Decoded& d,
                                     const std::vector<CodePoint>& cps) const {
  size_t run = 0;
  for (const CodePoint& c : cps) {
    std::vector<uint8_t> ccc;
    for (const CodePoint& k :
         CodePoints(IcuNormalize(Form::kNfkd, Utf8Of(c.cp)))) {
      ccc.push_back(u_getCombiningClass(static_cast<UChar32>(k.cp)));
    }
    size_t leading = 0;
    while (leading < ccc.size() && ccc[leading] != 0) ++leading;
    size_t trailing = 0;
    while (trailing < ccc.size() && ccc[ccc.size() - 1 - trailing] != 0) {
      ++trailing;
    }
    const bool all = leading == ccc.size();
    if (run + leading > profile_.max_non_starters) {
      return Reject(d.raw[c.pos], c.cp, Rule::kStreamUnsafe, profile_.name);
    }
    run = all ? run + leading : trailing;
    if (run > profile_.max_non_starters) {
      return Reject(d.raw[c.pos], c.cp, Rule::kStreamUnsafe, profile_.name);
    }
  }
  return absl::OkStatus();
}

// Offset: a structure change is blamed on the first code point whose own
// NFKC or NFKC_Casefold form is empty or has other structure characters
// than it; when no single code point does, on the segment (its first byte,
// no code point).
std::optional<CodePoint> Oracle::Blame(const std::vector<CodePoint>& cps,
                                       bool windows) {
  for (const CodePoint& c : cps) {
    const std::string one = Utf8Of(c.cp);
    for (const Form f : {Form::kNfkc, Form::kNfkcCasefold}) {
      const std::string form = IcuNormalize(f, one);
      if (form.empty() || Structure(form, windows) != Structure(one, windows)) {
        return c;
      }
    }
  }
  return std::nullopt;
}

// The whole-segment rules on one form of the result.
// Order: empty, dot segment, hidden, drive letter, reserved name, trailing
// dot or space. Offset: the segment's first byte, but the trailing dot or
// space: the last character of the segment as given.
absl::Status Oracle::CheckWholeSegment(std::string_view form, size_t begin,
                                       size_t last) const {
  if (IsDotSegmentOrEmpty(form)) {
    return Reject(begin, std::nullopt, Rule::kPathStructureChangedByNfkc);
  }
  if (form[0] == '.' && !o_.allow_hidden) {
    return Reject(begin, U'.', Rule::kPathHidden);
  }
  // A drive letter only matters at the start of the result.
  if (result_.empty() && IsDriveLetter(form)) {
    return Reject(begin, std::nullopt, Rule::kPathAbsolute);
  }
  if (!o_.windows) return absl::OkStatus();
  if (IsWindowsReserved(form)) {
    return Reject(begin, std::nullopt, Rule::kPathWindowsReserved);
  }
  if (form.back() == '.' || form.back() == ' ') {
    return Reject(last, std::nullopt, Rule::kPathWindowsTrailingDotSpace);
  }
  return absl::OkStatus();
}

// Order: the steps below run in this order, each on the whole segment; the
// first that fails decides.
absl::Status Oracle::Segment(size_t begin_raw, size_t end_raw) {
  // 1. Percent-decoding, once, when asked.
  Decoded d;
  if (absl::Status s = Decode(begin_raw, end_raw, d); !s.ok()) return s;
  const size_t begin = d.raw[0];
  // 2. The bytes: NUL, controls, separators, Windows characters.
  if (absl::Status s = CheckBytes(d); !s.ok()) return s;
  // 3. The segment profile's input bound, before any Unicode work.
  if (d.bytes.size() > profile_.max_input_bytes) {
    return Reject(d.raw[profile_.max_input_bytes], std::nullopt,
                  Rule::kInputTooLong, profile_.name);
  }
  // 4. Strict UTF-8 after decoding.
  if (const Utf8Result u = ValidateUtf8Reference(d.bytes); !u.ok()) {
    Rejection r = Utf8ErrorRejection(d.bytes, u);
    r.offset = d.raw[u.valid_up_to];
    r.source = RejectionSource::kPath;
    return RejectionError(r);
  }
  const std::vector<CodePoint> cps = CodePoints(d.bytes);
  // 5. The profile's Stream-Safe bound, before ICU normalizes anything.
  if (absl::Status s = CheckStreamSafe(d, cps); !s.ok()) return s;
  // 6. NFKC and NFKC_Casefold keep the structure characters of the segment
  // as given, and do not make it a dot segment or an empty one.
  const bool w = o_.windows;
  const std::u32string structure = Structure(d.bytes, w);
  for (const Form f : {Form::kNfkc, Form::kNfkcCasefold}) {
    const std::string form = IcuNormalize(f, d.bytes);
    if (Structure(form, w) != structure ||
        (IsDotSegmentOrEmpty(form) && form != d.bytes)) {
      const std::optional<CodePoint> c = Blame(cps, w);
      return c ? Reject(d.raw[c->pos], c->cp, Rule::kPathStructureChangedByNfkc)
               : Reject(begin, std::nullopt, Rule::kPathStructureChangedByNfkc);
    }
  }
  // 7. The segment profile (its key: Canonicalize), its rule at its offset
  // mapped into the raw input.
  const Result key = Canonicalize(profile_, d.bytes);
  if (!key.ok()) {
    std::optional<Rejection> r = GetRejection(key.status());
    if (!r) return key.status();
    r->offset = d.raw[std::min(r->offset, d.bytes.size())];
    r->source = RejectionSource::kPath;
    return RejectionError(*r);
  }
  const std::string& n = *key;
  // Under a profile that strips or ignores an initial BOM, a result that
  // starts with one would lose it when sanitized again: unstable.
  // Offset: the segment's first U+FEFF after its first code point (the one
  // the profile left in front).
  if ((profile_.bom == BomPolicy::kStrip ||
       profile_.bom == BomPolicy::kIgnore) &&
      n.starts_with(kUtf8Bom)) {
    size_t at = 0;
    for (size_t i = 1; i < cps.size(); ++i) {
      if (cps[i].cp == 0xFEFF) {
        at = cps[i].pos;
        break;
      }
    }
    return Reject(d.raw[at], U'\uFEFF', Rule::kUnstable, profile_.name);
  }
  // 8. The profile's mapping keeps the structure characters.
  if (Structure(n, w) != structure) {
    return Reject(begin, std::nullopt, Rule::kPathStructureChangedByNfkc);
  }
  // ... and so do NFKC and NFKC_Casefold on the result (a later layer may
  // apply either to it).
  const std::string n_nfkc = IcuNormalize(Form::kNfkc, n);
  const std::string n_casefold = IcuNormalize(Form::kNfkcCasefold, n);
  if (Structure(n_nfkc, w) != structure ||
      Structure(n_casefold, w) != structure) {
    return Reject(begin, std::nullopt, Rule::kPathStructureChangedByNfkc);
  }
  // 9. "." is dropped, ".." rejected or resolved.
  if (n == ".") return absl::OkStatus();
  if (n == "..") {
    if (o_.dot_dot == DotDotPolicy::kReject) {
      return Reject(begin, std::nullopt, Rule::kPathDotDot);
    }
    if (result_.empty()) {
      return Reject(begin, std::nullopt, Rule::kPathAboveRoot);
    }
    result_.pop_back();
    return absl::OkStatus();
  }
  // 10. Never empty, whatever the profile.
  if (n.empty()) {
    return Reject(begin, std::nullopt, Rule::kPathEmptySegment);
  }
  // 11. The whole-segment rules on the result, on its NFKC form and on its
  // NFKC_Casefold form (a later layer may apply either).
  const size_t last = d.raw[cps.back().pos];
  for (const std::string& form : {n, n_nfkc, n_casefold}) {
    if (absl::Status s = CheckWholeSegment(form, begin, last); !s.ok()) {
      return s;
    }
  }
  // 12. The bounds, as segments are added ("a/b/../c" is 3 segments deep
  // and "a/b" long before it is 2 deep and "a/c" long).
  if (result_.size() >= o_.max_depth) {
    return Reject(begin, std::nullopt, Rule::kPathTooDeep);
  }
  result_.push_back(n);
  if (absl::StrJoin(result_, "/").size() > o_.max_length) {
    return Reject(begin, std::nullopt, Rule::kPathTooLong);
  }
  return absl::OkStatus();
}

std::string Describe(const Result& r) {
  if (r.ok()) return absl::StrCat("accepted \"", absl::CHexEscape(*r), "\"");
  const std::optional<Rejection> rej = GetRejection(r.status());
  if (!rej)
    return absl::StrCat("error without a Rejection: ", r.status().ToString());
  return absl::StrFormat(
      "%s at %d (cp %s, source %d, profile \"%s\"): %s", rej->rule_id(),
      rej->offset,
      rej->code_point
          ? absl::StrFormat("U+%04X", static_cast<uint32_t>(*rej->code_point))
          : "none",
      static_cast<int>(rej->source), rej->profile, RejectionMessage(*rej));
}

bool Agree(const Result& a, const Result& b) {
  if (a.ok() != b.ok()) return false;
  if (a.ok()) return *a == *b;
  if (a.status().code() != b.status().code()) return false;
  const std::optional<Rejection> x = GetRejection(a.status());
  const std::optional<Rejection> y = GetRejection(b.status());
  if (x.has_value() != y.has_value()) return false;
  if (!x) return true;
  return x->rule == y->rule && x->offset == y->offset &&
         x->code_point == y->code_point && x->source == y->source &&
         x->profile == y->profile;
}

}  // namespace

Result OracleSanitizePath(std::string_view raw, const PathOptions& options) {
  if (options.normalization != NormalizationForm::kNfc &&
      options.normalization != NormalizationForm::kNfkc) {
    return absl::InvalidArgumentError("normalization must be NFC or NFKC");
  }
  if (!options.root.empty() && !RootIsValid(options.root)) {
    return absl::InvalidArgumentError("bad root");
  }
  Profile profile;
  if (options.segment_profile != nullptr) {
    profile = *options.segment_profile;
  } else {
    const absl::StatusOr<const Profile*> builtin =
        FindBuiltinProfile("path-segment");
    if (!builtin.ok()) return builtin.status();
    profile = **builtin;
  }
  profile.normalization = options.normalization;
  return Oracle(raw, options, profile).Run();
}

std::string OracleDisagreement(std::string_view raw,
                               const PathOptions& options) {
  const Result got = SanitizePath(raw, options);
  const Result want = OracleSanitizePath(raw, options);
  if (Agree(got, want)) return "";
  return absl::StrFormat(
      "input \"%s\" with %s:\n  SanitizePath: %s\n  oracle:       %s",
      absl::CHexEscape(absl::string_view(raw.data(), raw.size())),
      DescribeOptions(options), Describe(got), Describe(want));
}

const std::vector<Profile>& OracleSegmentProfiles() {
  static const std::vector<Profile>* const profiles = [] {
    auto* v = new std::vector<Profile>;
    const auto builtin = [](const char* name) {
      return **FindBuiltinProfile(name);
    };
    v->push_back(builtin("path-segment"));
    v->push_back(builtin("text-document"));
    Profile trim = builtin("freeform-class");
    trim.name = "trimming";
    trim.additional_mapping = SpaceMapping::kToAsciiTrimCollapse;
    trim.min_output_bytes = 0;
    v->push_back(trim);
    v->push_back(builtin("nickname"));
    Profile text_trim = builtin("text-document");
    text_trim.name = "text-trimming";
    text_trim.additional_mapping = SpaceMapping::kToAsciiTrimCollapse;
    v->push_back(text_trim);
    Profile text_width = builtin("text-document");
    text_width.name = "text-width";
    text_width.width_mapping = true;
    text_width.additional_mapping = SpaceMapping::kToAscii;
    v->push_back(text_width);
    Profile text_fold = builtin("text-document");
    text_fold.name = "text-folding";
    text_fold.case_mapping = CaseMapping::kFold;
    text_fold.key_case_mapping = CaseMapping::kFold;
    v->push_back(text_fold);
    Profile text_all = text_fold;
    text_all.name = "text-width-trimming-folding";
    text_all.width_mapping = true;
    text_all.additional_mapping = SpaceMapping::kToAsciiTrimCollapse;
    v->push_back(text_all);
    return v;
  }();
  return *profiles;
}

std::string DescribeOptions(const PathOptions& o) {
  return absl::StrFormat(
      "{%s%s%s dot_dot=%s%s%s%s%s root=\"%s\" max_depth=%d max_length=%d "
      "profile=%s}",
      o.normalization == NormalizationForm::kNfkc ? "NFKC" : "NFC",
      o.percent_decode ? " percent_decode" : "",
      o.backslash_is_separator ? " backslash" : "", DotDotPolicyName(o.dot_dot),
      o.windows ? " windows" : "", o.allow_hidden ? " allow_hidden" : "",
      o.leading_separator_is_root ? " leading_root" : "", "", o.root,
      o.max_depth, o.max_length,
      o.segment_profile != nullptr ? o.segment_profile->name : "path-segment");
}

}  // namespace u8guard::testing
