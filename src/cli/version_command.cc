// SPDX-License-Identifier: Apache-2.0
// u8guard version: library, ICU and Unicode versions.

#include <iostream>
#include <string>
#include <string_view>

#include "src/cli/commands.h"
#include "src/cli/json.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/utf8.h"
#include "u8guard/version.h"

namespace u8guard::cli {

int RunVersion(const std::vector<std::string>& args, Format format) {
  if (!args.empty()) {
    std::cerr << "u8guard version: takes no arguments\n";
    return kExitUsage;
  }
  const Utf8KernelChoice& choice = ActiveUtf8KernelChoice();
  const std::string kernel(Utf8KernelName(choice.active));
  // U8GUARD_KERNEL comes from the environment: shown like any input.
  const std::string_view requested = ShownPrefix(choice.requested);
  if (format == Format::kJson) {
    JsonObject o;
    // "library" is "u8guard" under the name the other surfaces use
    // (LibraryVersion, library_version); "u8guard" stays.
    o.Add("u8guard", LibraryVersion())
        .Add("library", LibraryVersion())
        .Add("icu", IcuVersion())
        .Add("unicode", UnicodeVersion())
        .Add("utf8_kernel", kernel);
    if (!choice.requested.empty()) {
      AddShownField(o, "utf8_kernel_requested", requested,
                    choice.requested.size(), /*with_hex=*/true);
    }
    if (!choice.note.empty()) o.Add("utf8_kernel_note", choice.note);
    std::cout << o.Line() << "\n";
  } else {
    std::cout << "u8guard " << LibraryVersion() << "\nICU " << IcuVersion()
              << "\nUnicode " << UnicodeVersion() << "\nUTF-8 kernel "
              << kernel;
    if (!choice.note.empty()) {
      std::cout << " (U8GUARD_KERNEL=" << EscapeForDisplay(requested)
                << (requested.size() < choice.requested.size() ? "..." : "")
                << ": " << choice.note << ", using " << kernel << ")";
    }
    std::cout << "\n";
  }
  return kExitOk;
}

}  // namespace u8guard::cli
