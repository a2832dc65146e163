// SPDX-License-Identifier: Apache-2.0
// BM_RegistryDecide/<input>: one sign-up decided (Registry::Decide) against
// a registry of 1,000,000 generated user names (bench/user_names.h: ASCII,
// and about one in eight with Latin diacritics, Greek or Cyrillic) under
// username-case-mapped and the default policy. Inputs, 4096 names each,
// cycled in a fixed random order:
//   ascii_accepted, mixed_accepted    new names of the list's shape
//   ascii_collision, mixed_collision  registered names in capitals: refused,
//                                     a registered name has the key
//   ascii_lookalike, mixed_lookalike  registered names with "m" -> "rn",
//                                     "l" -> "I", "1" -> "l" or "0" -> "O":
//                                     refused, a look-alike
// ("mixed": the non-ASCII names of the list; those that mix scripts, such
// as "дмитрий.čapek", are refused by the restriction level and left out).
// Every candidate's outcome is checked before the timing starts.
//
// BM_RegistryDecideThreads/<input>/real_time/threads:N: the same decisions
// from 1, 2, ... threads up to the number of CPUs at once on the one
// registry (Decide only reads); items_per_second is the total.
//
// BM_RegistryRegister/<ascii|mixed>: Registry::Register of new names, each
// accepted and added (the registry grows by one per iteration; 100,000
// iterations).
//
// BM_RegistryBuild: Registry::Add of every name of the list into an empty
// registry, with counters: accounts, memory_bytes (MemoryUsage) and
// bytes_per_account.
//
// U8GUARD_BENCH_REGISTRY_NAMES=N (default 1,000,000) registers only the
// first N names: for smoke runs.

#include <unicode/unistr.h>

#include <algorithm>
#include <atomic>
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
#include "u8guard/profile.h"
#include "u8guard/registration.h"

