// SPDX-License-Identifier: Apache-2.0
// BM_AclLookup/<mode>/<input>: one credential looked up in an index of
// 1,000,000 generated user names (username-case-mapped), through
// AllowList::Grants (exact) or DenyList::Resembles (skeleton). Inputs:
//   ascii_hit, ascii_miss          ASCII names in / not in the list
//   nonascii_hit, nonascii_miss    names with Latin diacritics, Greek,
//                                  Cyrillic (about 1 entry in 8)
//   ascii_hit_pool64               64 names only: every access hits the
//                                  caches, what is left is computation
//   ascii_hit_cold                 every ASCII entry once, in random order:
//                                  the table and arena miss the caches
//   ascii_lookalike,               (skeleton only) entries with each Latin
//   nonascii_lookalike             a, c, e, o, p, x turned into its Cyrillic
//                                  look-alike: every lookup hits an entry
//                                  with another key, whose skeletons are
//                                  recomputed
// The first four cycle through 4096 credentials each (random entries of the
// million: a warm but not L1-resident working set).
//
// BM_AclLookupThreads/<mode>/<input>/real_time/threads:N: the same lookups
// from 1, 2, 4, ... threads up to the number of CPUs at once, on one shared
// immutable index (each thread starts at its own place in the credentials).
// items_per_second is the total over all threads (wall-clock time);
// per_thread_per_second divides it by the number of threads: it stays
// level when lookups scale.
//
// BM_AclBuild/<mode>: building that index from a std::vector<std::string>,
// with counters for its size: entries, raw_bytes (the entries as a file:
// bytes plus newlines), index_bytes (AclIndex::MemoryUsage), heap_bytes
// (malloc's in-use bytes after the build minus before, the build's
// temporaries freed), and index_per_raw (index_bytes / raw_bytes).

#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "bench/user_names.h"
#include "benchmark/benchmark.h"
#include "u8guard/acl.h"
#include "u8guard/profile.h"

