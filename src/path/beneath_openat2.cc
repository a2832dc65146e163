// SPDX-License-Identifier: Apache-2.0
// Resolving beneath a root with openat2(2) (Linux 5.6): RESOLVE_BENEATH |
// RESOLVE_NO_MAGICLINKS, with RESOLVE_NO_SYMLINKS and RESOLVE_NO_XDEV as
// asked. The kernel says only EXDEV (out of the root, or across a mount)
// or ELOOP (a link where none may be, a magic link, too many links, a
// trailing link with O_NOFOLLOW); the walk, run on the same path with
// O_PATH after such a refusal, names the rule and the component.

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

#include "src/path/beneath.h"
#include "src/path/fs_facts.h"

namespace u8guard::internal {
namespace {

int Openat2(int dir, const char* path, const open_how& how) {
  return RetryOnEintr([&] {
    return static_cast<int>(syscall(SYS_openat2, dir, path, &how, sizeof how));
  });
}

// The refusal of `error` (EXDEV, ELOOP, or ENOTDIR for a trailing link
// opened with O_PATH | O_NOFOLLOW | O_DIRECTORY) as the walk names it. When
// the walk does not refuse (the tree changed in between), EXDEV and ELOOP
// are refused under the rule the kernel's answer stands for, any other
// error is returned as it is.
BeneathOutcome Classify(const BeneathRequest& r, int error) {
  BeneathRequest probe = r;
  probe.flags = O_PATH | (r.flags & (O_NOFOLLOW | O_DIRECTORY));
  BeneathOutcome walked = ResolveWithWalk(probe);
  if (walked.rejection) return walked;
  const std::string& path = *r.path;
  if (error == EXDEV) {
    return RefusedBy(
        r.no_xdev ? Rule::kOpenCrossDevice : Rule::kOpenEscapesRoot, path,
        path.size());
  }
  if (error == ELOOP) {
    return RefusedBy(r.symlinks == SymlinkPolicy::kNone
                         ? Rule::kOpenSymlink
                         : Rule::kOpenSymlinkLoop,
                     path, path.size());
  }
  return FailedWith(error);
}

uint64_t ResolveFlags(const BeneathRequest& r) {
  return RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS |
         (r.symlinks == SymlinkPolicy::kNone ? RESOLVE_NO_SYMLINKS : 0) |
         (r.no_xdev ? RESOLVE_NO_XDEV : 0);
}

}  // namespace

BeneathOutcome ResolveWithOpenat2(const BeneathRequest& r) {
  const bool o_path = (r.flags & O_PATH) != 0;
  open_how how = {};
  // openat2 refuses O_NOCTTY beside O_PATH (EINVAL).
  how.flags =
      static_cast<uint64_t>(r.flags | O_CLOEXEC | (o_path ? 0 : O_NOCTTY));
  how.resolve = ResolveFlags(r);
  const char* path = r.path->empty() ? "." : r.path->c_str();
  int fd = -1;
  // EAGAIN: a rename or mount raced with a ".." (in a link's target); the
  // kernel could not prove the lookup stayed beneath the root. Try again.
  for (int attempt = 0; attempt <= kMaxRetries; ++attempt) {
    fd = Openat2(r.root_fd, path, how);
    if (fd >= 0 || errno != EAGAIN) break;
  }
  if (fd < 0) {
    const int error = errno;
    if (error == EXDEV || error == ELOOP) return Classify(r, error);
    if (error == ENOTDIR && o_path && (r.flags & O_NOFOLLOW) != 0) {
      return Classify(r, error);
    }
    return FailedWith(error);
  }
  BeneathOutcome out;
  out.fd = UniqueFd(fd);
  if (o_path && (r.flags & O_NOFOLLOW) != 0) {
    // O_PATH | O_NOFOLLOW opens a trailing link itself instead of failing:
    // refused, as the walk refuses it.
    NodeFacts facts;
    if (const int e = StatNode(fd, false, facts); e != 0) return FailedWith(e);
    if (facts.is_symlink()) return Classify(r, ELOOP);
  }
  return out;
}

bool ProbeOpenat2() {
  open_how how = {};
  how.flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_SYMLINKS |
                RESOLVE_NO_XDEV;
  const int fd = Openat2(AT_FDCWD, ".", how);
  if (fd >= 0) {
    close(fd);
    return true;
  }
  // Anything else (EACCES, ENOENT for a removed working directory) came
  // from a syscall that exists.
  return errno != ENOSYS && errno != EPERM && errno != EINVAL && errno != E2BIG;
}

}  // namespace u8guard::internal
