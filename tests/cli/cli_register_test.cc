// SPDX-License-Identifier: Apache-2.0
// The `u8guard register` contract: `register --profile=NAME [--acl=FILE]
// [--policy=FILE] [--others=A,B] [--add] [NAME]...` (names as arguments or
// standard-input lines) decides each name against the registry of the ACL
// file and prints `"NAME": accepted (key "KEY")` or `"NAME": refused:
// OUTCOME: DETAIL`, or with --format=json one object per name with the
// decision and the record; exit 0 when every name is accepted, 1 when some
// is refused, 2 usage or I/O error.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/registration.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::ReadFileOrDie;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ScopedTempDir;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;
using ::u8guard::testing::WriteFileOrDie;

class CliRegister : public ::testing::Test {
 protected:
  void SetUp() override {
    acl_ = dir_.File("members.acl");
    WriteFileOrDie(acl_,
                   "# members\n"
                   "paypal\n"
                   "GOOGLE\n"
                   "mike\n"
                   "lan\n");
  }

  // Runs `u8guard register --profile=username-case-mapped ARGS`; stdout
  // only (stderr in err() afterwards).
  ::u8guard::testing::CommandResult Run(const std::string& args,
                                        const std::string& stdin_text = "") {
    std::string command = ShellQuote(CliPath()) +
                          " register --profile=username-case-mapped " + args;
    if (!stdin_text.empty()) {
      command = "printf '%s' " + ShellQuote(stdin_text) + " | " + command;
    } else {
      command += " </dev/null";
    }
    return RunCommand(command + " 2>" + ShellQuote(dir_.File("stderr")));
  }

  std::string err() { return ReadFileOrDie(dir_.File("stderr")); }

  std::string Acl() { return "--acl=" + ShellQuote(acl_) + " "; }

  ScopedTempDir dir_;
  std::string acl_;
};

TEST_F(CliRegister, EveryOutcomeInText) {
  const auto r = Run(Acl() +
                     "-- robert 'a b' PayPal rnike paypaI Ian Admin "
                     "p\xD0\xB0ypal");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"robert\": accepted (key \"robert\")\n"
            "\"a b\": refused: rejected: username-case-mapped: rejected at "
            "byte 1 (U+0020): DISALLOWED/spaces\n"
            "\"PayPal\": refused: collision: \"paypal\" (shared key "
            "\"paypal\")\n"
            "\"rnike\": refused: lookalike: \"mike\" (shared key \"rnike\")\n"
            "\"paypaI\": refused: lookalike: \"paypal\" (shared key "
            "\"paypal\")\n"
            "\"Ian\": refused: lookalike: \"lan\" (shared key \"lan\")\n"
            "\"Admin\": refused: protected_name: \"admin\" (shared key "
            "\"admin\")\n"
            "\"p\xD0\xB0ypal\": refused: restriction_level: "
            "minimally_restrictive (the policy allows up to "
            "highly_restrictive)\n");
  EXPECT_EQ(err(), "");
}

TEST_F(CliRegister, AllAcceptedExitsZero) {
  auto r = Run(Acl() + "-- robert alice");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "\"robert\": accepted (key \"robert\")\n"
            "\"alice\": accepted (key \"alice\")\n");
  // Without --acl the registry is empty: a registered name is accepted.
  r = Run("-- paypal");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "\"paypal\": accepted (key \"paypal\")\n");
}

TEST_F(CliRegister, JsonHasTheRecordAndTheDecision) {
  const std::string tag = VersionTag();
  const auto r = Run("--format=json " + Acl() + "-- Robert rnike 'a b'");
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = SplitLines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0],
            "{\"input\": \"Robert\", \"outcome\": \"accepted\", \"accepted\": "
            "true, \"enforced\": \"robert\", \"key\": \"robert\", "
            "\"lookalike_keys\": [\"robert\"], "
            "\"restriction_level\": \"ascii\", \"scripts\": [\"Latn\"], "
            "\"display\": \"as_typed\", \"version_tag\": \"" +
                tag + "\"}");
  EXPECT_EQ(lines[1],
            "{\"input\": \"rnike\", \"outcome\": \"lookalike\", \"accepted\": "
            "false, \"enforced\": \"rnike\", \"key\": \"rnike\", "
            "\"lookalike_keys\": [\"rnike\", \"rnlke\"], "
            "\"restriction_level\": \"ascii\", \"scripts\": [\"Latn\"], "
            "\"display\": \"as_typed\", "
            "\"version_tag\": \"" +
                tag +
                "\", \"identifier\": 0, \"conflict\": \"mike\", "
                "\"shared_key\": \"rnike\"}");
  EXPECT_EQ(lines[2],
            "{\"input\": \"a b\", \"outcome\": \"rejected\", \"accepted\": "
            "false, \"identifier\": 0, \"error\": \"username-case-mapped: "
            "rejected at byte 1 (U+0020): DISALLOWED/spaces\", \"rule\": "
            "\"DISALLOWED/spaces\", \"offset\": 1, \"code_point\": "
            "\"U+0020\", \"code_point_value\": 32}");
}

