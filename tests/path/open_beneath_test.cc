// SPDX-License-Identifier: Apache-2.0
// OpenBeneath, CreateBeneath, MkdirBeneath (include/u8guard/open_beneath.h)
// under attack, every case through both resolvers (openat2 and the O_PATH
// walk) with the same expected outcome: links inside the root that point
// out (relative, absolute, chains, loops), ".." after a link, links that
// stay inside (allowed only with SymlinkPolicy::kInside), /proc magic links
// (through a link in the root, and with /proc/self as the root), the
// sanitizer's rules in front, long paths and deep trees, every built-in
// profile as the segment profile, creation, descriptors (O_CLOEXEC, no
// leaks). Mounts: open_beneath_mount_test.cc; races:
// open_beneath_race_test.cc.

#include "u8guard/open_beneath.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <future>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/path/open_beneath_support.h"
#include "tests/test_support.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"

namespace u8guard {
namespace {

using ::u8guard::testing::kSecret;
using ::u8guard::testing::MakeDir;
using ::u8guard::testing::MakeFile;
using ::u8guard::testing::MakeLink;
using ::u8guard::testing::Outcome;
using ::u8guard::testing::ReadFd;
using ::u8guard::testing::ScopedTempDir;

// base/
//   secret.txt            the file no open may ever reach
//   outside/secret.txt
//   root/                 the root
//     public.txt, dir/inner.txt, uploads/, empty/
class OpenBeneathTest : public ::testing::TestWithParam<BeneathResolver> {
 protected:
  void SetUp() override {
    U8GUARD_SKIP_UNLESS_RESOLVER_RUNS(GetParam());
    root_ = base_.File("root");
    MakeFile(base_.File("secret.txt"), kSecret);
    MakeDir(base_.File("outside"));
    MakeFile(base_.File("outside/secret.txt"), kSecret);
    MakeDir(root_);
    MakeFile(Root("public.txt"), "public");
    MakeDir(Root("dir"));
    MakeFile(Root("dir/inner.txt"), "inner");
    MakeDir(Root("uploads"));
    MakeDir(Root("empty"));
    absl::StatusOr<UniqueFd> fd = OpenRoot(root_);
    ASSERT_TRUE(fd.ok()) << fd.status();
    root_fd_ = *std::move(fd);
  }

  // root/NAME
  std::string Root(std::string_view name) const {
    return root_ + "/" + std::string(name);
  }

  OpenBeneathOptions Options(SymlinkPolicy symlinks) const {
    OpenBeneathOptions o;
    o.symlinks = symlinks;
    o.resolver = GetParam();
    return o;
  }

  std::string Open(std::string_view path,
                   SymlinkPolicy symlinks = SymlinkPolicy::kNone,
                   int flags = O_RDONLY) {
    OpenBeneathOptions o = Options(symlinks);
    o.flags = flags;
    return Outcome(OpenBeneath(root_fd_.get(), path, o));
  }

  std::string Inside(std::string_view path, int flags = O_RDONLY) {
    return Open(path, SymlinkPolicy::kInside, flags);
  }

  std::string Create(std::string_view path, SymlinkPolicy symlinks,
                     uint32_t mode = 0644) {
    return Outcome(
        CreateBeneath(root_fd_.get(), path, mode, Options(symlinks)));
  }

  std::string Mkdir(std::string_view path, SymlinkPolicy symlinks,
                    uint32_t mode = 0750) {
    return Outcome(MkdirBeneath(root_fd_.get(), path, mode, Options(symlinks)));
  }

  // Expects `path` to be refused by `rule` under both policies when the
  // link is refused by kNone as open/symlink.
  void ExpectLinkRefused(std::string_view path, std::string_view inside_rule) {
    EXPECT_EQ(Open(path), "open/symlink") << path;
    EXPECT_EQ(Inside(path), inside_rule) << path;
  }

