// SPDX-License-Identifier: Apache-2.0
// The rules of a profile, in RFC 8264 §7's order, with an ASCII fast path.
//
// Order (as precis_i18n applies them, so errors agree): BOM policy, strict
// UTF-8; the five rules (width mapping, additional mapping, case mapping,
// normalization, directionality); the stability check; the empty check; the
// string class with its context rules, on the mapped result; length bounds.

#include "src/precis/pipeline.h"

#include <unicode/uchar.h>

#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "src/bom/bom_split.h"
#include "src/common/thread_scratch.h"
#include "src/precis/ascii_key.h"
#include "src/precis/mapping_rules.h"
#include "src/unicode/bidi_rule.h"
#include "src/unicode/mapping_table.h"
#include "src/unicode/mappings.h"
#include "src/unicode/precis_context.h"
#include "src/unicode/precis_property.h"
#include "src/utf8/ascii.h"
#include "src/utf8/decode_step.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/bom.h"
#include "u8guard/normalize.h"
#include "u8guard/rejection.h"
#include "u8guard/secure_memory.h"
#include "u8guard/utf8.h"

namespace u8guard::internal {
namespace {

// `r` (from a lower layer, with offsets in the text) as the rejection of
// profile `p`, with offsets in the caller's input, which starts `base`
// bytes before the text.
Rejection InProfile(const Profile& p, Rejection r, size_t base = 0) {
  r.offset += base;
  r.source = RejectionSource::kProfile;
  r.profile = p.name;
  return r;
}

Rejection Reject(const Profile& p, size_t offset, std::optional<char32_t> cp,
                 Rule rule) {
  Rejection r;
  r.offset = offset;
  r.code_point = cp;
  r.rule = rule;
  return InProfile(p, std::move(r));
}

// Length bounds and emptiness of a result (RFC 8264 §5.2: empty results are
// rejected when the profile wants at least one byte).
Verdict CheckOutputBounds(const Profile& p, std::string_view out,
                          size_t code_points) {
  if (out.size() < p.min_output_bytes) {
    return Reject(p, 0, std::nullopt,
                  out.empty() ? Rule::kEmpty : Rule::kTooShort);
  }
  if (out.size() > p.max_output_bytes ||
      code_points > p.max_output_code_points) {
    return Reject(p, 0, std::nullopt, Rule::kTooLong);
  }
  return Verdict();
}

// The properties the string class of `p` allows anywhere, without a
// context rule, as AllowedPropertyMask's bits (every property for kAnyText).
unsigned AllowedProperties(const Profile& p) {
  switch (p.string_class) {
    case StringClass::kIdentifier:
      return AllowedPropertyMask(PrecisClass::kIdentifier);
    case StringClass::kFreeform:
      return AllowedPropertyMask(PrecisClass::kFreeform);
    case StringClass::kAnyText:
      break;
  }
  return ~0u;
}

// ---- Repertoire (RFC 9839 §4)
// -------------------------------------------------

// The rule that puts `cp` outside `r`, or nullopt. Controls and
// noncharacters come from ICU's properties (General_Category Cc,
// Noncharacter_Code_Point); XML Characters excludes what its ABNF (RFC 9839
// §4.2) leaves out: the C0 controls but TAB, LF and CR, U+FFFE and U+FFFF.
std::optional<Rule> RepertoireViolation(Repertoire r, char32_t cp) {
  const bool useful_control = cp == 0x09 || cp == 0x0A || cp == 0x0D;
  const auto c = static_cast<UChar32>(cp);
  if (r == Repertoire::kXmlCharacters) {
    if (cp < 0x20 && !useful_control) return Rule::kRepertoireControl;
    if (cp == 0xFFFE || cp == 0xFFFF) return Rule::kRepertoireNoncharacter;
    return std::nullopt;
  }
  if (u_charType(c) == U_CONTROL_CHAR && !useful_control) {
    return Rule::kRepertoireControl;
  }
  if (u_hasBinaryProperty(c, UCHAR_NONCHARACTER_CODE_POINT)) {
    return Rule::kRepertoireNoncharacter;
  }
  return std::nullopt;
}

// Rejects the first code point of valid UTF-8 `text` (the caller's input
// from byte `base` on) outside the profile's repertoire, at its offset.
Verdict CheckRepertoire(const Profile& p, std::string_view text, size_t base) {
  if (p.repertoire == Repertoire::kAny ||
      p.repertoire == Repertoire::kUnicodeScalars) {
    return Verdict();  // valid UTF-8 holds scalar values only
  }
  const char* it = text.data();
  const char* const end = it + text.size();
  while (it < end) {
    const char* const at = it;
    const auto b = static_cast<unsigned char>(*it);
    if (b >= 0x20 && b < 0x7F) {  // printable ASCII: in every repertoire
      ++it;
      continue;
    }
    const char32_t cp = DecodeValid(it);
    if (const std::optional<Rule> rule =
            RepertoireViolation(p.repertoire, cp)) {
      return Reject(p, base + static_cast<size_t>(at - text.data()), cp, *rule);
    }
  }
  return Verdict();
}

// ---- ASCII ----------------------------------------------------------------

// All-ASCII input: every mapping is the identity except lower-casing A-Z and
// trimming/collapsing spaces; the result is always stable and never holds a
// right-to-left character. The class check looks at input bytes, whose
// offsets are the output characters' origins.
Verdict RunAscii(const Profile& p, CaseMapping cm, std::string_view text,
                 size_t base, std::string& out) {
  const AsciiProfileRules rules = AsciiRulesOf(p, cm);
  const bool trim = rules.trim;
  size_t first = 0, last = text.size();  // the part that survives trimming
  if (trim) {
    while (first < last && text[first] == ' ') ++first;
    while (last > first && text[last - 1] == ' ') --last;
  }
  out.resize(last - first);
  char* w = out.data();
  // Adding this to a byte lower-cases A-Z: 0x20 where lower-casing applies.
  const uint8_t case_bit = rules.bytes.lower ? 0x20 : 0;
  for (size_t i = first; i < last; ++i) {
    const uint8_t c = static_cast<uint8_t>(text[i]);
    if (c <= 0x20 || c == 0x7F) [[unlikely]] {
      if (c < rules.bytes.min_byte || (c == 0x7F && !rules.bytes.allow_del)) {
        // Below min_byte: a control, or the space IdentifierClass forbids.
        return Reject(
            p, base + i, c,
            c == ' ' ? Rule::kDisallowedSpaces : Rule::kDisallowedControls);
      }
      if (trim && c == ' ' && text[i - 1] == ' ') continue;  // i > first
    }
    const bool upper = static_cast<uint8_t>(c - 'A') < 26;
    *w++ = static_cast<char>(c + (upper ? case_bit : 0));
  }
  out.resize(w - out.data());
  return CheckOutputBounds(p, out, out.size());
}

// ---- Unicode ----------------------------------------------------------------

// Buffers reused across calls on one thread (ThreadScratch), so that
// canonicalizing many short strings does not allocate each time.
struct Scratch {
  std::string mapped, cased, again;
  std::u32string cps;
};

// What MapCodePoints found out about its output.
struct MapResult {
  bool needs_case;        // a non-ASCII code point still needs ICU's mapping
  bool normalized_as_is;  // every code point is stable under the form
  // No mapping rule would change any output code point (so, when neither
  // ICU step runs, applying the rules again is the identity).
  bool rules_idempotent;
  bool has_rtl;  // an output code point is R, AL or AN
  // Where the run of non-starters first grew past max_non_starters: the
  // byte offset in the input of the mark that broke the bound (mapping
  // stopped there), or npos.
  size_t stream_unsafe_at;
  // With kNoteProperties: the bits 1 << PrecisProperty of the output's
  // code points, or-ed (0 without). The ASCII runs MapCodePoints copies
  // without looking (U+0021..U+007E, PVALID: allowed by every class) add
  // nothing; a space that trimming drops adds its own. When no bit is
  // outside a class's allowed properties, every output code point is
  // allowed by it.
  unsigned properties;
  size_t code_points;  // in the output
};

// Width mapping and the context-free case mappings of non-ASCII `cp`,
// whose MappingFlag bits are `flags`, as `rules` say: returns the code
// point they give and sets `flags` to its bits. (A case mapping that is not
// simple is left to ICU: MapResult::needs_case.)
inline char32_t MapNonAscii(const MappingRules& rules,
                            const CodePointTable<uint16_t>& table, char32_t cp,
                            uint16_t& flags) {
  if (rules.width && (flags & kHasWidthMapping)) {
    cp = WidthMappingOf(cp);
    flags = cp < 0x80 ? kNfcStable | kNfkcStable | kNfdStable | kNfkdStable
                      : table.Get(cp);
    cp = rules.CaseMapAscii(cp);
  }
  const uint16_t case_flag = rules.case_changes;
  if (flags & case_flag & kChangesWhenLowercased && flags & kSimpleLower) {
    cp = SimpleLower(cp);  // context-free: no need for ICU's full mapping
    flags = table.Get(cp);
  } else if (flags & case_flag & kChangesWhenCasefolded &&
             flags & kSimpleFold) {
    cp = SimpleFold(cp);
    flags = table.Get(cp);
  }
  return cp;
}

// Notes in `r` what output code point `cp` (MappingFlag bits `flags`, not a
// space the additional mapping made) means for the steps after mapping.
inline void NoteOutputCodePoint(const MappingRules& rules, char32_t cp,
                                uint16_t flags, MapResult& r) {
  r.needs_case |= (flags & rules.case_changes) != 0;
  r.normalized_as_is &= (flags & rules.kept_by_form) != 0;
  r.has_rtl |= (flags & kRightToLeft) != 0;
  // The rules applied again would change this output code point.
  if (rules.ChangesNonAscii(cp, flags)) r.rules_idempotent = false;
}

// Trimming and collapsing spaces (SpaceMapping::kToAsciiTrimCollapse) as
// the mapping pass writes: leading spaces vanish, each run of spaces
// becomes one, trailing ones vanish.
class SpaceTrimmer {
 public:
  // A U+0020 in the mapped text: written only if something follows.
  void Space() { pending_ = any_; }
  // Before anything else is written to `out`: writes the pending space, if
  // any; returns the code points written (0 or 1).
  size_t BeforeText(std::string& out) {
    const bool pending = pending_;
    if (pending) out.push_back(' ');
    pending_ = false;
    any_ = true;
    return pending;
  }

