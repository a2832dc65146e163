// SPDX-License-Identifier: Apache-2.0
// Visual order through ICU's bidi algorithm (ubidi.h).

#include "src/confusables/visual_order.h"

#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "src/common/thread_scratch.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {
namespace {

struct BidiDeleter {
  void operator()(UBiDi* bidi) const { ubidi_close(bidi); }
};

// One thread's bidi object and buffers: ubidi_open allocates, and
// ubidi_setPara reuses the object's memory from one string to the next.
struct VisualOrderScratch {
  std::unique_ptr<UBiDi, BidiDeleter> bidi;
  std::u16string logical, visual;
};

absl::Status BidiError(std::string_view what, UErrorCode status) {
  return absl::InternalError(
      absl::StrCat("ICU bidi ", std::string(what), ": ", u_errorName(status)));
}

// True when no character of `valid_utf8` can be moved or mirrored in a
// paragraph of `order`'s direction: with a left-to-right paragraph, no
// right-to-left character (R, AL), Arabic number (AN) or explicit
// embedding, override or isolate, so every level is 0 (rule W7 makes
// European numbers left-to-right after the paragraph's start); with a
// right-to-left paragraph, only left-to-right characters, so every level is
// 2 and reversing twice (L2) leaves the order as it was. ASCII has no
// right-to-left class: an ASCII string is as it is in a left-to-right
// paragraph.
bool StaysInPlace(std::string_view valid_utf8, SkeletonOrder order) {
  const char* p = valid_utf8.data();
  const char* const end = p + valid_utf8.size();
  if (order == SkeletonOrder::kLtr) {
    while (p < end && static_cast<unsigned char>(*p) < 0x80) ++p;
    while (p < end) {
      switch (u_charDirection(static_cast<UChar32>(DecodeValid(p)))) {
        case U_RIGHT_TO_LEFT:
        case U_RIGHT_TO_LEFT_ARABIC:
        case U_ARABIC_NUMBER:
        case U_LEFT_TO_RIGHT_EMBEDDING:
        case U_LEFT_TO_RIGHT_OVERRIDE:
        case U_RIGHT_TO_LEFT_EMBEDDING:
        case U_RIGHT_TO_LEFT_OVERRIDE:
        case U_POP_DIRECTIONAL_FORMAT:
        case U_LEFT_TO_RIGHT_ISOLATE:
        case U_RIGHT_TO_LEFT_ISOLATE:
        case U_FIRST_STRONG_ISOLATE:
        case U_POP_DIRECTIONAL_ISOLATE:
          return false;
        default:
          break;
      }
    }
    return true;
  }
  while (p < end) {
    if (u_charDirection(static_cast<UChar32>(DecodeValid(p))) !=
        U_LEFT_TO_RIGHT) {
      return false;
    }
  }
  return true;
}

}  // namespace

absl::Status IcuVisualOrderInto(std::string_view valid_utf8,
                                SkeletonOrder order, std::string& out) {
  out.clear();
  if (order == SkeletonOrder::kLogical) {
    out.assign(valid_utf8);
    return absl::OkStatus();
  }
  if (valid_utf8.size() >
      static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    return absl::InvalidArgumentError("string too long for ICU (2 GiB)");
  }
  VisualOrderScratch& scratch = ThreadScratch<VisualOrderScratch>();
  UErrorCode status = U_ZERO_ERROR;
  if (scratch.bidi == nullptr) {
    scratch.bidi.reset(ubidi_open());
    if (scratch.bidi == nullptr) {
      return BidiError("open", U_MEMORY_ALLOCATION_ERROR);
    }
  }
  // UTF-16 is never longer in units than UTF-8 in bytes.
  scratch.logical.resize(valid_utf8.size());
  int32_t units = 0;
  u_strFromUTF8(scratch.logical.data(),
                static_cast<int32_t>(scratch.logical.size()), &units,
                valid_utf8.data(), static_cast<int32_t>(valid_utf8.size()),
                &status);
  if (U_FAILURE(status)) return BidiError("from UTF-8", status);
  UBiDi* const bidi = scratch.bidi.get();
  ubidi_setPara(bidi, scratch.logical.data(), units,
                order == SkeletonOrder::kRtl ? UBIDI_RTL : UBIDI_LTR, nullptr,
                &status);
  if (U_FAILURE(status)) return BidiError("paragraph", status);
  // Mirroring replaces a code point by one of the same length, and no
  // control is added or removed: the visual text has as many units.
  scratch.visual.resize(static_cast<size_t>(units));
  const int32_t written = ubidi_writeReordered(
      bidi, scratch.visual.data(), units,
      UBIDI_KEEP_BASE_COMBINING | UBIDI_DO_MIRRORING, &status);
  if (U_FAILURE(status)) return BidiError("reorder", status);
  // A mirrored glyph has the UTF-16 length of its character; its UTF-8
  // length is taken from ICU (preflight on overflow), not assumed.
  int32_t bytes = 0;
  out.resize(valid_utf8.size());
  u_strToUTF8(out.data(), static_cast<int32_t>(out.size()), &bytes,
              scratch.visual.data(), written, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    status = U_ZERO_ERROR;
    out.resize(static_cast<size_t>(bytes));
    u_strToUTF8(out.data(), bytes, &bytes, scratch.visual.data(), written,
                &status);
  }
  if (U_FAILURE(status)) {
    out.clear();
    return BidiError("to UTF-8", status);
  }
  out.resize(static_cast<size_t>(bytes));
  return absl::OkStatus();
}

absl::Status VisualOrderInto(std::string_view valid_utf8, SkeletonOrder order,
                             std::string& out) {
  if (order == SkeletonOrder::kLogical || StaysInPlace(valid_utf8, order)) {
    out.assign(valid_utf8);
    return absl::OkStatus();
  }
  return IcuVisualOrderInto(valid_utf8, order, out);
}

}  // namespace u8guard::internal
