// SPDX-License-Identifier: Apache-2.0
// u8guard path sanitize: SanitizePath per input (the rules live in the
// library, include/u8guard/path.h). `u8guard path read`:
// path_read_command.cc.

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/input.h"
#include "src/cli/json.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/path.h"
#include "u8guard/rejection.h"
#include "u8guard/utf8.h"

namespace u8guard::cli {

int RunPath(const std::vector<std::string>&, Format) {
  std::cerr << "u8guard path: the subcommands are `sanitize` and `read`\n";
  return kExitUsage;
}

int RunPathSanitize(const std::vector<std::string>& args, Format format) {
  absl::StatusOr<PathOptions> options = PathOptionsFromFlags();
  if (!options.ok()) {
    std::cerr << "u8guard path sanitize: " << ShownMessage(options.status())
              << "\n";
    return kExitUsage;
  }
  options->root = absl::GetFlag(FLAGS_root);
  std::string out;
  return ForEachInput(
      "path sanitize", args, RawPathLimit(*options), [&](const Input& input) {
        const absl::Status s = SanitizePathInto(input.bytes, *options, out);
        const std::optional<Rejection> rejection = GetRejection(s);
        if (!s.ok() && !rejection) {  // bad options (e.g. --root), ICU failure
          std::cerr << "u8guard path sanitize: " << ShownMessage(s) << "\n";
          return kExitUsage;
        }
        if (format == Format::kJson) {
          JsonObject o;
          AddInput(o, "input", input);
          o.Add("ok", s.ok());
          if (s.ok()) {
            o.Add("output", out);
          } else {
            AddErrorFields(o, s);
          }
          std::cout << o.Line() << "\n";
        } else if (s.ok()) {
          // No control character gets through, but a segment profile may
          // let format characters (the bidi overrides) through.
          std::cout << EscapeForDisplay(out) << "\n";
        } else {
          std::cout << "rejected: " << ShownMessage(s) << "\n";
        }
        return s.ok() ? kExitOk : kExitNegative;
      });
}

}  // namespace u8guard::cli
