// SPDX-License-Identifier: Apache-2.0
// Facts about one descriptor, for the walk beneath a root.

#include "src/path/fs_facts.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>

namespace u8guard::internal {
namespace {

// procfs's f_type (linux/magic.h).
constexpr long kProcSuperMagic = 0x9fa0;

}  // namespace

bool MountIdFromHandle(int fd, uint64_t& id) {
  // With handle_bytes 0 the kernel writes the header alone.
  struct file_handle handle = {};
  handle.handle_bytes = 0;
  int mount_id = -1;
  const int r = name_to_handle_at(fd, "", &handle, &mount_id, AT_EMPTY_PATH);
  if ((r == 0 || errno == EOVERFLOW) && mount_id >= 0) {
    id = static_cast<uint64_t>(mount_id);
    return true;
  }
  return false;
}

bool NodeFacts::is_dir() const { return type == S_IFDIR; }

bool NodeFacts::is_symlink() const { return type == S_IFLNK; }

bool NodeFacts::SameNode(const NodeFacts& other) const {
  return dev == other.dev && ino == other.ino;
}

bool NodeFacts::SameMount(const NodeFacts& other) const {
  if (has_mount_id && other.has_mount_id) return mount_id == other.mount_id;
  return dev == other.dev;
}

int StatNode(int fd, bool want_mount, NodeFacts& out) {
  struct statx sx;
  const unsigned mask =
      STATX_TYPE | STATX_INO | (want_mount ? STATX_MNT_ID : 0u);
  if (RetryOnEintr([&] {
        return statx(fd, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW, mask, &sx);
      }) == 0) {
    out.type = sx.stx_mode & S_IFMT;
    out.dev = makedev(sx.stx_dev_major, sx.stx_dev_minor);
    out.ino = sx.stx_ino;
    out.has_mount_id = want_mount && (sx.stx_mask & STATX_MNT_ID) != 0;
    out.mount_id = out.has_mount_id ? sx.stx_mnt_id : 0;
  } else if (errno == ENOSYS) {
    // Linux before 4.11.
    struct stat st;
    if (RetryOnEintr([&] { return fstat(fd, &st); }) != 0) return errno;
    out.type = st.st_mode & S_IFMT;
    out.dev = st.st_dev;
    out.ino = st.st_ino;
    out.has_mount_id = false;
  } else {
    return errno;
  }
  if (want_mount && !out.has_mount_id) {
    out.has_mount_id = MountIdFromHandle(fd, out.mount_id);
  }
  return 0;
}

bool OnProcfs(int fd) {
  struct statfs fs;
  if (RetryOnEintr([&] { return fstatfs(fd, &fs); }) != 0) return false;
  return fs.f_type == kProcSuperMagic;
}

int ReadLinkTarget(int link_fd, std::string& target) {
  char buffer[PATH_MAX];
  const ssize_t n = RetryOnEintr(
      [&] { return readlinkat(link_fd, "", buffer, sizeof buffer); });
  if (n < 0) return errno;
  if (static_cast<size_t>(n) >= sizeof buffer) return ENAMETOOLONG;
  target.assign(buffer, static_cast<size_t>(n));
  return 0;
}

bool IsMagicLinkText(std::string_view target) {
  return target.empty() || target[0] == '/' ||
         target.find(':') != std::string_view::npos;
}

}  // namespace u8guard::internal
