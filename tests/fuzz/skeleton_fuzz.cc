// SPDX-License-Identifier: Apache-2.0
// Fuzz target: skeletons, look-alike keys and registration decisions in
// time linear in their input, the linear skeleton equal to ICU's, and one
// registration verdict per key (the verdict once depended on the case a
// name was typed in).
//
// The input is repeated up to 128 KiB before the operations run, so that a
// short pattern whose cost grows faster than its length (an outside review
// found "a" + (U+0E4D U+0316) * n: 66 s at 800 KB) takes seconds and
// trips libFuzzer's per-input time-out (-timeout, tests/fuzz/
// CMakeLists.txt) instead of hiding in short inputs. The first byte picks
// the profile; inputs that are not valid UTF-8 are made so by dropping
// what is ill-formed (u8guard's lossy decoder would insert U+FFFD).
// Checked on every input: u8guard's skeleton engine (SkeletonTable) and
// LinearSkeletonInto equal ICU's skeleton on the input before repetition
// (ICU is quick there), and so does the visual order of the input in each
// paragraph direction (VisualOrderInto, whose shortcut skips ICU, against
// ICU's bidi algorithm on every input); the one-pass look-alike skeletons
// (LookalikeTable) equal the step-by-step ones on the input and its lower
// case; the input in lower case, capitals and title case, where the profile
// gives it the input's key and accepts its enforced form, gets the input's
// verdict from a registry with a few names; every operation returns a result or
// a Status and never crashes.

#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "src/confusables/case_forms.h"
#include "src/confusables/lookalike_table.h"
#include "src/confusables/skeleton.h"
#include "src/confusables/skeleton_linear.h"
#include "src/confusables/skeleton_table.h"
#include "src/confusables/visual_order.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/acl.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/skeleton.h"
#include "u8guard/utf8.h"

namespace {

constexpr size_t kRepeatedBytes = 128 << 10;

constexpr const char* kProfiles[] = {
    "username-case-mapped", "username-case-preserved", "nickname",
    "opaque-string",        "freeform-class",          "text-document"};

// The valid UTF-8 of `data`: what is ill-formed is left out.
std::string ValidPart(std::string_view data) {
  std::string out;
  while (!data.empty()) {
    const u8guard::Utf8Result r = u8guard::ValidateUtf8(data);
    if (r.ok()) {
      out.append(data);
      break;
    }
    out.append(data.substr(0, r.valid_up_to));
    const size_t skip = r.valid_up_to + (r.error_len == 0 ? 1 : r.error_len);
    data.remove_prefix(skip < data.size() ? skip : data.size());
  }
  return out;
}

// `s` in lower case (0), capitals (1) or title case (2), ICU's root locale.
std::string CaseOf(const std::string& s, int form) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(s.data(), static_cast<int32_t>(s.size())));
  if (form == 0) u.toLower(icu::Locale::getRoot());
  if (form == 1) u.toUpper(icu::Locale::getRoot());
  if (form == 2) u.toTitle(nullptr, icu::Locale::getRoot());
  std::string out;
  u.toUTF8String(out);
  return out;
}

std::string Verdict(const absl::StatusOr<u8guard::RegistrationDecision>& d) {
  if (!d.ok()) return std::string(d.status().message());
  return std::string(u8guard::RegistrationOutcomeName(d->outcome)) + " " +
         d->conflict + " " + d->shared_key;
}

// Aborts when a case variant of `name` with its key gets another verdict.
void CheckOneVerdictPerKey(const u8guard::Profile& profile,
                           const std::string& name) {
  const absl::StatusOr<std::string> key = u8guard::Canonicalize(profile, name);
  if (!key.ok() || !u8guard::Enforce(profile, name).ok()) return;
  static const std::vector<std::string> kTaken = {"GOOGLE", "paypal", "Zoe"};
  u8guard::Registry registry(profile);
  for (const std::string& t : kTaken) (void)registry.Add(t);
  const std::string verdict = Verdict(registry.Decide(name));
  for (int form = 0; form < 3; ++form) {
    const std::string variant = CaseOf(name, form);
    const absl::StatusOr<std::string> k =
        u8guard::Canonicalize(profile, variant);
    if (!k.ok() || *k != *key || !u8guard::Enforce(profile, variant).ok()) {
      continue;
    }
    const std::string other = Verdict(registry.Decide(variant));
    if (other != verdict) {
      std::fprintf(stderr, "one key, two verdicts: \"%s\" %s; \"%s\" %s\n",
                   name.c_str(), verdict.c_str(), variant.c_str(),
                   other.c_str());
      std::abort();
    }
  }
}

