// SPDX-License-Identifier: Apache-2.0
// Deterministic generators for the UTF-8 validation benchmark inputs.

#include "bench/bench_inputs.h"

#include <unicode/uniset.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "bench/bench_rng.h"
#include "u8guard/utf8.h"

namespace u8guard::bench {
namespace {

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "bench_inputs: %s\n", message.c_str());
  std::abort();
}

// The code points of the ICU set `pattern` whose UTF-8 form has
// `utf8_length` bytes.
std::vector<char32_t> CodePoints(const char* pattern, int utf8_length) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeSet set(icu::UnicodeString(pattern, -1, US_INV), status);
  if (U_FAILURE(status)) {
    Die(absl::StrFormat("bad UnicodeSet %s: %s", pattern, u_errorName(status)));
  }
  std::vector<char32_t> out;
  for (int32_t r = 0; r < set.getRangeCount(); ++r) {
    for (UChar32 c = set.getRangeStart(r); c <= set.getRangeEnd(r); ++c) {
      if (U8_LENGTH(c) == utf8_length) out.push_back(static_cast<char32_t>(c));
    }
  }
  if (out.empty()) Die(absl::StrFormat("empty character pool %s", pattern));
  return out;
}

// Character pools, each of one UTF-8 length, from ICU properties.
struct Pools {
  std::vector<char32_t> latin = CodePoints(
      "[[:Script=Latin:]&[:Ll:]&[[:Block=Latin_1_Supplement:]"
      "[:Block=Latin_Extended_A:]]]",
      2);
  std::vector<char32_t> greek = CodePoints("[[:Script=Greek:]&[:Ll:]]", 2);
  std::vector<char32_t> cyrillic =
      CodePoints("[[:Script=Cyrillic:]&[:Ll:]]", 2);
  std::vector<char32_t> han = CodePoints("[:Block=CJK_Unified_Ideographs:]", 3);
  std::vector<char32_t> kana =
      CodePoints("[[[:Script=Hiragana:][:Script=Katakana:]]&[:Lo:]]", 3);
  std::vector<char32_t> cjk_punct =
      CodePoints("[[:Block=CJK_Symbols_And_Punctuation:]&[:Po:]]", 3);
  std::vector<char32_t> emoji = CodePoints("[:Emoji_Presentation:]", 4);
};

const Pools& GetPools() {
  static const Pools* const pools = new Pools();
  return *pools;
}

void Append(char32_t c, std::string& out) {
  char buf[U8_MAX_LENGTH];
  int32_t n = 0;
  U8_APPEND_UNSAFE(buf, n, static_cast<UChar32>(c));
  out.append(buf, static_cast<size_t>(n));
}

// Common English words, for English-like ASCII text and identifiers.
const std::vector<std::string>& EnglishWords() {
  static const auto* const words = new std::vector<std::string>{
      "the",        "of",          "and",          "to",         "in",
      "is",         "that",        "for",          "it",         "as",
      "was",        "with",        "be",           "by",         "on",
      "not",        "he",          "this",         "are",        "or",
      "his",        "from",        "at",           "which",      "but",
      "have",       "an",          "had",          "they",       "you",
      "were",       "their",       "one",          "all",        "we",
      "can",        "her",         "has",          "there",      "been",
      "if",         "more",        "when",         "will",       "would",
      "who",        "so",          "no",           "user",       "account",
      "server",     "request",     "string",       "name",       "value",
      "policy",     "access",      "control",      "list",       "path",
      "root",       "file",        "system",       "network",    "secure",
      "compare",    "between",     "through",      "because",    "however",
      "another",    "example",     "people",       "number",     "should",
      "during",     "without",     "against",      "program",    "language",
      "message",    "process",     "include",      "question",   "general",
      "possible",   "problem",     "several",      "special",    "standard",
      "unicode",    "character",   "encoding",     "validation", "information",
      "government", "development", "international"};
  return *words;
}

// Truncates `text` at the last character boundary at or before `size` and
// pads it with spaces to exactly `size` bytes.
void FinishAt(size_t size, std::string& text) {
  size_t cut = size;
  while (cut > 0 && cut < text.size() &&
         (static_cast<uint8_t>(text[cut]) & 0xC0) == 0x80) {
    --cut;
  }
  text.resize(cut);
  text.append(size - cut, ' ');
}

