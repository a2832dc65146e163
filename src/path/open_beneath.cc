// SPDX-License-Identifier: Apache-2.0
// OpenBeneath, CreateBeneath, MkdirBeneath: sanitize, check the options,
// resolve the path (or its parent) beneath the root with openat2 or the
// walk (beneath.h), and report the outcome as a Status.

#include "u8guard/open_beneath.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/common/system_error.h"
#include "src/path/beneath.h"
#include "src/path/fs_facts.h"
#include "u8guard/display.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"

namespace u8guard {
namespace {

using internal::BeneathOutcome;
using internal::BeneathRequest;
using internal::ErrnoStatus;
using internal::RetryOnEintr;

// The flags OpenBeneath takes (open_beneath.h). O_TMPFILE's own bit is not
// among them; O_DIRECTORY, which it includes, is.
constexpr int kOpenFlags = O_ACCMODE | O_APPEND | O_TRUNC | O_DIRECTORY |
                           O_NOFOLLOW | O_NONBLOCK | O_NOATIME | O_SYNC |
                           O_DSYNC | O_DIRECT | O_LARGEFILE | O_CLOEXEC |
                           O_NOCTTY | O_PATH;
// Beside O_PATH.
constexpr int kPathFlags = O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

// "open beneath root: \"PATH\"", what an errno status names: the
// sanitized path, escaped (it may hold format characters such as U+202E).
std::string Naming(std::string_view path) {
  return absl::StrFormat("open beneath root: \"%s\"", EscapeForDisplay(path));
}

absl::Status CheckFlags(int flags) {
  if ((flags & O_ACCMODE) == O_ACCMODE || (flags & ~kOpenFlags) != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "open flags 0%o hold bits OpenBeneath does not take (O_CREAT, O_EXCL "
        "and O_TMPFILE: use CreateBeneath or MkdirBeneath)",
        flags));
  }
  if ((flags & O_PATH) != 0 && (flags & ~kPathFlags) != 0) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "open flags 0%o: O_PATH takes only O_DIRECTORY and O_NOFOLLOW", flags));
  }
  return absl::OkStatus();
}

absl::Status CheckMode(uint32_t mode) {
  if ((mode & ~07777u) != 0) {
    return absl::InvalidArgumentError(
        absl::StrFormat("mode 0%o has bits outside 07777", mode));
  }
  return absl::OkStatus();
}

// Sanitizes `untrusted` into `path` with the options' sanitizer rules.
absl::Status Sanitize(std::string_view untrusted,
                      const OpenBeneathOptions& options, std::string& path) {
  if (!options.path.root.empty()) {
    return absl::InvalidArgumentError(
        "OpenBeneathOptions::path.root must be empty: the root is the "
        "directory handle");
  }
  return SanitizePathInto(untrusted, options.path, path);
}

// Resolves the sanitized `path` beneath `root_fd` and opens it with
// `flags` (checked), with the resolver the options name.
absl::StatusOr<UniqueFd> Resolve(int root_fd, const std::string& path,
                                 int flags, const OpenBeneathOptions& options) {
  if (options.symlinks != SymlinkPolicy::kNone &&
      options.symlinks != SymlinkPolicy::kInside) {
    return absl::InvalidArgumentError("symlinks is not a SymlinkPolicy");
  }
  // The kernel's bound on a path (with its NUL), which the walk, reading one
  // component at a time, would not meet on its own.
  if (path.size() >= PATH_MAX) {
    return ErrnoStatus(ENAMETOOLONG, Naming(path));
  }
  BeneathRequest request;
  request.root_fd = root_fd;
  request.path = &path;
  // Without links, a trailing one is refused too. (Beside O_PATH,
  // O_NOFOLLOW would open the link instead: RESOLVE_NO_SYMLINKS refuses it.)
  request.flags =
      flags | (options.symlinks == SymlinkPolicy::kNone && (flags & O_PATH) == 0
                   ? O_NOFOLLOW
                   : 0);
  request.symlinks = options.symlinks;
  request.no_xdev = options.no_xdev;
  BeneathOutcome out;
  switch (options.resolver) {
    case BeneathResolver::kAuto:
      out = Openat2Available() ? internal::ResolveWithOpenat2(request)
                               : internal::ResolveWithWalk(request);
      // A filter installed after the probe.
      if (out.error == ENOSYS) out = internal::ResolveWithWalk(request);
      break;
    case BeneathResolver::kOpenat2:
      if (!Openat2Available()) {
        return absl::UnimplementedError(
            "openat2 is not available to this process (Linux before 5.6, or "
            "refused by a seccomp filter)");
      }
      out = internal::ResolveWithOpenat2(request);
      break;
    case BeneathResolver::kWalk:
      out = internal::ResolveWithWalk(request);
      break;
    default:
      return absl::InvalidArgumentError("resolver is not a BeneathResolver");
  }
  if (out.fd.valid()) return std::move(out.fd);
  if (out.rejection) return RejectionError(*out.rejection);
  return ErrnoStatus(out.error, Naming(path));
}

