// SPDX-License-Identifier: Apache-2.0
// What the walk beneath a root asks the filesystem (src/path/fs_facts.h):
// the mount id from name_to_handle_at, which kernels before 5.8 give where
// statx has no STATX_MNT_ID, agrees with statx's; procfs is recognized;
// magic links are told from /proc/self by their text.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <string>

#include "gtest/gtest.h"
#include "src/path/fs_facts.h"
#include "u8guard/open_beneath.h"

namespace u8guard::internal {
namespace {

TEST(FsFacts, MountIdFromHandleAgreesWithStatx) {
  int compared = 0;
  for (const char* path : {"/", "/tmp", "/dev", "/dev/shm", "/sys"}) {
    const UniqueFd fd(open(path, O_PATH | O_CLOEXEC));
    if (!fd.valid()) continue;
    NodeFacts facts;
    ASSERT_EQ(StatNode(fd.get(), true, facts), 0) << path;
    uint64_t id = 0;
    if (!facts.has_mount_id || !MountIdFromHandle(fd.get(), id)) continue;
    struct statx sx;
    ASSERT_EQ(statx(fd.get(), "", AT_EMPTY_PATH, STATX_MNT_ID, &sx), 0);
    if ((sx.stx_mask & STATX_MNT_ID) == 0) continue;
    EXPECT_EQ(id, sx.stx_mnt_id) << path;
    ++compared;
  }
  if (compared == 0) {
    GTEST_SKIP() << "neither statx's STATX_MNT_ID nor file handles here";
  }
}

TEST(FsFacts, NodesAndMounts) {
  const UniqueFd root(open("/", O_PATH | O_CLOEXEC));
  const UniqueFd proc(open("/proc", O_PATH | O_CLOEXEC));
  ASSERT_TRUE(root.valid() && proc.valid());
  NodeFacts a, b, c;
  ASSERT_EQ(StatNode(root.get(), true, a), 0);
  ASSERT_EQ(StatNode(proc.get(), true, b), 0);
  ASSERT_EQ(StatNode(root.get(), false, c), 0);
  EXPECT_TRUE(a.is_dir());
  EXPECT_FALSE(a.is_symlink());
  EXPECT_TRUE(a.SameNode(c));
  EXPECT_FALSE(a.SameNode(b));
  EXPECT_FALSE(a.SameMount(b));  // /proc is a mount of its own
  EXPECT_TRUE(a.SameMount(a));
  EXPECT_EQ(StatNode(-1, false, c), EBADF);
}

TEST(FsFacts, ProcfsAndItsLinks) {
  const UniqueFd self(open("/proc/self", O_PATH | O_NOFOLLOW | O_CLOEXEC));
  const UniqueFd root(open("/", O_PATH | O_CLOEXEC));
  ASSERT_TRUE(self.valid() && root.valid());
  EXPECT_TRUE(OnProcfs(self.get()));
  EXPECT_FALSE(OnProcfs(root.get()));
  std::string target;
  ASSERT_EQ(ReadLinkTarget(self.get(), target), 0);
  EXPECT_EQ(target, std::to_string(getpid()));
  EXPECT_FALSE(IsMagicLinkText(target));
  EXPECT_FALSE(IsMagicLinkText("self/mounts"));
  EXPECT_FALSE(IsMagicLinkText("1234/task/1234"));
  // What /proc/PID/{root,cwd,exe,fd/N,ns/*} read as.
  EXPECT_TRUE(IsMagicLinkText("/"));
  EXPECT_TRUE(IsMagicLinkText("/usr/bin/u8guard"));
  EXPECT_TRUE(IsMagicLinkText("pipe:[12345]"));
  EXPECT_TRUE(IsMagicLinkText("socket:[12345]"));
  EXPECT_TRUE(IsMagicLinkText("anon_inode:[eventfd]"));
  EXPECT_TRUE(IsMagicLinkText("net:[4026531840]"));
  EXPECT_TRUE(IsMagicLinkText(""));
  const UniqueFd fd0(open("/proc/self/fd/0", O_PATH | O_NOFOLLOW | O_CLOEXEC));
  ASSERT_TRUE(fd0.valid());
  ASSERT_EQ(ReadLinkTarget(fd0.get(), target), 0);
  EXPECT_TRUE(IsMagicLinkText(target)) << target;
  EXPECT_EQ(ReadLinkTarget(root.get(), target), ENOENT);  // not a link
}

}  // namespace
}  // namespace u8guard::internal
