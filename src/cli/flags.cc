// SPDX-License-Identifier: Apache-2.0
// The CLI's flags.

#include "src/cli/flags.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <limits>
#include <utility>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "u8guard/acl.h"
#include "u8guard/normalize.h"
#include "u8guard/skeleton.h"

ABSL_FLAG(std::string, format, "text", "output format: text or json");
ABSL_FLAG(std::string, profile, "",
          "profile name (see `u8guard profiles`), e.g. username-case-mapped");
ABSL_FLAG(std::string, profile_dir, "",
          "directory of policy files (*.toml) to search before the built-in "
          "profiles");
ABSL_FLAG(bool, line_buffered, false,
          "flush standard output after every answer (co-processes)");
ABSL_FLAG(bool, lookalike_keys, false,
          "skeleton: print the look-alike keys (1 to 3) instead of the "
          "skeleton");
ABSL_FLAG(std::string, order, "logical",
          "skeleton: read the key as stored (logical) or as shown in a "
          "left-to-right (ltr) or right-to-left (rtl) paragraph");

// u8guard path sanitize (PathOptions, include/u8guard/path.h).
ABSL_FLAG(bool, percent_decode, false,
          "path: decode %XX escapes once per segment (strictly)");
ABSL_FLAG(std::string, normalization,
          std::string(::u8guard::NormalizationFormName(
              ::u8guard::PathOptions().normalization)),
          "path: the normalization of segments: NFC or NFKC");
ABSL_FLAG(bool, nfkc, false,
          "path: normalize segments with NFKC, not NFC (alias of "
          "--normalization=NFKC)");
ABSL_FLAG(std::string, root, "",
          "path: join results under this directory (never left)");
ABSL_FLAG(bool, backslash_is_separator, false, "path: '\\' is a separator too");
ABSL_FLAG(bool, backslash, false,
          "path: '\\' is a separator too (alias of --backslash-is-separator)");
ABSL_FLAG(bool, windows, false,
          "path: Windows rules (reserved names, trailing dots and spaces, "
          "< > : \" | ? *, '\\' as separator)");
ABSL_FLAG(bool, allow_hidden, false,
          "path: allow segments that start with '.'");
ABSL_FLAG(bool, leading_separator_is_root, false,
          "path: read a leading '/' as the root (request paths)");
ABSL_FLAG(std::string, dot_dot, "reject",
          "path: '..' segments: reject, or resolve (never above the root)");

// u8guard path read (OpenBeneathOptions, include/u8guard/open_beneath.h).
ABSL_FLAG(std::string, symlinks, "none",
          "path read: symbolic links: none, or inside (followed while they "
          "stay beneath the root)");
ABSL_FLAG(bool, no_xdev, false, "path read: refuse to cross mount points");
ABSL_FLAG(std::string, resolver, "auto",
          "path read: auto, openat2 or walk (tests and diagnosis)");

// u8guard acl lookup (include/u8guard/acl.h).
ABSL_FLAG(std::string, acl, "",
          "acl lookup: the ACL file, one entry per line; register: the "
          "names registered, in the same format");
ABSL_FLAG(std::string, mode, "exact",
          "acl lookup: exact (allow lists: only canonical equality grants) or "
          "skeleton (deny lists: UTS #39 look-alikes; never grants)");
ABSL_FLAG(std::string, max_restriction_level,
          std::string(::u8guard::RestrictionLevelName(
              ::u8guard::AclAuditOptions().max_restriction_level)),
          "acl audit: report entries mixing scripts beyond this level");
ABSL_FLAG(uint64_t, max_acl_bytes,
          uint64_t{::u8guard::AclLoadOptions().max_file_bytes},
          "acl: refuse ACL files larger than this many bytes");

// u8guard register (include/u8guard/registration.h).
ABSL_FLAG(std::string, policy, "",
          "register: a registration policy file (TOML); default: the "
          "built-in protected names, no exemptions, highly_restrictive");
ABSL_FLAG(std::string, others, "",
          "register: the account's other identifiers, comma-separated");
ABSL_FLAG(bool, add, false,
          "register: add each accepted name, so that later names are "
          "decided against it");

// u8guard check (include/u8guard/utf8_file.h, Utf8FileOptions).
ABSL_FLAG(int32_t, threads, 0,
          "check: threads reading one large regular file at once, each a "
          "range of it (0: one per CPU; 1: in order)");
ABSL_FLAG(bool, map, false,
          "check: map regular files (--map) or read them (--map=false); "
          "neither: read, but map a file of 32 MiB or more where that "
          "measures faster");

