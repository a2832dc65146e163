// SPDX-License-Identifier: Apache-2.0
// u8guard check: strict validation of files, streamed.

#include <cstdio>
#include <iostream>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "src/cli/commands.h"
#include "src/cli/flags.h"
#include "src/cli/json.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/rule.h"
#include "u8guard/utf8.h"
#include "u8guard/utf8_file.h"

namespace u8guard::cli {

int RunCheck(const std::vector<std::string>& args, Format format) {
  const int threads = absl::GetFlag(FLAGS_threads);
  const bool map = absl::GetFlag(FLAGS_map);
  if (threads < 0) {
    std::cerr << "u8guard check: --threads must be 0 (one per CPU) or more\n";
    return kExitUsage;
  }
  std::vector<std::string> files = args;
  if (files.empty()) files.push_back("-");
  int exit_code = kExitOk;
  for (const std::string& file : files) {
    if (!std::cout.good()) break;  // output failed: main reports it
    // --map or --map=false as asked; neither: read, unless mapping a large
    // file measures faster.
    const absl::StatusOr<Utf8Result> r =
        FlagGiven("map")
            ? ValidateUtf8File(file, {.threads = threads, .map = map})
            : ValidateUtf8FileMapIfFaster(file, threads);
    // File names are untrusted (a name can hold "\n" and a forged line,
    // or escape sequences): escaped in text, with their bytes in hex in
    // JSON when they are not UTF-8.
    if (!r.ok()) {
      std::cerr << "u8guard check: " << ShownMessage(r.status()) << "\n";
      if (format == Format::kJson) {
        JsonObject o;
        AddInputField(o, "file", file);
        o.Add("io_error", std::string(r.status().message()));
        std::cout << o.Line() << "\n";
      }
      exit_code = kExitUsage;
      continue;
    }
    if (!r->ok() && exit_code == kExitOk) exit_code = kExitNegative;
    if (format == Format::kJson) {
      JsonObject o;
      AddInputField(o, "file", file);
      o.Add("valid", r->ok()).Add("valid_up_to", uint64_t{r->valid_up_to});
      if (!r->ok()) {
        // "error" is the kind's short id ("overlong"), "rule" its rule id
        // ("utf8/overlong"), as in a rejection.
        o.Add("error", Utf8ErrorKindId(r->kind))
            .Add("rule", RuleId(Utf8ErrorRule(r->kind)))
            .Add("error_len", uint64_t{r->error_len});
      }
      std::cout << o.Line() << "\n";
    } else if (r->ok()) {
      std::cout << absl::StrFormat("%s: ok\n", EscapeForDisplay(file));
    } else {
      std::cout << absl::StrFormat("%s:%d: %s\n", EscapeForDisplay(file),
                                   r->valid_up_to, Utf8ErrorKindName(r->kind));
    }
  }
  std::cout.flush();
  return exit_code;
}

}  // namespace u8guard::cli
