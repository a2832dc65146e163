// SPDX-License-Identifier: Apache-2.0
// The CLI's flags, defined in flags.cc.

#ifndef U8GUARD_SRC_CLI_FLAGS_H_
#define U8GUARD_SRC_CLI_FLAGS_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/cli/progress.h"
#include "u8guard/open_beneath.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"

ABSL_DECLARE_FLAG(std::string, format);
ABSL_DECLARE_FLAG(std::string, profile);
ABSL_DECLARE_FLAG(std::string, profile_dir);
// canon, enforce, path sanitize, acl lookup: flush after every answer.
ABSL_DECLARE_FLAG(bool, line_buffered);
// u8guard skeleton: the look-alike keys instead of the skeleton.
ABSL_DECLARE_FLAG(bool, lookalike_keys);
ABSL_DECLARE_FLAG(std::string, order);
// u8guard path sanitize (PathOptions, include/u8guard/path.h). --nfkc is
// an alias of --normalization=NFKC, --backslash of
// --backslash-is-separator (PathOptionsFromFlags).
ABSL_DECLARE_FLAG(bool, percent_decode);
ABSL_DECLARE_FLAG(std::string, normalization);
ABSL_DECLARE_FLAG(bool, nfkc);
ABSL_DECLARE_FLAG(std::string, root);
ABSL_DECLARE_FLAG(bool, backslash_is_separator);
ABSL_DECLARE_FLAG(bool, backslash);
ABSL_DECLARE_FLAG(bool, windows);
ABSL_DECLARE_FLAG(bool, allow_hidden);
ABSL_DECLARE_FLAG(bool, leading_separator_is_root);
ABSL_DECLARE_FLAG(std::string, dot_dot);
// u8guard path read (OpenBeneathOptions, include/u8guard/open_beneath.h).
ABSL_DECLARE_FLAG(std::string, symlinks);
ABSL_DECLARE_FLAG(bool, no_xdev);
ABSL_DECLARE_FLAG(std::string, resolver);
// u8guard acl lookup (include/u8guard/acl.h).
ABSL_DECLARE_FLAG(std::string, acl);
ABSL_DECLARE_FLAG(std::string, mode);
// u8guard register (include/u8guard/registration.h).
ABSL_DECLARE_FLAG(std::string, policy);
ABSL_DECLARE_FLAG(std::string, others);
ABSL_DECLARE_FLAG(bool, add);
// acl audit: AclAuditOptions::max_restriction_level.
ABSL_DECLARE_FLAG(std::string, max_restriction_level);
// acl audit, acl lookup: AclLoadOptions::max_file_bytes.
ABSL_DECLARE_FLAG(uint64_t, max_acl_bytes);

// u8guard check.
ABSL_DECLARE_FLAG(int32_t, threads);
ABSL_DECLARE_FLAG(bool, map);
// records verify: RecordFileOptions::memory_budget ("64M", "0": in
// memory) and temp_dir; acl audit: AclAuditOptions's.
ABSL_DECLARE_FLAG(std::string, memory_budget);
ABSL_DECLARE_FLAG(std::string, temp_dir);
// acl audit, acl export, acl verify, register: progress on standard error.
ABSL_DECLARE_FLAG(bool, progress);

