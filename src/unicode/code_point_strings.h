// SPDX-License-Identifier: Apache-2.0
// Internal: read-only maps from every code point to a short string (its
// image under a mapping taken from ICU at start-up), on ICU's code point
// trie.

#ifndef U8GUARD_SRC_UNICODE_CODE_POINT_STRINGS_H_
#define U8GUARD_SRC_UNICODE_CODE_POINT_STRINGS_H_

#include <unicode/utf8.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "src/unicode/code_point_table.h"

namespace u8guard::internal {

// A map from every code point to its image, a UTF-8 string of at most 255
// bytes, and one flag bit whose meaning the owner defines; the code points
// that are their own image without the flag (most) cost nothing. Built once
// from a function, then only read (thread-safe). Hot loops read Value(cp)
// once per code point: 0 means "itself, no flag".
class CodePointStrings {
 public:
  // What a builder function says of one code point.
  enum class Image : uint8_t {
    kSelf,    // the code point is its own image, without the flag
    kMapped,  // `image` and `flag` say what it maps to
    kFailed,  // ICU failed: the build fails
  };

  // Builds the map from `image_of(cp, image, flag)`, called once for every
  // code point in increasing order with `image` cleared and `flag` false.
  // Returns nullptr when `image_of` fails, an image is longer than 255
  // bytes, or ICU cannot build the trie: callers fail closed.
  template <typename F>
  static const CodePointStrings* Build(F image_of) {
    Builder b;
    const CodePointTable<uint32_t>* values = CodePointTable<uint32_t>::Build(
        [&](UChar32 cp) { return b.Add(cp, image_of(cp, b.image, b.flag)); });
    if (values == nullptr || b.failed) return nullptr;
    // SizedAppender::AppendImage reads kSlack bytes of every image.
    b.bytes.append(kImageSlack, '\0');
    return new CodePointStrings(values, std::move(b.bytes), b.expansion);
  }

  // The value of `cp`: 0 for a code point that is its own image without
  // the flag; otherwise read it with Flag and ImageOf.
  uint32_t Value(char32_t cp) const { return values_->Get(cp); }
  static bool Flag(uint32_t value) { return (value & kFlag) != 0; }
  // The image a nonzero `value` names.
  std::string_view ImageOf(uint32_t value) const {
    return std::string_view(bytes_).substr((value & ~kFlag) >> kOffsetShift,
                                           value & kLengthMask);
  }

  // The most bytes of image per byte of UTF-8 of any code point (at least
  // 1): a string of n bytes maps to at most n * max_expansion() bytes, so a
  // loop can size its output once and write with no capacity checks.
  size_t max_expansion() const { return expansion_; }

  // Every image can be read this many bytes past its start, whatever its
  // length (zeros follow the last one).
  static constexpr size_t kImageSlack = 16;

  // Bytes of the trie and of the images.
  size_t bytes() const { return values_->bytes() + bytes_.size(); }

 private:
  static constexpr uint32_t kFlag = 1u << 31;
  static constexpr int kOffsetShift = 8;
  static constexpr uint32_t kLengthMask = 0xFF;

  // The images, each distinct one stored once; offset 0 is never one's, so
  // a mapped code point's value is never 0.
  struct Builder {
    std::string bytes = std::string(1, '\0');
    absl::flat_hash_map<std::string, size_t> offsets;
    std::string image;
    bool flag = false;
    bool failed = false;
    size_t expansion = 1;

    uint32_t Add(UChar32 cp, Image what) {
      uint32_t value = 0;
      if (what == Image::kFailed) failed = true;
      if (what == Image::kMapped && !failed) {
        const size_t length = static_cast<size_t>(U8_LENGTH(cp));
        expansion = std::max(expansion, (image.size() + length - 1) / length);
        value = Encode();
      }
      image.clear();
      flag = false;
      return value;
    }
    uint32_t Encode() {
      auto [it, added] = offsets.try_emplace(image, bytes.size());
      if (added) bytes += image;
      if (image.size() > kLengthMask ||
          it->second >= (size_t{1} << (31 - kOffsetShift))) {
        failed = true;
        return 0;
      }
      return (flag ? kFlag : 0) |
             static_cast<uint32_t>(it->second << kOffsetShift) |
             static_cast<uint32_t>(image.size());
    }
  };