TEST_F(CliRegister, JsonOfAMixedScriptName) {
  const auto r = Run("-f json -- p\xD0\xB0ypal");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "{\"input\": \"p\xD0\xB0ypal\", \"outcome\": "
            "\"restriction_level\", \"accepted\": false, \"enforced\": "
            "\"p\xD0\xB0ypal\", \"key\": \"p\xD0\xB0ypal\", "
            "\"lookalike_keys\": [\"paypal\"], \"restriction_level\": "
            "\"minimally_restrictive\", \"scripts\": [\"Cyrl\", \"Latn\"], "
            "\"display\": \"escaped\", \"version_tag\": \"" +
                VersionTag() + "\", \"identifier\": 0}\n");
}

// Names on standard input, one a line. Each is decided against the
// registry as loaded, unless --add registers each accepted name first.
TEST_F(CliRegister, StandardInputAndAdd) {
  const std::string batch = "alice\nAlice\nrnike\nmike\n";
  auto r = Run("", batch);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(SplitLines(r.out).size(), 4u) << r.out;
  r = Run("--add", batch);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"alice\": accepted (key \"alice\")\n"
            "\"Alice\": refused: collision: \"alice\" (shared key "
            "\"alice\")\n"
            "\"rnike\": accepted (key \"rnike\")\n"
            "\"mike\": refused: lookalike: \"rnike\" (shared key \"rnike\")\n");
  // --add adds to the registry in memory only: the file is unchanged.
  EXPECT_EQ(ReadFileOrDie(acl_), "# members\npaypal\nGOOGLE\nmike\nlan\n");
  r = Run("--add " + Acl() + "-- bob Bob");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(SplitLines(r.out)[1],
            "\"Bob\": refused: collision: \"bob\" (shared key \"bob\")");
}

// --others: the account's other identifiers clash with registered names,
// and (with --add) later names clash with earlier accounts' identifiers.
TEST_F(CliRegister, OtherIdentifiers) {
  auto r = Run(Acl() + "--others=bob.smith,rnike -- bob");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"bob\": refused: cross_field_clash (other identifier 2 "
            "\"rnike\"): \"mike\" (shared key \"rnike\")\n");
  r = Run("--add --others=mike -- bob carol rnike");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"bob\": accepted (key \"bob\")\n"
            "\"carol\": refused: cross_field_clash (other identifier 1 "
            "\"mike\"): \"mike\" (shared key \"mike\")\n"
            "\"rnike\": refused: cross_field_clash: \"mike\" (shared key "
            "\"rnike\")\n");
  r = Run("--format=json --others='a b' -- bob");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "{\"input\": \"bob\", \"others\": [\"a b\"], \"outcome\": "
            "\"rejected\", \"accepted\": false, \"enforced\": \"bob\", "
            "\"key\": \"bob\", \"lookalike_keys\": [\"bob\"], "
            "\"restriction_level\": \"ascii\", \"scripts\": [\"Latn\"], "
            "\"display\": \"as_typed\", \"version_tag\": \"" +
                VersionTag() +
                "\", \"identifier\": 1, \"error\": \"username-case-mapped: "
                "rejected at byte 1 (U+0020): DISALLOWED/spaces\", \"rule\": "
                "\"DISALLOWED/spaces\", \"offset\": 1, \"code_point\": "
                "\"U+0020\", \"code_point_value\": 32}\n");
}

// --policy: protected names added to the built-in ones, exemptions, the
// restriction level.
TEST_F(CliRegister, PolicyFile) {
  const std::string policy = dir_.File("policy.toml");
  WriteFileOrDie(policy,
                 "protected_names = [\"acme\"]\n"
                 "confusable_exemptions = [\"rn_m\", \"capital_i\"]\n"
                 "max_restriction_level = \"minimally_restrictive\"\n");
  const auto r = Run(Acl() + "--policy=" + ShellQuote(policy) +
                     " -- rnike Ian ACME admin p\xD0\xB0ypal");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"rnike\": accepted (key \"rnike\")\n"
            "\"Ian\": accepted (key \"ian\")\n"
            "\"ACME\": refused: protected_name: \"acme\" (shared key "
            "\"acme\")\n"
            "\"admin\": refused: protected_name: \"admin\" (shared key "
            "\"admin\")\n"
            "\"p\xD0\xB0ypal\": refused: lookalike: \"paypal\" (shared key "
            "\"paypal\")\n");
  // No built-in list: admin is free.
  WriteFileOrDie(policy, "protected_names_file = \"\"\n");
  EXPECT_EQ(Run("--policy=" + ShellQuote(policy) + " -- admin").exit_code, 0);
}