namespace u8guard::cli {

// The profile named by --profile (from --profile-dir's policy files, else
// the built-ins); InvalidArgument when --profile is missing, FindProfile's
// errors otherwise.
absl::StatusOr<Profile> SelectedProfile();

// The sanitizer's options from the path flags (--percent-decode,
// --normalization or its alias --nfkc, --backslash-is-separator or its
// alias --backslash, --windows, --allow-hidden, --leading-separator-is-root,
// --dot-dot); not --root, which each command reads its own way.
// InvalidArgument naming the flag for a bad --dot-dot or --normalization
// (a form SanitizePath refuses), or naming both spellings when a flag and
// its alias are given and disagree.
absl::StatusOr<PathOptions> PathOptionsFromFlags();

// PathOptionsFromFlags with --symlinks, --no-xdev and --resolver, for
// OpenBeneath. InvalidArgument naming the flag for a bad value.
absl::StatusOr<OpenBeneathOptions> OpenBeneathOptionsFromFlags();

// The most raw bytes SanitizePath reads for `options` (path.h: longer
// input is refused before any work, at this offset): 4 * max_length + 64.
size_t RawPathLimit(const PathOptions& options);

// The progress of a long command on standard error (progress.h), labelled
// `label` ("u8guard acl export") and counting `unit` ("names"), or null
// for none. --progress shows it, --no-progress does not; with neither,
// it is shown when standard error is a terminal, unless
// `answers_each_input` (the command writes a line per input, as register
// does) and standard output is a terminal too. On a terminal the line is
// redrawn in place, 4 times a second at most; elsewhere it is a line a
// second. A final line ends it, for a short run only with --progress.
std::unique_ptr<ProgressReporter> ProgressFromFlags(
    std::string label, std::string unit, bool answers_each_input = false);

// One flag as written on the command line.
struct FlagArgument {
  std::string written;  // the argument up to any '=', e.g. "--percent-decode"
                        // or "-p"
  std::string name;     // with '_' for '-' and without the dashes
  std::optional<std::string> value;  // after the first '=', or a short
                                     // form's next argument
  bool short_form = false;           // "-p NAME"
};

// The command line split at the flags: `u8guard [ARG|FLAG]... [-- ARG...]`.
// Flags are "--name" or "--name=value", or a short form followed by its
// value as the next argument ("-p NAME" is "--profile=NAME"; ShortFlags());
// "-" alone is an argument; "--" ends them. "--help" and "-h" anywhere
// before "--" ask for help, "--version" and "-V" for the version.
struct CommandLine {
  std::vector<std::string> positional;
  std::vector<FlagArgument> flags;
  bool help = false;
  bool version = false;
  bool man = false;  // the hidden --help-man: print u8guard(1) (man_page.h)
  // The hidden --help-bash-completion: print the bash completion
  // (completion.h).
  bool bash_completion = false;
};

// A short form of a flag: "-p" for "--profile".
struct ShortFlag {
  char letter;            // 'p'
  std::string_view name;  // the absl name: "profile"
};

// The short forms: -p (--profile), -f (--format), -a (--acl), -r (--root).
// Each takes a value, the next argument. (-h is --help, -V --version.)
std::vector<ShortFlag> ShortFlags();

// The absl names of every flag of the CLI.
std::vector<std::string_view> AllFlags();

// The flag as written on the command line: "--max-acl-bytes" for the absl
// name "max_acl_bytes".
std::string FlagSpelling(std::string_view name);

// True when `name` (an absl name of AllFlags()) is a boolean flag
// ("--name", "--noname"); false for a flag that takes a value.
bool IsBooleanFlag(std::string_view name);

// Splits argv (argv[0] is skipped). Never fails: flags are checked by
// SetFlags.
CommandLine SplitCommandLine(int argc, char** argv);

// Sets the flags in the order given. Every flag must be one of the CLI's
// own (none of Abseil's built-ins: --flagfile, --fromenv, --help..., ...)
// and one of `accepted` (absl names, e.g. "percent_decode"); a boolean flag
// is "--name", "--name=true|false" or "--noname" ("--no-name"), any other
// flag "--name=VALUE" or its short form "-x VALUE". InvalidArgument naming
// the first bad flag otherwise;
// `command` (e.g. "acl lookup") is named when a flag is not one of its own.
absl::Status SetFlags(const std::vector<FlagArgument>& flags,
                      const std::vector<std::string_view>& accepted,
                      std::string_view command);

// True when SetFlags set the flag `name` (its absl name, e.g. "map"): the
// command line gave it, whatever its value.
// A ProgressCallback for an operation that reads, then groups (progress.h,
// ProgressStage::kGrouping): `progress` (not null) hears the reading; at
// the first grouping call it is ended and replaced by
// ProgressFromFlags(grouping_label, "steps"), which hears the rest.
// `progress` must outlive the callback.
ProgressCallback StagedProgressCallback(
    std::unique_ptr<ProgressReporter>& progress, std::string grouping_label);

// The bytes of a size as --memory-budget takes it: digits, then
// optionally K, M, G or T (powers of 1024, either case), then optionally
// "B" or "iB" ("512M", "2GiB", "1048576", "0"). InvalidArgument naming
// --FLAG=TEXT otherwise, or past what a size_t holds.
absl::StatusOr<size_t> ParseByteSize(std::string_view flag,
                                     std::string_view text);

bool FlagGiven(std::string_view name);

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_FLAGS_H_
