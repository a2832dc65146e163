// Helpers shared by the test suites.

#ifndef U8GUARD_TESTS_TEST_SUPPORT_H_
#define U8GUARD_TESTS_TEST_SUPPORT_H_

#include <string>
#include <string_view>
#include <vector>

#include "u8guard/utf8.h"

namespace u8guard::testing {

// Path of a file under ../shared/ (e.g. "testdata/UTF-8-test.txt").
std::string SharedPath(std::string_view relative);

// Path of a file under tests/data/.
std::string TestDataPath(std::string_view relative);

// Path of the built u8guard CLI.
std::string CliPath();

// The whole content of a file; fails the current test if it cannot be read.
std::string ReadFileOrDie(const std::string& path);

// "C0 AE" (spaces optional) -> the bytes; "" or "nothing" -> empty.
std::string FromHex(std::string_view hex);

// Bytes as upper-case hex separated by spaces, e.g. "C0 AE".
std::string ToHex(std::string_view bytes);

// Every kernel this CPU supports except kAuto (always includes kScalar).
std::vector<Utf8Kernel> SupportedKernels();

// Runs `command` through the shell; returns its exit status and stdout.
struct CommandResult {
  int exit_code;
  std::string out;
};
CommandResult RunCommand(const std::string& command);

}  // namespace u8guard::testing

#endif  // U8GUARD_TESTS_TEST_SUPPORT_H_
