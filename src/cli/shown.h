// SPDX-License-Identifier: Apache-2.0
// How the CLI's output shows an untrusted string: in text output and on
// standard error escaped with EscapeForDisplay (display.h), in JSON as a
// string whose invisible code points are \u escapes (json.h); and how much of
// it: an over-long input, and any ACL entry, key, original or skeleton, is
// shown as its first kShownBytes bytes (cut at a character boundary) and
// marked as truncated, with its whole length (docs/cli.md).

#ifndef U8GUARD_SRC_CLI_SHOWN_H_
#define U8GUARD_SRC_CLI_SHOWN_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/display.h"

namespace u8guard::cli {

// The most bytes of one untrusted string that the output shows.
inline constexpr size_t kShownBytes = 256;

// The first `max` bytes of `s` (all of it when it is no longer), moved back
// by up to three bytes so as not to end inside a UTF-8 sequence that
// continues after the cut.
inline std::string_view ShownPrefix(std::string_view s,
                                    size_t max = kShownBytes) {
  if (s.size() <= max) return s;
  size_t cut = max;
  for (size_t back = 0; back < 3 && cut > 0; ++back) {
    if ((static_cast<unsigned char>(s[cut]) & 0xC0) != 0x80) break;
    --cut;
  }
  // s[cut] is where the cut falls; when it is still a continuation byte
  // (invalid input), cut at `max` as asked.
  if ((static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) cut = max;
  return s.substr(0, cut);
}

// `shown` quoted with EscapeForDisplay, followed by `... (N bytes)` when it
// is not all of the `size` bytes of the string it comes from.
std::string QuotedPart(std::string_view shown, size_t size);

// `s` quoted for display: its first kShownBytes bytes with EscapeForDisplay,
// and `... (N bytes)` after the quote when that is not all of its `size`
// bytes (0: s.size()).
std::string QuotedShown(std::string_view s, size_t size = 0);

// The message of `status` as text output and standard error show it:
// escaped (EscapeForDisplay), since messages quote what they are about (a
// file name, a profile name, a flag as typed).
inline std::string ShownMessage(const absl::Status& status) {
  const absl::string_view m = status.message();
  return EscapeForDisplay(std::string_view(m.data(), m.size()));
}

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_SHOWN_H_