// records verify (RecordFileOptions::memory_budget, temp_dir) and acl audit
// (AclAuditOptions::memory_budget, temp_dir).
ABSL_FLAG(std::string, memory_budget, "64M",
          "records verify, acl audit: the memory for its tables, in bytes "
          "(suffixes K, M, G, T: powers of 1024); beyond it, temporary "
          "files; 0: all in memory");
ABSL_FLAG(std::string, temp_dir, "",
          "records verify, acl audit: the directory of its temporary files "
          "(default: $TMPDIR, else /tmp)");

// acl audit, acl export, acl verify, register (src/cli/progress.h).
ABSL_FLAG(bool, progress, false,
          "show progress on standard error (default: when it is a "
          "terminal); --no-progress: never");

namespace u8guard::cli {
namespace {

// Every flag of the CLI (absl names). Nothing else is a flag: Abseil's own
// (--flagfile, --fromenv, --tryfromenv, --undefok, --help..., --version,
// --only_check_args) are refused like any unknown flag.
constexpr std::string_view kCliFlags[] = {
    "format",
    "profile",
    "profile_dir",
    "line_buffered",
    "lookalike_keys",
    "order",
    "percent_decode",
    "normalization",
    "nfkc",
    "root",
    "backslash_is_separator",
    "backslash",
    "windows",
    "allow_hidden",
    "leading_separator_is_root",
    "dot_dot",
    "symlinks",
    "no_xdev",
    "resolver",
    "acl",
    "mode",
    "max_restriction_level",
    "max_acl_bytes",
    "policy",
    "others",
    "add",
    "threads",
    "map",
    "progress",
    "memory_budget",
    "temp_dir",
};

constexpr ShortFlag kShortFlags[] = {
    {'p', "profile"},
    {'f', "format"},
    {'a', "acl"},
    {'r', "root"},
};

bool IsCliFlag(std::string_view name) {
  return std::find(std::begin(kCliFlags), std::end(kCliFlags), name) !=
         std::end(kCliFlags);
}

// The registered flag `name` (one of kCliFlags).
absl::CommandLineFlag& Flag(std::string_view name) {
  // Debian's Abseil has its own string_view, distinct from std's.
  return *absl::FindCommandLineFlag(
      absl::string_view(name.data(), name.size()));
}

// The flags SetFlags has set (absl names), for FlagGiven.
std::vector<std::string>& GivenFlags() {
  static auto* const given = new std::vector<std::string>;
  return *given;
}

}  // namespace

std::vector<std::string_view> AllFlags() {
  return {std::begin(kCliFlags), std::end(kCliFlags)};
}

std::string FlagSpelling(std::string_view name) {
  std::string out = "--" + std::string(name);
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

bool IsBooleanFlag(std::string_view name) {
  return Flag(name).IsOfType<bool>();
}

std::vector<ShortFlag> ShortFlags() {
  return {std::begin(kShortFlags), std::end(kShortFlags)};
}

CommandLine SplitCommandLine(int argc, char** argv) {
  CommandLine c;
  bool flags_ended = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (flags_ended || arg.size() < 2 || arg[0] != '-') {
      c.positional.emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      flags_ended = true;
      continue;
    }
    if (arg == "-h" || arg == "--help") {
      c.help = true;
      continue;
    }
    if (arg == "-V" || arg == "--version") {
      c.version = true;
      continue;
    }
    if (arg == "--help-man") {
      c.man = true;
      continue;
    }
    if (arg == "--help-bash-completion") {
      c.bash_completion = true;
      continue;
    }
    FlagArgument f;
    if (arg.size() == 2 && arg[1] != '-') {
      const ShortFlag* short_flag =
          std::find_if(std::begin(kShortFlags), std::end(kShortFlags),
                       [&](const ShortFlag& s) { return s.letter == arg[1]; });
      if (short_flag != std::end(kShortFlags)) {
        f.written = std::string(arg);
        f.name = std::string(short_flag->name);
        f.short_form = true;
        if (i + 1 < argc) f.value = argv[++i];
        c.flags.push_back(std::move(f));
        continue;
      }
    }
    const size_t eq = arg.find('=');
    f.written = std::string(arg.substr(0, eq));
    if (eq != std::string_view::npos) f.value = std::string(arg.substr(eq + 1));
    // "-x" has no name: it is no flag of ours.
    if (arg[1] == '-') {
      f.name = f.written.substr(2);
      std::replace(f.name.begin(), f.name.end(), '-', '_');
    }
    c.flags.push_back(std::move(f));
  }
  return c;
}

bool FlagGiven(std::string_view name) {
  const std::vector<std::string>& given = GivenFlags();
  return std::find(given.begin(), given.end(), name) != given.end();
}

absl::Status SetFlags(const std::vector<FlagArgument>& flags,
                      const std::vector<std::string_view>& accepted,
                      std::string_view command) {
  for (const FlagArgument& f : flags) {
    std::string_view name = f.name;
    bool negated = false;
    if (!IsCliFlag(name)) {
      // --noname / --no-name for a boolean flag.
      for (std::string_view prefix : {"no_", "no"}) {
        if (name.starts_with(prefix) && IsCliFlag(name.substr(prefix.size()))) {
          name.remove_prefix(prefix.size());
          negated = true;
          break;
        }
      }
      if (!negated) {
        return absl::InvalidArgumentError(
            absl::StrCat("unknown flag ", f.written));
      }
    }
    if (std::find(accepted.begin(), accepted.end(), name) == accepted.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          f.short_form ? f.written + " (" + FlagSpelling(name) + ")"
                       : FlagSpelling(name),
          " is not a flag of `u8guard ", std::string(command), "`"));
    }
    absl::CommandLineFlag& flag = Flag(name);
    const bool boolean = flag.IsOfType<bool>();
    if (negated && !boolean) {
      return absl::InvalidArgumentError(absl::StrCat(
          f.written, ": ", FlagSpelling(name), " is not a boolean flag"));
    }
    if (negated && f.value) {
      return absl::InvalidArgumentError(
          absl::StrCat(f.written, " takes no value"));
    }
    if (!boolean && !f.value) {
      return absl::InvalidArgumentError(
          absl::StrCat(f.written, " needs a value: ", f.written,
                       f.short_form ? " VALUE" : "=VALUE"));
    }
    const std::string value = f.value ? *f.value : (negated ? "false" : "true");
    std::string error;
    if (!flag.ParseFrom(value, &error)) {
      return absl::InvalidArgumentError(absl::StrCat(
          f.written, f.short_form ? " " : "=", value, ": ", error));
    }
    GivenFlags().emplace_back(name);
  }
  return absl::OkStatus();
}

