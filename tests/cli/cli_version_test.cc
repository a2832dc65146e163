// SPDX-License-Identifier: Apache-2.0
// Kernel selection is visible (utf8.h, ActiveUtf8KernelChoice): `u8guard
// version` shows the UTF-8 kernel that runs and, when U8GUARD_KERNEL asked
// for another one (an unknown name, a kernel this CPU lacks), what was asked
// and why it was not honoured; text and JSON. The test run itself fails
// when U8GUARD_KERNEL forces a kernel that is not the one running (here and
// in every suite through tests/test_support.cc).

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"
#include "u8guard/utf8.h"
#include "u8guard/version.h"

namespace u8guard {
namespace {

using ::u8guard::testing::CliPath;
using ::u8guard::testing::CommandResult;
using ::u8guard::testing::RunCommand;
using ::u8guard::testing::ShellQuote;
using ::u8guard::testing::SplitLines;

// The best kernel: what runs without U8GUARD_KERNEL.
Utf8Kernel Best() {
  for (Utf8Kernel k : {Utf8Kernel::kAvx512Vbmi, Utf8Kernel::kAvx512,
                       Utf8Kernel::kAvx2, Utf8Kernel::kSse42}) {
    if (Utf8KernelSupported(k)) return k;
  }
  return Utf8Kernel::kScalar;
}

std::string BestName() { return std::string(Utf8KernelName(Best())); }

// `u8guard ARGS` with U8GUARD_KERNEL set to `kernel` (unset when null).
CommandResult Version(const char* kernel, const std::string& args) {
  const std::string env =
      kernel == nullptr ? "env -u U8GUARD_KERNEL "
                        : "env U8GUARD_KERNEL=" + ShellQuote(kernel) + " ";
  return RunCommand(env + ShellQuote(CliPath()) + " " + args);
}

// The "UTF-8 kernel ..." line of the text output.
std::string KernelLine(const CommandResult& r) {
  for (const std::string& line : SplitLines(r.out)) {
    if (absl::StartsWith(line, "UTF-8 kernel ")) return line;
  }
  return "<no kernel line in: " + r.out + ">";
}

// When this test runs with U8GUARD_KERNEL set, that kernel must be the one
// running.
TEST(Utf8KernelChoice, ForcedKernelIsTheOneRunning) {
  const Utf8KernelChoice& choice = ActiveUtf8KernelChoice();
  EXPECT_EQ(choice.active, ActiveUtf8Kernel());
  if (choice.requested.empty()) {
    EXPECT_EQ(choice.note, "");
    return;
  }
  EXPECT_EQ(choice.note, "") << "U8GUARD_KERNEL=" << choice.requested;
  const absl::StatusOr<Utf8Kernel> asked = ParseUtf8Kernel(choice.requested);
  ASSERT_TRUE(asked.ok()) << choice.requested;
  EXPECT_EQ(choice.active, *asked == Utf8Kernel::kAuto ? Best() : *asked);
}

TEST(CliVersion, ShowsTheKernelThatRuns) {
  CommandResult r = Version(nullptr, "version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, absl::StrCat("u8guard ", LibraryVersion(), "\nICU ",
                                IcuVersion(), "\nUnicode ", UnicodeVersion(),
                                "\nUTF-8 kernel ", BestName(), "\n"));
  r = Version(nullptr, "--format=json version");
  EXPECT_EQ(
      r.out,
      absl::StrCat("{\"u8guard\": \"", LibraryVersion(), "\", \"library\": \"",
                   LibraryVersion(), "\", \"icu\": \"", IcuVersion(),
                   "\", \"unicode\": \"", UnicodeVersion(),
                   "\", \"utf8_kernel\": \"", BestName(), "\"}\n"));
  // Set but empty: as unset.
  EXPECT_EQ(KernelLine(Version("", "version")), "UTF-8 kernel " + BestName());
}

TEST(CliVersion, HonouredRequestsRunTheirKernel) {
  for (Utf8Kernel k : testing::SupportedKernels()) {
    const std::string name(Utf8KernelName(k));
    SCOPED_TRACE(name);
    EXPECT_EQ(KernelLine(Version(name.c_str(), "version")),
              "UTF-8 kernel " + name);
    EXPECT_TRUE(absl::StrContains(
        Version(name.c_str(), "--format=json version").out,
        absl::StrCat("\"utf8_kernel\": \"", name,
                     "\", \"utf8_kernel_requested\": \"", name, "\"}")));
  }
  EXPECT_EQ(KernelLine(Version("auto", "version")),
            "UTF-8 kernel " + BestName());
}

TEST(CliVersion, UnknownKernelIsShownWithWhatRuns) {
  EXPECT_EQ(KernelLine(Version("bogus", "version")),
            absl::StrCat("UTF-8 kernel ", BestName(),
                         " (U8GUARD_KERNEL=bogus: unknown kernel, using ",
                         BestName(), ")"));
  EXPECT_TRUE(absl::StrContains(
      Version("bogus", "--format=json version").out,
      absl::StrCat("\"utf8_kernel\": \"", BestName(),
                   "\", \"utf8_kernel_requested\": \"bogus\", "
                   "\"utf8_kernel_note\": \"unknown kernel\"}")));
  // Names are exact: "AVX2" is unknown.
  EXPECT_TRUE(absl::StrContains(KernelLine(Version("AVX2", "version")),
                                "(U8GUARD_KERNEL=AVX2: unknown kernel"));
  // The variable is shown escaped and cut like any untrusted input.
  const std::string odd = std::string(1000, 'k') + "\x01";
  const std::string line = KernelLine(Version(odd.c_str(), "version"));
  EXPECT_EQ(line, absl::StrCat("UTF-8 kernel ", BestName(),
                               " (U8GUARD_KERNEL=", std::string(256, 'k'),
                               "...: unknown kernel, using ", BestName(), ")"));
  EXPECT_EQ(KernelLine(Version("a\x01", "version")),
            absl::StrCat("UTF-8 kernel ", BestName(),
                         " (U8GUARD_KERNEL=a\\u{0001}: unknown kernel, using ",
                         BestName(), ")"));
  const CommandResult json = Version(odd.c_str(), "--format=json version");
  EXPECT_TRUE(absl::StrContains(
      json.out,
      absl::StrCat("\"utf8_kernel_requested\": \"", std::string(256, 'k'),
                   "\", \"utf8_kernel_requested_truncated\": true, "
                   "\"utf8_kernel_requested_bytes\": 1001, ")))
      << json.out;
}

TEST(CliVersion, UnsupportedKernelIsShownWithWhatRuns) {
  std::vector<Utf8Kernel> missing;
  for (Utf8Kernel k : {Utf8Kernel::kSse42, Utf8Kernel::kAvx2,
                       Utf8Kernel::kAvx512, Utf8Kernel::kAvx512Vbmi}) {
    if (!Utf8KernelSupported(k)) missing.push_back(k);
  }
  if (missing.empty()) {
    GTEST_SKIP() << "this CPU runs every kernel";
  }
  for (Utf8Kernel k : missing) {
    const std::string name(Utf8KernelName(k));
    EXPECT_EQ(
        KernelLine(Version(name.c_str(), "version")),
        absl::StrCat("UTF-8 kernel ", BestName(), " (U8GUARD_KERNEL=", name,
                     ": not supported by this CPU, using ", BestName(), ")"));
    EXPECT_TRUE(absl::StrContains(
        Version(name.c_str(), "--format=json version").out,
        "\"utf8_kernel_note\": \"not supported by this CPU\""));
  }
}

}  // namespace
}  // namespace u8guard
