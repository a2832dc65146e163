// SPDX-License-Identifier: Apache-2.0
// Internal: resolving a sanitized path beneath a root directory handle,
// with openat2 (beneath_openat2.cc) or with the O_PATH walk
// (beneath_walk.cc). open_beneath.cc sanitizes, checks the options, picks
// a resolver and turns the outcome into a Status.

#ifndef U8GUARD_SRC_PATH_BENEATH_H_
#define U8GUARD_SRC_PATH_BENEATH_H_

#include <optional>
#include <string>
#include <string_view>

#include "u8guard/open_beneath.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"

namespace u8guard::internal {

// The most symbolic links one resolution follows (the kernel's MAXSYMLINKS);
// one more is "open/symlink_loop".
inline constexpr int kMaxSymlinks = 40;

// How many times a resolver starts again after a concurrent change it
// detected (openat2's EAGAIN; the walk's final open finding another file
// than the one it checked) before it gives up with EAGAIN.
inline constexpr int kMaxRetries = 16;

// What to resolve. `path` is a sanitized relative path (segments joined by
// '/', none empty, "." or ".."; "" is the root), NUL-terminated (c_str()).
struct BeneathRequest {
  int root_fd = -1;
  const std::string* path = nullptr;
  // The flags to open the last component with (checked by the caller);
  // the resolvers add O_CLOEXEC, and O_NOCTTY unless O_PATH is set.
  int flags = 0;
  SymlinkPolicy symlinks = SymlinkPolicy::kNone;
  bool no_xdev = false;
};

// A resolver's outcome: a descriptor, a rejection, or an errno.
struct BeneathOutcome {
  UniqueFd fd;
  std::optional<Rejection> rejection;
  int error = 0;  // when neither fd nor rejection: the errno
};

// The outcome for errno `error`.
inline BeneathOutcome FailedWith(int error) {
  BeneathOutcome out;
  out.error = error;
  return out;
}

// The outcome that refuses `path` by `rule`, the refused component ending
// at byte `prefix_end` of it (the Rejection's detail is path[0,
// prefix_end), escaped with EscapeForDisplay).
BeneathOutcome RefusedBy(Rule rule, std::string_view path, size_t prefix_end);

// Resolves with openat2(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS, ...). A
// refusal (EXDEV, ELOOP) is classified by the walk, which names the rule
// and the component. ENOSYS when the kernel (or a seccomp filter) has no
// openat2 for this process.
BeneathOutcome ResolveWithOpenat2(const BeneathRequest& request);

// Resolves component by component with openat(O_PATH | O_NOFOLLOW), with
// the same guarantees and rules as openat2.
BeneathOutcome ResolveWithWalk(const BeneathRequest& request);

// Probes openat2 once: false when the syscall is missing (ENOSYS) or
// refused by a filter (EPERM), or rejects the flags (EINVAL, E2BIG).
bool ProbeOpenat2();

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_PATH_BENEATH_H_