  ScopedTempDir base_;
  std::string root_;
  UniqueFd root_fd_;
};

INSTANTIATE_TEST_SUITE_P(Resolvers, OpenBeneathTest,
                         ::testing::ValuesIn(testing::kBothResolvers),
                         testing::ResolverParamName);

TEST_P(OpenBeneathTest, OpensFilesAndDirectoriesBeneathTheRoot) {
  EXPECT_EQ(Open("public.txt"), "ok:public");
  EXPECT_EQ(Open("dir/inner.txt"), "ok:inner");
  EXPECT_EQ(Open("dir//./inner.txt"), "ok:inner");  // sanitized first
  EXPECT_EQ(Open("dir", SymlinkPolicy::kNone, O_RDONLY | O_DIRECTORY),
            "ok:<dir>");
  // The root itself.
  EXPECT_EQ(Open("", SymlinkPolicy::kNone, O_RDONLY | O_DIRECTORY), "ok:<dir>");
  EXPECT_EQ(Open(".", SymlinkPolicy::kNone, O_RDONLY | O_DIRECTORY),
            "ok:<dir>");
  EXPECT_EQ(Open("dir", SymlinkPolicy::kNone, O_PATH | O_DIRECTORY),
            "ok:<dir>");
  // The root handle opened by path, for one call.
  OpenBeneathOptions o = Options(SymlinkPolicy::kNone);
  EXPECT_EQ(Outcome(OpenBeneath(std::string_view(root_), "dir/inner.txt", o)),
            "ok:inner");
  EXPECT_EQ(Outcome(OpenBeneath(std::string_view(base_.File("nope")), "x", o)),
            "NOT_FOUND");
}

// Opens `path` beneath `root_fd` with `o` on another thread and returns its
// Outcome. An open still waiting after 10 seconds fails the test, and is
// then released by opening `fifo` (a FIFO it may be waiting on) for
// writing, so that a regression fails instead of hanging the suite.
std::string OpenWithoutBlocking(int root_fd, std::string_view path,
                                const OpenBeneathOptions& o,
                                const std::string& fifo) {
  std::promise<std::string> promise;
  std::future<std::string> outcome = promise.get_future();
  std::thread opener(
      [&] { promise.set_value(Outcome(OpenBeneath(root_fd, path, o))); });
  if (outcome.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
    ADD_FAILURE() << "OpenBeneath(\"" << path << "\") blocked for 10 s";
    const int writer = open(fifo.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    opener.join();
    if (writer >= 0) close(writer);
    return "<blocked>";
  }
  opener.join();
  return outcome.get();
}

// Attack: a FIFO, a socket or a device where a file is expected. A FIFO left
// beneath the root made open(2) wait for a writer forever (Python's
// open_beneath hung on one), /dev/zero never ends, a directory is not a
// file. Every access mode, through a link, and the root itself: refused by
// kind, at once; O_DIRECTORY, O_PATH and any_file_type open as open(2).
TEST_P(OpenBeneathTest, OpensRegularFilesOnlyWithoutBlocking) {
  const std::string fifo = Root("report.txt");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0) << std::strerror(errno);
  MakeLink("report.txt", Root("fifo_link"));
  // A socket bound at root/sock (its path must fit sockaddr_un).
  const std::string sock = Root("sock");
  const int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  ASSERT_GE(listener, 0);
  sockaddr_un address = {};
  address.sun_family = AF_UNIX;
  ASSERT_LT(sock.size(), sizeof address.sun_path);
  std::memcpy(address.sun_path, sock.c_str(), sock.size() + 1);
  ASSERT_EQ(bind(listener, reinterpret_cast<const sockaddr*>(&address),
                 sizeof address),
            0)
      << std::strerror(errno);
  absl::StatusOr<UniqueFd> dev = OpenRoot("/dev");
  ASSERT_TRUE(dev.ok()) << dev.status();
  for (SymlinkPolicy policy : {SymlinkPolicy::kNone, SymlinkPolicy::kInside}) {
    for (int access : {O_RDONLY, O_WRONLY, O_RDWR}) {
      for (int extra : {0, O_NONBLOCK, O_TRUNC, O_APPEND}) {
        OpenBeneathOptions o = Options(policy);
        o.flags = access | extra;
        SCOPED_TRACE(
            absl::StrCat("symlinks=", std::string(SymlinkPolicyName(policy)),
                         " flags=0", absl::Hex(o.flags)));
        EXPECT_EQ(OpenWithoutBlocking(root_fd_.get(), "report.txt", o, fifo),
                  "open/fifo");
        EXPECT_EQ(
            OpenWithoutBlocking(root_fd_.get(), "fifo_link", o, fifo),
            policy == SymlinkPolicy::kNone ? "open/symlink" : "open/fifo");
        EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "sock", o)),
                  "open/socket");
        // Character devices, in a root of their own: /dev.
        EXPECT_EQ(Outcome(OpenBeneath(dev->get(), "null", o)), "open/device");
        EXPECT_EQ(Outcome(OpenBeneath(dev->get(), "zero", o)), "open/device");
        const std::string dir = Outcome(OpenBeneath(root_fd_.get(), "dir", o));
        const std::string root = Outcome(OpenBeneath(root_fd_.get(), "", o));
        if (access == O_RDONLY && extra != O_TRUNC) {
          EXPECT_EQ(dir, "open/directory");
          EXPECT_EQ(root, "open/directory");
        } else {
          // The kernel refuses to open a directory for writing (O_TRUNC
          // included) first: EISDIR.
          EXPECT_EQ(dir, "FAILED_PRECONDITION");
          EXPECT_EQ(root, "FAILED_PRECONDITION");
        }
      }
    }
  }
  // The message names the kind; the Rejection the path.
  OpenBeneathOptions o = Options(SymlinkPolicy::kNone);
  const absl::Status s = OpenBeneath(root_fd_.get(), "report.txt", o).status();
  EXPECT_EQ(s.message(),
            "open beneath root: refused at \"report.txt\": open/fifo: a FIFO "
            "(named pipe), not a regular file: opening or reading it can "
            "wait forever");
  const std::optional<Rejection> why = GetRejection(s);
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(why->source, RejectionSource::kOpen);
  EXPECT_EQ(why->detail, "report.txt");
  EXPECT_TRUE(IsFileTypeRule(why->rule));
  EXPECT_EQ(GetRejection(OpenBeneath(root_fd_.get(), ".", o).status())->detail,
            "");
  // What asks for another type gets it: O_DIRECTORY, O_PATH, any_file_type.
  o.flags = O_RDONLY | O_DIRECTORY;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "dir", o)), "ok:<dir>");
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "report.txt", o)),
            "NOT_FOUND");  // ENOTDIR
  o.flags = O_PATH;
  EXPECT_TRUE(OpenBeneath(root_fd_.get(), "report.txt", o).ok());
  EXPECT_TRUE(OpenBeneath(dev->get(), "null", o).ok());
  o.flags = O_RDONLY | O_NONBLOCK;  // as open(2): this one does not block
  o.any_file_type = true;
  EXPECT_EQ(
      OpenWithoutBlocking(root_fd_.get(), "report.txt", o, fifo).substr(0, 3),
      "ok:");
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "dir", o)), "ok:<dir>");
  EXPECT_EQ(Outcome(OpenBeneath(dev->get(), "null", o)), "ok:");
  EXPECT_EQ(SystemErrno(OpenBeneath(root_fd_.get(), "sock", o).status()),
            ENXIO);
  close(listener);
}