namespace {

// PathOptions::normalization from --normalization and its alias --nfkc
// (--nfkc: NFKC, --nonfkc: NFC). InvalidArgument for a form the sanitizer
// refuses, or when both are given and disagree.
absl::StatusOr<NormalizationForm> NormalizationFromFlags() {
  const std::string name = absl::GetFlag(FLAGS_normalization);
  const absl::StatusOr<NormalizationForm> form = ParseNormalizationForm(name);
  if (!form.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--normalization=", name, ": ", form.status().message()));
  }
  // Which forms a path may use is the sanitizer's rule: asked, not copied.
  PathOptions probe;
  probe.normalization = *form;
  if (const absl::StatusOr<std::string> s = SanitizePath("a", probe); !s.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--normalization=", name, ": ", s.status().message()));
  }
  if (!FlagGiven("nfkc")) return *form;
  const bool nfkc = absl::GetFlag(FLAGS_nfkc);
  const NormalizationForm alias_form =
      nfkc ? NormalizationForm::kNfkc : NormalizationForm::kNfc;
  if (FlagGiven("normalization") && *form != alias_form) {
    return absl::InvalidArgumentError(absl::StrCat(
        nfkc ? "--nfkc" : "--nonfkc", " and --normalization=", name,
        " disagree (--nfkc is --normalization=NFKC)"));
  }
  return alias_form;
}

// PathOptions::backslash_is_separator from --backslash-is-separator and
// its alias --backslash. InvalidArgument when both are given and disagree.
absl::StatusOr<bool> BackslashFromFlags() {
  const bool primary = absl::GetFlag(FLAGS_backslash_is_separator);
  if (!FlagGiven("backslash")) return primary;
  const bool alias = absl::GetFlag(FLAGS_backslash);
  if (FlagGiven("backslash_is_separator") && primary != alias) {
    return absl::InvalidArgumentError(absl::StrCat(
        alias ? "--backslash" : "--nobackslash", " and ",
        primary ? "--backslash-is-separator" : "--nobackslash-is-separator",
        " disagree (--backslash is --backslash-is-separator)"));
  }
  return alias;
}

}  // namespace

