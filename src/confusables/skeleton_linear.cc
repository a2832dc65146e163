// SPDX-License-Identifier: Apache-2.0
// UTS #39 skeletons without ICU's quadratic reordering of long mark runs.

#include "src/confusables/skeleton_linear.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "src/common/thread_scratch.h"
#include "src/confusables/skeleton_table.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

struct LinearScratch {
  std::u32string decomposed, mapped, sorted;
  std::vector<uint8_t> ccc;
};

// Sorts each run of code points with a nonzero canonical combining class by
// that class, keeping the order of equal classes: the canonical ordering of
// Unicode 3.11 (D109), which is what NFD does after decomposing. Each class
// is looked up once; a short run is sorted by insertion, a long one by
// counting (stable, linear in the run plus the 255 classes).
void CanonicalOrder(const icu::Normalizer2& nfd, std::u32string& s,
                    std::vector<uint8_t>& ccc, std::u32string& sorted) {
  ccc.resize(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    ccc[i] = nfd.getCombiningClass(static_cast<UChar32>(s[i]));
  }
  constexpr size_t kInsertionMax = 32;
  size_t i = 0;
  while (i < s.size()) {
    if (ccc[i] == 0) {
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < s.size() && ccc[j] != 0) ++j;
    if (j - i <= kInsertionMax) {
      for (size_t k = i + 1; k < j; ++k) {
        const char32_t cp = s[k];
        const uint8_t c = ccc[k];
        size_t m = k;
        for (; m > i && ccc[m - 1] > c; --m) {
          s[m] = s[m - 1];
          ccc[m] = ccc[m - 1];
        }
        s[m] = cp;
        ccc[m] = c;
      }
    } else {
      size_t start[257] = {};
      for (size_t k = i; k < j; ++k) ++start[ccc[k] + 1];
      for (size_t c = 1; c < 257; ++c) start[c] += start[c - 1];
      sorted.resize(j - i);
      for (size_t k = i; k < j; ++k) sorted[start[ccc[k]]++] = s[k];
      std::copy(sorted.begin(), sorted.end(),
                s.begin() + static_cast<std::ptrdiff_t>(i));
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
  CanonicalOrder(*nfd, decomposed, scratch.ccc, scratch.sorted);
  // Each code point's prototype (its skeleton alone: already in NFD), then
  // the canonical order of the whole.
  const SkeletonTable* table = SkeletonTable::Get();
  if (table == nullptr) {
    return absl::InternalError("ICU spoof checker: no confusable data");
  }
  std::u32string& mapped = scratch.mapped;
  mapped.clear();
  for (const char32_t cp : decomposed) table->AppendPrototype(cp, mapped);
  CanonicalOrder(*nfd, mapped, scratch.ccc, scratch.sorted);
  out.reserve(mapped.size());
  for (const char32_t cp : mapped) AppendValid(cp, out);
  return absl::OkStatus();
}

}  // namespace u8guard::internal
