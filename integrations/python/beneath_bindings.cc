// SPDX-License-Identifier: Apache-2.0
// open_beneath_fd, create_beneath_fd, mkdir_beneath, openat2_available:
// opening beneath a root (open_beneath.h). u8guard/_beneath.py builds
// open_beneath (a file object) on them.

#include <fcntl.h>

#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "integrations/python/bindings.h"
#include "integrations/python/convert.h"
#include "u8guard/open_beneath.h"
#include "u8guard/path.h"

namespace u8guard::python {
namespace {

// The options of the keyword arguments of `function`: options (a
// u8guard.PathOptions whose root is "") and the keywords of sanitize_path
// but root, as PathOptionsOf reads them, and symlinks ("none", "inside"),
// no_xdev, resolver ("auto", "openat2", "walk"), any_file_type. `profile`
// keeps a segment profile alive. TypeError for another keyword.
OpenBeneathOptions OptionsFrom(const char* function, const py::kwargs& kwargs,
                               std::shared_ptr<const Profile>& profile) {
  OpenBeneathOptions o;
  py::handle options = py::none();
  std::vector<std::pair<std::string, py::handle>> path_keywords;
  for (const auto& [key, value] : kwargs) {
    const std::string name = py::str(key);
    if (name == "symlinks") {
      o.symlinks = Parsed(ParseSymlinkPolicy(value.cast<std::string>()));
    } else if (name == "no_xdev") {
      o.no_xdev = value.cast<bool>();
    } else if (name == "any_file_type") {
      o.any_file_type = value.cast<bool>();
    } else if (name == "resolver") {
      o.resolver = Parsed(ParseBeneathResolver(value.cast<std::string>()));
    } else if (name == "options") {
      options = value;
    } else if (name != "root" && IsPathOptionField(name)) {
      path_keywords.emplace_back(name, value);
    } else {
      throw py::type_error("unexpected keyword argument '" + name + "'");
    }
  }
  PyPathOptions path = PathOptionsOf(function, options, path_keywords);
  if (!path.options.root.empty()) {
    throw py::value_error(std::string(function) +
                          "() takes the root as its root argument: the "
                          "options' root must be \"\"");
  }
  o.path = path.options;
  profile = std::move(path.segment_profile);
  return o;
}

// The root argument: a descriptor (an int, not consumed) or a directory's
// path (str, bytes, os.PathLike), opened for the call.
class Root {
 public:
  explicit Root(py::handle root) {
    if (PyLong_Check(root.ptr()) && !PyBool_Check(root.ptr())) {
      fd_ = root.cast<int>();
    } else {
      dir_ = PathArgument(root, "root");
    }
  }

  // The descriptor, opening the directory first (without the GIL).
  absl::StatusOr<int> Get() {
    if (!dir_) return fd_;
    absl::StatusOr<UniqueFd> opened = OpenRoot(*dir_);
    if (!opened.ok()) return opened.status();
    owned_ = *std::move(opened);
    return owned_.get();
  }