// A regular file comes back without O_NONBLOCK (the open used it), unless
// the caller asked for it.
TEST_P(OpenBeneathTest, RegularFilesKeepTheCallersBlockingMode) {
  for (int flags : {O_RDONLY, O_RDWR, O_WRONLY | O_APPEND}) {
    OpenBeneathOptions o = Options(SymlinkPolicy::kNone);
    o.flags = flags;
    absl::StatusOr<UniqueFd> fd = OpenBeneath(root_fd_.get(), "public.txt", o);
    ASSERT_TRUE(fd.ok()) << fd.status();
    EXPECT_EQ(fcntl(fd->get(), F_GETFL) & O_NONBLOCK, 0) << flags;
    o.flags = flags | O_NONBLOCK;
    fd = OpenBeneath(root_fd_.get(), "public.txt", o);
    ASSERT_TRUE(fd.ok()) << fd.status();
    EXPECT_NE(fcntl(fd->get(), F_GETFL) & O_NONBLOCK, 0) << flags;
  }
}

// A sanitized path may still hold format characters (U+202E reorders a log
// line): every message and Rejection detail shows it escaped, as it shows
// the root directory's name.
TEST_P(OpenBeneathTest, PathsInMessagesAreEscaped) {
  MakeLink("public.txt", Root("l\u202Eink"));
  // The built-in segment profile refuses U+202E; one of any text lets it
  // through to the filesystem.
  Profile any_text = **FindBuiltinProfile("path-segment");
  any_text.string_class = StringClass::kAnyText;
  any_text.directionality = Directionality::kNone;
  OpenBeneathOptions o = Options(SymlinkPolicy::kNone);
  o.path.segment_profile = &any_text;
  absl::Status s = OpenBeneath(root_fd_.get(), "a\u202Eb.txt", o).status();
  EXPECT_EQ(
      s.message(),
      "open beneath root: \"a\\u{202E}b.txt\": No such file or directory");
  s = OpenBeneath(root_fd_.get(), "l\u202Eink", o).status();
  ASSERT_TRUE(GetRejection(s).has_value()) << s;
  EXPECT_EQ(GetRejection(s)->detail, "l\\u{202E}ink");
  EXPECT_EQ(s.message(),
            "open beneath root: refused at \"l\\u{202E}ink\": open/symlink: "
            "a symbolic link where the options allow none");
  s = OpenRoot(base_.File("evil\x1B[31m")).status();
  EXPECT_EQ(s.message(), absl::StrCat("root directory \"", base_.path(),
                                      "/evil\\u{001B}[31m\": No such file or "
                                      "directory"));
}