// Digits of two decimal systems (Devanagari one, ASCII 2): refused by
// default with mixed_numbers, in text and JSON; a policy may let them in.
TEST_F(CliRegister, MixedNumbers) {
  const std::string mixed =
      "\xE0\xA5\xA7"
      "2";
  auto r = Run("-- " + mixed + " \xE0\xA5\xA7\xE0\xA5\xA8");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "\"" + mixed +
                       "\": refused: mixed_numbers: digits of more than one "
                       "decimal system in \"" +
                       mixed +
                       "\" (the policy refuses mixed numbers)\n"
                       "\"\xE0\xA5\xA7\xE0\xA5\xA8\": accepted (key "
                       "\"\xE0\xA5\xA7\xE0\xA5\xA8\")\n");
  r = Run("--format=json -- " + mixed);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("\"outcome\": \"mixed_numbers\", \"accepted\": false"),
            std::string::npos)
      << r.out;
  const std::string policy = dir_.File("numbers.toml");
  WriteFileOrDie(policy, "refuse_mixed_numbers = false\n");
  EXPECT_EQ(Run("--policy=" + ShellQuote(policy) + " -- " + mixed).exit_code,
            0);
}

TEST_F(CliRegister, BadPolicyFileNamesTheLineAndKey) {
  const std::string policy = dir_.File("bad.toml");
  WriteFileOrDie(policy,
                 "# exemptions\n"
                 "confusable_exemptions = [\"rn_m\", \"bogus\"]\n");
  const auto r = Run("--policy=" + ShellQuote(policy) + " -- alice");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(err(), "u8guard register: " + policy +
                       ":2: key \"confusable_exemptions\": unknown confusable "
                       "exemption \"bogus\" (expected rn_m, digits or "
                       "capital_i)\n");
}

// Names of the ACL file that the profile rejects are skipped, and counted
// on standard error.
TEST_F(CliRegister, SkippedNamesAreCounted) {
  WriteFileOrDie(acl_, "mike\na b\nal\xE2\x80\x8Bice\n");
  const auto r = Run(Acl() + "-- rnike");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"rnike\": refused: lookalike: \"mike\" (shared key \"rnike\")\n");
  EXPECT_EQ(err(), "u8guard register: " + acl_ +
                       ": 2 names skipped (the profile rejects them)\n");
}

// Untrusted names are escaped in text, one line each; the registered name
// a candidate clashes with too.
TEST_F(CliRegister, TextEscapesUntrustedStrings) {
  WriteFileOrDie(acl_, "ev\xE2\x80\x8Ail\n");  // U+200A: rejected, skipped
  auto r = Run(Acl() + "-- " + ShellQuote("x\ny") + " " +
               ShellQuote("a\x1B[2Jb") + " 'al\xE2\x80\x8Bice'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out,
            "\"x\\u{000A}y\": refused: rejected: username-case-mapped: "
            "rejected at byte 1 (U+000A): DISALLOWED/controls\n"
            "\"a\\u{001B}[2Jb\": refused: rejected: username-case-mapped: "
            "rejected at byte 1 (U+001B): DISALLOWED/controls\n"
            "\"al\\u{200B}ice\": refused: rejected: username-case-mapped: "
            "rejected at byte 2 (U+200B): "
            "DISALLOWED/precis_ignorable_properties\n");
  // The registered name and the key it shares, when a profile lets control
  // characters through (text-document).
  WriteFileOrDie(acl_, "x\x1B[2Jy\n");
  r = Run("--profile=text-document " + Acl() + "-- " + ShellQuote("x\x1B[2Jy"));
  EXPECT_EQ(r.out,
            "\"x\\u{001B}[2Jy\": refused: collision: \"x\\u{001B}[2Jy\" "
            "(shared key \"x\\u{001B}[2Jy\")\n");
  // Bytes that are not UTF-8: escaped in text, hex in JSON.
  r = Run("-- " + ShellQuote("x\xC0\xAFy"));
  EXPECT_EQ(r.out,
            "\"x\\xC0\\xAFy\": refused: rejected: username-case-mapped: "
            "invalid UTF-8 at byte 1: overlong encoding (C0 AF)\n");
  r = Run("--format=json -- " + ShellQuote("x\xC0\xAFy"));
  EXPECT_NE(r.out.find("\"input_hex\": \"78C0AF79\""), std::string::npos)
      << r.out;
}

