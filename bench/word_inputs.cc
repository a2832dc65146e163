// SPDX-License-Identifier: Apache-2.0
// The word pools of word_inputs.h: Debian word lists read at run time, CJK
// and emoji identifiers built from ICU's properties.

#include "bench/word_inputs.h"

#include <unicode/uniset.h>
#include <unicode/unistr.h>
#include <unicode/usetiter.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "bench/bench_rng.h"
#include "u8guard/utf8.h"

namespace u8guard::bench {
namespace {

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "word_inputs: %s\n", message.c_str());
  std::abort();
}

std::optional<std::string> ReadFile(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The lines of `text`, without "\r", empty lines and lines with a space
// (a list's comments or phrases).
std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.find_first_of(" \t") != std::string::npos) {
      continue;
    }
    out.push_back(line);
  }
  return out;
}

// A hunspell dictionary's words: its first line is a count, each other line
// "word" or "word/FLAGS", in the charset its .aff file names (SET).
std::optional<std::vector<std::string>> HunspellWords(const std::string& dic,
                                                      const std::string& aff) {
  const std::optional<std::string> text = ReadFile(dic.c_str());
  const std::optional<std::string> affix = ReadFile(aff.c_str());
  if (!text || !affix) return std::nullopt;
  std::string charset = "UTF-8";
  std::istringstream aff_in(*affix);
  std::string line;
  while (std::getline(aff_in, line)) {
    if (line.rfind("SET ", 0) == 0) {
      charset = line.substr(4);
      while (!charset.empty() &&
             (charset.back() == '\r' || charset.back() == ' ')) {
        charset.pop_back();
      }
      break;
    }
  }
  std::vector<std::string> words;
  bool first = true;
  for (std::string& raw : Lines(*text)) {
    if (first) {  // the count
      first = false;
      continue;
    }
    const size_t slash = raw.find('/');
    if (slash != std::string::npos) raw.resize(slash);
    if (raw.empty()) continue;
    const icu::UnicodeString u(raw.data(), static_cast<int32_t>(raw.size()),
                               charset.c_str());
    std::string utf8;
    u.toUTF8String(utf8);
    words.push_back(std::move(utf8));
  }
  return words;
}

// Every element of the ICU set `pattern`, code points and strings, in UTF-8.
std::vector<std::string> SetElements(const char* pattern) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeSet set(icu::UnicodeString(pattern, -1, US_INV), status);
  if (U_FAILURE(status)) {
    Die(absl::StrFormat("bad UnicodeSet %s: %s", pattern, u_errorName(status)));
  }
  std::vector<std::string> out;
  icu::UnicodeSetIterator it(set);
  while (it.next()) {
    std::string s;
    it.getString().toUTF8String(s);
    out.push_back(std::move(s));
  }
  if (out.empty()) Die(absl::StrFormat("empty set %s", pattern));
  return out;
}

std::vector<std::string> CjkIdentifiers(Rng& rng, size_t count) {
  const std::vector<std::string> han =
      SetElements("[[:Block=CJK_Unified_Ideographs:]&[:Unified_Ideograph:]]");
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i) {
    std::string id;
    const size_t n = rng.Between(2, 6);
    for (size_t k = 0; k < n; ++k) id += han[rng.Below(han.size())];
    out.push_back(std::move(id));
  }
  return out;
}

std::vector<std::string> EmojiIdentifiers(Rng& rng, size_t count) {
  const std::vector<std::string> any = SetElements("[:RGI_Emoji:]");
  const std::vector<std::string> zwj =
      SetElements("[:RGI_Emoji_ZWJ_Sequence:]");
  std::vector<std::string> out;
  for (size_t i = 0; i < count; ++i) {
    std::string id;
    const size_t n = rng.Between(1, 3);
    for (size_t k = 0; k < n; ++k) {
      id += rng.Percent(40) ? zwj[rng.Below(zwj.size())]
                            : any[rng.Below(any.size())];
    }
    out.push_back(std::move(id));
  }
  return out;
}

// kWordPoolSize of `words` (or all, if fewer), valid UTF-8 only, in an
// order shuffled from `seed`.
WordPool MakePool(std::string name, std::string source,
                  std::vector<std::string> words, uint64_t seed) {
  std::erase_if(words, [](const std::string& w) {
    return !ValidateUtf8Reference(w).ok();
  });
  Rng rng(seed);
  for (size_t i = words.size(); i > 1; --i) {
    std::swap(words[i - 1], words[rng.Below(i)]);
  }
  if (words.size() > kWordPoolSize) words.resize(kWordPoolSize);
  WordPool pool{std::move(name), std::move(source), "", {}};
  for (const std::string& w : words) {
    pool.bytes += w;
    pool.ends.push_back(static_cast<uint32_t>(pool.bytes.size()));
  }
  return pool;
}