TEST_P(OpenBeneathTest, TellsMissingFromRefused) {
  OpenBeneathOptions o = Options(SymlinkPolicy::kNone);
  absl::StatusOr<UniqueFd> r = OpenBeneath(root_fd_.get(), "missing.txt", o);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(GetRejection(r.status()), std::nullopt);
  EXPECT_EQ(SystemErrno(r.status()), ENOENT);
  EXPECT_EQ(r.status().message(),
            "open beneath root: \"missing.txt\": No such file or directory");
  // A file where a directory is needed: not found either (ENOTDIR).
  r = OpenBeneath(root_fd_.get(), "public.txt/x", o);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(SystemErrno(r.status()), ENOTDIR);
  o.flags = O_RDONLY | O_DIRECTORY;
  EXPECT_EQ(SystemErrno(OpenBeneath(root_fd_.get(), "public.txt", o).status()),
            ENOTDIR);
  o.flags = O_WRONLY;
  r = OpenBeneath(root_fd_.get(), "dir", o);
  EXPECT_EQ(SystemErrno(r.status()), EISDIR);
  // Permission: a directory without search permission (root bypasses it).
  if (geteuid() != 0) {
    ASSERT_EQ(chmod(Root("dir").c_str(), 0), 0);
    o.flags = O_RDONLY;
    r = OpenBeneath(root_fd_.get(), "dir/inner.txt", o);
    EXPECT_EQ(r.status().code(), absl::StatusCode::kPermissionDenied);
    EXPECT_EQ(SystemErrno(r.status()), EACCES);
    chmod(Root("dir").c_str(), 0755);
  }
  // A refusal is a rejection, with no errno.
  MakeLink("/etc", Root("etc"));
  r = OpenBeneath(root_fd_.get(), "etc/passwd",
                  Options(SymlinkPolicy::kInside));
  ASSERT_FALSE(r.ok());
  const std::optional<Rejection> why = GetRejection(r.status());
  ASSERT_TRUE(why.has_value()) << r.status();
  EXPECT_EQ(why->rule, Rule::kOpenEscapesRoot);
  EXPECT_EQ(why->source, RejectionSource::kOpen);
  EXPECT_EQ(why->offset, 0u);
  EXPECT_EQ(why->detail, "etc");
  EXPECT_EQ(SystemErrno(r.status()), std::nullopt);
  EXPECT_EQ(r.status().message(),
            "open beneath root: refused at \"etc\": open/escapes_root: the "
            "filesystem leads out of the root (a symbolic link that points "
            "out, an absolute one, or '..' above the root after one)");
}

TEST_P(OpenBeneathTest, TheSanitizerRulesComeFirst) {
  EXPECT_EQ(Open("../secret.txt"), "path/dot_dot");
  EXPECT_EQ(Open("/etc/passwd"), "path/absolute");
  EXPECT_EQ(Open("\x2F\xC0\xAE\x2E\x2F"), "utf8/overlong");  // RFC 3629 §10
  EXPECT_EQ(Open("a/\xEF\xBC\x8E\xEF\xBC\x8E/secret.txt"),
            "path/structure_changed_by_nfkc");
  EXPECT_EQ(Open(".hidden"), "path/hidden");
  EXPECT_EQ(Open(std::string("a\0b", 3)), "path/nul");
  OpenBeneathOptions o = Options(SymlinkPolicy::kNone);
  o.path.dot_dot = DotDotPolicy::kResolve;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "dir/../public.txt", o)),
            "ok:public");
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "dir/../../secret.txt", o)),
            "path/above_root");
  o.path.leading_separator_is_root = true;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "/dir/inner.txt", o)),
            "ok:inner");
  o.path.percent_decode = true;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "/dir/%2e%2e/%2e%2e/x", o)),
            "path/above_root");
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "/%C0%AE%C0%AE/x", o)),
            "utf8/overlong");
}

TEST_P(OpenBeneathTest, RelativeLinksOut) {
  MakeLink("../secret.txt", Root("out"));
  MakeLink("../../secret.txt", Root("dir/out"));
  MakeLink("../../outside", Root("uploads/avatar"));
  ExpectLinkRefused("out", "open/escapes_root");
  ExpectLinkRefused("dir/out", "open/escapes_root");
  ExpectLinkRefused("uploads/avatar/secret.txt", "open/escapes_root");
  ExpectLinkRefused("uploads/avatar", "open/escapes_root");
  // The rejection names the path up to the link.
  const absl::Status s =
      OpenBeneath(root_fd_.get(), "uploads/avatar/secret.txt",
                  Options(SymlinkPolicy::kInside))
          .status();
  ASSERT_TRUE(GetRejection(s).has_value()) << s;
  EXPECT_EQ(GetRejection(s)->detail, "uploads/avatar");
}

TEST_P(OpenBeneathTest, AbsoluteLinks) {
  MakeLink(base_.File("secret.txt"), Root("abs"));
  MakeLink("/etc", Root("etc"));
  // Even one that names a file inside the root: RESOLVE_BENEATH refuses
  // every absolute link.
  MakeLink(Root("public.txt"), Root("abs_inside"));
  MakeLink("/", Root("slash"));
  ExpectLinkRefused("abs", "open/escapes_root");
  ExpectLinkRefused("etc/passwd", "open/escapes_root");
  ExpectLinkRefused("abs_inside", "open/escapes_root");
  ExpectLinkRefused("slash/etc/passwd", "open/escapes_root");
}

TEST_P(OpenBeneathTest, Chains) {
  // Out at the end of a chain.
  MakeLink("b", Root("a"));
  MakeLink("dir/c", Root("b"));
  MakeLink("../../secret.txt", Root("dir/c"));
  ExpectLinkRefused("a", "open/escapes_root");
  // Out through an absolute link in the middle.
  MakeLink("e", Root("d"));
  MakeLink(base_.File("outside"), Root("e"));
  ExpectLinkRefused("d/secret.txt", "open/escapes_root");
  // A chain that stays inside.
  MakeLink("y", Root("x"));
  MakeLink("dir/z", Root("y"));
  MakeLink("inner.txt", Root("dir/z"));
  EXPECT_EQ(Open("x"), "open/symlink");
  EXPECT_EQ(Inside("x"), "ok:inner");
}