// True when OpenBeneath opens a regular file only (open_beneath.h): an
// open for I/O, O_DIRECTORY aside, whose options allow no other type.
bool OpensRegularFilesOnly(const OpenBeneathOptions& options) {
  return !options.any_file_type &&
         (options.flags & (O_PATH | O_DIRECTORY)) == 0;
}

// The rule that refuses a file of type `mode` (st_mode) where a regular
// file was asked.
Rule FileTypeRule(mode_t mode) {
  if (S_ISDIR(mode)) return Rule::kOpenDirectory;
  if (S_ISFIFO(mode)) return Rule::kOpenFifo;
  if (S_ISSOCK(mode)) return Rule::kOpenSocket;
  return Rule::kOpenDevice;  // S_ISCHR, S_ISBLK: nothing else can be open
}

// The refusal of the sanitized `path`, opened as `fd`, for not being a
// regular file; OK for a regular file; the errno status of a failed fstat.
absl::Status CheckRegularFile(int fd, const std::string& path) {
  struct stat st;
  if (fstat(fd, &st) != 0) {
    const int error = errno;
    return ErrnoStatus(error, Naming(path));
  }
  if (S_ISREG(st.st_mode)) return absl::OkStatus();
  return RejectionError(
      *internal::RefusedBy(FileTypeRule(st.st_mode), path, path.size())
           .rejection);
}

// Opens the sanitized `path` beneath `root_fd` as a regular file only: with
// O_NONBLOCK, so that neither a FIFO nor a device makes the open wait; then
// anything but a regular file is refused by its kind, and O_NONBLOCK is
// cleared again unless the caller's flags hold it.
absl::StatusOr<UniqueFd> OpenRegularFile(int root_fd, const std::string& path,
                                         const OpenBeneathOptions& options) {
  absl::StatusOr<UniqueFd> fd =
      Resolve(root_fd, path, options.flags | O_NONBLOCK, options);
  if (!fd.ok()) {
    // ENXIO: a socket, or a FIFO without a reader opened for writing; ENODEV
    // and ENXIO: a device without its driver. Named by their kind when a
    // handle (O_PATH, which opens any type without I/O) shows one.
    const std::optional<int> error = internal::ErrnoOf(fd.status());
    if (error == ENXIO || error == ENODEV) {
      const absl::StatusOr<UniqueFd> handle = Resolve(
          root_fd, path, O_PATH | (options.flags & O_NOFOLLOW), options);
      if (handle.ok()) {
        if (absl::Status s = CheckRegularFile(handle->get(), path); !s.ok()) {
          if (GetRejection(s)) return s;
        }
      }
    }
    return fd.status();
  }
  if (absl::Status s = CheckRegularFile(fd->get(), path); !s.ok()) return s;
  // F_SETFL takes the status flags (O_APPEND, O_DIRECT, O_NOATIME,
  // O_NONBLOCK) and ignores the others: the caller's flags are those the
  // descriptor was opened with, without O_NONBLOCK.
  if ((options.flags & O_NONBLOCK) == 0) {
    if (fcntl(fd->get(), F_SETFL, options.flags) != 0) {
      const int error = errno;
      return ErrnoStatus(error, Naming(path));
    }
  }
  return fd;
}

// The last component of the sanitized, non-empty `path`, and its parent
// ("" for the root) in `parent`.
std::string_view SplitLast(const std::string& path, std::string& parent) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) {
    parent.clear();
    return path;
  }
  parent.assign(path, 0, slash);
  return std::string_view(path).substr(slash + 1);
}

// The directory that is to hold the last component of a path, and that
// component.
struct Parent {
  UniqueFd fd;
  std::string leaf;
};