// Sentence punctuation shared by the text generators.
void EndSentence(Rng& rng, std::string& out) {
  out += rng.Percent(85) ? ". " : rng.Percent(50) ? "? " : "! ";
  if (rng.Percent(20)) out += "\n\n";
}

std::string AsciiText(Rng& rng, size_t size) {
  const std::vector<std::string>& words = EnglishWords();
  std::string out;
  while (out.size() < size) {
    const size_t n = rng.Between(5, 16);
    for (size_t w = 0; w < n; ++w) {
      std::string word = rng.Pick(words);
      if (w == 0) word[0] = static_cast<char>(word[0] - 'a' + 'A');
      if (rng.Percent(3)) word = std::to_string(rng.Below(10000));
      out += word;
      if (w + 1 < n) out += rng.Percent(8) ? ", " : " ";
    }
    EndSentence(rng, out);
  }
  FinishAt(size, out);
  return out;
}

// A word of `letters` letters in one of three Latin-alphabet-family styles:
// Polish-like (ASCII with accented letters), Greek, or Cyrillic.
void LatinWord(Rng& rng, int style, size_t letters, std::string& out) {
  const Pools& p = GetPools();
  for (size_t i = 0; i < letters; ++i) {
    switch (style) {
      case 0:
        if (rng.Percent(40)) {
          Append(rng.Pick(p.latin), out);
        } else {
          out += static_cast<char>('a' + rng.Below(26));
        }
        break;
      case 1:
        Append(rng.Pick(p.greek), out);
        break;
      default:
        Append(rng.Pick(p.cyrillic), out);
        break;
    }
  }
}

std::string LatinText(Rng& rng, size_t size) {
  std::string out;
  while (out.size() < size) {
    const int style = static_cast<int>(rng.Below(3));
    const size_t n = rng.Between(5, 14);
    for (size_t w = 0; w < n; ++w) {
      LatinWord(rng, style, rng.Between(2, 10), out);
      if (w + 1 < n) out += rng.Percent(8) ? ", " : " ";
    }
    EndSentence(rng, out);
  }
  FinishAt(size, out);
  return out;
}

std::string CjkText(Rng& rng, size_t size) {
  const Pools& p = GetPools();
  std::string out;
  while (out.size() < size) {
    const size_t n = rng.Between(10, 40);
    for (size_t i = 0; i < n; ++i) {
      if (rng.Percent(2)) {
        // An embedded number or Latin word, as in real CJK text.
        out += ' ';
        out += rng.Percent(50) ? std::to_string(rng.Below(2030))
                               : rng.Pick(EnglishWords());
        out += ' ';
      } else if (rng.Percent(6)) {
        Append(rng.Pick(p.cjk_punct), out);
      } else {
        Append(rng.Pick(rng.Percent(75) ? p.han : p.kana), out);
      }
    }
    Append(rng.Pick(p.cjk_punct), out);
    if (rng.Percent(15)) out += '\n';
  }
  FinishAt(size, out);
  return out;
}

std::string EmojiText(Rng& rng, size_t size) {
  const Pools& p = GetPools();
  std::string out;
  while (out.size() < size) {
    const size_t run = rng.Between(1, 6);
    for (size_t i = 0; i < run; ++i) Append(rng.Pick(p.emoji), out);
    if (rng.Percent(25)) {
      out += ' ';
      out += rng.Pick(EnglishWords());
    }
    out += rng.Percent(10) ? '\n' : ' ';
  }
  FinishAt(size, out);
  return out;
}

// An ASCII identifier of exactly `size` bytes, e.g. "account_name.42-se".
std::string AsciiIdentifier(Rng& rng, size_t size) {
  std::string out;
  while (out.size() < size) {
    if (!out.empty()) out += "_.-"[rng.Below(3)];
    out += rng.Percent(20) ? std::to_string(rng.Below(1000))
                           : rng.Pick(EnglishWords());
  }
  out.resize(size);
  return out;
}

