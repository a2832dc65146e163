// SPDX-License-Identifier: Apache-2.0
// BM_OpenBeneath/<how>/<input>: opening a path beneath a root on a small
// tree, and closing it, with OpenBeneath's two resolvers beside plain
// openat(2) of the same sanitized path:
//
//   BM_OpenBeneath/openat2/<input>   OpenBeneath, BeneathResolver::kOpenat2
//   BM_OpenBeneath/walk/<input>      OpenBeneath, BeneathResolver::kWalk
//   BM_OpenBeneath/sanitize_openat/<input>
//                                    SanitizePathInto, then openat(root,
//                                    path): the lexical check alone
//   BM_OpenBeneath/openat/<input>    openat(root, path) of the path
//                                    sanitized beforehand: no check at all
//
// OpenBeneath less sanitize_openat is the price of the kernel's (or the
// walk's) confinement; sanitize_openat less openat that of the sanitizer.
// The openat2 family is registered only where the kernel has openat2.
//
// The tree, made once under $TMPDIR (or /tmp) and removed at exit:
//   root/file0.txt .. file7.txt
//   root/d0..d7/d0..d7/file0.txt .. file7.txt
//   root/a/b/c/d/e/f/g/h/file.txt
//   root/link -> d3 (for symlinks=inside)
// Inputs, each a pool of kPoolSize paths cycled through:
//   depth1   file3.txt                  (one component)
//   depth3   d1/d6/file2.txt            (three)
//   depth9   a/b/c/d/e/f/g/h/file.txt   (nine)
//   link     link/d5/file1.txt          (through a link that stays inside,
//                                        symlinks=inside; openat follows it)
// Every path is opened once by every method before timing; the benchmark
// aborts if one fails. Reports items_per_second (opens per second).

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "benchmark/benchmark.h"
#include "u8guard/open_beneath.h"
#include "u8guard/path.h"

namespace u8guard::bench {
namespace {

constexpr size_t kPoolSize = 64;  // a power of two

constexpr const char* kInputNames[] = {"depth1", "depth3", "depth9", "link"};

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "open_beneath_bench: %s\n", what.c_str());
  std::abort();
}

void WriteFile(const std::string& path) {
  const int fd =
      open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || write(fd, "x", 1) != 1) Die("cannot write " + path);
  close(fd);
}

void MakeDir(const std::string& path) {
  if (mkdir(path.c_str(), 0755) != 0) Die("cannot make " + path);
}

// The tree and the root's descriptor, made once.
class Tree {
 public:
  Tree() {
    const char* tmp = std::getenv("TMPDIR");
    std::string base = std::string(tmp != nullptr && *tmp ? tmp : "/tmp") +
                       "/u8guard_bench_XXXXXX";
    if (mkdtemp(base.data()) == nullptr) Die("mkdtemp");
    base_ = base;
    const std::string root = base_ + "/root";
    MakeDir(root);
    for (int f = 0; f < 8; ++f)
      WriteFile(absl::StrFormat("%s/file%d.txt", root, f));
    for (int a = 0; a < 8; ++a) {
      MakeDir(absl::StrFormat("%s/d%d", root, a));
      for (int b = 0; b < 8; ++b) {
        MakeDir(absl::StrFormat("%s/d%d/d%d", root, a, b));
        for (int f = 0; f < 8; ++f) {
          WriteFile(absl::StrFormat("%s/d%d/d%d/file%d.txt", root, a, b, f));
        }
      }
    }
    std::string deep = root;
    for (const char* d : {"a", "b", "c", "d", "e", "f", "g", "h"}) {
      deep += std::string("/") + d;
      MakeDir(deep);
    }
    WriteFile(deep + "/file.txt");
    if (symlink("d3", (root + "/link").c_str()) != 0) Die("symlink");
    absl::StatusOr<UniqueFd> fd = OpenRoot(root);
    if (!fd.ok()) Die(std::string(fd.status().message()));
    root_ = *std::move(fd);
  }
  ~Tree() {
    root_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(base_, ignored);
  }

  int root() const { return root_.get(); }

 private:
  std::string base_;
  UniqueFd root_;
};

const Tree& TheTree() {
  static const Tree tree;  // removed at exit
  return tree;
}

struct Input {
  std::string name;
  SymlinkPolicy symlinks = SymlinkPolicy::kNone;
  std::vector<std::string> paths;      // as a client sends them
  std::vector<std::string> sanitized;  // SanitizePath of each
};

