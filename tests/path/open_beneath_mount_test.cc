// SPDX-License-Identifier: Apache-2.0
// OpenBeneath across mount points, through both resolvers: a tmpfs, a bind
// mount of a directory of the same filesystem (the case a device number
// cannot tell, only the mount id), a bind-mounted file, and /proc bound
// beneath the root. Without no_xdev the kernel follows mounts (the
// administrator put them there), magic links under the bound /proc stay
// refused; with no_xdev every crossing is "open/cross_device".
//
// Each test forks a child that enters a private mount namespace
// (unshare(CLONE_NEWNS)), mounts, runs the cases and reports failed checks
// as lines on a pipe; the mounts vanish with it. Where mounting is not
// permitted (not root, no CAP_SYS_ADMIN, a seccomp filter), the test is
// skipped with the reason.

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "tests/path/open_beneath_support.h"
#include "tests/test_support.h"
#include "u8guard/open_beneath.h"

namespace u8guard {
namespace {

using ::u8guard::testing::kSecret;
using ::u8guard::testing::MakeDir;
using ::u8guard::testing::MakeFile;
using ::u8guard::testing::MakeLink;
using ::u8guard::testing::Outcome;
using ::u8guard::testing::ScopedTempDir;

// The child's exit status when it could not set up its mounts.
constexpr int kCannotMount = 77;

class OpenBeneathMountTest : public ::testing::TestWithParam<BeneathResolver> {
 protected:
  void SetUp() override {
    U8GUARD_SKIP_UNLESS_RESOLVER_RUNS(GetParam());
    root_ = base_.File("root");
    MakeDir(base_.File("outside"));
    MakeFile(base_.File("outside/secret.txt"), kSecret);
    MakeFile(base_.File("secret.txt"), kSecret);
    MakeDir(root_);
    MakeFile(root_ + "/public.txt", "public");
    for (const char* dir : {"/mnt", "/bind", "/proc"}) MakeDir(root_ + dir);
    MakeFile(root_ + "/bind_file", "placeholder");
    MakeLink("mnt/file", root_ + "/to_mnt");
  }

  // Runs `body` in a child in its own mount namespace after `mounts` (each
  // {source, target, fstype, flags}); the child's failed checks fail this
  // test, and a child that cannot mount skips it.
  struct Mount {
    std::string source, target;
    const char* fstype;
    unsigned long flags;
  };
  void InChild(const std::vector<Mount>& mounts,
               void (OpenBeneathMountTest::*body)());

  // In the child: records a failed check.
  void Check(bool ok, const std::string& what) {
    if (!ok) failures_ += what + "\n";
  }
  void ExpectOutcome(std::string_view path, bool no_xdev,
                     SymlinkPolicy symlinks, std::string_view expected,
                     int root_fd = -1) {
    OpenBeneathOptions o;
    o.resolver = GetParam();
    o.no_xdev = no_xdev;
    o.symlinks = symlinks;
    const std::string got =
        Outcome(OpenBeneath(root_fd >= 0 ? root_fd : root_fd_.get(), path, o));
    Check(
        got == expected,
        absl::StrFormat("%s no_xdev=%d symlinks=%s: got %s, expected %s", path,
                        no_xdev, SymlinkPolicyName(symlinks), got, expected));
  }

 public:
  // The cases, run in the child.
  void CrossingCases();

 protected:
  ScopedTempDir base_;
  std::string root_;
  UniqueFd root_fd_;
  std::string failures_;
};

INSTANTIATE_TEST_SUITE_P(Resolvers, OpenBeneathMountTest,
                         ::testing::ValuesIn(testing::kBothResolvers),
                         testing::ResolverParamName);

void OpenBeneathMountTest::InChild(const std::vector<Mount>& mounts,
                                   void (OpenBeneathMountTest::*body)()) {
  int pipe_fds[2];
  ASSERT_EQ(pipe2(pipe_fds, O_CLOEXEC), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0) << std::strerror(errno);
  if (pid == 0) {
    close(pipe_fds[0]);
    const auto report = [&](const std::string& text, int status) {
      (void)!write(pipe_fds[1], text.data(), text.size());
      _exit(status);
    };
    if (unshare(CLONE_NEWNS) != 0) {
      report(absl::StrCat("unshare(CLONE_NEWNS): ", std::strerror(errno)),
             kCannotMount);
    }
    // Nothing mounted here propagates back to the test's namespace.
    if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
      report(absl::StrCat("mount --make-rprivate /: ", std::strerror(errno)),
             kCannotMount);
    }
    for (const Mount& m : mounts) {
      if (mount(m.source.c_str(), m.target.c_str(), m.fstype, m.flags,
                nullptr) != 0) {
        report(absl::StrCat("mount ", m.source, " on ", m.target, ": ",
                            std::strerror(errno)),
               kCannotMount);
      }
    }
    absl::StatusOr<UniqueFd> root = OpenRoot(root_);
    if (!root.ok()) report(std::string(root.status().message()) + "\n", 1);
    root_fd_ = *std::move(root);
    (this->*body)();
    report(failures_, failures_.empty() ? 0 : 1);
  }
  close(pipe_fds[1]);
  std::string text;
  char buffer[4096];
  ssize_t n;
  while ((n = read(pipe_fds[0], buffer, sizeof buffer)) != 0) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  close(pipe_fds[0]);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "child ended by a signal: " << status;
  if (WEXITSTATUS(status) == kCannotMount) {
    GTEST_SKIP() << "cannot make a mount namespace here: " << text;
  }
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    ADD_FAILURE() << line;
  }
  EXPECT_EQ(WEXITSTATUS(status), 0) << text;
}