// Attack (an outside review): file and profile names reached standard
// error raw, so a name holding ESC sequences could clear the screen or set
// the terminal's title. Escaped now, as every other command does.
TEST_F(CliRegister, FileAndProfileNamesInErrorsAreEscaped) {
  const std::string odd_acl = dir_.File("acl\x1B[2J");
  WriteFileOrDie(odd_acl, "good\n\xFF\n");
  const std::string cli = ShellQuote(CliPath());
  const std::string to_err =
      absl::StrCat(" 2>", ShellQuote(dir_.File("stderr")));
  auto r = RunCommand(absl::StrCat(cli, " register --profile=nickname --acl=",
                                   ShellQuote(odd_acl), " -- x", to_err));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(err().find('\x1B'), std::string::npos) << err();
  EXPECT_NE(err().find("acl\\u{001B}[2J: 1 names skipped"), std::string::npos)
      << err();
  r = RunCommand(absl::StrCat(cli, " register --profile=nickname --acl=",
                              ShellQuote(dir_.File("none\x1B]0;pwned\a")),
                              " -- x", to_err));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(err().find('\x1B'), std::string::npos) << err();
  EXPECT_EQ(err().find('\a'), std::string::npos) << err();
  r = RunCommand(absl::StrCat(cli, " register --profile=",
                              ShellQuote("bad\x1B[31mX"), " -- x", to_err));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(err().find('\x1B'), std::string::npos) << err();
}

// A line longer than the profile's max_input_bytes is rejected without
// being held whole, and shown cut.
TEST_F(CliRegister, OverLongInput) {
  const std::string big(5000, 'a');
  const auto r = Run("--format=json", big + "\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("\"input_truncated\": true, \"input_bytes\": 5000"),
            std::string::npos)
      << r.out.substr(0, 400);
  EXPECT_NE(r.out.find("\"rule\": \"input_too_long\""), std::string::npos);
  const auto text = Run("", big + "\n");
  EXPECT_EQ(text.out.rfind(absl::StrCat("\"", big.substr(0, 256),
                                        "\"... (5000 bytes): "
                                        "refused: rejected: "),
                           0),
            0u)
      << text.out.substr(0, 400);
}

// A name that starts with "-" is a name after "--", and a usage error
// before it.
TEST_F(CliRegister, DashDash) {
  EXPECT_EQ(Run("-- -rnike").out, "\"-rnike\": accepted (key \"-rnike\")\n");
  EXPECT_EQ(Run("-rnike").exit_code, 2);
}

TEST_F(CliRegister, UsageAndIoErrorsExitTwo) {
  const std::string cli = ShellQuote(CliPath());
  for (const std::string& command : {
           cli + " register alice",  // no --profile
           cli + " register --profile=no-such-profile alice",
           cli + " register -p username-case-mapped --acl=" +
               ShellQuote(dir_.File("missing.acl")) + " alice",
           cli + " register -p username-case-mapped --acl=/dev/zero alice",
           cli + " register -p username-case-mapped --policy=" +
               ShellQuote(dir_.File("missing.toml")) + " alice",
           cli + " register -p username-case-mapped --mode=skeleton alice",
           cli + " register -p username-case-mapped --format=xml alice",
       }) {
    SCOPED_TRACE(command);
    const auto r = RunCommand(command + " </dev/null 2>/dev/null");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
  }
  const auto r = RunCommand(cli +
                            " register -p username-case-mapped "
                            "--acl=/dev/zero alice 2>&1");
  EXPECT_EQ(r.out, "u8guard register: /dev/zero: not a regular file\n");
}

TEST_F(CliRegister, HelpListsTheFlags) {
  const auto r = RunCommand(ShellQuote(CliPath()) + " register --help");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* flag : {"--profile", "--acl", "--policy", "--others",
                           "--add", "--format", "--line-buffered"}) {
    EXPECT_NE(r.out.find(flag), std::string::npos) << flag;
  }
  const auto tool = RunCommand(ShellQuote(CliPath()) + " --help");
  EXPECT_NE(tool.out.find("  register --profile=NAME"), std::string::npos)
      << tool.out;
}

}  // namespace
}  // namespace u8guard
