// SPDX-License-Identifier: Apache-2.0
// The manual page u8guard(1).

#include "src/cli/man_page.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "src/cli/command_table.h"
#include "u8guard/version.h"

namespace u8guard::cli {
namespace {

// The lines of `text`, without their "\n".
std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// `text` without its trailing newlines.
std::string_view Trimmed(std::string_view text) {
  while (text.ends_with('\n')) text.remove_suffix(1);
  return text;
}

// `lines` as roff that shows them as they are (between .nf and .fi): "\"
// is written "\e", "-" "\-" (a minus, so that flags can be searched for
// and copied), and a line starting with "." or "'" is guarded with "\&".
std::string Verbatim(const std::vector<std::string_view>& lines) {
  std::string out = ".nf\n";
  for (const std::string_view line : lines) {
    if (line.starts_with(".") || line.starts_with("'")) out += "\\&";
    for (const char c : line) {
      if (c == '\\') {
        out += "\\e";
      } else if (c == '-') {
        out += "\\-";
      } else {
        out += c;
      }
    }
    out += '\n';
  }
  return out + ".fi\n";
}

// The synopsis of a usage text without "usage: " and the indentation under
// it: {"u8guard COMMAND ...", "u8guard --version | -V", ...}.
std::vector<std::string_view> SynopsisLines(std::string_view usage) {
  constexpr std::string_view kUsagePrefix = "usage: ";
  std::vector<std::string_view> lines = Lines(Trimmed(Synopsis(usage)));
  for (std::string_view& line : lines) {
    if (line.starts_with(kUsagePrefix) ||
        line.starts_with(std::string(kUsagePrefix.size(), ' '))) {
      line.remove_prefix(kUsagePrefix.size());
    }
  }
  return lines;
}

}  // namespace

std::string ManPage() {
  const std::string_view usage = ToolUsage();
  const std::string_view synopsis = Trimmed(Synopsis(usage));
  std::string out = ".TH U8GUARD 1 \"\" \"u8guard " + LibraryVersion() +
                    "\" \"User Commands\"\n"
                    ".nh\n.ad l\n"
                    ".SH NAME\n"
                    "u8guard \\- compare untrusted text securely: strict "
                    "UTF\\-8, PRECIS profiles, ACLs, paths\n"
                    ".SH SYNOPSIS\n";
  out += Verbatim(SynopsisLines(usage));
  out += ".SH DESCRIPTION\n";
  out += Verbatim(Lines(Trimmed(usage.substr(synopsis.size() + 2))));
  out += ".SH COMMANDS\n";
  for (const Command& c : Commands()) {
    if (c.name.empty()) continue;  // a group's own entry: its commands follow
    out += ".SS " + FullName(c) + "\n";
    out += Verbatim(Lines(Trimmed(c.usage)));
  }
  out += ".SS help\n";
  out += Verbatim(Lines(Trimmed(HelpUsage())));
  out +=
      ".SH SEE ALSO\n"
      "The u8guard library: README.md and the headers include/u8guard/*.h.\n";
  return out;
}

}  // namespace u8guard::cli