 private:
  bool pending_ = false;
  bool any_ = false;  // something was written
};

// What the width, additional and case mapping rules make of code point
// `cp` (MappingFlag bits `flags`, 0 for ASCII), noted in `r`; with
// kNoteProperties, its PRECIS property too, from `precis`. (A space that
// trimming then drops is noted too: that can only send the class check the
// long way.)
template <bool kNoteProperties>
inline char32_t MapCodePoint(const MappingRules& rules,
                             const CodePointTable<uint16_t>& table,
                             const CodePointTable<uint8_t>* precis, char32_t cp,
                             uint16_t flags, MapResult& r) {
  if (cp < 0x80) {
    // ASCII is stable under every form; only A-Z change (context-free, and
    // lower-case letters keep a following final sigma final).
    cp = rules.CaseMapAscii(cp);
  } else {
    cp = MapNonAscii(rules, table, cp, flags);
    if (rules.spaces && (flags & kIsNonAsciiSpace)) {
      cp = U' ';
    } else {
      NoteOutputCodePoint(rules, cp, flags, r);
    }
  }
  if constexpr (kNoteProperties) {
    r.properties |=
        1u << static_cast<unsigned>(PrecisPropertyOf(cp, *precis).property);
  }
  return cp;
}

// Width mapping, additional mapping, and lower-casing of ASCII letters, code
// point by code point, from valid UTF-8 `in` into `out`, as `rules` say.
// With `max_non_starters` > 0, also the Stream-Safe check of the input (UAX
// #15 §13), in the same pass; with kNoteProperties, also a summary of the
// PRECIS properties of the output (MapResult::properties). Runs of code
// points that no rule changes are copied whole.
template <bool kNoteProperties = false>
MapResult MapCodePoints(const MappingRules& rules, std::string_view in,
                        std::string& out, size_t max_non_starters = 0) {
  MapResult r{false, rules.kept_by_form != 0, true,
              false, std::string_view::npos,  0,
              0};
  const CodePointTable<uint16_t>& table = MappingFlagTable();
  const CodePointTable<uint8_t>* const precis =
      kNoteProperties ? &PrecisTable() : nullptr;
  StreamSafeCounter non_starters(rules.form ==
                                 NormalizationForm::kNfkcCasefold);
  SpaceTrimmer trimmer;
  const char* it = in.data();
  const char* const end = in.data() + in.size();
  const char* copied = it;  // input before this is in `out` already
  while (it < end) {
    if (rules.KeepsAscii(static_cast<uint8_t>(*it))) {
      // A run of ASCII code points that no rule changes, each a starter,
      // PVALID and kept as it is (copied here when trimming, else with the
      // next change or at the end).
      const char* const run = it;
      do {
        ++it;
      } while (it < end && rules.KeepsAscii(static_cast<uint8_t>(*it)));
      non_starters.Add(0, max_non_starters);
      r.code_points += static_cast<size_t>(it - run);
      if (rules.trim) {
        r.code_points += trimmer.BeforeText(out);
        out.append(run, static_cast<size_t>(it - run));
      }
      continue;
    }
    const char* const at = it;
    const char32_t original = DecodeValid(it);
    const uint16_t flags = original < 0x80 ? 0 : table.Get(original);
    if (max_non_starters > 0 && !non_starters.Add(flags, max_non_starters))
        [[unlikely]] {
      r.stream_unsafe_at = static_cast<size_t>(at - in.data());
      return r;
    }
    const char32_t cp =
        MapCodePoint<kNoteProperties>(rules, table, precis, original, flags, r);
    if (rules.trim) {
      if (cp == U' ') {
        trimmer.Space();
      } else {
        r.code_points += 1 + trimmer.BeforeText(out);
        AppendValid(cp, out);
      }
      continue;
    }
    ++r.code_points;
    if (cp != original) {
      out.append(copied, static_cast<size_t>(at - copied));
      AppendValid(cp, out);
      copied = it;
    }
  }
  if (!rules.trim) out.append(copied, static_cast<size_t>(end - copied));
  return r;
}

// The four mapping rules of RFC 8264 §5.2.1-§5.2.4 on valid UTF-8.
absl::Status ApplyMappings(const MappingRules& rules, std::string_view in,
                           std::string& out, std::string& mapped,
                           std::string& cased) {
  mapped.clear();
  mapped.reserve(in.size());
  const MapResult r = MapCodePoints(rules, in, mapped);
  std::string_view text = mapped;
  bool normalized = r.normalized_as_is;
  if (r.needs_case) {
    cased.clear();
    if (absl::Status s = AppendCaseMapped(rules.case_mapping, mapped, cased);
        !s.ok()) {
      return s;
    }
    text = cased;
    normalized = false;  // case mapping may produce anything: ask ICU
  }
  out.clear();
  if (rules.form == NormalizationForm::kNone || normalized) {
    out.append(text);
    return absl::OkStatus();
  }
  return AppendNormalizedValidUtf8(rules.form, text, out);
}

// True when no mapping rule would change any code point of `cps`, the
// result of ApplyMappings: then applying the rules again is the identity
// (the string is already in the normalization form), so it is stable
// without running them. False means: run them and compare.
bool MappingsAreIdentityOn(const MappingRules& rules, std::u32string_view cps) {
  const CodePointTable<uint16_t>& table = MappingFlagTable();
  for (size_t i = 0; i < cps.size(); ++i) {
    const char32_t cp = cps[i];
    if (cp == U' ') {
      if (rules.TrimRemovesSpace(i == 0, i + 1 == cps.size(),
                                 i > 0 && cps[i - 1] == U' ')) {
        return false;
      }
    } else if (cp < 0x80 ? rules.CaseChangesAscii(cp)
                         : rules.ChangesNonAscii(cp, table.Get(cp))) {
      return false;
    }
  }
  return true;
}

void DecodeInto(std::string_view valid, std::u32string& cps) {
  cps.clear();
  const char* it = valid.data();
  const char* const end = valid.data() + valid.size();
  while (it < end) cps.push_back(DecodeValid(it));
}

// Byte offsets of the code points of valid UTF-8 `s`, plus s.size().
std::vector<size_t> CodePointOffsets(std::string_view s) {
  std::vector<size_t> offsets;
  for (auto it = Utf8CodePoints(s).begin(); it != Utf8CodePoints(s).end();
       ++it) {
    offsets.push_back(it.offset());
  }
  offsets.push_back(s.size());
  return offsets;
}

// The byte offset in `text` of the input code point that produced output
// code point `index`: the shortest input prefix whose mapped form reaches
// past `index`, found by binary search. Only runs on the error path.
size_t SourceOffset(const MappingRules& rules, std::string_view text,
                    size_t index, Scratch& tmp) {
  const std::vector<size_t> offsets = CodePointOffsets(text);
  size_t lo = 1, hi = offsets.size() - 1;  // prefixes of lo..hi code points
  // The scratch buffers (free by now) hold the prefixes' mapped forms, so
  // nothing derived from the input lands in a buffer that is not wiped.
  std::string& mapped = tmp.again;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    size_t count = 0;
    if (ApplyMappings(rules, text.substr(0, offsets[mid]), mapped, tmp.mapped,
                      tmp.cased)
            .ok()) {
      const char* it = mapped.data();
      const char* const end = it + mapped.size();
      for (; it < end; ++count) DecodeValid(it);
    }
    if (count > index) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return offsets[lo - 1];
}

// The code points of the pipeline's output, decoded only when a rule needs
// them as an array (the Bidi Rule, the stability check of ICU's output,
// context rules); Invalidate() whenever the output changes.
class OutputCodePoints {
 public:
  OutputCodePoints(const std::string& out, std::u32string& cps)
      : out_(out), cps_(cps) {}
  const std::u32string& Get() {
    if (!ready_) DecodeInto(out_, cps_);
    ready_ = true;
    return cps_;
  }
  void Invalidate() { ready_ = false; }

