// SPDX-License-Identifier: Apache-2.0
// Both look-alike skeletons of a key in one pass (lookalike_table.h).

#include "src/confusables/lookalike_table.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "src/confusables/case_forms.h"
#include "src/confusables/skeleton.h"
#include "src/confusables/skeleton_table.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

constexpr char32_t kDotAbove = 0x307;

// Where a string and its skeleton can meet another's: whether `s` (not
// empty) and its skeleton `skeleton` begin (`starts`) and end (`ends`) with
// a code point of canonical combining class 0 in NFD. Where the left
// string ends so, or the right one begins so, canonical reordering, in
// either NFD step of a skeleton, cannot cross between them. False when
// either is empty (an empty image would put its neighbours side by side)
// or `s` holds U+0307, which SkeletonInto drops after a Soft_Dotted
// letter, its neighbour's.
bool Edges(const icu::Normalizer2& nfd, std::string_view s,
           std::string_view skeleton, bool& starts_open, bool& ends_open) {
  if (s.empty() || skeleton.empty()) return false;
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString d =
      nfd.normalize(icu::UnicodeString::fromUTF8(icu::StringPiece(
                        s.data(), static_cast<int32_t>(s.size()))),
                    status);
  if (U_FAILURE(status) || d.indexOf(static_cast<UChar>(kDotAbove)) >= 0) {
    return false;
  }
  const icu::UnicodeString k = icu::UnicodeString::fromUTF8(
      icu::StringPiece(skeleton.data(), static_cast<int32_t>(skeleton.size())));
  auto open = [](const icu::UnicodeString& u, bool first) {
    const UChar32 c =
        first ? u.char32At(0) : u.char32At(u.moveIndex32(u.length(), -1));
    return u_getCombiningClass(c) != 0;
  };
  starts_open = open(d, true) || open(k, true);
  ends_open = open(d, false) || open(k, false);
  return true;
}

// Whether every code point of `s` lower-cases whatever stands beside it.
bool LowersAlone(std::string_view s) {
  for (const char *p = s.data(), *end = p + s.size(); p < end;) {
    if (!CaseFormIsContextFree(/*capitals=*/false, DecodeValid(p))) {
      return false;
    }
  }
  return true;
}

// Whether `one` (one code point, `cp`) is its own skeleton, capitals and
// lower case, a starter without a decomposition: then it is its own image
// in every step and never open (most code points: the ideographs).
// `skeleton` gets its skeleton.
bool Unchanged(const icu::Normalizer2& nfd, UChar32 cp, std::string_view one,
               std::string& skeleton) {
  icu::UnicodeString decomposition;
  return SkeletonInto(one, skeleton).ok() && skeleton == one &&
         u_getCombiningClass(cp) == 0 &&
         !nfd.getDecomposition(cp, decomposition) &&
         !u_hasBinaryProperty(cp, UCHAR_CHANGES_WHEN_UPPERCASED) &&
         !u_hasBinaryProperty(cp, UCHAR_CHANGES_WHEN_LOWERCASED) &&
         CapitalOfSmallCapital(static_cast<char32_t>(cp)) == 0 &&
         CaseFormIsContextFree(/*capitals=*/true, static_cast<char32_t>(cp)) &&
         CaseFormIsContextFree(/*capitals=*/false, static_cast<char32_t>(cp));
}

// The two look-alike skeletons of `one` (one code point, `cp`), computed
// step by step, and the edge bits of its three strings (the code point, its
// capitals, their skeleton's lower case); false when it is not fusable.
bool ImagesOfFusable(const icu::Normalizer2& nfd, char32_t cp,
                     std::string_view one, std::string& skeleton,
                     std::string& folded, uint8_t& edges) {
  edges = 0;
  if (!CaseFormIsContextFree(/*capitals=*/true, cp)) return false;
  std::string capitals, capitals_skeleton, lowered;
  if (!SkeletonInto(one, skeleton).ok()) return false;
  CapitalsInto(one, capitals);
  if (!SkeletonInto(capitals, capitals_skeleton).ok() ||
      !LowersAlone(capitals_skeleton)) {
    return false;
  }
  LowerInto(capitals_skeleton, lowered);
  if (!SkeletonInto(lowered, folded).ok()) return false;
  constexpr uint8_t kStart[] = {LookalikeTable::kKeyStart,
                                LookalikeTable::kCapitalsStart,
                                LookalikeTable::kLoweredStart};
  const std::string_view strings[][2] = {
      {one, skeleton}, {capitals, capitals_skeleton}, {lowered, folded}};
  for (int i = 0; i < 3; ++i) {
    bool starts_open = false, ends_open = false;
    if (!Edges(nfd, strings[i][0], strings[i][1], starts_open, ends_open)) {
      return false;
    }
    edges |= (starts_open ? kStart[i] : 0) |
             (ends_open ? kStart[i] << LookalikeTable::kEndShift : 0);
  }
  return true;
}

