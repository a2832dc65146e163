// SPDX-License-Identifier: Apache-2.0
// Byte classes, structure characters, Windows names, rejections.

#include "src/path/path_rules.h"

#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "src/common/enum_names.h"
#include "u8guard/path.h"
#include "u8guard/rejection.h"

namespace u8guard {

namespace {

constexpr internal::EnumName<DotDotPolicy> kDotDotPolicyNames[] = {
    {DotDotPolicy::kReject, "reject"},
    {DotDotPolicy::kResolve, "resolve"},
};

constexpr bool StructureCharacter(char32_t cp, bool windows) {
  if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) return true;  // NUL, controls
  switch (cp) {
    case U'/':
    case U'\\':
    case U'.':
    case U':':
    case U'%':
    case U'#':
    case U'?':
    case U'@':
      return true;
    case U'<':
    case U'>':
    case U'"':
    case U'|':
    case U'*':
      return windows;
    default:
      return false;
  }
}

}  // namespace

bool IsPathStructureCharacter(char32_t cp, bool windows) {
  return StructureCharacter(cp, windows);
}

std::string_view DotDotPolicyName(DotDotPolicy policy) {
  return internal::NameIn(kDotDotPolicyNames, policy);
}

absl::StatusOr<DotDotPolicy> ParseDotDotPolicy(std::string_view name) {
  return internal::ParseIn(kDotDotPolicyNames, "dot-dot policy", name);
}

