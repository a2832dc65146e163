// SPDX-License-Identifier: Apache-2.0
// Opening untrusted paths beneath a root directory (layer 6, after the
// string rules of path.h).
//
// SanitizePath proves that a string stays beneath its root after every
// normalization. The filesystem can still take that string elsewhere: a
// symbolic link inside the root that points out ("uploads/avatar -> /etc"),
// an absolute link, ".." after a link, a /proc magic link
// ("/proc/self/root", "/proc/self/fd/N"), a mount point, or a directory
// swapped for a link between a check and the open. The functions here first
// sanitize the path with SanitizePath (every rule of path.h applies), then
// open it relative to a directory handle with the kernel's confinement, as
// Go's os.Root and Rust's cap-std do:
//
//   * openat2(2) with RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS (Linux 5.6),
//     plus RESOLVE_NO_SYMLINKS and RESOLVE_NO_XDEV as the options ask; or,
//     where the kernel has no openat2 (or a seccomp filter refuses it),
//   * a walk that opens one component at a time with openat(O_PATH |
//     O_NOFOLLOW | O_CLOEXEC) from the root handle, reads every symbolic
//     link itself (readlinkat) and resolves its target beneath the root
//     (at most 40 links, as the kernel), never rises above the root on
//     "..", refuses /proc magic links and, when asked, mount points.
//
// Every descriptor is opened with O_CLOEXEC (and O_NOCTTY). The resolution
// is atomic with respect to the check: there is no window in which a
// component swapped for a link is followed out of the root.
//
// Refusals are InvalidArgument statuses carrying a Rejection (rejection.h)
// of source kOpen, offset 0, whose detail is the sanitized path up to the
// refused component (escaped with EscapeForDisplay, as every path a message
// of this header shows), e.g.
//   "open beneath root: refused at \"uploads/avatar\": open/escapes_root: ..."
// The rules (rule.h):
//   open/escapes_root   the resolution would leave the root: a link to an
//                       absolute path, or a ".." above the root in a link's
//                       target
//   open/symlink        a symbolic link while `symlinks` is kNone, or as the
//                       last component with O_NOFOLLOW
//   open/magic_link     a /proc magic link (followed by the kernel without
//                       reading it: never allowed)
//   open/cross_device   a mount point while `no_xdev` is set
//   open/symlink_loop   more than 40 links
//   open/fifo           what was opened is not a regular file, and the
//   open/socket         options did not allow any type (below): a FIFO, a
//   open/device         socket, a character or block device, a directory
//   open/directory      opened without O_DIRECTORY
// plus every rule of SanitizePath (source kPath), checked first.
//
// Only regular files are opened unless the caller asks otherwise: a FIFO
// left beneath the root would make open(2) wait for a writer forever (and
// reading it wait for data), a device such as /dev/zero never ends, and a
// directory is not a file to read. OpenBeneath opens with O_NONBLOCK (so
// the open itself never waits), checks the type with fstat(2), refuses
// anything but a regular file by its kind, and clears O_NONBLOCK again on
// the descriptor it returns unless the caller's flags hold it. A FIFO with
// no reader opened for writing, or a socket, fails open(2) with ENXIO: it
// is refused by its kind too. O_PATH (a handle, no I/O) and O_DIRECTORY
// (the kernel opens directories only) open what they open; so does
// OpenBeneathOptions::any_file_type, exactly as open(2) would.
//
// What does not exist or may not be opened is not a rejection: those are
// the errno-based statuses of the system call (NotFound for ENOENT and
// ENOTDIR, PermissionDenied for EACCES and EPERM, AlreadyExists for EEXIST,
// FailedPrecondition for EISDIR, ...), whose message names the sanitized
// path and which carry the errno (SystemErrno). A caller tells "refused for
// security" (GetRejection(status) is set) from "not there" (NotFound).

#ifndef U8GUARD_OPEN_BENEATH_H_
#define U8GUARD_OPEN_BENEATH_H_

#include <fcntl.h>

