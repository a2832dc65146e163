// BM_Canonicalize/<impl>/<input> and BM_Equivalent/<impl>/<input>: the
// comparison key of short identifiers under each built-in PRECIS profile,
// beside what services use today on the same strings:
//   icu_naive        what users write by hand: UnicodeString::fromUTF8,
//                    NFKC_Casefold, toUTF8String (no PRECIS rules at all)
//   libidn_saslprep  GNU libidn's SASLprep (RFC 4013, the stringprep
//                    profile PRECIS replaces), in place
// Each iteration canonicalizes one string (Equivalent: compares two), cycling
// through a pool so the branch predictor cannot learn one input.

#include <stringprep.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"

namespace u8guard::bench {
namespace {

// Pools hold 16 names, so the harness picks one with a mask, not a division
// (which would cost as much as an ASCII canonicalization).
constexpr size_t kPoolSize = 16;
constexpr size_t kPoolMask = kPoolSize - 1;

const std::vector<std::string>& Names(bool ascii) {
  static const auto* const kAscii = new std::vector<std::string>{
      "alice",        "Bob.Smith", "charlie_99",   "dave-ops",
      "EveAdmin",     "frank",     "grace.hopper", "heidi@example.com",
      "ivan",         "JudyK",     "mallory",      "niaj2024",
      "olivia.brown", "Peggy",     "rupert_x",     "sybil"};
  static const auto* const kNonAscii = new std::vector<std::string>{
      "\uFF21\uFF24\uFF2D\uFF29\uFF2E",  // fullwidth ADMIN
      "Jos\u00E9",                       // NFC
      "Jose\u0301",                      // NFD
      "Fran\u00E7ois",
      "M\u00FCller",
      "\u0141ukasz",
      "Zo\u00EB",
      "\u0395\u03BB\u03AD\u03BD\u03B7",              // Greek
      "\u0414\u043C\u0438\u0442\u0440\u0438\u0439",  // Cyrillic
      "\u0645\u062D\u0645\u062F",                    // Arabic
      "\u05D3\u05D5\u05D3",                          // Hebrew
      "\u5C71\u7530\u592A\u90CE",                    // CJK
      "\u00C5sa",
      "S\u00F8ren",
      "\u010Capek",
      "\u0130lker"};
  const std::vector<std::string>& names = ascii ? *kAscii : *kNonAscii;
  if (names.size() != kPoolSize) std::abort();
  return names;
}

// The peers, each returning false when it rejects the input.
bool IcuNaive(const std::string& in, std::string& out) {
  UErrorCode status = U_ZERO_ERROR;
  static const icu::Normalizer2* const kNfkcCf =
      icu::Normalizer2::getNFKCCasefoldInstance(status);
  const icu::UnicodeString s = icu::UnicodeString::fromUTF8(in);
  const icu::UnicodeString n = kNfkcCf->normalize(s, status);
  out.clear();
  n.toUTF8String(out);
  return U_SUCCESS(status);
}

bool Saslprep(const std::string& in, std::string& out) {
  out.assign(in);
  out.resize(in.size() * 4 + 16);
  const int rc = stringprep(out.data(), out.size(), Stringprep_profile_flags{},
                            stringprep_saslprep);
  out.resize(rc == STRINGPREP_OK ? std::char_traits<char>::length(out.data())
                                 : 0);
  return rc == STRINGPREP_OK;
}

using Impl = bool (*)(const Profile*, const std::string&, std::string&);

bool U8guard(const Profile* p, const std::string& in, std::string& out) {
  return CanonicalizeInto(*p, in, out).ok();
}
bool IcuNaiveImpl(const Profile*, const std::string& in, std::string& out) {
  return IcuNaive(in, out);
}
bool SaslprepImpl(const Profile*, const std::string& in, std::string& out) {
  return Saslprep(in, out);
}

void RunCanonicalize(benchmark::State& state, Impl impl, const Profile* p,
                     const std::vector<std::string>* names) {
  std::string key;
  size_t i = 0;
  for (auto _ : state) {
    const bool ok = impl(p, (*names)[i++ & kPoolMask], key);
    benchmark::DoNotOptimize(ok);
    benchmark::DoNotOptimize(key.data());
  }
  state.SetItemsProcessed(state.iterations());
}

void RunEquivalent(benchmark::State& state, Impl impl, const Profile* p,
                   const std::vector<std::string>* names) {
  std::string a, b;
  size_t i = 0;
  for (auto _ : state) {
    const std::string& x = (*names)[i & kPoolMask];
    const std::string& y = (*names)[(i * 7 + 3) & kPoolMask];
    ++i;
    bool same;
    if (impl == &U8guard) {
      same = Equivalent(*p, x, y);
    } else {
      same = impl(p, x, a) && impl(p, y, b) && a == b;
    }
    benchmark::DoNotOptimize(same);
  }
  state.SetItemsProcessed(state.iterations());
}

// Registers every (impl, input) pair after checking that the impl accepts
// every string of the input, so only the success path is timed.
int RegisterAll() {
  struct Named {
    std::string name;
    Impl impl;
    const Profile* profile;
  };
  std::vector<Named> impls;
  for (const char* name : {"username-case-mapped", "username-case-preserved",
                           "opaque-string", "nickname"}) {
    impls.push_back({name, &U8guard, *FindBuiltinProfile(name)});
  }
  impls.push_back({"icu_naive", &IcuNaiveImpl, nullptr});
  impls.push_back({"libidn_saslprep", &SaslprepImpl, nullptr});
  for (const Named& impl : impls) {
    for (bool ascii : {true, false}) {
      const std::vector<std::string>* names = &Names(ascii);
      std::string out;
      for (const std::string& n : *names) {
        if (!impl.impl(impl.profile, n, out)) {
          std::fprintf(stderr, "%s rejects bench input %s\n", impl.name.c_str(),
                       n.c_str());
          std::abort();
        }
      }
      const std::string input = ascii ? "ascii" : "nonascii";
      benchmark::RegisterBenchmark(
          ("BM_Canonicalize/" + impl.name + "/" + input).c_str(),
          [impl, names](benchmark::State& s) {
            RunCanonicalize(s, impl.impl, impl.profile, names);
          });
      benchmark::RegisterBenchmark(
          ("BM_Equivalent/" + impl.name + "/" + input).c_str(),
          [impl, names](benchmark::State& s) {
            RunEquivalent(s, impl.impl, impl.profile, names);
          });
    }
  }
  return 0;
}

const int kRegistered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
