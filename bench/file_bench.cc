// SPDX-License-Identifier: Apache-2.0
// BM_CheckFile/<impl>/<content>: `u8guard check FILE` on a file in the page
// cache, against a plain read() loop like cat's on the same file.
//
//   u8guard       ValidateUtf8File(path): one thread, read() of 256 KiB
//                 chunks into a page-aligned buffer, each validated in turn
//                 (src/utf8/file.cc); what `u8guard check --threads=1
//                 --map=false` runs
//   u8guard_threads
//                 ValidateUtf8File(path, {.threads = 0}): one range of the
//                 file per CPU, each read with pread() and validated by its
//                 own thread (src/utf8/file_ranges.cc); `u8guard check
//                 --map=false`
//   u8guard_map   ValidateUtf8File(path, {.threads = 1, .map = true}): the
//                 file mapped 8 MiB at a time instead of copied, validated
//                 in order (src/utf8/range_feed.cc); `u8guard check
//                 --threads=1 --map`
//   u8guard_map_threads
//                 ValidateUtf8File(path, {.threads = 0, .map = true}): one
//                 range per CPU, each mapped; `u8guard check --map`
//   u8guard_map_if_faster
//                 ValidateUtf8FileMapIfFaster(path, 0): one range per CPU,
//                 each mapping one window and reading as much, then going on
//                 the faster way; what `u8guard check FILE` runs by default
//   read_loop     open, read() 128 KiB at a time into a page-aligned buffer
//                 until the end, close: what GNU cat 9.1 does for
//                 `cat FILE >/dev/null` (its writes to /dev/null cost nothing)
//   read_loop_16  the same into a buffer 16 bytes past a page boundary, where
//                 malloc puts large blocks (and where ValidateUtf8Fd read to
//                 before its buffer was aligned)
//
// Contents: `ascii` (the ascii_1m input repeated) and `mixed` (latin_1m,
// cjk_1m and emoji_1m in turn). The files, U8GUARD_BENCH_FILE_MIB MiB each
// (default 1024), are written to U8GUARD_BENCH_FILE_DIR (default $TMPDIR,
// else /tmp) when the first of these benchmarks runs, read once so that the
// page cache holds them, and removed when the process exits. Every iteration
// checks its answer (valid, the whole size) and aborts otherwise. Times are
// wall-clock (system calls and page faults are most of the work).

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "bench/bench_inputs.h"
#include "benchmark/benchmark.h"
#include "u8guard/utf8.h"
#include "u8guard/utf8_file.h"

namespace u8guard::bench {
namespace {

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "u8guard_bench: %s\n", message.c_str());
  std::abort();
}

uint64_t FileBytes() {
  const char* mib = std::getenv("U8GUARD_BENCH_FILE_MIB");
  const uint64_t n = mib != nullptr ? std::strtoull(mib, nullptr, 10) : 1024;
  return (n == 0 ? 1024 : n) << 20;
}

std::string FileDir() {
  for (const char* var : {"U8GUARD_BENCH_FILE_DIR", "TMPDIR"}) {
    const char* dir = std::getenv(var);
    if (dir != nullptr && *dir != '\0') return dir;
  }
  return "/tmp";
}

const BenchInput& Input(const std::string& name) {
  for (const BenchInput& input : BenchInputs()) {
    if (input.name == name) return input;
  }
  Die("no input " + name);
}

// Reads `path` to its end with read() into a buffer of `chunk` bytes that
// starts `offset` bytes past a page boundary; returns the number of bytes
// read.
uint64_t ReadLoop(const std::string& path, size_t chunk, size_t offset = 0) {
  struct Free {
    void operator()(char* p) const {
      ::operator delete[](p, std::align_val_t{4096});
    }
  };
  const std::unique_ptr<char[], Free> buf(
      new (std::align_val_t{4096}) char[chunk + offset]);
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) Die("cannot open " + path);
  uint64_t total = 0;
  for (;;) {
    const ssize_t got = read(fd, buf.get() + offset, chunk);
    if (got < 0) Die("cannot read " + path);
    if (got == 0) break;
    total += static_cast<uint64_t>(got);
  }
  close(fd);
  return total;
}

// The benchmark files, created on first use and removed at exit.
class Files {
 public:
  ~Files() {
    for (const auto& [content, path] : paths_) unlink(path.c_str());
  }

  // The path of the file of `content` ("ascii" or "mixed"), in the page
  // cache.
  const std::string& Get(const std::string& content) {
    auto it = paths_.find(content);
    if (it != paths_.end()) return it->second;
    const std::string path = absl::StrFormat("%s/u8guard_bench_%d_%s.txt",
                                             FileDir(), getpid(), content);
    std::vector<const BenchInput*> pieces;
    if (content == "ascii") {
      pieces = {&Input("ascii_1m")};
    } else {
      pieces = {&Input("latin_1m"), &Input("cjk_1m"), &Input("emoji_1m")};
    }
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) Die("cannot create " + path);
    paths_[content] = path;  // removed at exit from here on
    const uint64_t size = FileBytes();
    for (uint64_t written = 0, i = 0; written < size; ++i) {
      const std::string& bytes = pieces[i % pieces.size()]->bytes;
      if (std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
        Die("cannot write " + path);
      }
      written += bytes.size();
    }
    if (std::fclose(f) != 0) Die("cannot write " + path);
    ReadLoop(path, 1 << 20);  // into the page cache
    return paths_[content];
  }

 private:
  std::map<std::string, std::string> paths_;
};

Files& TheFiles() {
  static Files files;
  return files;
}

void CheckValid(const absl::StatusOr<Utf8Result>& r, uint64_t size) {
  if (!r.ok() || !r->ok() || r->valid_up_to != size) {
    Die("ValidateUtf8File did not accept the whole benchmark file");
  }
}

void BM_CheckFile(benchmark::State& state, const std::string& impl,
                  const std::string& content) {
  const std::string& path = TheFiles().Get(content);
  const uint64_t size = FileBytes();
  for (auto _ : state) {
    if (impl == "read_loop" || impl == "read_loop_16") {
      const size_t offset = impl == "read_loop" ? 0 : 16;
      if (ReadLoop(path, 128 << 10, offset) != size) {
        Die("short read of " + path);
      }
    } else if (impl == "u8guard_map_if_faster") {
      CheckValid(ValidateUtf8FileMapIfFaster(path, 0), size);
    } else {
      const bool in_order = impl == "u8guard" || impl == "u8guard_map";
      const bool map = impl == "u8guard_map" || impl == "u8guard_map_threads";
      const absl::StatusOr<Utf8Result> r =
          ValidateUtf8File(path, {.threads = in_order ? 1 : 0, .map = map});
      CheckValid(r, size);
    }
  }
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(size));
  state.SetLabel(absl::StrFormat("%d MiB", size >> 20));
}

bool RegisterAll() {
  for (const char* content : {"ascii", "mixed"}) {
    for (const char* impl :
         {"u8guard", "u8guard_threads", "u8guard_map", "u8guard_map_threads",
          "u8guard_map_if_faster", "read_loop", "read_loop_16"}) {
      benchmark::RegisterBenchmark(
          absl::StrFormat("BM_CheckFile/%s/%s", impl, content).c_str(),
          [impl = std::string(impl), content = std::string(content)](
              benchmark::State& state) { BM_CheckFile(state, impl, content); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    }
  }
  return true;
}

[[maybe_unused]] const bool kRegistered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