#include <cstdint>
#include <optional>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/path.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// An owned file descriptor, closed when destroyed. Move-only.
class UniqueFd {
 public:
  UniqueFd() = default;
  // Takes ownership of `fd` (-1: none).
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    reset(other.release());
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }

  // The descriptor, or -1.
  int get() const { return fd_; }
  // True when it holds a descriptor.
  bool valid() const { return fd_ >= 0; }
  // Gives the descriptor up without closing it; returns it.
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }
  // Closes the descriptor held (close(2) once: on Linux it is released even
  // when close reports EINTR) and holds `fd` instead.
  void reset(int fd = -1);

 private:
  int fd_ = -1;
};

// Symbolic links met while resolving a path beneath the root.
enum class SymlinkPolicy : uint8_t {
  // Any symbolic link, in any component, is refused ("open/symlink";
  // RESOLVE_NO_SYMLINKS and O_NOFOLLOW). The default.
  kNone,
  // Links are followed while their resolution stays beneath the root
  // (RESOLVE_BENEATH): a link to an absolute path, or whose ".." would rise
  // above the root, is refused ("open/escapes_root").
  kInside,
};

// Which implementation resolves the path.
enum class BeneathResolver : uint8_t {
  // openat2 where the kernel has it (probed once per process), the walk
  // otherwise. The default.
  kAuto,
  // openat2 only: Unimplemented where the kernel lacks it.
  kOpenat2,
  // The O_PATH walk, even where openat2 exists (tests, diagnosis).
  kWalk,
};

// How OpenBeneath, CreateBeneath and MkdirBeneath read and open a path.
struct OpenBeneathOptions {
  // The sanitizer's options (path.h). `path.root` must be empty: the root
  // is the directory handle.
  PathOptions path;
  // Symbolic links: none (default) or those that stay inside.
  SymlinkPolicy symlinks = SymlinkPolicy::kNone;
  // Refuse to cross a mount point, bind mounts included ("open/cross_device";
  // RESOLVE_NO_XDEV). Default false.
  bool no_xdev = false;
  // open(2) flags: the access mode (O_RDONLY, the default; O_WRONLY;
  // O_RDWR) and any of O_APPEND, O_TRUNC, O_DIRECTORY, O_NOFOLLOW,
  // O_NONBLOCK, O_NOATIME, O_SYNC, O_DSYNC, O_DIRECT, O_LARGEFILE, O_CLOEXEC
  // and O_NOCTTY (both always added). O_PATH may be given with O_DIRECTORY
  // and O_NOFOLLOW only. O_CREAT, O_EXCL and O_TMPFILE are refused
  // (CreateBeneath creates). O_NOFOLLOW is added when `symlinks` is kNone.
  int flags = O_RDONLY;
  // The implementation; see BeneathResolver.
  BeneathResolver resolver = BeneathResolver::kAuto;
  // Open any type of file, as open(2) does: FIFOs (which may then block),
  // sockets, devices and directories too. Default false: only a regular
  // file is opened, anything else refused by its kind ("open/fifo",
  // "open/socket", "open/device", "open/directory") without blocking. Not
  // needed for O_PATH or O_DIRECTORY, which the type check leaves alone.
  bool any_file_type = false;
};

// Opens `dir`, a trusted directory (the server's configuration; links in it
// are followed), as a root handle for the functions below: O_PATH |
// O_DIRECTORY | O_CLOEXEC. Returns the errno-based status of open(2)
// otherwise (NotFound for ENOENT and ENOTDIR, ...), carrying the errno;
// InvalidArgument, without an errno, for a name with a NUL byte (open(2)
// would cut it there and open another directory).
absl::StatusOr<UniqueFd> OpenRoot(std::string_view dir);

