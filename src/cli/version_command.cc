// u8guard version: library, ICU and Unicode versions.

#include <iostream>

#include "src/cli/commands.h"
#include "src/cli/json.h"
#include "u8guard/utf8.h"
#include "u8guard/version.h"

namespace u8guard::cli {

int RunVersion(const std::vector<std::string>& args, Format format) {
  if (!args.empty()) {
    std::cerr << "u8guard version: takes no arguments\n";
    return kExitUsage;
  }
  const std::string kernel(Utf8KernelName(ActiveUtf8Kernel()));
  if (format == Format::kJson) {
    std::cout << JsonObject()
                     .Add("u8guard", LibraryVersion())
                     .Add("icu", IcuVersion())
                     .Add("unicode", UnicodeVersion())
                     .Add("utf8_kernel", kernel)
                     .Line()
              << "\n";
  } else {
    std::cout << "u8guard " << LibraryVersion() << "\nICU " << IcuVersion()
              << "\nUnicode " << UnicodeVersion() << "\nUTF-8 kernel " << kernel
              << "\n";
  }
  return kExitOk;
}

}  // namespace u8guard::cli