TEST_P(OpenBeneathTest, LoopsAndTheFortyLinkBound) {
  MakeLink("loop2", Root("loop1"));
  MakeLink("loop1", Root("loop2"));
  MakeLink("self", Root("self"));
  MakeLink("self_dir/x", Root("self_dir"));
  ExpectLinkRefused("loop1", "open/symlink_loop");
  ExpectLinkRefused("self", "open/symlink_loop");
  ExpectLinkRefused("self_dir", "open/symlink_loop");
  // l0 -> l1 -> ... -> l39 -> public.txt: 40 links, the kernel's limit.
  for (int i = 0; i < 40; ++i) {
    MakeLink(i == 39 ? "public.txt" : absl::StrCat("l", i + 1),
             Root(absl::StrCat("l", i)));
  }
  EXPECT_EQ(Inside("l0"), "ok:public");
  // m0 -> l0: 41.
  MakeLink("l0", Root("m0"));
  EXPECT_EQ(Inside("m0"), "open/symlink_loop");
  // A directory that links to its parent, again and again, stays inside.
  MakeLink(".", Root("dir/here"));
  std::string deep = "dir";
  for (int i = 0; i < 40; ++i) deep += "/here";
  OpenBeneathOptions o = Options(SymlinkPolicy::kInside);
  o.path.max_depth = 64;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), deep + "/inner.txt", o)),
            "ok:inner");
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), deep + "/here/inner.txt", o)),
            "open/symlink_loop");
}

TEST_P(OpenBeneathTest, DotDotAfterALink) {
  MakeLink("..", Root("dir/up"));       // the root: inside
  MakeLink("../..", Root("dir/upup"));  // above the root
  MakeLink("dir/../../secret.txt", Root("via"));
  MakeLink("../dir/../public.txt", Root("dir/round"));
  MakeLink("dir", Root("dirlink"));
  MakeLink("../../outside", Root("dir/sub_out"));
  EXPECT_EQ(Inside("dir/up/public.txt"), "ok:public");
  EXPECT_EQ(Inside("dir/up/dir/up/dir/inner.txt"), "ok:inner");
  EXPECT_EQ(Inside("dir/round"), "ok:public");
  ExpectLinkRefused("dir/upup/secret.txt", "open/escapes_root");
  ExpectLinkRefused("dir/upup", "open/escapes_root");
  ExpectLinkRefused("via", "open/escapes_root");
  // Through a link to a directory, then a link whose ".." climbs: the
  // parent is the directory the link is in (dir), whatever path led there.
  ExpectLinkRefused("dirlink/sub_out/secret.txt", "open/escapes_root");
  EXPECT_EQ(Inside("dirlink/up/public.txt"), "ok:public");
}

TEST_P(OpenBeneathTest, LinksThatStayInsideNeedKInside) {
  MakeLink("public.txt", Root("alias"));
  MakeLink("dir", Root("dirlink"));
  MakeLink("../public.txt", Root("dir/parent_file"));
  ExpectLinkRefused("alias", "ok:public");
  ExpectLinkRefused("dirlink/inner.txt", "ok:inner");
  ExpectLinkRefused("dir/parent_file", "ok:public");
  // A target ending in '/' must be a directory.
  MakeLink("dir/", Root("dir_slash"));
  MakeLink("public.txt/", Root("file_slash"));
  EXPECT_EQ(Inside("dir_slash/inner.txt"), "ok:inner");
  EXPECT_EQ(Inside("file_slash"), "NOT_FOUND");  // ENOTDIR
  // O_NOFOLLOW refuses a trailing link only.
  EXPECT_EQ(Inside("alias", O_RDONLY | O_NOFOLLOW), "open/symlink");
  EXPECT_EQ(Inside("dirlink/inner.txt", O_RDONLY | O_NOFOLLOW), "ok:inner");
  EXPECT_EQ(Inside("dirlink", O_PATH | O_NOFOLLOW), "open/symlink");
  EXPECT_EQ(Inside("dirlink", O_PATH | O_NOFOLLOW | O_DIRECTORY),
            "open/symlink");
  EXPECT_EQ(Open("dirlink", SymlinkPolicy::kNone, O_PATH), "open/symlink");
  EXPECT_EQ(Inside("dirlink", O_PATH | O_DIRECTORY), "ok:<dir>");
  // A dangling link is not there.
  MakeLink("nowhere", Root("dangling"));
  EXPECT_EQ(Inside("dangling"), "NOT_FOUND");
  EXPECT_EQ(Open("dangling"), "open/symlink");
}

TEST_P(OpenBeneathTest, MagicLinksThroughALinkInTheRoot) {
  // Absolute links to /proc are refused before /proc is reached.
  MakeLink("/proc/self/root", Root("proc_root"));
  MakeLink("/proc/self/fd", Root("proc_fd"));
  ExpectLinkRefused("proc_root/etc/passwd", "open/escapes_root");
  ExpectLinkRefused("proc_fd/0", "open/escapes_root");
}