// Sanitizes `untrusted_path` with SanitizePath(options.path), then opens it
// beneath the directory `root_fd` (an O_PATH or ordinary descriptor of a
// directory; not consumed) with options.flags | O_CLOEXEC | O_NOCTTY, never
// leaving the root. Opens a regular file only, without blocking on
// anything else, unless options.flags holds O_PATH or O_DIRECTORY or
// options.any_file_type is set (see above). An empty sanitized path ("",
// ".") is the root itself (O_DIRECTORY or O_PATH open it). Returns the
// descriptor; a Rejection of the sanitizer or of the rules above
// ("open/fifo", ... for what is not a regular file); the errno-based
// status of the open (NotFound, ...; among
// them InvalidArgument for ENAMETOOLONG, a sanitized path of PATH_MAX
// bytes or more, and Unavailable for EAGAIN, when the tree kept changing
// under the resolution 16 times in a row); InvalidArgument without a
// Rejection or errno for bad options (a root in options.path, flags outside
// the list); Unimplemented for kOpenat2 on a kernel without openat2.
absl::StatusOr<UniqueFd> OpenBeneath(int root_fd,
                                     std::string_view untrusted_path,
                                     const OpenBeneathOptions& options = {});

// As OpenBeneath, beneath the directory `root_dir` (opened with OpenRoot
// for this call; its errors are returned as they are). A server that opens
// many paths opens its root once with OpenRoot instead.
absl::StatusOr<UniqueFd> OpenBeneath(std::string_view root_dir,
                                     std::string_view untrusted_path,
                                     const OpenBeneathOptions& options = {});

// Creates a new regular file beneath `root_fd` and returns it open for
// writing (O_RDWR when options.flags asks for it, else O_WRONLY), as an
// upload does: the parent directory is resolved as OpenBeneath resolves a
// path, then the file is created in it with O_CREAT | O_EXCL | O_NOFOLLOW
// and permission bits `mode` (less the umask). Never follows or replaces
// an existing name: AlreadyExists (EEXIST) when the name exists, as a file,
// directory or link; AlreadyExists for an empty sanitized path (the root).
// InvalidArgument for mode bits outside 07777, O_DIRECTORY or O_PATH in
// options.flags. Other results as OpenBeneath.
absl::StatusOr<UniqueFd> CreateBeneath(int root_fd,
                                       std::string_view untrusted_path,
                                       uint32_t mode = 0644,
                                       const OpenBeneathOptions& options = {});

// Makes a directory beneath `root_fd` with permission bits `mode` (less the
// umask): the parent is resolved as OpenBeneath resolves a path, then
// mkdirat(2) makes the last component in it. AlreadyExists when the name
// exists (a link included, which is not followed) or the sanitized path is
// empty. Other results as CreateBeneath; options.flags is not used.
absl::Status MkdirBeneath(int root_fd, std::string_view untrusted_path,
                          uint32_t mode = 0755,
                          const OpenBeneathOptions& options = {});

// The errno carried by a status that a failed system call gave: from
// OpenRoot, OpenBeneath, CreateBeneath, MkdirBeneath, and every function
// that reads a file by name (LoadProfileFile, LoadProfileDirectory,
// AllowList::Load, ValidateUtf8File, RegistrationPolicy files, ...):
// ENOENT, EACCES, EMFILE, ENAMETOOLONG, ... nullopt for OK, rejections, bad
// options and other statuses (a file over its size bound, not a regular
// file, a name with a NUL byte).
std::optional<int> SystemErrno(const absl::Status& status);

// True when this process resolves with openat2 under kAuto: the kernel has
// it and lets this process call it (probed once).
bool Openat2Available();

// Returns the stable name of `policy`: "none" or "inside".
std::string_view SymlinkPolicyName(SymlinkPolicy policy);

// Parses a name SymlinkPolicyName returns (exactly). InvalidArgument naming
// the accepted names otherwise.
absl::StatusOr<SymlinkPolicy> ParseSymlinkPolicy(std::string_view name);

// Returns the stable name of `resolver`: "auto", "openat2" or "walk".
std::string_view BeneathResolverName(BeneathResolver resolver);

// Parses a name BeneathResolverName returns (exactly). InvalidArgument
// naming the accepted names otherwise.
absl::StatusOr<BeneathResolver> ParseBeneathResolver(std::string_view name);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_OPEN_BENEATH_H_
