// SPDX-License-Identifier: Apache-2.0
// Internal: what the walk (beneath_walk.cc) asks the filesystem about one
// descriptor: its type, identity and mount, whether it lives on procfs, and
// a symbolic link's target.

#ifndef U8GUARD_SRC_PATH_FS_FACTS_H_
#define U8GUARD_SRC_PATH_FS_FACTS_H_

#include <sys/types.h>

#include <cerrno>
#include <cstdint>
#include <string>
#include <string_view>

namespace u8guard::internal {

// Calls `call` (returning an int or ssize_t, -1 with errno on failure)
// again as long as it fails with EINTR.
template <typename Call>
auto RetryOnEintr(Call call) {
  for (;;) {
    const auto r = call();
    if (r >= 0 || errno != EINTR) return r;
  }
}

// What the walk knows of one node.
struct NodeFacts {
  mode_t type = 0;  // S_IFMT bits
  dev_t dev = 0;
  ino_t ino = 0;
  // The mount's id (statx STATX_MNT_ID, Linux 5.8; or name_to_handle_at),
  // when the kernel gives one; otherwise mounts are told apart by `dev`
  // alone, which misses a bind mount of the same filesystem.
  bool has_mount_id = false;
  uint64_t mount_id = 0;

  bool is_dir() const;
  bool is_symlink() const;
  // True for the same inode (dev and ino).
  bool SameNode(const NodeFacts& other) const;
  // True when both are on the same mount.
  bool SameMount(const NodeFacts& other) const;
};

// Fills `out` for the node `fd` refers to (an O_PATH descriptor of a link
// refers to the link). Returns 0, or the errno.
int StatNode(int fd, bool want_mount, NodeFacts& out);

// The mount id of `fd` from name_to_handle_at(2) (Linux 2.6.39), which
// StatNode asks where statx has no STATX_MNT_ID (before Linux 5.8): asked
// with a zero-byte handle, it fails with EOVERFLOW and still reports the
// mount id. False where it cannot (a filesystem without file handles).
bool MountIdFromHandle(int fd, uint64_t& id);

// True when `fd`'s node (a link's, for an O_PATH | O_NOFOLLOW descriptor)
// is on procfs.
bool OnProcfs(int fd);

// Reads the target of the link `link_fd` (an O_PATH | O_NOFOLLOW
// descriptor of it) into `target`. Returns 0, or the errno (ENAMETOOLONG
// for a target of PATH_MAX bytes or more).
int ReadLinkTarget(int link_fd, std::string& target);

// True when a procfs link whose target reads `target` is a magic link: the
// kernel jumps to the object it stands for (/proc/PID/root, cwd, exe,
// fd/N, map_files/..., ns/...) without reading the text, which is then an
// absolute path or a "type:[...]" name. /proc/self, /proc/thread-self and
// /proc/mounts read as relative paths ("1234", "self/mounts"): ordinary
// links. A text that is judged wrongly cannot lead out of the root: the
// walk only ever follows a link's text, resolved beneath the root.
bool IsMagicLinkText(std::string_view target);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PATH_FS_FACTS_H_
