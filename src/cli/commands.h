// SPDX-License-Identifier: Apache-2.0
// The CLI's subcommands. Each takes the positional arguments after its name
// and returns the process exit status: 0 success, 1 a negative answer, 2 a
// usage or I/O error.

#ifndef U8GUARD_SRC_CLI_COMMANDS_H_
#define U8GUARD_SRC_CLI_COMMANDS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8guard::cli {

enum ExitCode : int { kExitOk = 0, kExitNegative = 1, kExitUsage = 2 };

// Output format chosen with --format.
enum class Format { kText, kJson };

// The format named `name` ("text" or "json"), or nullopt.
std::optional<Format> ParseFormat(std::string_view name);

// "text or json".
std::string FormatNames();

// u8guard check [FILE|-]...
int RunCheck(const std::vector<std::string>& args, Format format);

// u8guard key|enforce --profile=NAME [STRING]...: the comparison key
// (key, alias canon) or the enforced form (enforce) of each input.
int RunCanon(const std::vector<std::string>& args, Format format, bool enforce);

// u8guard compare --profile=NAME A B
int RunCompare(const std::vector<std::string>& args, Format format);

// u8guard skeleton --profile=NAME [--lookalike-keys] [STRING]...: the UTS #39
// confusable skeleton (ConfusableSkeleton) or the look-alike keys
// (LookalikeSkeletons) of each input.
int RunSkeleton(const std::vector<std::string>& args, Format format);

// u8guard path sanitize [PATH]...: SanitizePath per input.
int RunPathSanitize(const std::vector<std::string>& args, Format format);

// u8guard path read --root=DIR [PATH]...: each file's bytes, opened
// beneath DIR only (OpenBeneath).
int RunPathRead(const std::vector<std::string>& args, Format format);

// u8guard path [WORD]... without `sanitize` or `read`: a usage error.
int RunPath(const std::vector<std::string>& args, Format format);

// u8guard acl audit --profile=NAME FILE
int RunAclAudit(const std::vector<std::string>& args, Format format);

// u8guard acl lookup --profile=NAME --acl=FILE [--mode=exact|skeleton] [ID]...
int RunAclLookup(const std::vector<std::string>& args, Format format);

// u8guard records export (alias acl export) --profile=NAME [--policy=FILE]
// FILE: the record of each name of FILE (ExportRecordsFile), as JSON Lines.
int RunAclExport(const std::vector<std::string>& args, Format format);

// u8guard records verify (alias acl verify) --profile=NAME [--policy=FILE]
// RECORDS: what the running versions change in the records
// (VerifyRecordsFile).
int RunAclVerify(const std::vector<std::string>& args, Format format);

// u8guard acl [WORD]... without `audit`, `lookup`, `export` or `verify`: a
// usage error.
int RunAcl(const std::vector<std::string>& args, Format format);

// u8guard records [WORD]... without `export` or `verify`: a usage error.
int RunRecords(const std::vector<std::string>& args, Format format);

// u8guard register --profile=NAME [--acl=FILE] [--policy=FILE]
// [--others=A,B] [--add] [NAME]...: Registry::Decide (or Register) per
// name.
int RunRegister(const std::vector<std::string>& args, Format format);

// u8guard profiles
int RunProfiles(const std::vector<std::string>& args, Format format);

// u8guard version
int RunVersion(const std::vector<std::string>& args, Format format);

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_COMMANDS_H_