  CodePointStrings(const CodePointTable<uint32_t>* values, std::string bytes,
                   size_t expansion)
      : values_(values), bytes_(std::move(bytes)), expansion_(expansion) {}

  const CodePointTable<uint32_t>* values_;
  std::string bytes_;
  size_t expansion_;
};

// Appends to a string sized once for the most it can receive, with no
// capacity check per append: Reserve(n) returns a write cursor good for up
// to n bytes of appends, each Append... takes the cursor and returns it
// moved past what it wrote, and Finish(cursor) puts what was written at
// the end of the string (before anything else touches it). Reserve keeps
// kSlack bytes beyond n, so that an image is copied as one fixed-size
// block. Up to kInline bytes (every name or word) are written into a
// buffer inside the appender and copied once by Finish: sizing the string
// itself would zero every reserved byte first, which costs more than the
// appends when n is a short string's worst-case expansion.
//
// The cursor is the caller's local variable, not a member: a char store
// may alias any object, so a cursor kept in the appender would be reloaded
// from memory after every byte written through it.
class SizedAppender {
 public:
  static constexpr size_t kSlack = CodePointStrings::kImageSlack;
  static constexpr size_t kInline = 512;
  explicit SizedAppender(std::string& out) : out_(out) {}
  SizedAppender(const SizedAppender&) = delete;
  SizedAppender& operator=(const SizedAppender&) = delete;
  // The cursor for up to `most` bytes of appends.
  [[nodiscard]] char* Reserve(size_t most) {
    if (most <= kInline - kSlack) {
      in_string_ = false;
      return inline_;
    }
    const size_t written = out_.size();
    out_.resize(written + most + kSlack);
    in_string_ = true;
    return out_.data() + written;
  }
  // The bytes of one code point, `n` of 1 to 4.
  [[nodiscard]] static char* AppendCodePoint(char* p, const char* s, size_t n) {
    switch (n) {
      case 4:
        p[3] = s[3];
        [[fallthrough]];
      case 3:
        p[2] = s[2];
        [[fallthrough]];
      case 2:
        p[1] = s[1];
        [[fallthrough]];
      default:
        p[0] = s[0];
    }
    return p + n;
  }
  // An image of CodePointStrings (whose images can be read kSlack bytes
  // past their end).
  [[nodiscard]] static char* AppendImage(char* p, std::string_view image) {
    if (image.size() <= kSlack) {
      std::memcpy(p, image.data(), kSlack);
    } else {
      std::memcpy(p, image.data(), image.size());
    }
    return p + image.size();
  }
  // The first `n` of the N bytes at `s` (N at most kSlack), copied whole.
  template <size_t N>
  [[nodiscard]] static char* AppendFixed(char* p, const char* s, size_t n) {
    static_assert(N <= kSlack);
    std::memcpy(p, s, N);
    return p + n;
  }
  [[nodiscard]] static char* Append(char* p, std::string_view s) {
    std::memcpy(p, s.data(), s.size());
    return p + s.size();
  }
  // Puts what was written before cursor `p` at the end of the string.
  void Finish(const char* p) {
    if (in_string_) {
      out_.resize(static_cast<size_t>(p - out_.data()));
    } else {
      out_.append(inline_, static_cast<size_t>(p - inline_));
    }
  }
  // Appends `s` at cursor `p`, growing the reservation first when `s` does
  // not fit (a caller's bound that held would make that never happen);
  // returns the cursor after it.
  [[nodiscard]] char* AppendChecked(char* p, std::string_view s) {
    if (!in_string_) {
      const auto written = static_cast<size_t>(p - inline_);
      if (written + s.size() + kSlack <= kInline) return Append(p, s);
      // Moved into the string, which then grows as below.
      const size_t before = out_.size();
      out_.resize(before + written + s.size() + kSlack);
      std::memcpy(out_.data() + before, inline_, written);
      p = out_.data() + before + written;
      in_string_ = true;
    }
    const size_t written = static_cast<size_t>(p - out_.data());
    if (written + s.size() + kSlack > out_.size()) {
      out_.resize(written + s.size() + kSlack);
      p = out_.data() + written;
    }
    return Append(p, s);
  }

 private:
  std::string& out_;
  bool in_string_ = false;
  char inline_[kInline];
};

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_CODE_POINT_STRINGS_H_