TEST_P(OpenBeneathTest, MagicLinksUnderProcSelf) {
  // With /proc/self as the root: root, cwd, exe and fd/N are magic links
  // (the kernel jumps without reading them), refused under every policy.
  absl::StatusOr<UniqueFd> proc_self = OpenRoot("/proc/self");
  ASSERT_TRUE(proc_self.ok()) << proc_self.status();
  // A descriptor of the directory outside the root.
  const UniqueFd outside(
      open(base_.File("outside").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  ASSERT_TRUE(outside.valid());
  const std::string fd_path = absl::StrCat("fd/", outside.get());
  for (SymlinkPolicy policy : {SymlinkPolicy::kNone, SymlinkPolicy::kInside}) {
    const OpenBeneathOptions o = Options(policy);
    for (const std::string& path : std::vector<std::string>{
             "root", "root/etc/passwd", "cwd", "exe", "fd/0", fd_path,
             fd_path + "/secret.txt", "ns/net", "root/proc/self/root"}) {
      EXPECT_EQ(Outcome(OpenBeneath(proc_self->get(), path, o)),
                "open/magic_link")
          << path << " " << SymlinkPolicyName(policy);
    }
    // Plain files of /proc/self open.
    absl::StatusOr<UniqueFd> status =
        OpenBeneath(proc_self->get(), "status", o);
    EXPECT_TRUE(status.ok()) << status.status();
  }
  // With /proc as the root: /proc/self is an ordinary link (to "PID"),
  // followed with kInside; what is under it is magic again.
  absl::StatusOr<UniqueFd> proc = OpenRoot("/proc");
  ASSERT_TRUE(proc.ok()) << proc.status();
  const OpenBeneathOptions inside = Options(SymlinkPolicy::kInside);
  EXPECT_TRUE(OpenBeneath(proc->get(), "self/status", inside).ok());
  EXPECT_EQ(Outcome(OpenBeneath(proc->get(), "self/status",
                                Options(SymlinkPolicy::kNone))),
            "open/symlink");
  EXPECT_EQ(Outcome(OpenBeneath(proc->get(), "self/root/etc/passwd", inside)),
            "open/magic_link");
  EXPECT_EQ(Outcome(OpenBeneath(proc->get(), "thread-self/root", inside)),
            "open/magic_link");
  EXPECT_EQ(
      Outcome(OpenBeneath(
          proc->get(), absl::StrCat("self/", fd_path, "/secret.txt"), inside)),
      "open/magic_link");
}

TEST_P(OpenBeneathTest, LongPathsAndDeepTrees) {
  // 300 levels (the default max_depth is 32).
  std::string deep;
  std::string dir = root_;
  for (int i = 0; i < 300; ++i) {
    dir += "/d";
    MakeDir(dir);
    deep += "d/";
  }
  MakeFile(dir + "/leaf", "deep");
  OpenBeneathOptions o = Options(SymlinkPolicy::kNone);
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), deep + "leaf", o)),
            "path/too_deep");
  o.path.max_depth = 400;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), deep + "leaf", o)), "ok:deep");
  // A link at the bottom that climbs all the way and one more.
  std::string climb;
  for (int i = 0; i < 300; ++i) climb += "../";
  MakeLink(climb + "public.txt", dir + "/top");
  MakeLink(climb + "../secret.txt", dir + "/over");
  o.symlinks = SymlinkPolicy::kInside;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), deep + "top", o)), "ok:public");
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), deep + "over", o)),
            "open/escapes_root");
  // Segments of 255 bytes, the most a name may have, up to about 4 KiB.
  const std::string name(255, 'n');
  std::string path;
  dir = root_;
  for (int i = 0; i < 15; ++i) {
    dir += "/" + name;
    MakeDir(dir);
    path += name + "/";
  }
  MakeFile(dir + "/f", "long");
  o.path.max_length = 8192;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), path + "f", o)), "ok:long");
  // PATH_MAX (4096 with its NUL) is the kernel's bound: the same for both.
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), path + name + "/f", o)),
            "INVALID_ARGUMENT");  // ENAMETOOLONG
  o.path.max_length = 4096;
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), path + name + "/f", o)),
            "path/too_long");
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), std::string(256, 'x'), o)),
            "too_long");  // the segment profile's 255 bytes
}

// Every built-in profile as the segment profile: the names it accepts
// open beneath the root, and a link out is refused whatever the profile.
TEST_P(OpenBeneathTest, EveryBuiltinSegmentProfile) {
  MakeLink("../secret.txt", Root("out"));
  MakeLink("../../outside", Root("uploads/avatar"));
  MakeFile(Root("caf\xC3\xA9.txt"), "nfc");
  for (const Profile& profile : BuiltinProfiles()) {
    for (SymlinkPolicy policy :
         {SymlinkPolicy::kNone, SymlinkPolicy::kInside}) {
      OpenBeneathOptions o = Options(policy);
      o.path.segment_profile = &profile;
      SCOPED_TRACE(profile.name + " " + std::string(SymlinkPolicyName(policy)));
      const std::string expected =
          policy == SymlinkPolicy::kNone ? "open/symlink" : "open/escapes_root";
      EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "out", o)), expected);
      EXPECT_EQ(
          Outcome(OpenBeneath(root_fd_.get(), "uploads/avatar/secret.txt", o)),
          expected);
      // Café, decomposed: the profile's rules first; then it opens, is not
      // there (a profile that maps it elsewhere), or is rejected.
      const std::string got =
          Outcome(OpenBeneath(root_fd_.get(), "cafe\xCC\x81.txt", o));
      EXPECT_TRUE(got == "ok:nfc" || got == "NOT_FOUND" ||
                  RuleFromId(got).has_value())
          << got;
      EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "dir/inner.txt", o)),
                "ok:inner");
    }
  }
}