namespace u8guard::bench {
namespace {

constexpr size_t kPool = 4096;

const Profile& Mapped() {
  static const Profile* const p = *FindBuiltinProfile("username-case-mapped");
  return *p;
}

// How many names of UserNames() the registry holds.
size_t RegistryNames() {
  static const size_t n = [] {
    const char* env = std::getenv("U8GUARD_BENCH_REGISTRY_NAMES");
    const size_t asked = env != nullptr ? std::strtoull(env, nullptr, 10) : 0;
    return asked == 0 ? kUserNames : std::min(asked, kUserNames);
  }();
  return n;
}

const Registry& Shared() {
  static const Registry* const kRegistry = [] {
    auto* r = new Registry(Mapped());
    for (size_t i = 0; i < RegistryNames(); ++i) {
      if (!r->Add(UserNames()[i]).ok()) std::abort();
    }
    return r;
  }();
  return *kRegistry;
}

enum class Kind { kAccepted, kCollision, kLookalike };

struct Input {
  const char* name;
  bool ascii;
  Kind kind;
  RegistrationOutcome outcome;
};

constexpr Input kInputs[] = {
    {"ascii_accepted", true, Kind::kAccepted, RegistrationOutcome::kAccepted},
    {"ascii_collision", true, Kind::kCollision,
     RegistrationOutcome::kCollision},
    {"ascii_lookalike", true, Kind::kLookalike,
     RegistrationOutcome::kLookalike},
    {"mixed_accepted", false, Kind::kAccepted, RegistrationOutcome::kAccepted},
    {"mixed_collision", false, Kind::kCollision,
     RegistrationOutcome::kCollision},
    {"mixed_lookalike", false, Kind::kLookalike,
     RegistrationOutcome::kLookalike},
};

std::string Upper(const std::string& s) {
  std::string out;
  icu::UnicodeString::fromUTF8(s).toUpper().toUTF8String(out);
  return out;
}

// `name` with its first look-alike swap ("m" -> "rn", "l" -> "I", "1" ->
// "l", "0" -> "O"); empty when it has none of those.
std::string Lookalike(const std::string& name) {
  static constexpr struct {
    char from;
    const char* to;
  } kSwaps[] = {{'m', "rn"}, {'l', "I"}, {'1', "l"}, {'0', "O"}};
  for (const auto& swap : kSwaps) {
    const size_t at = name.find(swap.from);
    if (at != std::string::npos) {
      return name.substr(0, at) + swap.to + name.substr(at + 1);
    }
  }
  return "";
}

// The candidates of `in`: kPool names that get in.outcome, from registry
// entries picked in a fixed random order. Empty when there are not enough
// (a tiny smoke-run registry).
std::vector<std::string> MakeCandidates(const Input& in) {
  std::mt19937_64 rng(42);
  std::vector<size_t> picks;
  for (size_t i = 0; i < RegistryNames(); ++i) {
    if (IsAsciiUserName(i) == in.ascii) picks.push_back(i);
  }
  std::shuffle(picks.begin(), picks.end(), rng);
  std::vector<std::string> out;
  for (size_t i : picks) {
    if (out.size() == kPool) break;
    std::string c;
    switch (in.kind) {
      case Kind::kAccepted:
        c = UserName(i, 2 * kUserNames + i);
        break;
      case Kind::kCollision:
        c = Upper(UserNames()[i]);
        break;
      case Kind::kLookalike:
        c = Lookalike(UserNames()[i]);
        break;
    }
    const absl::StatusOr<RegistrationDecision> d = Shared().Decide(c);
    if (!c.empty() && d.ok() && d->outcome == in.outcome) {
      out.push_back(std::move(c));
    }
  }
  return out;
}

const std::vector<std::string>& Candidates(const Input& in) {
  static std::mutex mu;
  static auto* const cache =
      new std::map<std::string, std::vector<std::string>>;
  const std::lock_guard<std::mutex> lock(mu);
  auto it = cache->find(in.name);
  if (it == cache->end()) {
    it = cache->emplace(in.name, MakeCandidates(in)).first;
  }
  return it->second;
}

void BM_RegistryDecide(benchmark::State& state, Input in) {
  const std::vector<std::string>& candidates = Candidates(in);
  if (candidates.empty()) {
    state.SkipWithError("no candidates (registry too small)");
    return;
  }
  size_t i =
      (static_cast<size_t>(state.thread_index()) * 977) % candidates.size();
  int64_t right = 0;
  for (auto _ : state) {
    const absl::StatusOr<RegistrationDecision> d =
        Shared().Decide(candidates[i]);
    right += d.ok() && d->outcome == in.outcome;
    benchmark::DoNotOptimize(d);
    if (++i == candidates.size()) i = 0;
  }
  if (right != state.iterations()) {
    state.SkipWithError("wrong answer during the run");
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["registry"] = benchmark::Counter(
      static_cast<double>(RegistryNames()), benchmark::Counter::kAvgThreads);
}

void BM_RegistryRegister(benchmark::State& state, bool ascii) {
  // A registry of its own, since it grows; each run registers names no
  // earlier run did.
  static Registry* const registry = [] {
    auto* r = new Registry(Mapped());
    for (size_t i = 0; i < RegistryNames(); ++i) {
      if (!r->Add(UserNames()[i]).ok()) std::abort();
    }
    return r;
  }();
  static std::atomic<size_t> next{3 * kUserNames};
  std::vector<std::string> names;
  const size_t first = next.fetch_add(kUserNames);
  // Generated names that mix scripts ("дмитрий.čapek") are refused by the
  // restriction level: left out.
  for (size_t i = 0; names.size() < kUserNames / 4; ++i) {
    if (IsAsciiUserName(i) != ascii) continue;
    std::string name = UserName(i, first + i);
    const absl::StatusOr<RegistrationDecision> d = registry->Decide(name);
    if (d.ok() && d->accepted()) names.push_back(std::move(name));
  }
  size_t k = 0;
  int64_t accepted = 0;
  for (auto _ : state) {
    if (k == names.size()) {
      state.SkipWithError("ran out of new names");
      break;
    }
    const absl::StatusOr<RegistrationDecision> d =
        registry->Register(names[k++]);
    accepted += d.ok() && d->accepted();
  }
  if (accepted != state.iterations()) {
    state.SkipWithError("a new name was refused");
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["accounts"] = static_cast<double>(registry->accounts());
}

void BM_RegistryBuild(benchmark::State& state) {
  size_t accounts = 0;
  size_t memory = 0;
  for (auto _ : state) {
    auto registry = std::make_unique<Registry>(Mapped());
    for (size_t i = 0; i < RegistryNames(); ++i) {
      if (!registry->Add(UserNames()[i]).ok()) {
        state.SkipWithError("a name was rejected");
        return;
      }
    }
    accounts = registry->accounts();
    memory = registry->MemoryUsage();
    state.PauseTiming();
    registry.reset();  // freed outside the timing
    state.ResumeTiming();
  }
  state.counters["accounts"] = static_cast<double>(accounts);
  state.counters["memory_bytes"] = static_cast<double>(memory);
  state.counters["bytes_per_account"] =
      static_cast<double>(memory) / static_cast<double>(accounts);
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(accounts));
}

int RegisterAll() {
  benchmark::RegisterBenchmark("BM_RegistryBuild", BM_RegistryBuild)
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  for (const Input& in : kInputs) {
    benchmark::RegisterBenchmark(
        (std::string("BM_RegistryDecide/") + in.name).c_str(),
        BM_RegistryDecide, in);
  }
  const int cpus = static_cast<int>(std::thread::hardware_concurrency());
  for (const Input& in : kInputs) {
    if (in.kind != Kind::kAccepted) continue;
    benchmark::RegisterBenchmark(
        (std::string("BM_RegistryDecideThreads/") + in.name).c_str(),
        BM_RegistryDecide, in)
        ->ThreadRange(1, std::max(cpus, 1))
        ->UseRealTime();
  }
  for (const bool ascii : {true, false}) {
    benchmark::RegisterBenchmark(
        ascii ? "BM_RegistryRegister/ascii" : "BM_RegistryRegister/mixed",
        BM_RegistryRegister, ascii)
        ->Iterations(100000);
  }
  return 0;
}

const int kRegistered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