absl::StatusOr<PathOptions> PathOptionsFromFlags() {
  PathOptions o;
  o.percent_decode = absl::GetFlag(FLAGS_percent_decode);
  const absl::StatusOr<NormalizationForm> normalization =
      NormalizationFromFlags();
  if (!normalization.ok()) return normalization.status();
  o.normalization = *normalization;
  const absl::StatusOr<bool> backslash = BackslashFromFlags();
  if (!backslash.ok()) return backslash.status();
  o.backslash_is_separator = *backslash;
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

absl::StatusOr<OpenBeneathOptions> OpenBeneathOptionsFromFlags() {
  OpenBeneathOptions o;
  absl::StatusOr<PathOptions> path = PathOptionsFromFlags();
  if (!path.ok()) return path.status();
  o.path = *std::move(path);
  const absl::StatusOr<SymlinkPolicy> symlinks =
      ParseSymlinkPolicy(absl::GetFlag(FLAGS_symlinks));
  if (!symlinks.ok()) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--symlinks must be %s or %s", SymlinkPolicyName(SymlinkPolicy::kNone),
        SymlinkPolicyName(SymlinkPolicy::kInside)));
  }
  o.symlinks = *symlinks;
  const absl::StatusOr<BeneathResolver> resolver =
      ParseBeneathResolver(absl::GetFlag(FLAGS_resolver));
  if (!resolver.ok()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--resolver must be %s, %s or %s",
                        BeneathResolverName(BeneathResolver::kAuto),
                        BeneathResolverName(BeneathResolver::kOpenat2),
                        BeneathResolverName(BeneathResolver::kWalk)));
  }
  o.resolver = *resolver;
  o.no_xdev = absl::GetFlag(FLAGS_no_xdev);
  return o;
}

size_t RawPathLimit(const PathOptions& options) {
  return options.max_length <= (std::numeric_limits<size_t>::max() - 64) / 4
             ? 4 * options.max_length + 64
             : std::numeric_limits<size_t>::max();
}

absl::StatusOr<Profile> SelectedProfile() {
  const std::string name = absl::GetFlag(FLAGS_profile);
  if (name.empty()) {
    return absl::InvalidArgumentError(
        "--profile=NAME is required (see `u8guard profiles`)");
  }
  return FindProfile(name, absl::GetFlag(FLAGS_profile_dir));
}

ProgressCallback StagedProgressCallback(
    std::unique_ptr<ProgressReporter>& progress, std::string grouping_label) {
  return [&progress, label = std::move(grouping_label),
          grouping = false](const Progress& p) mutable {
    if (p.stage == ProgressStage::kGrouping && !grouping) {
      grouping = true;
      progress->End(true);
      progress = ProgressFromFlags(label, "steps");
    }
    progress->Update(p);
  };
}

absl::StatusOr<size_t> ParseByteSize(std::string_view flag,
                                     std::string_view text) {
  const auto bad = [&]() {
    return absl::InvalidArgumentError(
        absl::StrCat(FlagSpelling(flag), "=", std::string(text),
                     ": not a size in bytes (such as 512M, 2G, or 0)"));
  };
  size_t digits = 0;
  uint64_t value = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') {
    const uint64_t d = static_cast<uint64_t>(text[digits] - '0');
    if (value > (std::numeric_limits<uint64_t>::max() - d) / 10) return bad();
    value = value * 10 + d;
    ++digits;
  }
  if (digits == 0) return bad();
  std::string_view rest = text.substr(digits);
  int shift = 0;
  if (!rest.empty()) {
    switch (rest.front()) {
      case 'k':
      case 'K':
        shift = 10;
        break;
      case 'm':
      case 'M':
        shift = 20;
        break;
      case 'g':
      case 'G':
        shift = 30;
        break;
      case 't':
      case 'T':
        shift = 40;
        break;
      default:
        break;
    }
    if (shift != 0) rest.remove_prefix(1);
    if (rest == "iB" && shift != 0) rest = "";
    if (rest == "B") rest = "";
    if (!rest.empty()) return bad();
  }
  if (shift != 0 && value > (std::numeric_limits<uint64_t>::max() >> shift)) {
    return bad();
  }
  value <<= shift;
  if (value > std::numeric_limits<size_t>::max()) return bad();
  return static_cast<size_t>(value);
}

std::unique_ptr<ProgressReporter> ProgressFromFlags(std::string label,
                                                    std::string unit,
                                                    bool answers_each_input) {
  const bool given = FlagGiven("progress");
  const bool terminal = isatty(STDERR_FILENO) == 1;
  const bool output_terminal = isatty(STDOUT_FILENO) == 1;
  if (given ? !absl::GetFlag(FLAGS_progress)
            : !terminal || (answers_each_input && output_terminal)) {
    return nullptr;
  }
  ProgressReporter::Options o;
  o.label = std::move(label);
  o.unit = std::move(unit);
  if (terminal) {
    o.style = ProgressReporter::Style::kRedraw;
    o.interval = std::chrono::milliseconds(250);
    if (output_terminal) o.flush_first = &std::cout;
  } else {
    o.style = ProgressReporter::Style::kLines;
    o.interval = std::chrono::seconds(1);
  }
  o.always_finish = given;
  return std::make_unique<ProgressReporter>(std::cerr, std::move(o));
}

}  // namespace u8guard::cli