namespace u8guard::bench {
namespace {

constexpr size_t kEntries = kUserNames;
constexpr size_t kPool = 4096;

const Profile& Mapped() {
  static const Profile* const p = *FindBuiltinProfile("username-case-mapped");
  return *p;
}

const std::vector<std::string>& Entries() { return UserNames(); }

size_t RawBytes() {
  size_t raw = 0;
  for (const std::string& e : Entries()) raw += e.size() + 1;
  return raw;
}

const AllowList& Allow() {
  static const AllowList* const kAllow =
      new AllowList(*AllowList::Build(Mapped(), Entries()));
  return *kAllow;
}

const DenyList& Deny() {
  static const DenyList* const kDeny =
      new DenyList(*DenyList::Build(Mapped(), Entries()));
  return *kDeny;
}

struct Input {
  const char* name;
  bool ascii;
  bool hit;
  size_t pool;  // credentials cycled through; 0 = every matching entry
  bool lookalike = false;  // hits written with Cyrillic look-alikes
};

constexpr Input kInputs[] = {
    {"ascii_hit", true, true, kPool},
    {"ascii_miss", true, false, kPool},
    {"nonascii_hit", false, true, kPool},
    {"nonascii_miss", false, false, kPool},
    {"ascii_hit_pool64", true, true, 64},
    {"ascii_hit_cold", true, true, 0},
    {"ascii_lookalike", true, true, kPool, true},
    {"nonascii_lookalike", false, true, kPool, true},
};

// `name` with each Latin a, c, e, o, p, x replaced by its Cyrillic
// look-alike (U+0430, U+0441, U+0435, U+043E, U+0440, U+0445).
std::string CyrillicLookalike(std::string_view name) {
  std::string out;
  for (const char c : name) {
    switch (c) {
      case 'a':
        out += "\u0430";
        break;
      case 'c':
        out += "\u0441";
        break;
      case 'e':
        out += "\u0435";
        break;
      case 'o':
        out += "\u043E";
        break;
      case 'p':
        out += "\u0440";
        break;
      case 'x':
        out += "\u0445";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The credentials of one input, in a random but fixed order, stored back
// to back in one string (so the benchmark adds no cache miss of its own per
// credential).
struct Credentials {
  std::string bytes;
  std::vector<std::string_view> views;
};

Credentials MakeCredentials(const Input& in) {
  std::mt19937_64 rng(42);
  std::vector<size_t> picks;
  for (size_t i = 0; i < kEntries; ++i) {
    if (IsAsciiUserName(i) == in.ascii) picks.push_back(i);
  }
  std::shuffle(picks.begin(), picks.end(), rng);
  if (in.pool > 0) picks.resize(in.pool);
  Credentials c;
  std::vector<size_t> ends;
  for (size_t i : picks) {
    // A miss: the same shape, a number past the end of the list.
    if (in.lookalike) {
      c.bytes += CyrillicLookalike(Entries()[i]);
    } else {
      c.bytes += in.hit ? Entries()[i] : UserName(i, kEntries + i);
    }
    ends.push_back(c.bytes.size());
  }
  size_t begin = 0;
  for (size_t end : ends) {
    c.views.emplace_back(c.bytes.data() + begin, end - begin);
    begin = end;
  }
  return c;
}

void BM_AclLookup(benchmark::State& state, AclMode mode, Input in) {
  const Credentials creds = MakeCredentials(in);
  auto lookup = [mode](std::string_view c) {
    return mode == AclMode::kExact ? Allow().Grants(c) : Deny().Resembles(c);
  };
  // Check every answer once before timing.
  for (const std::string_view c : creds.views) {
    const AclLookup r = lookup(c);
    if (static_cast<bool>(r) != in.hit ||
        (in.hit && mode == AclMode::kExact && r.match->original != c)) {
      state.SkipWithError(("wrong answer for " + std::string(c)).c_str());
      return;
    }
  }
  size_t i = 0;
  int64_t found = 0;
  for (auto _ : state) {
    const AclLookup r = lookup(creds.views[i]);
    found += static_cast<bool>(r);
    benchmark::DoNotOptimize(r);
    if (++i == creds.views.size()) i = 0;
  }
  if (found != (in.hit ? state.iterations() : 0)) {
    state.SkipWithError("wrong answer during the run");
  }
  state.SetItemsProcessed(state.iterations());
}

// The credentials of `in`, built once and shared by the threads.
const Credentials& SharedCredentials(const Input& in) {
  static std::mutex mu;
  static auto* const cache = new std::map<std::string, Credentials>;
  const std::lock_guard<std::mutex> lock(mu);
  auto it = cache->find(in.name);
  if (it == cache->end())
    it = cache->emplace(in.name, MakeCredentials(in)).first;
  return it->second;
}

void BM_AclLookupThreads(benchmark::State& state, AclMode mode, Input in) {
  const Credentials& creds = SharedCredentials(in);
  // Build the shared index and warm this thread's buffers before the timing
  // starts: one lookup (the first thread to get here builds the index; the
  // others wait for it).
  benchmark::DoNotOptimize(mode == AclMode::kExact
                               ? Allow().Grants(creds.views[0])
                               : Deny().Resembles(creds.views[0]));
  size_t i =
      (static_cast<size_t>(state.thread_index()) * 977) % creds.views.size();
  int64_t found = 0;
  for (auto _ : state) {
    const AclLookup r = mode == AclMode::kExact
                            ? Allow().Grants(creds.views[i])
                            : Deny().Resembles(creds.views[i]);
    found += static_cast<bool>(r);
    benchmark::DoNotOptimize(r);
    if (++i == creds.views.size()) i = 0;
  }
  if (found != (in.hit ? state.iterations() : 0)) {
    state.SkipWithError("wrong answer during the run");
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["per_thread_per_second"] = benchmark::Counter(
      static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate | benchmark::Counter::kAvgThreads);
}

// Bytes malloc has handed out: from its arenas and as separate mappings.
int64_t HeapInUse() {
  const struct mallinfo2 m = mallinfo2();
  return static_cast<int64_t>(m.uordblks + m.hblkhd);
}

void BM_AclBuild(benchmark::State& state, AclMode mode) {
  const std::vector<std::string>& entries = Entries();
  size_t index_bytes = 0;
  int64_t heap_bytes = 0;
  for (auto _ : state) {
    const int64_t before = HeapInUse();
    absl::StatusOr<AclIndex> index = AclIndex::Build(Mapped(), entries, mode);
    const int64_t after = HeapInUse();
    if (!index.ok() || index->size() != entries.size()) {
      state.SkipWithError("build failed");
      return;
    }
    index_bytes = index->MemoryUsage();
    heap_bytes = after - before;
    state.PauseTiming();
    index = absl::InternalError("freed");  // free outside the timing
    state.ResumeTiming();
  }
  const double raw = static_cast<double>(RawBytes());
  state.counters["entries"] = static_cast<double>(entries.size());
  state.counters["raw_bytes"] = raw;
  state.counters["index_bytes"] = static_cast<double>(index_bytes);
  state.counters["heap_bytes"] = static_cast<double>(heap_bytes);
  state.counters["index_per_raw"] = static_cast<double>(index_bytes) / raw;
  state.SetItemsProcessed(state.iterations() *
                          static_cast<int64_t>(entries.size()));
}

int RegisterAll() {
  for (AclMode mode : {AclMode::kExact, AclMode::kSkeleton}) {
    const std::string m(AclModeName(mode));
    benchmark::RegisterBenchmark(("BM_AclBuild/" + m).c_str(), BM_AclBuild,
                                 mode)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(mode == AclMode::kExact ? 3 : 1);
    for (const Input& in : kInputs) {
      if (in.lookalike && mode == AclMode::kExact) continue;
      benchmark::RegisterBenchmark(
          ("BM_AclLookup/" + m + "/" + in.name).c_str(), BM_AclLookup, mode,
          in);
    }
    const int cpus = static_cast<int>(std::thread::hardware_concurrency());
    for (const Input& in : kInputs) {
      const std::string_view name = in.name;
      if (name != "ascii_hit" && name != "nonascii_hit") continue;
      benchmark::RegisterBenchmark(
          ("BM_AclLookupThreads/" + m + "/" + in.name).c_str(),
          BM_AclLookupThreads, mode, in)
          ->ThreadRange(1, std::max(cpus, 1))
          ->UseRealTime();
    }
  }
  return 0;
}

const int kRegistered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
