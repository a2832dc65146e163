// SPDX-License-Identifier: Apache-2.0
// u8guard path read: a safe `cat` for scripts. Each PATH is opened with
// OpenBeneath under --root (the rules live in the library,
// include/u8guard/open_beneath.h: links, mounts, and regular files only)
// and its bytes are copied to standard output; a refusal or a missing file
// is reported on standard error.

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/input.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/open_beneath.h"
#include "u8guard/rejection.h"

namespace u8guard::cli {
namespace {

constexpr size_t kBlock = 1 << 16;

// "u8guard path read: "NAME": MESSAGE" on standard error, NAME and MESSAGE
// escaped for display.
void Complain(const Input& input, std::string_view message) {
  std::cerr << "u8guard path read: " << QuotedPart(Shown(input), input.size)
            << ": " << EscapeForDisplay(message) << "\n";
}

// Copies `fd` to standard output. Returns the errno of a failed read, or 0
// (also when standard output failed: main reports that).
int CopyToStdout(int fd, char* block) {
  for (;;) {
    const ssize_t n = read(fd, block, kBlock);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (n == 0) return 0;
    if (!std::cout.write(block, n)) return 0;
  }
}

}  // namespace

int RunPathRead(const std::vector<std::string>& args, Format) {
  const std::string root_dir = absl::GetFlag(FLAGS_root);
  if (root_dir.empty()) {
    std::cerr << "u8guard path read: --root=DIR is required\n";
    return kExitUsage;
  }
  absl::StatusOr<OpenBeneathOptions> options = OpenBeneathOptionsFromFlags();
  if (!options.ok()) {
    std::cerr << "u8guard path read: " << ShownMessage(options.status())
              << "\n";
    return kExitUsage;
  }
  const absl::StatusOr<UniqueFd> root = OpenRoot(root_dir);
  if (!root.ok()) {
    std::cerr << "u8guard path read: "
              << EscapeForDisplay(std::string(root.status().message())) << "\n";
    return kExitUsage;
  }
  const std::unique_ptr<char[]> block(new char[kBlock]);
  return ForEachInput(
      "path read", args, RawPathLimit(options->path), [&](const Input& input) {
        const absl::StatusOr<UniqueFd> fd =
            OpenBeneath(root->get(), input.bytes, *options);
        if (!fd.ok()) {
          Complain(input, std::string(fd.status().message()));
          // Refused (a FIFO, device or directory among them: OpenBeneath
          // opens regular files only, without blocking), or not there: a
          // negative answer. Anything else (not permitted, a bad option) is
          // an error.
          return GetRejection(fd.status()) ||
                         fd.status().code() == absl::StatusCode::kNotFound
                     ? kExitNegative
                     : kExitUsage;
        }
        if (const int error = CopyToStdout(fd->get(), block.get());
            error != 0) {
          Complain(input, std::string("read: ") + std::strerror(error));
          return kExitUsage;
        }
        return kExitOk;
      });
}

}  // namespace u8guard::cli
