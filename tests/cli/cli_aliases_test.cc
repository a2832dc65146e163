// SPDX-License-Identifier: Apache-2.0
// The tool's names of the one vocabulary (docs/vocabulary.md) and 0.1's
// names, kept as aliases: `records export` / `acl export`, `records verify`
// / `acl verify`, `key` / `canon`, `check` / `validate`,
// `--normalization=NFKC` / `--nfkc`, `--backslash-is-separator` /
// `--backslash`. Each alias is the same command: the two spellings, run on
// the same inputs (errors included), give the same exit status, standard
// output and standard error, byte for byte. And the fields the vocabulary
// added to the JSON: "rule" beside a UTF-8 error's "error",
// "code_point_value" beside "code_point", "library" beside "u8guard",
// "original" beside "entry"; and `acl audit --max-restriction-level`.

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::CommandResult;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::TestDataPath;
using ::u8guard::testing::WriteFileOrDie;

struct ToolRun {
  int exit_code;
  std::string out;
  std::string err;
};

// Two spellings of one command line: the vocabulary's and 0.1's.
struct AliasCase {
  std::string primary;
  std::string alias;
};

class CliAliases : public ::testing::Test {
 protected:
  void SetUp() override {
    acl_ = dir_.File("users.acl");
    WriteFileOrDie(acl_,
                   "# staff\n"
                   "admin\n"
                   "Admin\n"
                   "paypal\n"
                   "al\xE2\x80\x8Bice\n"
                   "\xFF\n");
    utf8_ = dir_.File("overlong.txt");
    WriteFileOrDie(utf8_, "ab\xC0\xAE");
    valid_ = dir_.File("valid.txt");
    WriteFileOrDie(valid_, "caf\xC3\xA9\n");
    inputs_ = dir_.File("inputs.txt");
    WriteFileOrDie(inputs_,
                   "Admin\n\xEF\xBC\xA1\xEF\xBC\xA4\n"
                   "al\xE2\x80\x8Bice\n\xFF\n");
    paths_ = dir_.File("paths.txt");
    WriteFileOrDie(paths_,
                   "a\\b\n\xEF\xBC\xA1/x\n../up\n\xE2\x91\xA0.txt\n"
                   "dir\\sub\\file\n");
    root_ = dir_.File("root");
    RunCommand("mkdir -p " + ShellQuote(root_ + "/dir/sub") + " && printf x >" +
               ShellQuote(root_ + "/dir/sub/file"));
  }

  // Runs `u8guard ARGS` (shell syntax) with standard input from `input`
  // (a file, or /dev/null when empty).
  ToolRun Tool(const std::string& args, const std::string& input = "") {
    const std::string err = dir_.File("stderr");
    const CommandResult r = RunCommand(absl::StrCat(
        ShellQuote(CliPath()), " ", args, " <",
        ShellQuote(input.empty() ? std::string("/dev/null") : input), " 2>",
        ShellQuote(err)));
    return {r.exit_code, r.out, ReadFileOrDie(err)};
  }

  // Both spellings of `c`, on the same input: the same, byte for byte.
  // Returns the primary's run.
  ToolRun ExpectSame(const AliasCase& c, const std::string& input = "") {
    SCOPED_TRACE(c.primary + "  vs  " + c.alias);
    const ToolRun primary = Tool(c.primary, input);
    const ToolRun alias = Tool(c.alias, input);
    EXPECT_EQ(primary.exit_code, alias.exit_code);
    EXPECT_EQ(primary.out, alias.out);
    EXPECT_EQ(primary.err, alias.err);
    return primary;
  }

  ScopedTempDir dir_;
  std::string acl_, utf8_, valid_, inputs_, paths_, root_;
};

constexpr char kUser[] = "--profile=username-case-mapped";