constexpr uint64_t kSeed = 0x7538776f72647331ull;  // "u8words1"
constexpr char kGreekDic[] = "/usr/share/hunspell/el_GR.dic";
constexpr char kGreekAff[] = "/usr/share/hunspell/el_GR.aff";

struct Family {
  const char* name;
  const char* path;     // the file it needs, or nullptr
  const char* package;  // the Debian package that installs it
};

constexpr Family kFamilies[] = {
    {"words_en", "/usr/share/dict/american-english", "wamerican"},
    {"words_de", "/usr/share/dict/ngerman", "wngerman"},
    {"words_fr", "/usr/share/dict/french", "wfrench"},
    {"words_es", "/usr/share/dict/spanish", "wspanish"},
    {"words_uk", "/usr/share/dict/ukrainian", "wukrainian"},
    {"words_el", kGreekDic, "hunspell-el"},
    {"ids_cjk", nullptr, nullptr},
    {"ids_emoji", nullptr, nullptr},
};

WordPool BuildPool(const Family& f, uint64_t seed) {
  const std::string name = f.name;
  if (name == "ids_cjk") {
    Rng rng(seed);
    return MakePool(name, "2-6 of ICU [:Block=CJK_Unified_Ideographs:]",
                    CjkIdentifiers(rng, kWordPoolSize), seed);
  }
  if (name == "ids_emoji") {
    Rng rng(seed);
    return MakePool(name,
                    "1-3 of ICU [:RGI_Emoji:], 40% [:RGI_Emoji_ZWJ_Sequence:]",
                    EmojiIdentifiers(rng, kWordPoolSize), seed);
  }
  const std::string source = absl::StrFormat("%s (%s)", f.path, f.package);
  std::optional<std::vector<std::string>> words;
  if (name == "words_el") {
    words = HunspellWords(kGreekDic, kGreekAff);
  } else if (const std::optional<std::string> text = ReadFile(f.path)) {
    words = Lines(*text);
  }
  if (!words || words->empty()) Die("cannot read " + source);
  return MakePool(name, source, std::move(*words), seed);
}

bool Present(const Family& f) {
  if (f.path == nullptr) return true;
  std::ifstream in(f.path, std::ios::binary);
  return static_cast<bool>(in);
}

}  // namespace

const std::vector<std::string>& WordFamilies() {
  static const auto* const names = [] {
    auto* out = new std::vector<std::string>;
    for (const Family& f : kFamilies) {
      if (Present(f)) {
        out->push_back(f.name);
      } else {
        std::fprintf(stderr, "word_inputs: no %s (Debian: %s): %s left out\n",
                     f.path, f.package, f.name);
      }
    }
    return out;
  }();
  return *names;
}

const WordPool& WordPoolNamed(const std::string& name) {
  static std::mutex mu;
  static auto* const pools = new std::map<std::string, WordPool>;
  const std::lock_guard<std::mutex> lock(mu);
  if (const auto it = pools->find(name); it != pools->end()) return it->second;
  for (size_t k = 0; k < std::size(kFamilies); ++k) {
    if (name != kFamilies[k].name) continue;
    WordPool pool = BuildPool(kFamilies[k], kSeed + k);
    if (pool.count() != kWordPoolSize) {
      Die(absl::StrFormat("%s: %d strings, want %d", name, pool.count(),
                          kWordPoolSize));
    }
    return pools->emplace(name, std::move(pool)).first->second;
  }
  Die("no word family " + name);
}

std::string DescribeWordPool(const WordPool& pool) {
  std::vector<size_t> lengths;
  size_t ascii = 0;
  size_t by_length[5] = {};
  for (size_t i = 0; i < pool.count(); ++i) {
    const std::string_view w = pool.Word(i);
    lengths.push_back(w.size());
    bool all_ascii = true;
    for (size_t k = 0; k < w.size();) {
      const auto b = static_cast<uint8_t>(w[k]);
      const size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
      all_ascii = all_ascii && len == 1;
      by_length[len] += len;
      k += len;
    }
    ascii += all_ascii;
  }
  std::sort(lengths.begin(), lengths.end());
  const auto at = [&](size_t pct) {
    return lengths[std::min(lengths.size() - 1, lengths.size() * pct / 100)];
  };
  const double total = static_cast<double>(pool.bytes.size());
  return absl::StrFormat(
      "%d strings from %s; bytes mean %.1f, p10/p50/p90/max %d/%d/%d/%d; "
      "all-ASCII %.0f%%; bytes in 2/3/4-byte chars %.0f%%/%.0f%%/%.0f%%",
      pool.count(), pool.source, total / static_cast<double>(pool.count()),
      at(10), at(50), at(90), lengths.back(),
      100.0 * static_cast<double>(ascii) / static_cast<double>(pool.count()),
      100 * by_length[2] / total, 100 * by_length[3] / total,
      100 * by_length[4] / total);
}

}  // namespace u8guard::bench
