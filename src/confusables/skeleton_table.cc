// SPDX-License-Identifier: Apache-2.0
// u8guard's own UTS #39 skeleton engine: a per-code-point table of
// skeletons taken from ICU, and the pieces between plain code points.

#include "src/confusables/skeleton_table.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "src/common/thread_scratch.h"
#include "src/confusables/skeleton.h"
#include "src/confusables/skeleton_linear.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

// True when every code point of `s` (valid UTF-8) has canonical combining
// class 0.
bool AllStarters(std::string_view s) {
  for (const char *p = s.data(), *end = p + s.size(); p < end;) {
    if (u_getCombiningClass(static_cast<UChar32>(DecodeValid(p))) != 0) {
      return false;
    }
  }
  return true;
}

// True when the NFD of `cp` is a run of starters (class 0).
bool DecomposesToStarters(const icu::Normalizer2& nfd, UChar32 cp) {
  icu::UnicodeString d;
  if (!nfd.getDecomposition(cp, d)) return u_getCombiningClass(cp) == 0;
  for (int32_t i = 0; i < d.length();) {
    const UChar32 c = d.char32At(i);
    i += U16_LENGTH(c);
    if (u_getCombiningClass(c) != 0) return false;
  }
  return true;
}

// Whether `cp` is plain, given its skeleton.
bool IsPlain(const icu::Normalizer2& nfd, UChar32 cp,
             std::string_view skeleton) {
  return !skeleton.empty() && AllStarters(skeleton) &&
         DecomposesToStarters(nfd, cp);
}

struct PieceScratch {
  std::string piece;
};

}  // namespace

bool IsOwnSkeletonUnasked(char32_t cp) {
  const auto c = static_cast<UChar32>(cp);
  const int8_t type = u_charType(c);
  return (type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR ||
          type == U_SURROGATE) &&
         !u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

const SkeletonTable* SkeletonTable::Get() {
  static const SkeletonTable* const table = []() -> const SkeletonTable* {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
    if (U_FAILURE(status)) return nullptr;
    std::string one;
    const CodePointStrings* skeletons = CodePointStrings::Build(
        [&](UChar32 cp, std::string& skeleton, bool& plain) {
          // (The tests compare every code point with ICU.)
          if (IsOwnSkeletonUnasked(static_cast<char32_t>(cp))) {
            return CodePointStrings::Image::kSelf;
          }
          one.clear();
          AppendValid(static_cast<char32_t>(cp), one);
          if (!IcuSkeletonInto(one, skeleton).ok()) {
            return CodePointStrings::Image::kFailed;
          }
          plain = IsPlain(*nfd, cp, skeleton);
          return plain && skeleton == one ? CodePointStrings::Image::kSelf
                                          : CodePointStrings::Image::kMapped;
        });
    if (skeletons == nullptr) return nullptr;
    return new SkeletonTable(skeletons);
  }();
  return table;
}

void SkeletonTable::AppendPrototype(char32_t cp, std::u32string& out) const {
  const uint32_t value = skeletons_->Value(cp);
  if (value == 0) {
    out += cp;
    return;
  }
  const std::string_view s = skeletons_->ImageOf(value);
  for (const char *p = s.data(), *end = p + s.size(); p < end;) {
    out += DecodeValid(p);
  }
}

absl::StatusOr<char*> SkeletonTable::AppendPiece(const char* begin,
                                                 const char* end, size_t count,
                                                 uint32_t last_value,
                                                 SizedAppender& writer,
                                                 char* w) const {
  if (count == 1) {
    return SizedAppender::AppendImage(w, skeletons_->ImageOf(last_value));
  }
  std::string& piece = ThreadScratch<PieceScratch>().piece;
  if (absl::Status s = LinearSkeletonInto(
          std::string_view(begin, static_cast<size_t>(end - begin)), piece);
      !s.ok()) {
    return s;
  }
  // A piece's skeleton is as long as its code points' skeletons together
  // (NFD only reorders), so it fits the reservation.
  return writer.AppendChecked(w, piece);
}

absl::Status SkeletonTable::AppendSkeleton(std::string_view valid_utf8,
                                           std::string& out) const {
  const char* p = valid_utf8.data();
  const char* const end = p + valid_utf8.size();
  // Reserved once: a string of n bytes has a skeleton of at most n *
  // max_expansion() bytes, pieces included.
  SizedAppender writer(out);
  char* w = writer.Reserve(valid_utf8.size() * skeletons_->max_expansion());
  const char* piece = p;  // the piece of code points that are not plain
  size_t count = 0;       // code points in it
  uint32_t last_value = 0;
  while (p < end) {
    const char* const at = p;
    const uint32_t value = skeletons_->Value(DecodeValid(p));
    if (value != 0 && !CodePointStrings::Flag(value)) {
      if (count++ == 0) piece = at;
      last_value = value;
      continue;
    }
    if (count != 0) {
      absl::StatusOr<char*> after =
          AppendPiece(piece, at, count, last_value, writer, w);
      if (!after.ok()) return after.status();
      w = *after;
      count = 0;
    }
    if (value == 0) {
      w = SizedAppender::AppendCodePoint(w, at, static_cast<size_t>(p - at));
    } else {
      w = SizedAppender::AppendImage(w, skeletons_->ImageOf(value));
    }
  }
  if (count != 0) {
    absl::StatusOr<char*> after =
        AppendPiece(piece, end, count, last_value, writer, w);
    if (!after.ok()) return after.status();
    w = *after;
  }
  writer.Finish(w);
  return absl::OkStatus();
}

}  // namespace u8guard::internal
