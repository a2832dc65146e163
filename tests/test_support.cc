#include "tests/test_support.h"

#include <sys/wait.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"

namespace u8guard::testing {

std::string SharedPath(std::string_view relative) {
  return std::string(U8GUARD_SHARED_DIR) + "/" + std::string(relative);
}

std::string TestDataPath(std::string_view relative) {
  return std::string(U8GUARD_TEST_DATA_DIR) + "/" + std::string(relative);
}

std::string CliPath() { return U8GUARD_CLI_PATH; }

std::string ReadFileOrDie(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string FromHex(std::string_view hex) {
  std::string out;
  if (hex == "nothing") return out;
  int nibbles = 0, value = 0;
  for (char c : hex) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    const int d = std::isdigit(static_cast<unsigned char>(c))
                      ? c - '0'
                      : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
    value = value * 16 + d;
    if (++nibbles == 2) {
      out.push_back(static_cast<char>(value));
      nibbles = value = 0;
    }
  }
  return out;
}

std::string ToHex(std::string_view bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) {
    absl::StrAppendFormat(&out, "%s%02X", i ? " " : "",
                          static_cast<unsigned char>(bytes[i]));
  }
  return out;
}

std::vector<Utf8Kernel> SupportedKernels() {
  std::vector<Utf8Kernel> out;
  for (Utf8Kernel k : {Utf8Kernel::kScalar, Utf8Kernel::kSse42,
                       Utf8Kernel::kAvx2, Utf8Kernel::kAvx512}) {
    if (Utf8KernelSupported(k)) out.push_back(k);
  }
  return out;
}

CommandResult RunCommand(const std::string& command) {
  CommandResult r{-1, ""};
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, got);
  const int status = pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace u8guard::testing