void OpenBeneathMountTest::CrossingCases() {
  constexpr auto kNone = SymlinkPolicy::kNone;
  constexpr auto kInside = SymlinkPolicy::kInside;
  // The tmpfs gets a file and a link back up to the root.
  {
    const int fd = open((root_ + "/mnt/file").c_str(),
                        O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    Check(fd >= 0 && write(fd, "tmpfs", 5) == 5, "cannot write mnt/file");
    if (fd >= 0) close(fd);
    Check(symlink("../public.txt", (root_ + "/mnt/up").c_str()) == 0,
          "cannot link mnt/up");
  }
  const std::string secret = absl::StrCat("ok:", kSecret);
  for (bool no_xdev : {false, true}) {
    const auto crossing = [&](std::string_view allowed) {
      return no_xdev ? std::string("open/cross_device") : std::string(allowed);
    };
    ExpectOutcome("public.txt", no_xdev, kNone, "ok:public");
    ExpectOutcome("mnt/file", no_xdev, kNone, crossing("ok:tmpfs"));
    // (A directory opened without O_DIRECTORY: refused as one, once the
    // crossing is allowed.)
    ExpectOutcome("mnt", no_xdev, kNone, crossing("open/directory"));
    // A bind mount of the same filesystem: same device, another mount.
    ExpectOutcome("bind/secret.txt", no_xdev, kNone, crossing(secret));
    ExpectOutcome("bind_file", no_xdev, kNone, crossing(secret));
    // Links across the mount, both ways.
    ExpectOutcome("to_mnt", no_xdev, kInside, crossing("ok:tmpfs"));
    ExpectOutcome("mnt/up", no_xdev, kInside, crossing("ok:public"));
    // /proc bound beneath the root: ordinary files open, magic links never.
    ExpectOutcome("proc/self/status", no_xdev, kNone, crossing("open/symlink"));
    ExpectOutcome("proc/self/root/etc/passwd", no_xdev, kInside,
                  crossing("open/magic_link"));
    ExpectOutcome("proc/thread-self/root", no_xdev, kInside,
                  crossing("open/magic_link"));
    ExpectOutcome(absl::StrCat("proc/", getpid(), "/cwd"), no_xdev, kNone,
                  crossing("open/magic_link"));
    ExpectOutcome("proc/self/fd/0", no_xdev, kInside,
                  crossing("open/magic_link"));
    // Creating across a mount.
    OpenBeneathOptions o;
    o.resolver = GetParam();
    o.no_xdev = no_xdev;
    o.flags = O_RDWR;  // for Outcome to read it
    const std::string created = Outcome(CreateBeneath(
        root_fd_.get(), absl::StrCat("mnt/new", no_xdev), 0644, o));
    Check(created == crossing("ok:"), "create mnt/new: " + created);
    const std::string made = Outcome(MkdirBeneath(
        root_fd_.get(), absl::StrCat("bind/dir", no_xdev), 0755, o));
    Check(made == crossing("ok"), "mkdir bind/dir: " + made);
  }
  // A root that is itself a mount point: what is on its mount is not a
  // crossing.
  absl::StatusOr<UniqueFd> mnt = OpenRoot(root_ + "/mnt");
  Check(mnt.ok(), "OpenRoot(mnt)");
  if (mnt.ok()) {
    ExpectOutcome("file", true, kNone, "ok:tmpfs", mnt->get());
    ExpectOutcome("up", true, kInside, "open/escapes_root", mnt->get());
  }
}

TEST_P(OpenBeneathMountTest, CrossingMountPoints) {
  InChild({{"tmpfs", root_ + "/mnt", "tmpfs", 0},
           {base_.File("outside"), root_ + "/bind", nullptr, MS_BIND},
           {base_.File("secret.txt"), root_ + "/bind_file", nullptr, MS_BIND},
           {"/proc", root_ + "/proc", nullptr, MS_BIND | MS_REC}},
          &OpenBeneathMountTest::CrossingCases);
}

}  // namespace
}  // namespace u8guard