// What the table holds for code point `c`: its image (the skeleton's
// length, the edge bits, the skeleton, the folded skeleton), or the flag
// when it is not fusable. Raises `expansion` to its images' bytes per byte.
CodePointStrings::Image EntryOf(const icu::Normalizer2& nfd, UChar32 c,
                                std::string& image, bool& not_fusable,
                                size_t& expansion) {
  const auto cp = static_cast<char32_t>(c);
  // As in the skeleton table: its own image.
  if (IsOwnSkeletonUnasked(cp)) return CodePointStrings::Image::kSelf;
  std::string one, skeleton, folded;
  AppendValid(cp, one);
  if (Unchanged(nfd, c, one, skeleton)) return CodePointStrings::Image::kSelf;
  uint8_t edges = 0;
  if (!ImagesOfFusable(nfd, cp, one, skeleton, folded, edges) ||
      skeleton.size() + folded.size() + 2 > 255) {
    not_fusable = true;
    return CodePointStrings::Image::kMapped;
  }
  expansion = std::max(
      expansion,
      (std::max(skeleton.size(), folded.size()) + one.size() - 1) / one.size());
  if (edges == 0 && skeleton == one && folded == one) {
    return CodePointStrings::Image::kSelf;
  }
  image += static_cast<char>(skeleton.size());
  image += static_cast<char>(edges);
  image += skeleton;
  image += folded;
  return CodePointStrings::Image::kMapped;
}

}  // namespace

const LookalikeTable* LookalikeTable::Get() {
  static const LookalikeTable* const table = []() -> const LookalikeTable* {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfd = icu::Normalizer2::getNFDInstance(status);
    if (U_FAILURE(status) || SkeletonTable::Get() == nullptr) return nullptr;
    size_t expansion = 1;
    const CodePointStrings* images = CodePointStrings::Build(
        [&](UChar32 c, std::string& image, bool& not_fusable) {
          return EntryOf(*nfd, c, image, not_fusable, expansion);
        });
    if (images == nullptr) return nullptr;
    auto* out = new LookalikeTable(images, expansion);
    out->FillAscii();
    return out;
  }();
  return table;
}

void LookalikeTable::FillAscii() {
  for (char32_t c = 0; c < 0x80; ++c) {
    Ascii& a = ascii_[c];
    const uint32_t value = images_->Value(c);
    if (value == 0) {
      a = {{static_cast<char>(c)}, {static_cast<char>(c)}, 1, 1, 0, true};
      ascii_self_[c] = true;
      continue;
    }
    if (CodePointStrings::Flag(value)) continue;  // fits = false
    const std::string_view image = images_->ImageOf(value);
    const size_t n = static_cast<uint8_t>(image[0]);
    const std::string_view s = image.substr(2, n), f = image.substr(2 + n);
    if (s.size() > sizeof a.skeleton || f.size() > sizeof a.folded) continue;
    std::memcpy(a.skeleton, s.data(), s.size());
    std::memcpy(a.folded, f.data(), f.size());
    a.skeleton_size = static_cast<uint8_t>(s.size());
    a.folded_size = static_cast<uint8_t>(f.size());
    a.edges = static_cast<uint8_t>(image[1]);
    a.fits = true;
  }
}

bool LookalikeTable::Fusable(char32_t cp) const {
  return !CodePointStrings::Flag(images_->Value(cp));
}

bool LookalikeTable::SkeletonsInto(std::string_view valid_utf8,
                                   std::string& skeleton,
                                   std::string& folded) const {
  skeleton.clear();
  folded.clear();
  SizedAppender s(skeleton);
  SizedAppender f(folded);
  char* sp = s.Reserve(valid_utf8.size() * expansion_);
  char* fp = f.Reserve(valid_utf8.size() * expansion_);
  // Which strings of the code point written last end open (kKeyEnd,
  // kCapitalsEnd, kLoweredEnd), shifted to the start bits: an open start
  // meeting one of them could reorder across the two.
  uint8_t open = 0;
  for (const char *p = valid_utf8.data(), *end = p + valid_utf8.size();
       p < end;) {
    const auto b = static_cast<unsigned char>(*p);
    if (b < 0x80 && ascii_self_[b]) {
      // A run of ASCII characters that are their own images: copied byte
      // by byte into both (within the reservation: each image is at least
      // as long as its code point).
      do {
        *sp++ = *p;
        *fp++ = *p;
        ++p;
      } while (p < end && static_cast<unsigned char>(*p) < 0x80 &&
               ascii_self_[static_cast<unsigned char>(*p)]);
      open = 0;
      continue;
    }
    if (b < 0x80 && ascii_[b].fits) {
      const Ascii& a = ascii_[b];
      if ((a.edges & open) != 0) return false;
      sp = SizedAppender::AppendFixed<sizeof a.skeleton>(sp, a.skeleton,
                                                         a.skeleton_size);
      fp = SizedAppender::AppendFixed<sizeof a.folded>(fp, a.folded,
                                                       a.folded_size);
      open = static_cast<uint8_t>(a.edges >> kEndShift);
      ++p;
      continue;
    }
    const char* const at = p;
    const uint32_t value = images_->Value(DecodeValid(p));
    if (value == 0) {
      const auto n = static_cast<size_t>(p - at);
      sp = SizedAppender::AppendCodePoint(sp, at, n);
      fp = SizedAppender::AppendCodePoint(fp, at, n);
      open = 0;
      continue;
    }
    if (CodePointStrings::Flag(value)) return false;
    const std::string_view image = images_->ImageOf(value);
    const size_t n = static_cast<uint8_t>(image[0]);
    const auto edges = static_cast<uint8_t>(image[1]);
    if ((edges & open) != 0) return false;
    sp = SizedAppender::AppendImage(sp, image.substr(2, n));
    fp = SizedAppender::AppendImage(fp, image.substr(2 + n));
    open = static_cast<uint8_t>(edges >> kEndShift);
  }
  s.Finish(sp);
  f.Finish(fp);
  return true;
}

}  // namespace u8guard::internal
