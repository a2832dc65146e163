// SPDX-License-Identifier: Apache-2.0
// u8guard skeleton: the UTS #39 confusable skeleton, or the look-alike keys,
// of each input (include/u8guard/skeleton.h).

#include <iostream>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/status/statusor.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/input.h"
#include "src/cli/json.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/profile.h"
#include "u8guard/skeleton.h"

namespace u8guard::cli {
namespace {

// The look-alike keys of one input as text output shows them: each escaped
// for display (a key may hold spaces; a tab in a key is shown escaped), one
// tab between them.
std::string TabSeparated(const std::vector<std::string>& keys) {
  std::string out;
  for (const std::string& key : keys) {
    if (!out.empty()) out += '\t';
    out += EscapeForDisplay(key);
  }
  return out;
}

// Answers one input with its skeleton: the skeleton's line (text) or
// object (JSON), or the rejection. Returns kExitOk or kExitNegative.
int AnswerSkeleton(const Profile& profile, SkeletonOrder order,
                   const Input& input, Format format) {
  const absl::StatusOr<std::string> skeleton =
      BidiSkeleton(profile, order, input.bytes);
  if (format == Format::kJson) {
    JsonObject o;
    AddInput(o, "input", input);
    o.Add("ok", skeleton.ok());
    if (skeleton.ok()) {
      o.Add("skeleton", *skeleton);
    } else {
      AddErrorFields(o, skeleton.status());
    }
    std::cout << o.Line() << "\n";
  } else if (skeleton.ok()) {
    std::cout << EscapeForDisplay(*skeleton) << "\n";
  } else {
    std::cout << "rejected: " << ShownMessage(skeleton.status()) << "\n";
  }
  return skeleton.ok() ? kExitOk : kExitNegative;
}

// Answers one input with its look-alike keys: a line of tab-separated keys
// (text) or an object with their array (JSON), or the rejection. Returns
// kExitOk or kExitNegative.
int AnswerLookalikeKeys(const Profile& profile, SkeletonOrder order,
                        const Input& input, Format format) {
  const absl::StatusOr<std::vector<std::string>> keys =
      LookalikeSkeletons(profile, input.bytes, order);
  if (format == Format::kJson) {
    JsonObject o;
    AddInput(o, "input", input);
    o.Add("ok", keys.ok());
    if (keys.ok()) {
      o.AddArray("lookalike_keys", *keys);
    } else {
      AddErrorFields(o, keys.status());
    }
    std::cout << o.Line() << "\n";
  } else if (keys.ok()) {
    std::cout << TabSeparated(*keys) << "\n";
  } else {
    std::cout << "rejected: " << ShownMessage(keys.status()) << "\n";
  }
  return keys.ok() ? kExitOk : kExitNegative;
}

}  // namespace

// Prints the skeleton (or, with --lookalike-keys, the look-alike keys) of
// each argument or line of standard input in --order, as canon prints keys.
int RunSkeleton(const std::vector<std::string>& args, Format format) {
  const absl::StatusOr<Profile> profile = SelectedProfile();
  if (!profile.ok()) {
    std::cerr << "u8guard: " << ShownMessage(profile.status()) << "\n";
    return kExitUsage;
  }
  const absl::StatusOr<SkeletonOrder> order =
      ParseSkeletonOrder(absl::GetFlag(FLAGS_order));
  if (!order.ok()) {
    std::cerr << "u8guard: --order: " << ShownMessage(order.status()) << "\n";
    return kExitUsage;
  }
  const bool lookalike_keys = absl::GetFlag(FLAGS_lookalike_keys);
  return ForEachInput(
      "skeleton", args, profile->max_input_bytes, [&](const Input& input) {
        return lookalike_keys
                   ? AnswerLookalikeKeys(*profile, *order, input, format)
                   : AnswerSkeleton(*profile, *order, input, format);
      });
}

}  // namespace u8guard::cli