// For CreateBeneath and MkdirBeneath: checks `mode`, sanitizes
// `untrusted` into `path` and resolves its parent beneath `root_fd`.
// AlreadyExists for the root itself (an empty path).
absl::StatusOr<Parent> ResolveParent(int root_fd, std::string_view untrusted,
                                     uint32_t mode,
                                     const OpenBeneathOptions& options,
                                     std::string& path) {
  if (absl::Status s = CheckMode(mode); !s.ok()) return s;
  if (absl::Status s = Sanitize(untrusted, options, path); !s.ok()) return s;
  if (path.empty()) return ErrnoStatus(EEXIST, Naming(path));
  std::string parent_path;
  Parent parent;
  parent.leaf = std::string(SplitLast(path, parent_path));
  absl::StatusOr<UniqueFd> fd =
      Resolve(root_fd, parent_path, O_PATH | O_DIRECTORY, options);
  if (!fd.ok()) return fd.status();
  parent.fd = *std::move(fd);
  return parent;
}

// The status of the system call that just failed on `path`.
absl::Status LastError(const std::string& path) {
  const int error = errno;  // before anything else can change it
  return ErrnoStatus(error, Naming(path));
}

}  // namespace

void UniqueFd::reset(int fd) {
  if (fd_ >= 0) close(fd_);
  fd_ = fd;
}

bool Openat2Available() {
  static const bool available = internal::ProbeOpenat2();
  return available;
}

absl::StatusOr<UniqueFd> OpenRoot(std::string_view dir) {
  if (absl::Status s = internal::CheckFileName(dir); !s.ok()) return s;
  const std::string name(dir);
  UniqueFd fd(RetryOnEintr(
      [&] { return open(name.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC); }));
  if (!fd.valid()) {
    const int error = errno;  // before the message is made
    return ErrnoStatus(
        error, absl::StrFormat("root directory \"%s\"", EscapeForDisplay(dir)));
  }
  return fd;
}

absl::StatusOr<UniqueFd> OpenBeneath(int root_fd,
                                     std::string_view untrusted_path,
                                     const OpenBeneathOptions& options) {
  if (absl::Status s = CheckFlags(options.flags); !s.ok()) return s;
  std::string path;
  if (absl::Status s = Sanitize(untrusted_path, options, path); !s.ok()) {
    return s;
  }
  if (OpensRegularFilesOnly(options)) {
    return OpenRegularFile(root_fd, path, options);
  }
  return Resolve(root_fd, path, options.flags, options);
}

absl::StatusOr<UniqueFd> OpenBeneath(std::string_view root_dir,
                                     std::string_view untrusted_path,
                                     const OpenBeneathOptions& options) {
  absl::StatusOr<UniqueFd> root = OpenRoot(root_dir);
  if (!root.ok()) return root.status();
  return OpenBeneath(root->get(), untrusted_path, options);
}

absl::StatusOr<UniqueFd> CreateBeneath(int root_fd,
                                       std::string_view untrusted_path,
                                       uint32_t mode,
                                       const OpenBeneathOptions& options) {
  if (absl::Status s = CheckFlags(options.flags); !s.ok()) return s;
  if ((options.flags & (O_PATH | O_DIRECTORY)) != 0) {
    return absl::InvalidArgumentError(
        "CreateBeneath creates regular files: no O_PATH or O_DIRECTORY");
  }
  std::string path;
  absl::StatusOr<Parent> parent =
      ResolveParent(root_fd, untrusted_path, mode, options, path);
  if (!parent.ok()) return parent.status();
  const int access = (options.flags & O_ACCMODE) == O_RDWR ? O_RDWR : O_WRONLY;
  const int flags = (options.flags & ~O_ACCMODE) | access | O_CREAT | O_EXCL |
                    O_NOFOLLOW | O_CLOEXEC | O_NOCTTY;
  UniqueFd fd(RetryOnEintr([&] {
    return openat(parent->fd.get(), parent->leaf.c_str(), flags,
                  static_cast<mode_t>(mode));
  }));
  if (!fd.valid()) return LastError(path);
  return fd;
}

absl::Status MkdirBeneath(int root_fd, std::string_view untrusted_path,
                          uint32_t mode, const OpenBeneathOptions& options) {
  std::string path;
  absl::StatusOr<Parent> parent =
      ResolveParent(root_fd, untrusted_path, mode, options, path);
  if (!parent.ok()) return parent.status();
  if (RetryOnEintr([&] {
        return mkdirat(parent->fd.get(), parent->leaf.c_str(),
                       static_cast<mode_t>(mode));
      }) != 0) {
    return LastError(path);
  }
  return absl::OkStatus();
}

std::optional<int> SystemErrno(const absl::Status& status) {
  return internal::ErrnoOf(status);
}

}  // namespace u8guard