Input MakeInput(size_t index) {
  Input in;
  in.name = kInputNames[index];
  for (size_t i = 0; i < kPoolSize; ++i) {
    std::string path;
    switch (index) {
      case 0:
        path = absl::StrFormat("file%d.txt", i % 8);
        break;
      case 1:
        path = absl::StrFormat("d%d/d%d/file%d.txt", i % 8, (i / 8) % 8,
                               (i * 5) % 8);
        break;
      case 2:
        path = "a/b/c/d/e/f/g/h/file.txt";
        break;
      default:
        path = absl::StrFormat("link/d%d/file%d.txt", i % 8, (i * 3) % 8);
        in.symlinks = SymlinkPolicy::kInside;
    }
    absl::StatusOr<std::string> sanitized = SanitizePath(path);
    if (!sanitized.ok()) Die(std::string(sanitized.status().message()));
    in.paths.push_back(path);
    in.sanitized.push_back(*std::move(sanitized));
  }
  return in;
}

const std::vector<Input>& Inputs() {
  static const std::vector<Input>* const inputs = [] {
    auto* v = new std::vector<Input>;
    for (size_t i = 0; i < std::size(kInputNames); ++i) {
      v->push_back(MakeInput(i));
    }
    return v;
  }();
  return *inputs;
}

// How a benchmark opens a path.
enum class Method { kOpenat2, kWalk, kSanitizeOpenat, kOpenat };

// Opens path `i` of `in` by `method`; returns the descriptor or -1.
int OpenOne(const Input& in, size_t i, Method method, std::string& scratch) {
  const int root = TheTree().root();
  switch (method) {
    case Method::kOpenat2:
    case Method::kWalk: {
      OpenBeneathOptions o;
      o.symlinks = in.symlinks;
      o.resolver = method == Method::kOpenat2 ? BeneathResolver::kOpenat2
                                              : BeneathResolver::kWalk;
      absl::StatusOr<UniqueFd> fd = OpenBeneath(root, in.paths[i], o);
      return fd.ok() ? fd->release() : -1;
    }
    case Method::kSanitizeOpenat:
      if (!SanitizePathInto(in.paths[i], PathOptions(), scratch).ok()) {
        return -1;
      }
      return openat(root, scratch.c_str(), O_RDONLY | O_CLOEXEC);
    case Method::kOpenat:
      return openat(root, in.sanitized[i].c_str(), O_RDONLY | O_CLOEXEC);
  }
  return -1;
}

void BM_Open(benchmark::State& state, size_t index, Method method) {
  const Input& in = Inputs()[index];
  std::string scratch;
  size_t i = 0;
  for (auto _ : state) {
    const int fd = OpenOne(in, i, method, scratch);
    benchmark::DoNotOptimize(fd);
    close(fd);
    i = (i + 1) & (kPoolSize - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

bool RegisterAll() {
  static_assert((kPoolSize & (kPoolSize - 1)) == 0);
  struct Named {
    const char* name;
    Method method;
  };
  std::vector<Named> methods = {{"walk", Method::kWalk},
                                {"sanitize_openat", Method::kSanitizeOpenat},
                                {"openat", Method::kOpenat}};
  if (Openat2Available())
    methods.insert(methods.begin(), {"openat2", Method::kOpenat2});
  for (size_t index = 0; index < std::size(kInputNames); ++index) {
    for (const Named& m : methods) {
      const Method method = m.method;
      benchmark::RegisterBenchmark(
          absl::StrFormat("BM_OpenBeneath/%s/%s", m.name, kInputNames[index])
              .c_str(),
          [index, method](benchmark::State& s) {
            // Checked here, on first use: the tree exists only when a
            // benchmark of this family is selected.
            static const bool checked = [] {
              std::string scratch;
              for (const Input& in : Inputs()) {
                for (size_t i = 0; i < kPoolSize; ++i) {
                  for (Method each : {Method::kWalk, Method::kSanitizeOpenat,
                                      Method::kOpenat}) {
                    const int fd = OpenOne(in, i, each, scratch);
                    if (fd < 0) Die("cannot open " + in.paths[i]);
                    close(fd);
                  }
                  if (Openat2Available()) {
                    const int fd = OpenOne(in, i, Method::kOpenat2, scratch);
                    if (fd < 0) Die("openat2 cannot open " + in.paths[i]);
                    close(fd);
                  }
                }
              }
              return true;
            }();
            benchmark::DoNotOptimize(checked);
            BM_Open(s, index, method);
          });
    }
  }
  return true;
}

[[maybe_unused]] const bool registered = RegisterAll();

}  // namespace
}  // namespace u8guard::bench