 private:
  const std::string& out_;
  std::u32string& cps_;
  bool ready_ = false;
};

// What the mapping steps found out, for the steps after them.
struct Mapped {
  // One pass over the code points did the four mapping rules: no code
  // point needed ICU's case mapping or normalization; `facts` then
  // describes the output (until the stability check replaces it).
  bool one_pass = false;
  MapResult facts{};
};

// RFC 8264 §7 steps 1-4 (width mapping, additional mapping, case mapping,
// normalization) of valid UTF-8 `text` into `out`, with the Stream-Safe
// bound checked on the way (stream_unsafe). Common case: one pass over the
// code points does them all.
Verdict ApplyMappingRules(const Profile& p, const MappingRules& rules,
                          std::string_view text, size_t base, std::string& out,
                          Scratch& tmp, Mapped& mapped) {
  out.clear();
  out.reserve(text.size());
  mapped.facts =
      p.string_class == StringClass::kAnyText
          ? MapCodePoints(rules, text, out, p.max_non_starters)
          : MapCodePoints<true>(rules, text, out, p.max_non_starters);
  if (mapped.facts.stream_unsafe_at != std::string_view::npos) [[unlikely]] {
    const char* mark = text.data() + mapped.facts.stream_unsafe_at;
    return Reject(p, base + mapped.facts.stream_unsafe_at, DecodeValid(mark),
                  Rule::kStreamUnsafe);
  }
  mapped.one_pass =
      !mapped.facts.needs_case &&
      (mapped.facts.normalized_as_is || rules.form == NormalizationForm::kNone);
  if (mapped.one_pass) return {};
  return ApplyMappings(rules, text, out, tmp.mapped, tmp.cased);
}

// RFC 8264 §7 step 5, the directionality rule: under the Bidi Rule
// (RFC 5893), a result with a right-to-left code point must satisfy it.
Verdict ApplyDirectionalityRule(const Profile& p, size_t base,
                                const Mapped& mapped,
                                OutputCodePoints& code_points) {
  if (p.directionality != Directionality::kBidiRule) return {};
  const bool has_rtl =
      mapped.one_pass ? mapped.facts.has_rtl : HasRtl(code_points.Get());
  if (has_rtl && !SatisfiesBidiRule(code_points.Get())) {
    return Reject(p, base, std::nullopt, Rule::kBidiRule);
  }
  return {};
}

// RFC 8264 §7's requirement that the rules be idempotent: applied to their
// own result they change nothing (unstable). With reapply_rules, the rules
// run once more first (precis_i18n's and RFC 8265's repeated application).
Verdict CheckStability(const Profile& p, const MappingRules& rules, size_t base,
                       Mapped& mapped, std::string& out, Scratch& tmp,
                       OutputCodePoints& code_points) {
  const bool known_stable =
      mapped.one_pass ? mapped.facts.rules_idempotent
                      : MappingsAreIdentityOn(rules, code_points.Get());
  if (known_stable) return {};
  std::string& again = tmp.again;
  if (absl::Status s = ApplyMappings(rules, out, again, tmp.mapped, tmp.cased);
      !s.ok()) {
    return s;
  }
  if (again != out && p.reapply_rules) {
    out.swap(again);
    code_points.Invalidate();
    mapped.one_pass = false;  // mapped.facts describe the replaced output
    if (absl::Status s =
            ApplyMappings(rules, out, again, tmp.mapped, tmp.cased);
        !s.ok()) {
      return s;
    }
  }
  if (again != out) return Reject(p, base, std::nullopt, Rule::kUnstable);
  return {};
}

// True, with `code_point_count` set to the length of `out` in code points,
// when the string class of `p` allows every code point of `out` without a
// look at each: a class that allows anything (kAnyText), or a mapping pass
// that wrote `out` and saw only properties the class allows without a
// context rule (it notes them unless the class is kAnyText). Tests:
// StringClass.CheckedInTheMappingPass*, StringClass.CountedInTheMappingPass*.
bool ClassAllowsWithoutLooking(const Profile& p, const Mapped& mapped,
                               std::string_view out, size_t& code_point_count) {
  if (mapped.one_pass &&
      (mapped.facts.properties & ~AllowedProperties(p)) == 0) {
    code_point_count = mapped.facts.code_points;
    return true;
  }
  if (p.string_class != StringClass::kAnyText) return false;
  size_t n = 0;
  for (const char c : out) n += !IsTail(static_cast<uint8_t>(c));
  code_point_count = n;
  return true;
}

// RFC 8264 §7 step 6, the behavioral rules: every code point of the result
// valid in the profile's string class (IdentifierClass or FreeformClass;
// ClassAllowsWithoutLooking answers for the rest), context rules (RFC 5892
// Appendix A) applied where the class says so. Sets `code_point_count` to the
// result's length in code points. A rejection names the code point the caller
// sent (e.g. U+3000, not the U+0020 width mapping made of it), at its offset in
// the caller's bytes.
Verdict ApplyStringClass(const Profile& p, const MappingRules& rules,
                         std::string_view text, size_t base,
                         const std::string& out, Scratch& tmp,
                         OutputCodePoints& code_points,
                         size_t& code_point_count) {
  size_t i = 0;
  const char* it = out.data();
  const char* const end = out.data() + out.size();
  const PrecisClass cls = p.string_class == StringClass::kIdentifier
                              ? PrecisClass::kIdentifier
                              : PrecisClass::kFreeform;
  const CodePointTable<uint8_t>& precis = PrecisTable();
  for (; it < end; ++i) {
    const char* const at_out = it;
    const PrecisDerivation d = PrecisPropertyOf(DecodeValid(it), precis);
    const ClassVerdict v = ClassifyInStringClass(cls, d.property);
    if (v == ClassVerdict::kAllowed) continue;
    Rule rule;
    if (v == ClassVerdict::kNeedsContext) {
      const std::optional<Rule> failed =
          ContextRuleViolation(code_points.Get(), i);
      if (!failed) continue;
      rule = *failed;
    } else {
      rule = DisallowedRule(d.reason);
    }
    // When the mappings left the text as it was, code point i of the
    // result is code point i of the text, at the same byte offset: no need
    // for SourceOffset's search, which maps up to log2(n) prefixes again
    // (most of the cost of rejecting an emoji user name). Tests:
    // Offsets.SameWhetherOrNotTheMappingsChangedTheText.
    const size_t at = out == text ? static_cast<size_t>(at_out - out.data())
                                  : SourceOffset(rules, text, i, tmp);
    const char* source = text.data() + at;
    return Reject(p, base + at, DecodeValid(source), rule);
  }
  code_point_count = i;
  return {};
}

// RFC 8264 §7's steps on valid UTF-8 `text` (the caller's input from byte
// `base` on): the mapping rules, the directionality rule, the stability
// check, the empty check, the string class, the output bounds.
Verdict RunUnicode(const Profile& p, CaseMapping cm, std::string_view text,
                   size_t base, std::string& out) {
  if (!MappingTableOk()) {
    return absl::InternalError(
        "ICU's Unicode property data is unavailable: non-ASCII input cannot "
        "be checked");
  }
  Scratch& tmp = ThreadScratch<Scratch>();
  OutputCodePoints code_points(out, tmp.cps);
  const MappingRules rules = MappingRulesOf(p, cm);
  Mapped mapped;
  Verdict v = ApplyMappingRules(p, rules, text, base, out, tmp, mapped);
  if (!v.ok()) return v;
  v = ApplyDirectionalityRule(p, base, mapped, code_points);
  if (!v.ok()) return v;
  v = CheckStability(p, rules, base, mapped, out, tmp, code_points);
  if (!v.ok()) return v;
  if (out.empty() && p.min_output_bytes > 0) {
    return Reject(p, base, std::nullopt, Rule::kEmpty);
  }
  size_t code_point_count = 0;
  if (!ClassAllowsWithoutLooking(p, mapped, out, code_point_count)) {
    v = ApplyStringClass(p, rules, text, base, out, tmp, code_points,
                         code_point_count);
    if (!v.ok()) return v;
  }
  return CheckOutputBounds(p, out, code_point_count);
}

// Zeroes a buffer's whole capacity (SecureWipe: the compiler keeps it).
template <typename S>
void WipeBuffer(S& s) {
  s.resize(s.capacity());
  SecureWipe(s.data(), s.size() * sizeof(s[0]));
  s.clear();
}

}  // namespace

void ReserveThreadScratch(size_t bytes) {
  Scratch& tmp = ThreadScratch<Scratch>();
  for (std::string* s : {&tmp.mapped, &tmp.cased, &tmp.again}) {
    if (s->capacity() < bytes) {
      WipeBuffer(*s);
      s->reserve(bytes);
    }
  }
  if (tmp.cps.capacity() < bytes) {
    WipeBuffer(tmp.cps);
    tmp.cps.reserve(bytes);
  }
}

void WipeThreadScratch() {
  Scratch& tmp = ThreadScratch<Scratch>();
  WipeBuffer(tmp.mapped);
  WipeBuffer(tmp.cased);
  WipeBuffer(tmp.again);
  WipeBuffer(tmp.cps);
}

bool ProfileKeepsAsIs(const Profile& p, CaseMapping cm, std::string_view text,
                      const CodePointFacts& facts) {
  if (!CheckRepertoire(p, text, 0).ok()) return false;
  if (facts.stream_unsafe_at != std::string_view::npos ||
      text.starts_with(kUtf8Bom) || text.size() > MaxInputBytes(p) ||
      text.empty() || text.size() < p.min_output_bytes ||
      text.size() > p.max_output_bytes ||
      facts.code_points > p.max_output_code_points) {
    return false;
  }
  // In the normalization form already (UAX #15 §9: every code point has
  // Quick_Check=Yes and is a starter).
  const MappingRules rules = MappingRulesOf(p, cm);
  if (!rules.FormKeeps(facts.all_flags)) return false;
  // No code point that a mapping rule or the Bidi Rule looks at.
  uint16_t looked_at = rules.MayChangeFlags();
  if (p.directionality == Directionality::kBidiRule) looked_at |= kRightToLeft;
  if ((facts.any_flags & looked_at) != 0) return false;
  if (rules.LowersAsciiLetters() && facts.ascii_upper) return false;
  if (rules.trim && facts.ascii_space) return false;
  // The string class, without context rules.
  return (facts.properties & ~AllowedProperties(p)) == 0;
}

namespace {

// RunProfileSlowPath without the final clean-up: `out` may hold anything
// when not accepted.
Verdict RunProfileUncleaned(const Profile& p, CaseMapping cm,
                            std::string_view input, std::string& out) {
  if (input.size() > MaxInputBytes(p)) {
    return Reject(p, MaxInputBytes(p), std::nullopt, Rule::kInputTooLong);
  }
  std::string_view text = input;
  size_t base = 0;
  if (!input.empty() && input[0] == kUtf8Bom[0]) {
    const std::optional<BomSplit> split = SplitBom(p.bom, input);
    if (!split) return InProfile(p, BomNotAllowed());
    text = split->text;
    base = split->text_offset;
    // The text after a stripped or ignored BOM may be plain ASCII.
    if (base > 0 && TryAsciiProfile(p, cm, text, out)) return Verdict();
  }
  if (IsAscii(text)) {
    if (Verdict v = CheckRepertoire(p, text, base); !v.ok()) return v;
    return RunAscii(p, cm, text, base, out);
  }

  const Utf8Result utf8 = ValidateUtf8(text);
  if (!utf8.ok()) {
    const Utf8Result in_input{base + utf8.valid_up_to, utf8.kind,
                              utf8.error_len};
    return InProfile(p, Utf8ErrorRejection(input, in_input));
  }
  if (Verdict v = CheckRepertoire(p, text, base); !v.ok()) return v;
  return RunUnicode(p, cm, text, base, out);
}

}  // namespace

Verdict RunProfile(const Profile& p, CaseMapping cm, std::string_view input,
                   std::string& out) {
  if (TryAsciiProfile(p, cm, input, out)) [[likely]] {
    return Verdict();
  }
  return RunProfileSlowPath(p, cm, input, out);
}

Verdict RunProfileSlowPath(const Profile& p, CaseMapping cm,
                           std::string_view input, std::string& out) {
  Verdict v = RunProfileUncleaned(p, cm, input, out);
  if (!v.ok()) [[unlikely]]
    out.clear();
  return v;
}

}  // namespace u8guard::internal