TEST_P(OpenBeneathTest, CreatesFilesBeneathTheRootOnly) {
  MakeLink("../../outside", Root("uploads/avatar"));
  MakeLink("../secret.txt", Root("uploads/taken"));
  const OpenBeneathOptions none = Options(SymlinkPolicy::kNone);
  const OpenBeneathOptions inside = Options(SymlinkPolicy::kInside);
  const mode_t old_mask = umask(022);
  absl::StatusOr<UniqueFd> fd =
      CreateBeneath(root_fd_.get(), "uploads/new.txt", 0640, none);
  umask(old_mask);
  ASSERT_TRUE(fd.ok()) << fd.status();
  ASSERT_EQ(write(fd->get(), "hello", 5), 5);
  struct stat st;
  ASSERT_EQ(fstat(fd->get(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(fcntl(fd->get(), F_GETFL) & O_ACCMODE, O_WRONLY);
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "uploads/new.txt", none)),
            "ok:hello");
  // Never over an existing name, a link included (not followed).
  EXPECT_EQ(Create("uploads/new.txt", SymlinkPolicy::kNone), "ALREADY_EXISTS");
  EXPECT_EQ(Create("uploads/taken", SymlinkPolicy::kInside), "ALREADY_EXISTS");
  EXPECT_EQ(
      SystemErrno(CreateBeneath(root_fd_.get(), "uploads/taken", 0644, inside)
                      .status()),
      EEXIST);
  EXPECT_EQ(Create("", SymlinkPolicy::kNone), "ALREADY_EXISTS");
  // Not through a link out.
  EXPECT_EQ(Create("uploads/avatar/planted", SymlinkPolicy::kNone),
            "open/symlink");
  EXPECT_EQ(Create("uploads/avatar/planted", SymlinkPolicy::kInside),
            "open/escapes_root");
  EXPECT_NE(access(base_.File("outside/planted").c_str(), F_OK), 0);
  EXPECT_EQ(Create("missing/x", SymlinkPolicy::kNone), "NOT_FOUND");
  // O_RDWR when asked.
  OpenBeneathOptions rdwr = none;
  rdwr.flags = O_RDWR;
  fd = CreateBeneath(root_fd_.get(), "uploads/rw", 0600, rdwr);
  ASSERT_TRUE(fd.ok()) << fd.status();
  EXPECT_EQ(fcntl(fd->get(), F_GETFL) & O_ACCMODE, O_RDWR);
  // The sanitizer first.
  EXPECT_EQ(Create("../x", SymlinkPolicy::kNone), "path/dot_dot");
  EXPECT_EQ(Create("uploads/.htaccess", SymlinkPolicy::kNone), "path/hidden");
  EXPECT_EQ(std::string(kSecret),
            testing::ReadFileOrDie(base_.File("secret.txt")));
}

TEST_P(OpenBeneathTest, MakesDirectoriesBeneathTheRootOnly) {
  MakeLink("../../outside", Root("uploads/avatar"));
  EXPECT_EQ(Mkdir("uploads/album", SymlinkPolicy::kNone), "ok");
  struct stat st;
  ASSERT_EQ(lstat(Root("uploads/album").c_str(), &st), 0);
  EXPECT_TRUE(S_ISDIR(st.st_mode));
  EXPECT_EQ(Mkdir("uploads/album", SymlinkPolicy::kNone), "ALREADY_EXISTS");
  EXPECT_EQ(Mkdir("uploads/avatar", SymlinkPolicy::kInside), "ALREADY_EXISTS");
  EXPECT_EQ(Mkdir("uploads/avatar/x", SymlinkPolicy::kNone), "open/symlink");
  EXPECT_EQ(Mkdir("uploads/avatar/x", SymlinkPolicy::kInside),
            "open/escapes_root");
  EXPECT_NE(access(base_.File("outside/x").c_str(), F_OK), 0);
  EXPECT_EQ(Mkdir("", SymlinkPolicy::kNone), "ALREADY_EXISTS");
  EXPECT_EQ(Mkdir("uploads/album", SymlinkPolicy::kNone, 010000),
            "INVALID_ARGUMENT");
}