// Whether `valid_utf8` holds a paragraph separator (bidi class B).
bool HasParagraphSeparator(std::string_view valid_utf8) {
  const char* p = valid_utf8.data();
  const char* const end = p + valid_utf8.size();
  while (p < end) {
    const char32_t c = u8guard::internal::DecodeValid(p);
    if (u_charDirection(static_cast<UChar32>(c)) == U_BLOCK_SEPARATOR) {
      return true;
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const u8guard::Profile& profile =
      **u8guard::FindBuiltinProfile(kProfiles[data[0] % std::size(kProfiles)]);
  const std::string unit = ValidPart(
      std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
  if (unit.empty()) return 0;

  std::string linear, engine, icu;
  if (u8guard::internal::IcuSkeletonInto(unit, icu).ok()) {
    if (u8guard::internal::LinearSkeletonInto(unit, linear).ok() &&
        linear != icu) {
      std::fprintf(stderr, "LinearSkeletonInto differs from ICU's skeleton\n");
      std::abort();
    }
    // The engine itself: SkeletonInto also drops a dot above that only
    // repeats a Soft_Dotted letter's dot (skeleton.h), where ICU keeps it.
    const u8guard::internal::SkeletonTable* table =
        u8guard::internal::SkeletonTable::Get();
    if (table != nullptr && table->AppendSkeleton(unit, engine).ok() &&
        engine != icu) {
      std::fprintf(stderr, "the skeleton engine differs from ICU's\n");
      std::abort();
    }
  }

  // The one-pass look-alike skeletons (LookalikeTable) against the step by
  // step ones, on the input and on the input in lower case (a key's case
  // under the case-mapped profiles).
  std::string lowered;
  u8guard::internal::LowerInto(unit, lowered);
  const u8guard::internal::LookalikeTable* fused_table =
      u8guard::internal::LookalikeTable::Get();
  for (const std::string_view s :
       {std::string_view(unit), std::string_view(lowered)}) {
    u8guard::internal::LookalikeSkeletons stepwise;
    std::string skeleton, folded;
    if (fused_table != nullptr &&
        fused_table->SkeletonsInto(s, skeleton, folded) &&
        u8guard::internal::StepwiseLookalikeSkeletonsInto(s, {}, stepwise)
            .ok() &&
        (skeleton != stepwise.skeleton[0] ||
         folded != (stepwise.size == 2 ? stepwise.skeleton[1]
                                       : stepwise.skeleton[0]))) {
      std::fprintf(stderr, "the one-pass look-alike skeletons differ\n");
      std::abort();
    }
  }

  for (const u8guard::SkeletonOrder order :
       {u8guard::SkeletonOrder::kLtr, u8guard::SkeletonOrder::kRtl}) {
    std::string ours, theirs;
    if (u8guard::internal::VisualOrderInto(unit, order, ours).ok() &&
        u8guard::internal::IcuVisualOrderInto(unit, order, theirs).ok() &&
        ours != theirs) {
      std::fprintf(stderr, "VisualOrderInto differs from ICU's bidi order\n");
      std::abort();
    }
  }

  if (unit.size() <= 256) CheckOneVerdictPerKey(profile, unit);

  std::string repeated;
  while (repeated.size() + unit.size() <= kRepeatedBytes) repeated += unit;
  (void)u8guard::ConfusableSkeleton(profile, repeated);
  (void)u8guard::LookalikeSkeletons(profile, repeated);
  // Not over paragraph separators: ICU's ubidi_setPara reallocates its
  // paragraph table at each one, which ASan's realloc (a copy every time)
  // makes quadratic in their number (over two minutes for 128 KiB of
  // U+001C U+0000, the seed skeleton_text_document_many_paragraphs) where
  // glibc's grows in place (1 MiB of it in 52 ms in Release). The
  // repetition is there for u8guard's own code; the unit itself went
  // through ICU's bidi above.
  if (!HasParagraphSeparator(unit)) {
    (void)u8guard::BidiSkeleton(profile, u8guard::SkeletonOrder::kRtl,
                                repeated);
  }
  u8guard::Registry registry(profile);
  (void)registry.Add("admin");
  (void)registry.Decide(repeated);
  const absl::StatusOr<u8guard::DenyList> deny =
      u8guard::DenyList::Build(profile, {"paypal", repeated});
  if (deny.ok()) (void)deny->Resembles(repeated);
  return 0;
}