 private:
  int fd_ = -1;
  std::optional<std::string> dir_;
  UniqueFd owned_;
};

// Runs `call` (root descriptor -> StatusOr<UniqueFd> or Status) on the
// root without the GIL; raises its failure (ThrowStatus: Rejected, or the
// OSError of its errno), or returns its StatusOr (nothing for a Status).
template <typename Call>
auto Beneath(py::handle root_arg, const Text& path, Call call) {
  Root root(root_arg);
  path.RequireEncodable();
  std::optional<decltype(call(0))> result;
  absl::Status status;
  {
    ReleaseGil release(ReleaseGil::Always{});
    const absl::StatusOr<int> fd = root.Get();
    if (fd.ok()) {
      result.emplace(call(*fd));
    } else {
      status = fd.status();
    }
  }
  if (!status.ok()) ThrowStatus(status, nullptr, StatusContext::kFile);
  if constexpr (std::is_same_v<decltype(call(0)), absl::Status>) {
    if (!result->ok()) ThrowStatus(*result, &path, StatusContext::kFile);
  } else {
    if (!result->ok()) {
      ThrowStatus(result->status(), &path, StatusContext::kFile);
    }
    return *std::move(result);
  }
}

int OpenFd(py::handle root, py::handle path, int flags,
           const py::kwargs& kwargs) {
  std::shared_ptr<const Profile> profile;
  OpenBeneathOptions o = OptionsFrom("open_beneath_fd", kwargs, profile);
  o.flags = flags;
  const Text text = Text::From(path, "path");
  return Beneath(root, text,
                 [&](int fd) { return OpenBeneath(fd, text.bytes(), o); })
      ->release();
}

int CreateFd(py::handle root, py::handle path, uint32_t mode, int flags,
             const py::kwargs& kwargs) {
  std::shared_ptr<const Profile> profile;
  OpenBeneathOptions o = OptionsFrom("create_beneath_fd", kwargs, profile);
  o.flags = flags;
  const Text text = Text::From(path, "path");
  return Beneath(
             root, text,
             [&](int fd) { return CreateBeneath(fd, text.bytes(), mode, o); })
      ->release();
}

void Mkdir(py::handle root, py::handle path, uint32_t mode,
           const py::kwargs& kwargs) {
  std::shared_ptr<const Profile> profile;
  const OpenBeneathOptions o = OptionsFrom("mkdir_beneath", kwargs, profile);
  const Text text = Text::From(path, "path");
  Beneath(root, text,
          [&](int fd) { return MkdirBeneath(fd, text.bytes(), mode, o); });
}

}  // namespace

void RegisterBeneath(py::module_& m) {
  m.def("open_beneath_fd", &OpenFd, py::arg("root"), py::arg("path"),
        py::arg("flags") = O_RDONLY, R"doc(
Sanitizes `path` as sanitize_path does (its keyword arguments, but root,
and options=, a PathOptions whose root is ""),
then opens it beneath the directory `root` (a descriptor, not consumed, or
a path) with the kernel's confinement and returns the new descriptor
(O_CLOEXEC; the caller closes it). No symbolic link, "..", /proc magic link
or concurrent rename leads out of the root. Only a regular file is opened
(with O_NONBLOCK, cleared again unless flags holds it, so that a FIFO or a
device never blocks the call) unless flags holds O_PATH or O_DIRECTORY or
any_file_type=True. Keywords: symlinks="none" (any link is refused) or
"inside" (links are followed while they stay beneath the root),
no_xdev=False (True: no mount point is crossed), resolver="auto"
("openat2" or "walk" to choose the implementation), any_file_type=False
(True: FIFOs, sockets, devices and directories too, as os.open). Raises
u8guard.Rejected for a refusal (rule "open/escapes_root", "open/symlink",
"open/magic_link", "open/cross_device", "open/symlink_loop"; "open/fifo",
"open/socket", "open/device", "open/directory" for what is not a regular
file; or a path/ rule), OSError with the system call's errno otherwise
(FileNotFoundError, PermissionError, ...), ValueError for bad options.)doc");
  m.def("create_beneath_fd", &CreateFd, py::arg("root"), py::arg("path"),
        py::arg("mode") = 0644, py::arg("flags") = O_WRONLY, R"doc(
Creates a new file beneath `root` (O_CREAT | O_EXCL | O_NOFOLLOW in the
parent directory, resolved as open_beneath_fd resolves a path) with
permission bits `mode` (less the umask) and returns its descriptor, open
for writing (O_RDWR when flags asks for it). FileExistsError when the name
exists, a link included (never followed). Keywords and errors as
open_beneath_fd.)doc");
  m.def("mkdir_beneath", &Mkdir, py::arg("root"), py::arg("path"),
        py::arg("mode") = 0755, R"doc(
Makes a directory beneath `root` (mkdirat in the parent directory, resolved
as open_beneath_fd resolves a path) with permission bits `mode` (less the
umask). FileExistsError when the name exists. Keywords and errors as
open_beneath_fd.)doc");
  m.def("openat2_available", &Openat2Available, R"doc(
True when this process resolves paths beneath a root with openat2 (Linux
5.6 and later, not refused by a seccomp filter); False when the O_PATH walk
does it.)doc");
}

}  // namespace u8guard::python
