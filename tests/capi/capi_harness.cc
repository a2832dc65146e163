// SPDX-License-Identifier: Apache-2.0
// Registers the C API's C11 test suites (capi_*.c, tables declared in
// capi_harness.h) with GoogleTest, and implements the harness functions
// they call: failed checks become GoogleTest failures at the C file's line.

#include "tests/capi/capi_harness.h"

#include <cstring>
#include <memory>
#include <string>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace u8guard::testing {
namespace {

// The running C test's temporary directory.
ScopedTempDir* current_dir = nullptr;

class CApiTest : public ::testing::Test {
 public:
  explicit CApiTest(void (*run)()) : run_(run) {}
  void TestBody() override {
    ScopedTempDir dir;
    current_dir = &dir;
    run_();
    current_dir = nullptr;
  }

 private:
  void (*run_)();
};

// Bytes for a failure message: printable ASCII as is, the rest escaped.
std::string Shown(const char* bytes, size_t len) {
  if (bytes == nullptr) return "NULL";
  return absl::StrCat("\"", absl::CHexEscape(absl::string_view(bytes, len)),
                      "\"");
}

// Registers every suite's tests before main() runs.
const bool registered = [] {
  const struct {
    const char* suite;
    const capi_test* tests;
  } suites[] = {{"CApiErrors", capi_errors_tests},
                {"CApiUtf8", capi_utf8_tests},
                {"CApiProfile", capi_profile_tests},
                {"CApiAcl", capi_acl_tests},
                {"CApiPath", capi_path_tests},
                {"CApiOpen", capi_open_tests},
                {"CApiSecret", capi_secret_tests},
                {"CApiRegistration", capi_registration_tests},
                {"CApiUpgrade", capi_upgrade_tests},
                {"CApiBoundedVerifier", capi_bounded_verifier_tests}};
  for (const auto& s : suites) {
    for (const capi_test* t = s.tests; t->name != nullptr; ++t) {
      void (*run)() = t->run;
      ::testing::RegisterTest(
          s.suite, t->name, nullptr, nullptr, __FILE__, __LINE__,
          [run]() -> ::testing::Test* { return new CApiTest(run); });
    }
  }
  return true;
}();

}  // namespace
}  // namespace u8guard::testing

using ::u8guard::testing::current_dir;
using ::u8guard::testing::Shown;

extern "C" {

void capi_fail(const char* file, int line, const char* message) {
  ADD_FAILURE_AT(file, line) << message;
}

int capi_check(const char* file, int line, int ok, const char* expression) {
  if (!ok) ADD_FAILURE_AT(file, line) << "expected true: " << expression;
  return ok;
}

int capi_check_int(const char* file, int line, long long actual,
                   long long expected, const char* actual_expression,
                   const char* expected_expression) {
  if (actual == expected) return 1;
  ADD_FAILURE_AT(file, line)
      << actual_expression << " is " << actual << ", expected "
      << expected_expression << " (" << expected << ")";
  return 0;
}

int capi_check_bytes(const char* file, int line, const char* actual,
                     size_t actual_len, const char* expected,
                     size_t expected_len, const char* actual_expression) {
  if (actual != nullptr && actual_len == expected_len &&
      std::string_view(actual, actual_len) ==
          std::string_view(expected, expected_len)) {
    return 1;
  }
  ADD_FAILURE_AT(file, line)
      << actual_expression << " is " << Shown(actual, actual_len)
      << ", expected " << Shown(expected, expected_len);
  return 0;
}

int capi_check_string(const char* file, int line, const char* actual,
                      const char* expected, const char* actual_expression) {
  return capi_check_bytes(file, line, actual,
                          actual == nullptr ? 0 : std::strlen(actual), expected,
                          std::strlen(expected), actual_expression);
}

const char* capi_temp_dir(void) {
  return current_dir == nullptr ? "/nonexistent" : current_dir->path().c_str();
}

const char* capi_source_dir(void) { return U8GUARD_SOURCE_DIR; }

void capi_write_file(const char* path, const char* bytes, size_t len) {
  ::u8guard::testing::WriteFileOrDie(path, std::string_view(bytes, len));
}

}  // extern "C"
