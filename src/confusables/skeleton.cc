// SPDX-License-Identifier: Apache-2.0
// UTS #39 skeletons and restriction levels through ICU's spoof checker.

#include "src/confusables/skeleton.h"

#include <unicode/uchar.h>
#include <unicode/uspoof.h>
#include <unicode/utypes.h>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "src/common/enum_names.h"
#include "src/common/thread_scratch.h"
#include "src/common/verdict.h"
#include "src/common/warm_up.h"
#include "src/confusables/case_forms.h"
#include "src/confusables/lookalike_table.h"
#include "src/confusables/script_sets.h"
#include "src/confusables/skeleton_table.h"
#include "src/confusables/spoof_checker.h"
#include "src/confusables/visual_order.h"
#include "src/unicode/diacritics.h"
#include "src/utf8/decode_valid.h"
#include "u8guard/match.h"
#include "u8guard/skeleton.h"

namespace u8guard {
namespace {

constexpr internal::EnumName<RestrictionLevel> kRestrictionLevelNames[] = {
    {RestrictionLevel::kAscii, "ascii"},
    {RestrictionLevel::kSingleScriptRestrictive, "single_script_restrictive"},
    {RestrictionLevel::kHighlyRestrictive, "highly_restrictive"},
    {RestrictionLevel::kModeratelyRestrictive, "moderately_restrictive"},
    {RestrictionLevel::kMinimallyRestrictive, "minimally_restrictive"},
    {RestrictionLevel::kUnrestrictive, "unrestrictive"},
};

constexpr internal::EnumName<SkeletonOrder> kSkeletonOrderNames[] = {
    {SkeletonOrder::kLogical, "logical"},
    {SkeletonOrder::kLtr, "ltr"},
    {SkeletonOrder::kRtl, "rtl"},
};

constexpr internal::EnumName<ConfusableExemption> kExemptionNames[] = {
    {ConfusableExemption::kRnM, "rn_m"},
    {ConfusableExemption::kDigits, "digits"},
    {ConfusableExemption::kCapitalI, "capital_i"},
};

}  // namespace

namespace internal {
namespace {

// The skeleton layer's spoof checker (OpenSpoofChecker). The
// restriction-level check with auxiliary information is what makes
// uspoof_check2UTF8 report the level of every string; the level the check
// enforces does not matter, since only the level is read.
const USpoofChecker* Checker() {
  static const USpoofChecker* const checker = []() -> USpoofChecker* {
    USpoofChecker* sc =
        OpenSpoofChecker(USPOOF_RESTRICTION_LEVEL | USPOOF_AUX_INFO);
    if (sc != nullptr) uspoof_setRestrictionLevel(sc, USPOOF_ASCII);
    return sc;
  }();
  return checker;
}

absl::Status CheckLength(std::string_view s) {
  if (s.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    return absl::InvalidArgumentError("string too long for ICU (2 GiB)");
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status IcuSkeletonInto(std::string_view valid_utf8, std::string& out) {
  out.clear();
  const USpoofChecker* sc = Checker();
  if (sc == nullptr) return SpoofCheckerError("open", U_MISSING_RESOURCE_ERROR);
  if (absl::Status s = CheckLength(valid_utf8); !s.ok()) return s;
  // Skeletons are rarely longer than 3 times the input; grow and retry when
  // ICU says the buffer was too small.
  size_t capacity = 3 * valid_utf8.size() + 16;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (capacity > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
      return absl::InvalidArgumentError("skeleton too long for ICU (2 GiB)");
    }
    out.resize(capacity);
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = uspoof_getSkeletonUTF8(
        sc, 0, valid_utf8.data(), static_cast<int32_t>(valid_utf8.size()),
        out.data(), static_cast<int32_t>(out.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      capacity = static_cast<size_t>(n) + 1;
      continue;
    }
    if (U_FAILURE(status)) {
      out.clear();
      return SpoofCheckerError("skeleton", status);
    }
    out.resize(static_cast<size_t>(n));
    return absl::OkStatus();
  }
  out.clear();
  return SpoofCheckerError("skeleton", U_BUFFER_OVERFLOW_ERROR);
}

namespace {

// UTS #39 skeletons are computed code point by code point (NFD, each code
// point replaced by its prototype, NFD again). For ASCII input whose
// characters all have ASCII prototypes, the skeleton is therefore the
// concatenation of the characters' skeletons, and the final NFD changes
// nothing. This table holds those 128 skeletons, taken from ICU at first use.
struct AsciiSkeletons {
  static constexpr size_t kMax = 4;  // longest skeleton kept (bytes)
  // The character's skeleton, padded with zeros, and its length.
  char of[128][kMax] = {};
  uint8_t size[128] = {};
  // The character's skeleton is ASCII and at most kMax bytes (false, e.g.,
  // for '%', whose prototype is not ASCII: a string holding one is left to
  // ICU).
  bool ascii[128] = {};
};

const AsciiSkeletons& AsciiSkeletonTable() {
  static const AsciiSkeletons* const kTable = [] {
    auto* t = new AsciiSkeletons;
    std::string skeleton;
    for (int c = 0; c < 128; ++c) {
      const char ch = static_cast<char>(c);
      if (!IcuSkeletonInto(std::string_view(&ch, 1), skeleton).ok()) continue;
      if (skeleton.size() > AsciiSkeletons::kMax) continue;
      t->ascii[c] = true;
      for (char k : skeleton) {
        t->ascii[c] &= static_cast<unsigned char>(k) < 0x80;
      }
      std::memcpy(t->of[c], skeleton.data(), skeleton.size());
      t->size[c] = static_cast<uint8_t>(skeleton.size());
    }
    return t;
  }();
  return *kTable;
}

// `s` without the U+0307 that follow a Soft_Dotted code point directly, or
// empty (and false) when it holds none.
bool DropRedundantDotsAbove(std::string_view s, std::string& out) {
  constexpr std::string_view kDotAbove = "\xCC\x87";
  if (s.find(kDotAbove) == std::string_view::npos) return false;
  out.clear();
  bool dropped = false;
  char32_t previous = 0;
  const char* it = s.data();
  const char* const end = s.data() + s.size();
  while (it < end) {
    const char* const at = it;
    const char32_t cp = DecodeValid(it);
    if (cp == 0x307 && u_hasBinaryProperty(static_cast<UChar32>(previous),
                                           UCHAR_SOFT_DOTTED)) {
      dropped = true;
      previous = cp;  // a second dot above is not redundant: it stays
      continue;
    }
    out.append(at, static_cast<size_t>(it - at));
    previous = cp;
  }
  return dropped;
}

struct SkeletonScratch {
  std::string undotted, part, form, lowered, skeleton;
};

// The key in visual order, apart from SkeletonScratch: LookalikeSkeletonsInto
// holds it while SkeletonInto uses SkeletonScratch.
struct VisualScratch {
  std::string visual;
};

// u8guard's own skeleton engine (skeleton_table.h): the same bytes as
// ICU's skeleton (tests/confusables/skeleton_table_test.cc, the fuzz
// stage), in time linear in the input.
absl::Status NonAsciiSkeletonInto(std::string_view valid_utf8,
                                  std::string& out) {
  out.clear();
  const SkeletonTable* table = SkeletonTable::Get();
  if (table == nullptr)
    return SpoofCheckerError("open", U_MISSING_RESOURCE_ERROR);
  if (absl::Status s = table->AppendSkeleton(valid_utf8, out); !s.ok()) {
    out.clear();
    return s;
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status SkeletonInto(std::string_view valid_utf8, std::string& out) {
  const AsciiSkeletons& table = AsciiSkeletonTable();
  bool from_table = true;
  for (char c : valid_utf8) {
    const auto b = static_cast<unsigned char>(c);
    from_table &= b < 0x80 && table.ascii[b];
  }
  if (!from_table) {
    std::string& undotted = ThreadScratch<SkeletonScratch>().undotted;
    if (DropRedundantDotsAbove(valid_utf8, undotted)) {
      return NonAsciiSkeletonInto(undotted, out);
    }
    return NonAsciiSkeletonInto(valid_utf8, out);
  }
  // Each character's kMax bytes are copied whole (one store) and the write
  // position advances by its skeleton's length.
  out.resize(valid_utf8.size() * AsciiSkeletons::kMax);
  char* p = out.data();
  for (char c : valid_utf8) {
    const auto b = static_cast<unsigned char>(c);
    std::memcpy(p, table.of[b], AsciiSkeletons::kMax);
    p += table.size[b];
  }
  out.resize(static_cast<size_t>(p - out.data()));
  return absl::OkStatus();
}

SkeletonExemptions::SkeletonExemptions(
    const std::vector<ConfusableExemption>& list) {
  for (const ConfusableExemption e : list) {
    switch (e) {
      case ConfusableExemption::kRnM:
        keep_.set('m');
        break;
      case ConfusableExemption::kDigits:
        for (char d = '0'; d <= '9'; ++d) keep_.set(static_cast<size_t>(d));
        break;
      case ConfusableExemption::kCapitalI:
        keep_.set('I');
        break;
    }
  }
}

namespace {

// The characters an exemption can keep ('I', 'm', the digits), and, for
// each code point outside ASCII that stands for one of them, which: the
// same general category and the same UTS #39 skeleton (Cyrillic and Greek
// capital I for 'I', Arabic-Indic one for '1'). Computed once from ICU, on
// the first exempted skeleton of a string that is not ASCII.
const absl::flat_hash_map<char32_t, char>& StandIns() {
  static const auto* const table = [] {
    auto* out = new absl::flat_hash_map<char32_t, char>();
    constexpr std::string_view kKeepable = "Im0123456789";
    std::string skeleton;
    std::string kept_skeletons[kKeepable.size()];
    for (size_t k = 0; k < kKeepable.size(); ++k) {
      if (!IcuSkeletonInto(kKeepable.substr(k, 1), kept_skeletons[k]).ok()) {
        return out;  // no spoof data: nothing stands in (ICU reports it)
      }
    }
    std::string utf8;
    for (char32_t cp = 0x80; cp <= 0x10FFFF; ++cp) {
      const int8_t category = u_charType(static_cast<UChar32>(cp));
      if (category != U_UPPERCASE_LETTER && category != U_LOWERCASE_LETTER &&
          category != U_DECIMAL_DIGIT_NUMBER) {
        continue;
      }
      utf8.clear();
      AppendValid(cp, utf8);
      if (!IcuSkeletonInto(utf8, skeleton).ok()) continue;
      for (size_t k = 0; k < kKeepable.size(); ++k) {
        if (skeleton == kept_skeletons[k] &&
            category == u_charType(static_cast<UChar32>(kKeepable[k]))) {
          out->emplace(cp, kKeepable[k]);
          break;
        }
      }
    }
    return out;
  }();
  return *table;
}

}  // namespace

char SkeletonExemptions::KeptAs(char32_t cp) const {
  if (cp < 0x80) {
    const auto c = static_cast<char>(cp);
    return Keeps(c) ? c : '\0';
  }
  const auto& stand_ins = StandIns();
  const auto it = stand_ins.find(cp);
  return it != stand_ins.end() && Keeps(it->second) ? it->second : '\0';
}

absl::Status SkeletonInto(std::string_view valid_utf8,
                          const SkeletonExemptions& exempt, std::string& out) {
  if (exempt.empty()) return SkeletonInto(valid_utf8, out);
  out.clear();
  std::string& part = ThreadScratch<SkeletonScratch>().part;
  const char* const begin = valid_utf8.data();
  const char* const end = begin + valid_utf8.size();
  const char* start = begin;  // of the part not yet skeletonized
  const char* p = begin;
  while (true) {
    const char* const at = p;
    char kept = 0;
    if (p < end) {
      kept = exempt.KeptAs(DecodeValid(p));
      if (kept == 0) continue;
    }
    if (at > start) {
      if (absl::Status s = SkeletonInto(
              std::string_view(start, static_cast<size_t>(at - start)), part);
          !s.ok()) {
        out.clear();
        return s;
      }
      out += part;
    }
    if (at == end) break;
    out += kept;
    start = p;
  }
  return absl::OkStatus();
}

bool LookalikeSkeletons::Contains(std::string_view s) const {
  for (size_t i = 0; i < size; ++i) {
    if (skeleton[i] == s) return true;
  }
  return false;
}

absl::Status FoldedSkeletonInto(std::string_view valid_utf8,
                                const SkeletonExemptions& exempt,
                                std::string& out) {
  SkeletonScratch& scratch = ThreadScratch<SkeletonScratch>();
  if (absl::Status s = SkeletonInto(valid_utf8, exempt, scratch.skeleton);
      !s.ok()) {
    out.clear();
    return s;
  }
  LowerInto(scratch.skeleton, scratch.lowered);
  return SkeletonInto(scratch.lowered, exempt, out);
}

absl::Status BidiSkeletonInto(std::string_view valid_utf8, SkeletonOrder order,
                              std::string& out) {
  if (order == SkeletonOrder::kLogical) return SkeletonInto(valid_utf8, out);
  std::string& visual = ThreadScratch<VisualScratch>().visual;
  if (absl::Status s = VisualOrderInto(valid_utf8, order, visual); !s.ok()) {
    out.clear();
    return s;
  }
  return SkeletonInto(visual, out);
}

absl::Status StepwiseLookalikeSkeletonsInto(std::string_view key,
                                            const SkeletonExemptions& exempt,
                                            LookalikeSkeletons& out) {
  out.size = 0;
  std::string& first = out.skeleton[0];
  if (absl::Status s = SkeletonInto(key, exempt, first); !s.ok()) return s;
  out.size = 1;
  std::string& capitals = ThreadScratch<SkeletonScratch>().form;
  CapitalsInto(key, capitals);
  std::string& folded = out.skeleton[1];
  if (absl::Status s = FoldedSkeletonInto(capitals, exempt, folded); !s.ok()) {
    out.size = 0;
    return s;
  }
  if (folded != first) {
    out.size = 2;
  } else {
    folded.clear();
  }
  return absl::OkStatus();
}

absl::Status LookalikeSkeletonsInto(std::string_view key,
                                    LookalikeSkeletons& out,
                                    const LookalikeShape& shape) {
  out.size = 0;
  if (shape.order != SkeletonOrder::kLogical) {
    std::string& visual = ThreadScratch<VisualScratch>().visual;
    if (absl::Status s = VisualOrderInto(key, shape.order, visual); !s.ok()) {
      return s;
    }
    key = visual;
  }
  // Both skeletons in one pass where every code point allows it (most
  // keys), once the process has asked often enough for the table to pay
  // for its build; otherwise step by step.
  if (shape.exempt.empty() && TablesWarmUp().Ready()) {
    const LookalikeTable* table = LookalikeTable::Get();
    if (table != nullptr &&
        table->SkeletonsInto(key, out.skeleton[0], out.skeleton[1])) {
      out.size = 2;
      if (out.skeleton[1] == out.skeleton[0]) {
        out.skeleton[1].clear();
        out.size = 1;
      }
      return absl::OkStatus();
    }
  }
  return StepwiseLookalikeSkeletonsInto(key, shape.exempt, out);
}

absl::StatusOr<RestrictionLevel> RestrictionLevelOfValid(
    std::string_view valid_utf8) {
  const ScriptSetTable* table =
      TablesWarmUp().Ready() ? ScriptSetTable::Get() : nullptr;
  if (table == nullptr) return IcuRestrictionLevelOfValid(valid_utf8);
  return table->LevelOf(valid_utf8);
}

absl::StatusOr<RestrictionLevel> IcuRestrictionLevelOfValid(
    std::string_view valid_utf8) {
  const USpoofChecker* sc = Checker();
  if (sc == nullptr) return SpoofCheckerError("open", U_MISSING_RESOURCE_ERROR);
  if (absl::Status s = CheckLength(valid_utf8); !s.ok()) return s;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<USpoofCheckResult, SpoofResultDeleter> result(
      uspoof_openCheckResult(&status));
  if (U_FAILURE(status)) return SpoofCheckerError("open result", status);
  uspoof_check2UTF8(sc, valid_utf8.data(),
                    static_cast<int32_t>(valid_utf8.size()), result.get(),
                    &status);
  const URestrictionLevel level =
      uspoof_getCheckResultRestrictionLevel(result.get(), &status);
  if (U_FAILURE(status)) return SpoofCheckerError("check", status);
  switch (level) {
    case USPOOF_ASCII:
      return RestrictionLevel::kAscii;
    case USPOOF_SINGLE_SCRIPT_RESTRICTIVE:
      return RestrictionLevel::kSingleScriptRestrictive;
    case USPOOF_HIGHLY_RESTRICTIVE:
      return RestrictionLevel::kHighlyRestrictive;
    case USPOOF_MODERATELY_RESTRICTIVE:
      return RestrictionLevel::kModeratelyRestrictive;
    case USPOOF_MINIMALLY_RESTRICTIVE:
      return RestrictionLevel::kMinimallyRestrictive;
    case USPOOF_UNRESTRICTIVE:
      return RestrictionLevel::kUnrestrictive;
    default:
      return SpoofCheckerError("restriction level", U_INTERNAL_PROGRAM_ERROR);
  }
}

}  // namespace internal

void BuildTables() {
  internal::SkeletonTable::Get();
  internal::LookalikeTable::Get();  // and the case forms' tables
  internal::ScriptSetTable::Get();
  internal::DiacriticsTable::Get();
  (void)internal::SkeletonExemptions({ConfusableExemption::kDigits})
      .KeptAs(U'\u0661');  // the stand-ins of exempted characters
  internal::TablesWarmUp().SetReady();
}

std::string_view ConfusableExemptionName(ConfusableExemption e) {
  return internal::NameIn(kExemptionNames, e);
}

absl::StatusOr<ConfusableExemption> ParseConfusableExemption(
    std::string_view name) {
  return internal::ParseIn(kExemptionNames, "confusable exemption", name);
}

std::string_view RestrictionLevelName(RestrictionLevel level) {
  return internal::NameIn(kRestrictionLevelNames, level);
}

absl::StatusOr<RestrictionLevel> ParseRestrictionLevel(std::string_view name) {
  return internal::ParseIn(kRestrictionLevelNames, "restriction level", name);
}

absl::StatusOr<std::string> ConfusableSkeleton(const Profile& profile,
                                               std::string_view bytes) {
  absl::StatusOr<std::string> key = Canonicalize(profile, bytes);
  if (!key.ok()) return key.status();
  std::string skeleton;
  if (absl::Status s = internal::SkeletonInto(*key, skeleton); !s.ok()) {
    return s;
  }
  return skeleton;
}

absl::StatusOr<std::vector<std::string>> LookalikeSkeletons(
    const Profile& profile, std::string_view bytes, SkeletonOrder order) {
  absl::StatusOr<std::string> key = Canonicalize(profile, bytes);
  if (!key.ok()) return key.status();
  internal::LookalikeSkeletons found;
  internal::LookalikeShape shape;
  shape.order = order;
  if (absl::Status s = internal::LookalikeSkeletonsInto(*key, found, shape);
      !s.ok()) {
    return s;
  }
  return std::vector<std::string>(
      std::make_move_iterator(found.skeleton),
      std::make_move_iterator(found.skeleton + found.size));
}

std::string_view SkeletonOrderName(SkeletonOrder order) {
  return internal::NameIn(kSkeletonOrderNames, order);
}

absl::StatusOr<SkeletonOrder> ParseSkeletonOrder(std::string_view name) {
  return internal::ParseIn(kSkeletonOrderNames, "skeleton order", name);
}

absl::StatusOr<std::string> BidiSkeleton(const Profile& profile,
                                         SkeletonOrder order,
                                         std::string_view bytes) {
  absl::StatusOr<std::string> key = Canonicalize(profile, bytes);
  if (!key.ok()) return key.status();
  std::string skeleton;
  if (absl::Status s = internal::BidiSkeletonInto(*key, order, skeleton);
      !s.ok()) {
    return s;
  }
  return skeleton;
}

absl::StatusOr<RestrictionLevel> RestrictionLevelOf(const Profile& profile,
                                                    std::string_view bytes) {
  absl::StatusOr<std::string> key = Canonicalize(profile, bytes);
  if (!key.ok()) return key.status();
  return internal::RestrictionLevelOfValid(*key);
}

}  // namespace u8guard
