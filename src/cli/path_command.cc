// u8guard path sanitize: SanitizePath per input (the rules live in the
// library, include/u8guard/path.h).

#include <iostream>
#include <limits>
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
namespace {

// PathOptions from the flags.
absl::StatusOr<PathOptions> OptionsFromFlags() {
  PathOptions o;
  o.percent_decode = absl::GetFlag(FLAGS_percent_decode);
  if (absl::GetFlag(FLAGS_nfkc)) o.normalization = NormalizationForm::kNfkc;
  o.root = absl::GetFlag(FLAGS_root);
  o.backslash_is_separator = absl::GetFlag(FLAGS_backslash);
  o.windows = absl::GetFlag(FLAGS_windows);
  o.allow_hidden = absl::GetFlag(FLAGS_allow_hidden);
  o.leading_separator_is_root = absl::GetFlag(FLAGS_leading_separator_is_root);
  const absl::StatusOr<DotDotPolicy> dot_dot =
      ParseDotDotPolicy(absl::GetFlag(FLAGS_dot_dot));
  if (!dot_dot.ok()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--dot-dot must be %s or %s", DotDotPolicyName(DotDotPolicy::kReject),
        DotDotPolicyName(DotDotPolicy::kResolve)));
  }
  o.dot_dot = *dot_dot;
  return o;
}

}  // namespace

int RunPath(const std::vector<std::string>&, Format) {
  std::cerr << "u8guard path: the subcommand is `sanitize`\n";
  return kExitUsage;
}

int RunPathSanitize(const std::vector<std::string>& args, Format format) {
  const absl::StatusOr<PathOptions> options = OptionsFromFlags();
  if (!options.ok()) {
    std::cerr << "u8guard path sanitize: " << ShownMessage(options.status())
              << "\n";
    return kExitUsage;
  }
  // path.h: raw input over 4 * max_length + 64 bytes is rejected before any
  // work, at that offset.
  const size_t limit =
      options->max_length <= (std::numeric_limits<size_t>::max() - 64) / 4
          ? 4 * options->max_length + 64
          : std::numeric_limits<size_t>::max();
  std::string out;
  return ForEachInput("path sanitize", args, limit, [&](const Input& input) {
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
        o.Add("error", std::string(s.message()))
            .Add("rule", rejection->rule_id())
            .Add("offset", uint64_t{rejection->offset});
      }
      std::cout << o.Line() << "\n";
    } else if (s.ok()) {
      // No control character gets through, but a segment profile may let
      // format characters (the bidi overrides) through.
      std::cout << EscapeForDisplay(out) << "\n";
    } else {
      std::cout << "rejected: " << ShownMessage(s) << "\n";
    }
    return s.ok() ? kExitOk : kExitNegative;
  });
}

}  // namespace u8guard::cli