namespace internal {
namespace {

constexpr std::array<uint8_t, 256> MakeByteClasses() {
  std::array<uint8_t, 256> t{};
  for (int b = 0; b < 256; ++b) {
    uint8_t bits = 0;
    if (b == 0) bits |= kByteNul;
    if ((b > 0 && b < 0x20) || b == 0x7F) bits |= kByteControl;
    if (b >= 0x80) bits |= kByteHigh;
    switch (b) {
      case '/':
        bits |= kByteSlash;
        break;
      case '\\':
        bits |= kByteBackslash;
        break;
      case '%':
        bits |= kBytePercent;
        break;
      case '?':
      case ':':
      case '<':
      case '>':
      case '"':
      case '|':
      case '*':
        bits |= kByteWindows;
        break;
      default:
        break;
    }
    t[b] = bits;
  }
  return t;
}

constexpr std::array<uint8_t, 256> kByteClasses = MakeByteClasses();

// Structure characters among the ASCII bytes: bit 0 always, bit 1 with the
// Windows rules.
constexpr std::array<uint8_t, 128> MakeAsciiStructure() {
  std::array<uint8_t, 128> t{};
  for (char32_t c = 0; c < 128; ++c) {
    t[c] = (StructureCharacter(c, false) ? 1 : 0) |
           (StructureCharacter(c, true) ? 2 : 0);
  }
  return t;
}

constexpr std::array<uint8_t, 128> kAsciiStructure = MakeAsciiStructure();

// The next structure character of valid UTF-8 `s` at or after `pos`, which
// is advanced past it; -1 at the end. Structure characters are ASCII or C1
// controls (C2 80..C2 9F); continuation bytes never look like ASCII.
int32_t NextStructure(std::string_view s, size_t& pos, uint8_t mask) {
  while (pos < s.size()) {
    const uint8_t b = static_cast<uint8_t>(s[pos]);
    if (b < 0x80) {
      ++pos;
      if (kAsciiStructure[b] & mask) return b;
    } else if (b == 0xC2 && pos + 1 < s.size() &&
               static_cast<uint8_t>(s[pos + 1]) <= 0x9F) {
      pos += 2;
      return 0x80 + (static_cast<uint8_t>(s[pos - 1]) & 0x3F);
    } else {
      ++pos;
    }
  }
  return -1;
}

}  // namespace

const std::array<uint8_t, 256>& PathByteClasses() { return kByteClasses; }

bool IsPlainAsciiPath(std::string_view s) {
  size_t i = 0;
#if defined(__SSE2__)
  // Signed compares: bytes >= 0x80 are negative, so "below 0x20" also
  // catches them.
  const __m128i space = _mm_set1_epi8(0x20);
  const __m128i del = _mm_set1_epi8(0x7F);
  const __m128i percent = _mm_set1_epi8('%');
  const __m128i backslash = _mm_set1_epi8('\\');
  __m128i bad = _mm_setzero_si128();
  for (; i + 16 <= s.size(); i += 16) {
    const __m128i v =
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
    bad = _mm_or_si128(
        bad, _mm_or_si128(_mm_cmplt_epi8(v, space), _mm_cmpeq_epi8(v, del)));
    bad = _mm_or_si128(bad, _mm_or_si128(_mm_cmpeq_epi8(v, percent),
                                         _mm_cmpeq_epi8(v, backslash)));
  }
  if (_mm_movemask_epi8(bad) != 0) return false;
#endif
  for (; i < s.size(); ++i) {
    const uint8_t b = static_cast<uint8_t>(s[i]);
    if (b < 0x20 || b >= 0x7F || b == '%' || b == '\\') return false;
  }
  return true;
}

std::optional<SegmentFinding> FindForbiddenByte(std::string_view d,
                                                uint8_t bits, bool windows) {
  const uint8_t bad = kByteNul | kByteControl | kByteSlash | kByteBackslash |
                      (windows ? kByteWindows : 0);
  if ((bits & bad) == 0) {
    // Only C1 controls (C2 80..C2 9F) are left to look for.
    if ((bits & kByteHigh) == 0 ||
        std::memchr(d.data(), 0xC2, d.size()) == nullptr) {
      return std::nullopt;
    }
  }
  for (size_t i = 0; i < d.size(); ++i) {
    const uint8_t b = static_cast<uint8_t>(d[i]);
    const uint8_t c = kByteClasses[b];
    if ((c & bad) != 0) {
      if (c & kByteNul) return SegmentFinding{i, b, Rule::kPathNul, "NUL"};
      if (c & kByteControl) {
        return SegmentFinding{i, b, Rule::kPathControl, "control character"};
      }
      if (c & (kByteSlash | kByteBackslash)) {
        return SegmentFinding{i, b, Rule::kPathSeparatorInSegment,
                              b == '/' ? "percent-decoded '/' in a segment"
                                       : "'\\' is not a separator here"};
      }
      return SegmentFinding{i, b, Rule::kPathWindowsCharacter,
                            "character not allowed in Windows file names"};
    }
    // C1 controls U+0080..U+009F: C2 80..C2 9F.
    if (b == 0xC2 && i + 1 < d.size() &&
        static_cast<uint8_t>(d[i + 1]) >= 0x80 &&
        static_cast<uint8_t>(d[i + 1]) <= 0x9F) {
      return SegmentFinding{
          i, char32_t{0x80u + (static_cast<uint8_t>(d[i + 1]) & 0x3Fu)},
          Rule::kPathControl, "C1 control character"};
    }
  }
  return std::nullopt;
}

bool SameStructure(std::string_view a, std::string_view b, bool windows) {
  if (SameBytes(a, b)) return true;
  const uint8_t mask = windows ? 2 : 1;
  size_t i = 0, j = 0;
  while (true) {
    const int32_t x = NextStructure(a, i, mask);
    const int32_t y = NextStructure(b, j, mask);
    if (x != y) return false;
    if (x < 0) return true;
  }
}

bool IsWindowsReservedName(std::string_view segment) {
  std::string_view stem = segment.substr(0, segment.find('.'));
  while (!stem.empty() && stem.back() == ' ') stem.remove_suffix(1);
  const absl::string_view name(stem.data(), stem.size());
  for (const char* device : {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}) {
    if (absl::EqualsIgnoreCase(name, device)) return true;
  }
  return name.size() == 4 &&
         (absl::StartsWithIgnoreCase(name, "COM") ||
          absl::StartsWithIgnoreCase(name, "LPT")) &&
         absl::ascii_isdigit(static_cast<unsigned char>(name[3]));
}

bool StartsWithDriveLetter(std::string_view segment) {
  if (segment.size() < 2 || segment[1] != ':') return false;
  const char c = segment[0];
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

Rejection PathRejection(size_t offset, std::optional<char32_t> cp, Rule rule,
                        std::string_view detail) {
  Rejection r;
  r.offset = offset;
  r.code_point = cp;
  r.rule = rule;
  r.source = RejectionSource::kPath;
  r.detail = std::string(detail);
  return r;
}

}  // namespace internal
}  // namespace u8guard