TEST_F(CliAliases, RecordsExportIsAclExport) {
  const std::string acl = ShellQuote(acl_);
  const ToolRun r =
      ExpectSame({absl::StrCat("records export ", kUser, " ", acl),
                  absl::StrCat("acl export ", kUser, " ", acl)});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(absl::StrContains(r.out, "\"key\":\"admin\"")) << r.out;
  EXPECT_TRUE(absl::StartsWith(r.err, "u8guard records export: ")) << r.err;
  // Errors: a missing file, no file, a flag it does not take, no profile,
  // a policy that cannot be read.
  for (const std::string& rest :
       {absl::StrCat(kUser, " ", ShellQuote(dir_.File("missing.acl"))),
        std::string(kUser), absl::StrCat(kUser, " --format=json ", acl), acl,
        absl::StrCat(kUser, " --policy=/nonexistent.toml ", acl)}) {
    const ToolRun e =
        ExpectSame({"records export " + rest, "acl export " + rest});
    EXPECT_EQ(e.exit_code, 2) << rest;
    EXPECT_EQ(e.out, "") << rest;
    EXPECT_NE(e.err, "") << rest;
  }
}

TEST_F(CliAliases, RecordsVerifyIsAclVerify) {
  for (const std::string file :
       {"upgrade/records-old.jsonl", "upgrade/records-groups.jsonl",
        "upgrade/malformed.jsonl"}) {
    const std::string records = ShellQuote(TestDataPath(file));
    for (const std::string format : {"", "--format=json "}) {
      const ToolRun r = ExpectSame(
          {absl::StrCat(format, "records verify ", kUser, " ", records),
           absl::StrCat(format, "acl verify ", kUser, " ", records)});
      EXPECT_GE(r.exit_code, 1) << file;  // changes, or malformed
      EXPECT_NE(r.out + r.err, "") << file;
    }
  }
  // Another profile, no file, an unknown flag.
  const std::string old = ShellQuote(TestDataPath("upgrade/records-old.jsonl"));
  for (const std::string& rest :
       {"--profile=nickname " + old, std::string(kUser),
        absl::StrCat(kUser, " --mode=skeleton ", old)}) {
    const ToolRun e =
        ExpectSame({"records verify " + rest, "acl verify " + rest});
    EXPECT_EQ(e.exit_code, 2) << rest;
  }
  // What one spelling exports, the other verifies: nothing changed.
  const std::string records = dir_.File("records.jsonl");
  ASSERT_EQ(Tool(absl::StrCat("acl export ", kUser, " ", ShellQuote(acl_), " >",
                              ShellQuote(records)))
                .exit_code,
            0);
  const ToolRun r = ExpectSame(
      {absl::StrCat("records verify ", kUser, " ", ShellQuote(records)),
       absl::StrCat("acl verify ", kUser, " ", ShellQuote(records))});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

TEST_F(CliAliases, KeyIsCanon) {
  for (const std::string format : {"", "--format=json "}) {
    ExpectSame({format + "key " + kUser, format + "canon " + kUser}, inputs_);
    ExpectSame({absl::StrCat(format, "key ", kUser, " -- Admin -x"),
                absl::StrCat(format, "canon ", kUser, " -- Admin -x")});
    ExpectSame({absl::StrCat(format, "key --line-buffered -p nickname"),
                absl::StrCat(format, "canon --line-buffered -p nickname")},
               inputs_);
  }
  const ToolRun r = Tool(absl::StrCat("key ", kUser), inputs_);
  EXPECT_EQ(r.exit_code, 1);  // U+200B and 0xFF are rejected
  EXPECT_TRUE(absl::StartsWith(r.out, "admin\nad\n")) << r.out;
  // Usage errors: no profile, an unknown profile, an unknown flag, a flag
  // of another command.
  for (const std::string rest : {"x", "--profile=no-such x", "--frobnicate x",
                                 "-p nickname --mode=skeleton x"}) {
    const ToolRun e = ExpectSame({"key " + rest, "canon " + rest});
    EXPECT_EQ(e.exit_code, 2) << rest;
    EXPECT_EQ(e.out, "") << rest;
  }
}

TEST_F(CliAliases, ValidateIsCheck) {
  const std::string files =
      absl::StrCat(ShellQuote(utf8_), " ", ShellQuote(valid_), " ",
                   ShellQuote(dir_.File("missing.txt")));
  for (const std::string format : {"", "--format=json "}) {
    const ToolRun r =
        ExpectSame({format + "check " + files, format + "validate " + files});
    EXPECT_EQ(r.exit_code, 2);  // the missing file
    ExpectSame({format + "check", format + "validate"}, utf8_);
    ExpectSame({format + "check --threads=2 --map -- -",
                format + "validate --threads=2 --map -- -"},
               valid_);
  }
  const ToolRun e = ExpectSame({"check --threads=-1", "validate --threads=-1"});
  EXPECT_EQ(e.exit_code, 2);
  const ToolRun f = ExpectSame({"check --profile=nickname x",
                                "validate "
                                "--profile="
                                "nickname x"});
  EXPECT_EQ(f.exit_code, 2);
}

// `help NAME`, `NAME --help`: an alias shows its command's usage, which
// names the alias.
TEST_F(CliAliases, HelpOfAnAliasIsItsCommands) {
  const std::vector<AliasCase> cases = {
      {"records export --help", "acl export --help"},
      {"help records verify", "help acl verify"},
      {"records verify -h", "acl verify -h"},
      {"key --help", "canon --help"},
      {"help key", "help canon"},
      {"check --help", "validate --help"},
  };
  for (const AliasCase& c : cases) {
    const ToolRun r = ExpectSame(c);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(absl::StrContains(r.out, "\nalias: `u8guard ")) << r.out;
  }
  EXPECT_TRUE(absl::StartsWith(Tool("help acl verify").out,
                               "usage: u8guard records verify "));
  EXPECT_TRUE(absl::StrContains(Tool("help canon").out,
                                "alias: `u8guard canon` (the same command"));
  // A group: `records` alone, or with a word it does not know.
  for (const std::string args : {"records", "records frobnicate"}) {
    const ToolRun r = Tool(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(absl::StartsWith(r.err, "u8guard records: ")) << r.err;
    EXPECT_TRUE(absl::StrContains(r.err, "u8guard records verify")) << r.err;
  }
  // `acl` still knows export and verify (its usage names both spellings).
  EXPECT_TRUE(absl::StrContains(Tool("acl --help").out, "records verify"));
}

// --help lists each primary with "(alias: ...)" under it; the man page and
// the bash completion, made from the same table, name the aliases too.
TEST_F(CliAliases, HelpManPageAndCompletionNameTheAliases) {
  const std::string help = Tool("--help").out;
  for (const std::string listed :
       {"\n  check [FILE|-]...", "\n  key --profile=NAME",
        "\n  records export --profile=NAME FILE",
        "\n  records verify --profile=NAME RECORDS"}) {
    EXPECT_TRUE(absl::StrContains(help, listed)) << listed;
  }
  for (const std::string alias :
       {"(alias: validate)\n", "(alias: canon)\n", "(alias: acl export)\n",
        "(alias: acl verify)\n"}) {
    EXPECT_TRUE(absl::StrContains(help, std::string(37, ' ') + alias)) << alias;
  }
  EXPECT_FALSE(absl::StrContains(help, "\n  canon ")) << help;
  const std::string man = Tool("--help-man").out;
  EXPECT_TRUE(absl::StrContains(man, ".SS records verify\n")) << man;
  EXPECT_TRUE(absl::StrContains(man, "alias: `u8guard acl verify`")) << man;
  const std::string completion = Tool("--help-bash-completion").out;
  EXPECT_TRUE(absl::StrContains(completion, " validate key canon "))
      << completion;
  EXPECT_TRUE(absl::StrContains(
      completion, "acl) _u8guard_reply -W \"audit lookup export verify\""))
      << completion;
  EXPECT_TRUE(absl::StrContains(completion,
                                "records) _u8guard_reply -W \"export verify\""))
      << completion;
  EXPECT_TRUE(absl::StrContains(completion, "--normalization=")) << completion;
  EXPECT_TRUE(absl::StrContains(completion, "--backslash-is-separator "))
      << completion;
  EXPECT_TRUE(absl::StrContains(completion, "NFC NFKC")) << completion;
}

TEST_F(CliAliases, PathFlagAliases) {
  for (const std::string command : {"path sanitize", "path read --root=R"}) {
    const std::string head =
        absl::StrReplaceAll(command, {{"R", ShellQuote(root_)}});
    for (const std::string format : {"", "--format=json "}) {
      if (command != "path sanitize" && !format.empty()) continue;
      const std::vector<AliasCase> cases = {
          {format + head + " --normalization=NFKC", format + head + " --nfkc"},
          {format + head + " --normalization=nfkc --nfkc",
           format + head + " --nfkc"},
          {format + head + " --backslash-is-separator",
           format + head + " --backslash"},
          {format + head + " --backslash-is-separator=true --backslash",
           format + head + " --backslash"},
          {format + head + " --normalization=NFC", format + head + " --nonfkc"},
          {format + head + " --nobackslash-is-separator",
           format + head + " --nobackslash"},
          {format + head + " --normalization=NFKC --backslash-is-separator",
           format + head + " --backslash --nfkc"},
      };
      for (const AliasCase& c : cases) ExpectSame(c, paths_);
    }
  }
  // The flags change the answer: NFKC maps U+FF21, "\" separates.
  const ToolRun nfc = Tool("path sanitize", paths_);
  const ToolRun nfkc = Tool("path sanitize --normalization=NFKC", paths_);
  EXPECT_NE(nfc.out, nfkc.out);
  EXPECT_TRUE(absl::StrContains(nfkc.out, "\nA/x\n")) << nfkc.out;
  const ToolRun backslash =
      Tool("path sanitize --backslash-is-separator", paths_);
  EXPECT_TRUE(absl::StartsWith(backslash.out, "a/b\n")) << backslash.out;
}

TEST_F(CliAliases, PathFlagConflictsAreUsageErrors) {
  for (const std::string command : {"path sanitize", "path read --root=/"}) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"--nfkc --normalization=NFC",
         "--nfkc and --normalization=NFC disagree (--nfkc is "
         "--normalization=NFKC)"},
        {"--normalization=NFKC --nonfkc",
         "--nonfkc and --normalization=NFKC disagree"},
        {"--backslash --nobackslash-is-separator",
         "--backslash and --nobackslash-is-separator disagree (--backslash "
         "is --backslash-is-separator)"},
        {"--backslash-is-separator --backslash=false",
         "--nobackslash and --backslash-is-separator disagree"},
        {"--normalization=NFD", "--normalization=NFD: "},
        {"--normalization=bogus", "--normalization=bogus: "},
    };
    for (const auto& [flags, message] : cases) {
      SCOPED_TRACE(command + " " + flags);
      const ToolRun r = Tool(command + " " + flags + " x");
      EXPECT_EQ(r.exit_code, 2);
      EXPECT_EQ(r.out, "");
      EXPECT_TRUE(absl::StrContains(r.err, message)) << r.err;
    }
  }
  // A form the sanitizer refuses is named as it says it.
  EXPECT_TRUE(absl::StrContains(Tool("path sanitize --normalization=NFD x").err,
                                "NFC or NFKC"));
}

