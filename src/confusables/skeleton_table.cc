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
#include <utility>

#include "absl/container/flat_hash_map.h"
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

// Collects the skeletons while the trie is built, each distinct one once.
class TableBuilder {
 public:
  explicit TableBuilder(const icu::Normalizer2& nfd) : nfd_(nfd) {
    skeletons_.push_back('\0');  // offset 0 is never a skeleton's
  }

  // The value of `cp` (SkeletonTable's encoding); sets failed() when ICU
  // fails or a skeleton does not fit the encoding.
  uint32_t ValueOf(UChar32 cp) {
    const int8_t type = u_charType(cp);
    // Unassigned, private-use and surrogate code points have no
    // decomposition, class 0 and no confusable mapping (the tests compare
    // every code point with ICU).
    if (failed_ || type == U_UNASSIGNED || type == U_PRIVATE_USE_CHAR ||
        type == U_SURROGATE) {
      return 0;
    }
    one_.clear();
    AppendValid(static_cast<char32_t>(cp), one_);
    if (!IcuSkeletonInto(one_, skeleton_).ok()) {
      failed_ = true;
      return 0;
    }
    const bool plain = !skeleton_.empty() && AllStarters(skeleton_) &&
                       DecomposesToStarters(nfd_, cp);
    if (plain && skeleton_ == one_) return 0;
    if (skeleton_.size() > SkeletonTable::kLengthMask) {
      failed_ = true;
      return 0;
    }
    auto [it, added] = offsets_.try_emplace(skeleton_, skeletons_.size());
    if (added) skeletons_ += skeleton_;
    if (it->second >= (size_t{1} << (31 - SkeletonTable::kOffsetShift))) {
      failed_ = true;
      return 0;
    }
    return (plain ? SkeletonTable::kPlain : 0) |
           static_cast<uint32_t>(it->second << SkeletonTable::kOffsetShift) |
           static_cast<uint32_t>(skeleton_.size());
  }

  bool failed() const { return failed_; }
  std::string TakeSkeletons() { return std::move(skeletons_); }

 private:
  const icu::Normalizer2& nfd_;
  std::string skeletons_, one_, skeleton_;
  absl::flat_hash_map<std::string, size_t> offsets_;
  bool failed_ = false;
};

struct PieceScratch {
  std::string piece;
};

}  // namespace

const SkeletonTable* SkeletonTable::Get() {
  static const SkeletonTable* const table = []() -> const SkeletonTable* {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
    if (U_FAILURE(status)) return nullptr;
    TableBuilder builder(*nfd);
    const CodePointTable<uint32_t>* values = CodePointTable<uint32_t>::Build(
        [&builder](UChar32 cp) { return builder.ValueOf(cp); });
    if (values == nullptr || builder.failed()) return nullptr;
    return new SkeletonTable(values, builder.TakeSkeletons());
  }();
  return table;
}

void SkeletonTable::AppendPrototype(char32_t cp, std::u32string& out) const {
  const uint32_t value = values_->Get(cp);
  if (value == 0) {
    out += cp;
    return;
  }
  const std::string_view s = SkeletonOf(value);
  for (const char *p = s.data(), *end = p + s.size(); p < end;) {
    out += DecodeValid(p);
  }
}

absl::Status SkeletonTable::AppendPiece(const char* begin, const char* end,
                                        size_t count, uint32_t last_value,
                                        std::string& out) const {
  if (count == 1) {
    out += SkeletonOf(last_value);
    return absl::OkStatus();
  }
  std::string& piece = ThreadScratch<PieceScratch>().piece;
  if (absl::Status s = LinearSkeletonInto(
          std::string_view(begin, static_cast<size_t>(end - begin)), piece);
      !s.ok()) {
    return s;
  }
  out += piece;
  return absl::OkStatus();
}

absl::Status SkeletonTable::AppendSkeleton(std::string_view valid_utf8,
                                           std::string& out) const {
  const char* p = valid_utf8.data();
  const char* const end = p + valid_utf8.size();
  const char* piece = p;  // the piece of code points that are not plain
  size_t count = 0;       // code points in it
  uint32_t last_value = 0;
  while (p < end) {
    const char* const at = p;
    const uint32_t value = values_->Get(DecodeValid(p));
    if (value != 0 && (value & kPlain) == 0) {
      if (count++ == 0) piece = at;
      last_value = value;
      continue;
    }
    if (count != 0) {
      if (absl::Status s = AppendPiece(piece, at, count, last_value, out);
          !s.ok()) {
        return s;
      }
      count = 0;
    }
    if (value == 0) {
      out.append(at, static_cast<size_t>(p - at));
    } else {
      out += SkeletonOf(value);
    }
  }
  if (count != 0) return AppendPiece(piece, end, count, last_value, out);
  return absl::OkStatus();
}

}  // namespace u8guard::internal
