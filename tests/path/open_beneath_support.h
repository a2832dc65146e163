// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the suites of OpenBeneath (open_beneath_*_test.cc):
// both resolvers as test parameters, trees with links, and outcomes as
// short strings ("ok:CONTENT", "open/escapes_root", "NotFound").

#ifndef U8GUARD_TESTS_PATH_OPEN_BENEATH_SUPPORT_H_
#define U8GUARD_TESTS_PATH_OPEN_BENEATH_SUPPORT_H_

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "u8guard/open_beneath.h"
#include "u8guard/rejection.h"

namespace u8guard::testing {

// What the file outside the root holds: an open that reads it escaped.
inline constexpr char kSecret[] = "SECRET: outside the root";

// Both resolvers, for INSTANTIATE_TEST_SUITE_P.
inline constexpr BeneathResolver kBothResolvers[] = {BeneathResolver::kOpenat2,
                                                     BeneathResolver::kWalk};

// "openat2" / "walk", for test names.
inline std::string ResolverParamName(
    const ::testing::TestParamInfo<BeneathResolver>& info) {
  return std::string(BeneathResolverName(info.param));
}

// In SetUp(): skips an openat2 instance on a kernel without openat2 (the
// walk's instance runs every case there).
#define U8GUARD_SKIP_UNLESS_RESOLVER_RUNS(resolver)                         \
  do {                                                                      \
    if ((resolver) == ::u8guard::BeneathResolver::kOpenat2 &&               \
        !::u8guard::Openat2Available()) {                                   \
      GTEST_SKIP() << "openat2 is not available to this process (Linux "    \
                      "before 5.6 or a seccomp filter): the walk instance " \
                      "runs every case";                                    \
    }                                                                       \
  } while (false)

// The whole content of `fd` from offset 0 (pread), or "<read error: ...>".
inline std::string ReadFd(int fd) {
  std::string out;
  char buffer[4096];
  off_t offset = 0;
  for (;;) {
    const ssize_t n = pread(fd, buffer, sizeof buffer, offset);
    if (n < 0) {
      if (errno == EINTR) continue;
      return absl::StrCat("<read error: ", std::strerror(errno), ">");
    }
    if (n == 0) return out;
    out.append(buffer, static_cast<size_t>(n));
    offset += n;
  }
}

// "ok:CONTENT" (a directory: "ok:<dir>"), the rule id of a rejection
// ("open/escapes_root", "path/dot_dot"), or the status code's name
// ("NOT_FOUND", "ALREADY_EXISTS", ...).
inline std::string Outcome(const absl::StatusOr<UniqueFd>& r) {
  if (r.ok()) {
    struct stat st;
    if (fstat(r->get(), &st) == 0 && S_ISDIR(st.st_mode)) return "ok:<dir>";
    return "ok:" + ReadFd(r->get());
  }
  if (const std::optional<Rejection> why = GetRejection(r.status())) {
    return std::string(why->rule_id());
  }
  return absl::StatusCodeToString(r.status().code());
}

inline std::string Outcome(const absl::Status& s) {
  if (s.ok()) return "ok";
  if (const std::optional<Rejection> why = GetRejection(s)) {
    return std::string(why->rule_id());
  }
  return absl::StatusCodeToString(s.code());
}

// Makes a directory, a link or a file; fails the test when it cannot.
inline void MakeDir(const std::string& path) {
  EXPECT_EQ(mkdir(path.c_str(), 0755), 0)
      << path << ": " << std::strerror(errno);
}
inline void MakeLink(const std::string& target, const std::string& path) {
  EXPECT_EQ(symlink(target.c_str(), path.c_str()), 0)
      << path << ": " << std::strerror(errno);
}
inline void MakeFile(const std::string& path, std::string_view content) {
  const int fd =
      open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0) << path << ": " << std::strerror(errno);
  EXPECT_EQ(write(fd, content.data(), content.size()),
            static_cast<ssize_t>(content.size()));
  close(fd);
}

// The number of descriptors this process has open (/proc/self/fd).
inline int OpenDescriptorCount() {
  DIR* d = opendir("/proc/self/fd");
  if (d == nullptr) return -1;
  int n = 0;
  while (readdir(d) != nullptr) ++n;
  closedir(d);
  return n;
}

}  // namespace u8guard::testing

#endif  // U8GUARD_TESTS_PATH_OPEN_BENEATH_SUPPORT_H_
