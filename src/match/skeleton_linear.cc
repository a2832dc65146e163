// SPDX-License-Identifier: Apache-2.0
// UTS #39 skeletons without ICU's quadratic reordering of long mark runs.

#include "src/match/skeleton_linear.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "src/common/thread_scratch.h"
#include "src/match/skeleton.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

// The most prototypes a thread keeps: a name uses a few dozen code points,
// a hostile text at most all of them; past the bound the cache starts over,
// so its memory stays under a few hundred KiB.
constexpr size_t kMaxCachedPrototypes = 4096;

struct LinearScratch {
  absl::flat_hash_map<char32_t, std::u32string> prototypes;
  std::u32string decomposed, mapped;
  std::string one;
};

// Sorts each run of code points with a nonzero canonical combining class by
// that class, keeping the order of equal classes: the canonical ordering of
// Unicode 3.11 (D109), which is what NFD does after decomposing.
void CanonicalOrder(std::u32string& s) {
  size_t i = 0;
  while (i < s.size()) {
    if (u_getCombiningClass(static_cast<UChar32>(s[i])) == 0) {
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < s.size() &&
           u_getCombiningClass(static_cast<UChar32>(s[j])) != 0) {
      ++j;
    }
    if (j - i > 1) {
      std::stable_sort(s.begin() + static_cast<std::ptrdiff_t>(i),
                       s.begin() + static_cast<std::ptrdiff_t>(j),
                       [](char32_t a, char32_t b) {
                         return u_getCombiningClass(static_cast<UChar32>(a)) <
                                u_getCombiningClass(static_cast<UChar32>(b));
                       });
    }
    i = j;
  }
}

// Appends the code points of `s` (UTF-16) to `out`.
void AppendCodePoints(const icu::UnicodeString& s, std::u32string& out) {
  for (int32_t i = 0; i < s.length();) {
    const UChar32 c = s.char32At(i);
    i += U16_LENGTH(c);
    out += static_cast<char32_t>(c);
  }
}

}  // namespace

absl::Status LinearSkeletonInto(std::string_view valid_utf8, std::string& out) {
  out.clear();
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
  if (U_FAILURE(status)) {
    return absl::InternalError(
        absl::StrCat("ICU normalizer: ", u_errorName(status)));
  }
  LinearScratch& scratch = ThreadScratch<LinearScratch>();
  // NFD: each code point's full decomposition, then the canonical order.
  std::u32string& decomposed = scratch.decomposed;
  decomposed.clear();
  icu::UnicodeString decomposition;
  for (const char *it = valid_utf8.data(), *end = it + valid_utf8.size();
       it < end;) {
    const char32_t cp = DecodeValid(it);
    if (nfd->getDecomposition(static_cast<UChar32>(cp), decomposition)) {
      AppendCodePoints(decomposition, decomposed);
    } else {
      decomposed += cp;
    }
  }
  CanonicalOrder(decomposed);
  // Each code point's prototype (its skeleton alone: already in NFD), then
  // the canonical order of the whole.
  std::u32string& mapped = scratch.mapped;
  mapped.clear();
  auto& prototypes = scratch.prototypes;
  for (const char32_t cp : decomposed) {
    auto it = prototypes.find(cp);
    if (it == prototypes.end()) {
      if (prototypes.size() >= kMaxCachedPrototypes) prototypes.clear();
      scratch.one.clear();
      AppendValid(cp, scratch.one);
      std::string skeleton;
      if (absl::Status s = IcuSkeletonInto(scratch.one, skeleton); !s.ok()) {
        return s;
      }
      std::u32string prototype;
      for (const char *p = skeleton.data(), *e = p + skeleton.size(); p < e;) {
        prototype += DecodeValid(p);
      }
      it = prototypes.emplace(cp, std::move(prototype)).first;
    }
    mapped += it->second;
  }
  CanonicalOrder(mapped);
  out.reserve(mapped.size());
  for (const char32_t cp : mapped) AppendValid(cp, out);
  return absl::OkStatus();
}

}  // namespace u8guard::internal