// An identifier of exactly `size` bytes mixing ASCII words with accented,
// Greek or Cyrillic letters (2 bytes), CJK (3 bytes) and emoji (4 bytes).
// Contains at least one non-ASCII character.
std::string MixedIdentifier(Rng& rng, size_t size) {
  const Pools& p = GetPools();
  for (;;) {
    std::string out;
    while (out.size() < size) {
      if (!out.empty() && rng.Percent(30)) out += "_.-"[rng.Below(3)];
      std::string segment;
      const size_t kind = rng.Below(100);
      if (kind < 25) {
        segment = rng.Pick(EnglishWords());
      } else if (kind < 30) {
        segment = std::to_string(rng.Below(100));
      } else if (kind < 55) {
        LatinWord(rng, static_cast<int>(rng.Below(3)), rng.Between(2, 6),
                  segment);
      } else if (kind < 85) {
        const size_t n = rng.Between(1, 4);
        for (size_t i = 0; i < n; ++i) {
          Append(rng.Pick(rng.Percent(70) ? p.han : p.kana), segment);
        }
      } else {
        Append(rng.Pick(p.emoji), segment);
      }
      out += segment;
    }
    // Cut at a character boundary and pad with ASCII digits to the size.
    size_t cut = size;
    while (cut > 0 && (static_cast<uint8_t>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
    while (out.size() < size) out += static_cast<char>('0' + rng.Below(10));
    for (char c : out) {
      if (static_cast<uint8_t>(c) >= 0x80) return out;
    }
  }
}

BenchInput LongInput(const char* name, uint64_t seed,
                     std::string (*generate)(Rng&, size_t)) {
  Rng rng(seed);
  return {name, generate(rng, kLongInputBytes), kLongInputBytes};
}

BenchInput ShortPool(const char* name, uint64_t seed, size_t size,
                     std::string (*generate)(Rng&, size_t)) {
  Rng rng(seed);
  BenchInput input{name, "", size};
  input.bytes.reserve(size * kShortPoolSize);
  for (size_t i = 0; i < kShortPoolSize; ++i)
    input.bytes += generate(rng, size);
  return input;
}

// Checks the contract BenchInputs promises; aborts on a generator bug.
void CheckInput(const BenchInput& input) {
  const size_t expected_count = input.is_short() ? kShortPoolSize : 1;
  if (input.count() != expected_count ||
      input.bytes.size() != input.count() * input.string_bytes) {
    Die(absl::StrFormat("%s: %d bytes is not %d string(s) of %d bytes",
                        input.name, input.bytes.size(), expected_count,
                        input.string_bytes));
  }
  for (size_t i = 0; i < input.count(); ++i) {
    const Utf8Result r = ValidateUtf8Reference(input.Piece(i));
    if (!r.ok()) {
      Die(absl::StrFormat("%s: string %d is not valid UTF-8: %s", input.name, i,
                          DescribeUtf8Error(input.Piece(i), r)));
    }
  }
}

std::vector<BenchInput> BuildInputs() {
  constexpr uint64_t kSeed = 0x7538677561726431ull;  // "u8guard1"
  std::vector<BenchInput> inputs;
  inputs.push_back(LongInput("ascii_1m", kSeed + 1, AsciiText));
  inputs.push_back(LongInput("latin_1m", kSeed + 2, LatinText));
  inputs.push_back(LongInput("cjk_1m", kSeed + 3, CjkText));
  inputs.push_back(LongInput("emoji_1m", kSeed + 4, EmojiText));
  inputs.push_back(ShortPool("short16_ascii", kSeed + 5, 16, AsciiIdentifier));
  inputs.push_back(ShortPool("short16_mixed", kSeed + 6, 16, MixedIdentifier));
  inputs.push_back(ShortPool("short64_ascii", kSeed + 7, 64, AsciiIdentifier));
  inputs.push_back(ShortPool("short64_mixed", kSeed + 8, 64, MixedIdentifier));
  for (const BenchInput& input : inputs) CheckInput(input);
  return inputs;
}

}  // namespace

const std::vector<BenchInput>& BenchInputs() {
  static const auto* const inputs = new std::vector<BenchInput>(BuildInputs());
  return *inputs;
}

std::string DescribeInput(const BenchInput& input) {
  std::array<size_t, 5> by_length{};  // bytes in characters of length k
  const std::string& s = input.bytes;
  for (size_t i = 0; i < s.size();) {
    const uint8_t b = static_cast<uint8_t>(s[i]);
    const size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    by_length[len] += len;
    i += len;
  }
  auto pct = [&](size_t k) {
    return static_cast<int>((100 * by_length[k] + s.size() / 2) / s.size());
  };
  return absl::StrFormat(
      "%d string(s) of %d bytes; bytes in 1/2/3/4-byte chars: %d%% %d%% %d%% "
      "%d%%",
      input.count(), input.string_bytes, pct(1), pct(2), pct(3), pct(4));
}

}  // namespace u8guard::bench