TEST_F(CliAliases, Utf8ErrorJsonHasTheRule) {
  const ToolRun r = Tool("--format=json check " + ShellQuote(utf8_));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(absl::StrContains(
      r.out,
      "\"valid\": false, \"valid_up_to\": 2, \"error\": \"overlong\", "
      "\"rule\": \"utf8/overlong\", \"error_len\": "))
      << r.out;
  // A valid file has neither.
  const ToolRun ok = Tool("--format=json check " + ShellQuote(valid_));
  EXPECT_FALSE(absl::StrContains(ok.out, "\"rule\"")) << ok.out;
}

TEST_F(CliAliases, CodePointHasItsValue) {
  const ToolRun r =
      Tool(absl::StrCat("--format=json key ", kUser, " -- al\xE2\x80\x8Bice"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(absl::StrContains(
      r.out, "\"code_point\": \"U+200B\", \"code_point_value\": 8203"))
      << r.out;
  const ToolRun reg = Tool(
      absl::StrCat("--format=json register ", kUser, " -- \xF0\x9F\x98\x80"));
  EXPECT_TRUE(absl::StrContains(
      reg.out, "\"code_point\": \"U+1F600\", \"code_point_value\": 128512"))
      << reg.out;
  // No code point to blame: neither key.
  const ToolRun empty =
      Tool(absl::StrCat("--format=json key ", kUser, " -- ''"));
  EXPECT_FALSE(absl::StrContains(empty.out, "code_point")) << empty.out;
}

TEST_F(CliAliases, VersionJsonHasLibrary) {
  const ToolRun text = Tool("version");
  const std::string version =
      text.out.substr(8, text.out.find('\n') - 8);  // "u8guard X.Y.Z"
  const ToolRun r = Tool("version --format=json");
  EXPECT_TRUE(absl::StartsWith(
      r.out, absl::StrCat("{\"u8guard\": \"", version, "\", \"library\": \"",
                          version, "\", \"icu\": ")))
      << r.out;
}

TEST_F(CliAliases, LookupJsonHasOriginal) {
  const std::string lookup = absl::StrCat("--format=json acl lookup ", kUser,
                                          " --acl=", ShellQuote(acl_));
  const ToolRun r = Tool(lookup + " -- ADMIN");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(absl::StrContains(
      r.out,
      "\"original\": \"admin\", \"entry\": \"admin\", \"key\": \"admin\""))
      << r.out;
  const ToolRun deny = Tool(lookup + " --mode=skeleton -- paypa1");
  EXPECT_TRUE(absl::StrContains(
      deny.out, "\"original\": \"paypal\", \"entry\": \"paypal\""))
      << deny.out;
  const ToolRun none = Tool(lookup + " -- nobody");
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_FALSE(absl::StrContains(none.out, "\"original\"")) << none.out;
}

TEST_F(CliAliases, AuditMaxRestrictionLevel) {
  const std::string acl = dir_.File("mixed.acl");
  // Latin with Han: highly restrictive.
  WriteFileOrDie(acl, "alice\nabc\xE6\xBC\xA2\xE5\xAD\x97\n");
  const std::string audit =
      absl::StrCat("--format=json acl audit ", kUser, " ");
  const ToolRun by_default = Tool(audit + ShellQuote(acl));
  EXPECT_EQ(by_default.exit_code, 1);
  EXPECT_TRUE(absl::StrContains(
      by_default.out,
      "\"kind\": \"mixed_script\", \"line\": 2, \"index\": 1, \"entry\": "))
      << by_default.out;
  // The default is named as the default.
  EXPECT_EQ(Tool(audit + "--max-restriction-level=single_script_restrictive " +
                 ShellQuote(acl))
                .out,
            by_default.out);
  const ToolRun raised = Tool(
      audit + "--max-restriction-level=highly_restrictive " + ShellQuote(acl));
  EXPECT_EQ(raised.exit_code, 0) << raised.out;
  EXPECT_FALSE(absl::StrContains(raised.out, "mixed_script")) << raised.out;
  const ToolRun ascii =
      Tool(audit + "--max-restriction-level=ascii " + ShellQuote(acl));
  EXPECT_EQ(ascii.exit_code, 1);
  const ToolRun bad =
      Tool(audit + "--max-restriction-level=loose " + ShellQuote(acl));
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_TRUE(
      absl::StartsWith(bad.err, "u8guard acl: --max-restriction-level: "))
      << bad.err;
  EXPECT_TRUE(absl::StrContains(bad.err, "highly_restrictive")) << bad.err;
}

}  // namespace
}  // namespace u8guard
