// SPDX-License-Identifier: Apache-2.0
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
#include <fstream>
#include <map>
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

// The names of bench/data/names.txt ("ascii" or "nonascii" lines), shared
// with the Go harness (bench/go/precis_bench.go) so that both time the same
// strings.
const std::vector<std::string>& Names(bool ascii) {
  static const auto* const kNames = [] {
    auto* names = new std::map<std::string, std::vector<std::string>>;
    std::ifstream in(U8GUARD_BENCH_DATA_DIR "/names.txt", std::ios::binary);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      const size_t tab = line.find('\t');
      if (tab == std::string::npos) continue;
      (*names)[line.substr(0, tab)].push_back(line.substr(tab + 1));
    }
    return names;
  }();
  const auto it = kNames->find(ascii ? "ascii" : "nonascii");
  if (it == kNames->end() || it->second.size() != kPoolSize) {
    std::fprintf(stderr, "bench/data/names.txt: want %zu names of each kind\n",
                 kPoolSize);
    std::abort();
  }
  return it->second;
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