TEST_P(OpenBeneathTest, BadOptions) {
  OpenBeneathOptions o = Options(SymlinkPolicy::kNone);
  for (int flags : {O_RDONLY | O_CREAT, O_WRONLY | O_EXCL, O_RDWR | O_TMPFILE,
                    O_ACCMODE, O_PATH | O_RDWR, O_PATH | O_TRUNC}) {
    o.flags = flags;
    const absl::Status s =
        OpenBeneath(root_fd_.get(), "public.txt", o).status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << flags;
    EXPECT_EQ(GetRejection(s), std::nullopt);
  }
  o.flags = O_RDONLY;
  o.path.root = "/srv";
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "public.txt", o)),
            "INVALID_ARGUMENT");
  o.path.root.clear();
  o.symlinks = static_cast<SymlinkPolicy>(7);
  EXPECT_EQ(Outcome(OpenBeneath(root_fd_.get(), "public.txt", o)),
            "INVALID_ARGUMENT");
  o = Options(SymlinkPolicy::kNone);
  o.flags = O_DIRECTORY;
  EXPECT_EQ(Outcome(CreateBeneath(root_fd_.get(), "uploads/x", 0644, o)),
            "INVALID_ARGUMENT");
  o.flags = O_WRONLY;
  EXPECT_EQ(Outcome(CreateBeneath(root_fd_.get(), "uploads/x", 01000000, o)),
            "INVALID_ARGUMENT");
  // Not a descriptor: the errno of the system call.
  EXPECT_EQ(SystemErrno(OpenBeneath(-1, "public.txt", o).status()), EBADF);
}

TEST_P(OpenBeneathTest, DescriptorsAreCloseOnExecAndNeverLeak) {
  MakeLink("../secret.txt", Root("out"));
  MakeLink("public.txt", Root("alias"));
  const auto cloexec = [](int fd) {
    return (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0;
  };
  EXPECT_TRUE(cloexec(root_fd_.get()));
  const int before = testing::OpenDescriptorCount();
  for (int i = 0; i < 50; ++i) {
    for (SymlinkPolicy policy :
         {SymlinkPolicy::kNone, SymlinkPolicy::kInside}) {
      const OpenBeneathOptions o = Options(policy);
      for (const char* path :
           {"public.txt", "out", "alias", "missing", "dir", "", "dir/x/y"}) {
        absl::StatusOr<UniqueFd> fd = OpenBeneath(root_fd_.get(), path, o);
        if (fd.ok()) {
          EXPECT_TRUE(cloexec(fd->get())) << path;
        }
      }
      absl::StatusOr<UniqueFd> created = CreateBeneath(
          root_fd_.get(),
          absl::StrCat("uploads/f", i, static_cast<int>(policy)), 0644, o);
      ASSERT_TRUE(created.ok()) << created.status();
      EXPECT_TRUE(cloexec(created->get()));
      EXPECT_FALSE(CreateBeneath(root_fd_.get(), "out/x", 0644, o).ok());
      EXPECT_FALSE(MkdirBeneath(root_fd_.get(), "out", 0755, o).ok());
    }
  }
  EXPECT_EQ(testing::OpenDescriptorCount(), before);
}

TEST(OpenBeneathNames, SymlinkPoliciesAndResolvers) {
  EXPECT_EQ(SymlinkPolicyName(SymlinkPolicy::kNone), "none");
  EXPECT_EQ(SymlinkPolicyName(SymlinkPolicy::kInside), "inside");
  EXPECT_EQ(*ParseSymlinkPolicy("inside"), SymlinkPolicy::kInside);
  EXPECT_FALSE(ParseSymlinkPolicy("Inside").ok());
  EXPECT_EQ(BeneathResolverName(BeneathResolver::kWalk), "walk");
  EXPECT_EQ(*ParseBeneathResolver("openat2"), BeneathResolver::kOpenat2);
  EXPECT_EQ(*ParseBeneathResolver("auto"), BeneathResolver::kAuto);
  EXPECT_EQ(ParseBeneathResolver("x").status().message(),
            "unknown resolver \"x\" (expected auto, openat2 or walk)");
}

TEST(OpenBeneathNames, UniqueFdOwnsItsDescriptor) {
  UniqueFd a(open("/", O_PATH | O_CLOEXEC));
  ASSERT_TRUE(a.valid());
  const int raw = a.get();
  UniqueFd b = std::move(a);
  EXPECT_FALSE(a.valid());  // NOLINT: moved-from is empty by contract
  EXPECT_EQ(b.get(), raw);
  b.reset();
  EXPECT_EQ(fcntl(raw, F_GETFD), -1);
  EXPECT_EQ(errno, EBADF);
}

TEST(OpenBeneathNames, Openat2IsProbedOnThisKernel) {
  // Linux 5.6 and later have it; the walk covers older kernels.
  RecordProperty("openat2", Openat2Available() ? "yes" : "no");
  OpenBeneathOptions o;
  o.resolver = BeneathResolver::kOpenat2;
  o.flags = O_RDONLY | O_DIRECTORY;
  const absl::Status s = OpenBeneath("/", "", o).status();
  if (Openat2Available()) {
    EXPECT_TRUE(s.ok()) << s;
  } else {
    EXPECT_EQ(s.code(), absl::StatusCode::kUnimplemented);
  }
}

}  // namespace
}  // namespace u8guard
