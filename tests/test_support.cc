// SPDX-License-Identifier: Apache-2.0
#include "tests/test_support.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gtest/gtest.h"
#include "u8guard/profile.h"

namespace u8guard::testing {

namespace {

// U8GUARD_KERNEL forces a kernel for a whole test run (e.g. to test the
// scalar one on an AVX-512 machine); when the library cannot honour it
// (an unknown name, a kernel this CPU lacks) it runs another one, and the
// run would test the wrong kernel: every suite linking this file fails.
class ForcedKernelRuns : public ::testing::Environment {
 public:
  void SetUp() override {
    const Utf8KernelChoice& choice = ActiveUtf8KernelChoice();
    EXPECT_TRUE(choice.note.empty())
        << "U8GUARD_KERNEL=" << choice.requested << " is not honoured ("
        << choice.note << "): the " << Utf8KernelName(choice.active)
        << " kernel runs instead";
  }
};

::testing::Environment* const kForcedKernelRuns =
    ::testing::AddGlobalTestEnvironment(new ForcedKernelRuns);

}  // namespace

std::string SharedPath(std::string_view relative) {
  return std::string(U8GUARD_SHARED_DIR) + "/" + std::string(relative);
}

bool SharedDataRequired() {
#if U8GUARD_REQUIRE_SHARED_DATA
  return true;
#else
  const char* required = std::getenv("U8GUARD_REQUIRE_SHARED_DATA");
  return required != nullptr && std::string_view(required) == "1";
#endif
}

std::string MissingSharedFile(std::string_view relative) {
  const std::string path = SharedPath(relative);
  if (std::ifstream(path, std::ios::binary).good()) return "";
  return absl::StrCat(
      "missing ", path,
      ": the public test suites of ../shared/testdata are not there (the "
      "CMake cache variable U8GUARD_SHARED_DIR names their folder)",
      SharedDataRequired() ? "; U8GUARD_REQUIRE_SHARED_DATA makes that a "
                             "failure"
                           : "");
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
  for (Utf8Kernel k :
       {Utf8Kernel::kScalar, Utf8Kernel::kSse42, Utf8Kernel::kAvx2,
        Utf8Kernel::kAvx512, Utf8Kernel::kAvx512Vbmi}) {
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

CoProcess::CoProcess(const std::vector<std::string>& argv,
                     const std::string& stderr_path) {
  previous_sigpipe_ = std::signal(SIGPIPE, SIG_IGN);
  int to_child[2], from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) {
    ADD_FAILURE() << "pipe2: " << std::strerror(errno);
    return;
  }
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    ADD_FAILURE() << "pipe2: " << std::strerror(errno);
    close(to_child[0]);
    close(to_child[1]);
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  // The child starts with SIGPIPE at its default, whatever this process does.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t default_signals;
  sigemptyset(&default_signals);
  sigaddset(&default_signals, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &default_signals);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc =
      posix_spawn(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(to_child[0]);
  close(from_child[1]);
  if (rc != 0) {
    ADD_FAILURE() << "posix_spawn " << argv[0] << ": " << std::strerror(rc);
    close(to_child[1]);
    close(from_child[0]);
    return;
  }
  pid_ = pid;
  in_ = to_child[1];
  out_ = from_child[0];
}

CoProcess::~CoProcess() {
  CloseInput();
  if (out_ >= 0) close(out_);
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  std::signal(SIGPIPE, previous_sigpipe_);
}

bool CoProcess::Write(std::string_view bytes) {
  while (!bytes.empty()) {
    if (in_ < 0) return false;
    const ssize_t n = write(in_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

void CoProcess::CloseInput() {
  if (in_ >= 0) close(in_);
  in_ = -1;
}

std::optional<std::string> CoProcess::ReadLine(int timeout_ms) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const size_t newline = pending_.find('\n');
    if (newline != std::string::npos) {
      std::string line = pending_.substr(0, newline);
      pending_.erase(0, newline + 1);
      return line;
    }
    if (out_ < 0) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{out_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return std::nullopt;
    char buf[4096];
    const ssize_t n = read(out_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(out_);
      out_ = -1;
      continue;
    }
    pending_.append(buf, static_cast<size_t>(n));
  }
}

void CoProcess::Drain(const std::function<void(std::string_view)>& sink) {
  if (!pending_.empty()) sink(pending_);
  pending_.clear();
  if (out_ < 0) return;
  std::vector<char> buf(1 << 16);
  for (;;) {
    const ssize_t n = read(out_, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    sink(std::string_view(buf.data(), static_cast<size_t>(n)));
  }
  close(out_);
  out_ = -1;
}

CoProcess::Exit CoProcess::Wait() {
  CloseInput();
  Exit e;
  if (pid_ <= 0) return e;
  int status = 0;
  rusage usage{};
  pid_t got;
  do {
    got = wait4(pid_, &status, 0, &usage);
  } while (got < 0 && errno == EINTR);
  if (got == pid_) {
    pid_ = -1;
    e.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    e.peak_rss_kib = usage.ru_maxrss;
  }
  return e;
}

std::string Utf8ResultString(const Utf8Result& r) {
  return absl::StrFormat("{valid_up_to=%d, kind=%s, error_len=%d}",
                         r.valid_up_to, Utf8ErrorKindId(r.kind), r.error_len);
}

std::vector<Utf8TestsCase> LoadUtf8TestsCases() {
  const std::string text =
      ReadFileOrDie(SharedPath("testdata/utf8tests/utf8tests.txt"));
  std::vector<Utf8TestsCase> cases;
  for (const std::string& raw : SplitLines(text)) {
    const absl::string_view line = absl::StripAsciiWhitespace(raw);
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f = absl::StrSplit(line, ':');
    for (std::string& field : f) {
      field = std::string(absl::StripAsciiWhitespace(field));
    }
    Utf8TestsCase c;
    c.id = f[0];
    if (f.size() >= 3 && f[1] == "valid") {
      // The ASCII form keeps everything after the second colon.
      c.valid = true;
      c.bytes = std::string(line.substr(line.find(':', f[0].size() + 1) + 1));
    } else if (f.size() == 3 && f[1] == "valid hex") {
      c.valid = true;
      c.bytes = FromHex(f[2]);
    } else if (f.size() == 5 && f[1] == "invalid hex") {
      c.valid = false;
      c.bytes = FromHex(f[2]);
      c.skipped = FromHex(f[3]);
      c.with_fffd = FromHex(f[4]);
    } else {
      ADD_FAILURE() << "malformed utf8tests.txt line: " << raw;
      continue;
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string ShellQuote(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  out += "'";
  return out;
}

ScopedTempDir::ScopedTempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string tmpl = absl::StrCat(base != nullptr && *base ? base : "/tmp",
                                  "/u8guard_test_XXXXXX");
  if (mkdtemp(tmpl.data()) == nullptr) {
    ADD_FAILURE() << "mkdtemp failed for " << tmpl;
  }
  path_ = tmpl;
}

ScopedTempDir::~ScopedTempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string ScopedTempDir::File(std::string_view name) const {
  return absl::StrCat(path_, "/", absl::string_view(name.data(), name.size()));
}

void WriteFileOrDie(const std::string& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  EXPECT_TRUE(out.good()) << "cannot write " << path;
}

void MismatchLog::Add(std::string description) {
  if (++count_ <= keep_) kept_.push_back(std::move(description));
}

void MismatchLog::ExpectNone(std::string_view what) const {
  std::string shown;
  for (const std::string& k : kept_) absl::StrAppend(&shown, "\n  ", k);
  EXPECT_EQ(count_, 0u) << what << ": " << count_
                        << " mismatches, first:" << shown;
}

std::string RandomValidUtf8(std::mt19937_64& rng, size_t bytes) {
  std::string out;
  while (out.size() < bytes) {
    uint32_t cp;
    switch (rng() % 5) {
      case 0:
      case 1:
        cp = static_cast<uint32_t>(rng() % 0x80);
        break;
      case 2:
        cp = 0x80 + static_cast<uint32_t>(rng() % (0x800 - 0x80));
        break;
      case 3:
        do {
          cp = 0x800 + static_cast<uint32_t>(rng() % (0x10000 - 0x800));
        } while (cp >= 0xD800 && cp <= 0xDFFF);
        break;
      default:
        cp = 0x10000 + static_cast<uint32_t>(rng() % (0x110000 - 0x10000));
    }
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }
  return out;
}

std::string MutateUtf8(std::mt19937_64& rng, std::string s, int count) {
  static const char* const kInserts[] = {
      "\x80",     "\xBF", "\xC0", "\xC1\xAF", "\xED\xA0",    "\xED\xBF\xBF",
      "\xF4\x90", "\xF5", "\xFF", "\xE2\x82", "\xF0\x9F\x98"};
  for (int i = 0; i < count; ++i) {
    const size_t at = s.empty() ? 0 : rng() % (s.size() + 1);
    switch (rng() % 8) {
      case 0:
      case 1:
      case 2:
        if (at < s.size()) {
          s[at] = static_cast<char>(s[at] ^ (1 << (rng() % 8)));
        }
        break;
      case 3:
        if (at < s.size()) s.erase(at, 1);
        break;
      case 4:
        s.resize(at);
        break;
      default:
        s.insert(at, kInserts[rng() % std::size(kInserts)]);
    }
  }
  return s;
}

const std::vector<std::pair<std::string, std::string>>& RfcProfileNames() {
  static const auto* const kNames =
      new std::vector<std::pair<std::string, std::string>>{
          {"UsernameCaseMapped", "username-case-mapped"},
          {"UsernameCasePreserved", "username-case-preserved"},
          {"OpaqueString", "opaque-string"},
          {"Nickname", "nickname"},
          {"IdentifierClass", "identifier-class"},
          {"FreeformClass", "freeform-class"},
      };
  return *kNames;
}

std::map<std::string, PrecisTarget> PrecisTargets() {
  auto builtin = [](const char* name) {
    absl::StatusOr<const Profile*> p = FindBuiltinProfile(name);
    EXPECT_TRUE(p.ok()) << p.status();
    return p.ok() ? **p : Profile{};
  };
  Profile fold_username = builtin("username-case-mapped");
  fold_username.case_mapping = fold_username.key_case_mapping =
      CaseMapping::kFold;
  Profile fold_nickname = builtin("nickname");
  fold_nickname.key_case_mapping = CaseMapping::kFold;
  return {
      {"UsernameCasePreserved", {builtin("username-case-preserved"), false}},
      {"UsernameCaseMapped", {builtin("username-case-mapped"), true}},
      {"UsernameCaseMapped:ToLower", {builtin("username-case-mapped"), true}},
      {"UsernameCaseMapped:CaseFold", {fold_username, true}},
      {"OpaqueString", {builtin("opaque-string"), true}},
      {"NicknameCasePreserved", {builtin("nickname"), false}},
      {"NicknameCaseMapped", {builtin("nickname"), true}},
      {"NicknameCaseMapped:ToLower", {builtin("nickname"), true}},
      {"NicknameCaseMapped:CaseFold", {fold_nickname, true}},
      {"FreeFormClass", {builtin("freeform-class"), false}},
      {"IdentifierClass", {builtin("identifier-class"), false}},
  };
}

std::vector<PrecisCase> ReadPrecisTable(std::string_view file_name) {
  std::vector<PrecisCase> cases;
  std::ifstream in(TestDataPath(file_name));
  EXPECT_TRUE(in.good()) << "cannot read " << file_name;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    if (f.size() != 5) {
      ADD_FAILURE() << "malformed line in " << file_name << ": "
                    << line.substr(0, 80);
      continue;
    }
    auto unhex = [](const std::string& h) {
      return h == "\"\"" ? std::string() : FromHex(h);
    };
    cases.push_back({f[0], unhex(f[1]), f[2] == "-" ? "" : unhex(f[2]),
                     f[3] == "-" ? "" : f[3], f[2] != "-"});
  }
  return cases;
}

namespace {

// A reader of the CLI's flat JSON objects (ParseJsonObject).
class JsonReader {
 public:
  JsonReader(std::string_view s, std::string* error) : s_(s), error_(error) {}

  std::optional<JsonObject> Object() {
    if (!IsValidUtf8(s_)) return Fail("not UTF-8");
    JsonObject obj;
    Space();
    if (!Eat('{')) return Fail("expected {");
    Space();
    if (Eat('}')) return End(obj);
    while (true) {
      Space();
      std::optional<std::string> key = String();
      if (!key) return std::nullopt;
      if (obj.contains(*key)) return Fail("repeated key");
      Space();
      if (!Eat(':')) return Fail("expected :");
      Space();
      if (Peek() == '"') {
        std::optional<std::string> v = String();
        if (!v) return std::nullopt;
        obj[*key] = *v;
      } else if (s_.substr(i_, 4) == "true") {
        i_ += 4;
        obj[*key] = true;
      } else if (s_.substr(i_, 5) == "false") {
        i_ += 5;
        obj[*key] = false;
      } else {
        size_t start = i_;
        while (i_ < s_.size() && (std::isdigit(static_cast<uint8_t>(s_[i_])) ||
                                  s_[i_] == '-' || s_[i_] == '.')) {
          ++i_;
        }
        if (start == i_) return Fail("expected a value");
        obj[*key] = std::strtod(
            std::string(s_.substr(start, i_ - start)).c_str(), nullptr);
      }
      Space();
      if (Eat('}')) return End(obj);
      if (!Eat(',')) return Fail("expected , or }");
    }
  }

 private:
  char Peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  bool Eat(char c) {
    if (i_ >= s_.size() || s_[i_] != c) return false;
    ++i_;
    return true;
  }
  void Space() {
    while (Peek() == ' ') ++i_;
  }
  std::nullopt_t Fail(std::string_view what) {
    if (error_ != nullptr) {
      *error_ = "bad JSON at " + std::to_string(i_) + " (" + std::string(what) +
                "): " + std::string(s_);
    }
    return std::nullopt;
  }
  std::optional<JsonObject> End(JsonObject& obj) {
    if (i_ != s_.size()) return Fail("trailing bytes");
    return obj;
  }
  std::optional<uint32_t> Hex4() {
    if (i_ + 4 > s_.size()) return std::nullopt;
    uint32_t v = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = s_[i_++];
      v <<= 4;
      if (c >= '0' && c <= '9') {
        v |= c - '0';
      } else if (c >= 'a' && c <= 'f') {
        v |= c - 'a' + 10;
      } else if (c >= 'A' && c <= 'F') {
        v |= c - 'A' + 10;
      } else {
        return std::nullopt;
      }
    }
    return v;
  }
  std::optional<std::string> String() {
    if (!Eat('"')) return Fail("expected a string");
    std::string out;
    while (true) {
      if (i_ >= s_.size()) return Fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') break;
      if (static_cast<uint8_t>(c) < 0x20) return Fail("raw control");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) return Fail("unterminated escape");
      const char e = s_[i_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          std::optional<uint32_t> v = Hex4();
          if (!v) return Fail("bad \\u");
          char32_t cp = *v;
          if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(i_, 2) == "\\u") {
            i_ += 2;
            std::optional<uint32_t> lo = Hex4();
            if (!lo || *lo < 0xDC00 || *lo > 0xDFFF) return Fail("bad pair");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (*lo - 0xDC00);
          }
          if (!AppendUtf8(cp, out)) return Fail("lone surrogate");
          break;
        }
        default:
          return Fail("bad escape");
      }
    }
    if (!IsValidUtf8(out)) return Fail("string is not valid UTF-8");
    return out;
  }

  std::string_view s_;
  std::string* error_;
  size_t i_ = 0;
};

}  // namespace

std::optional<JsonObject> ParseJsonObject(std::string_view line,
                                          std::string* error) {
  return JsonReader(line, error).Object();
}

std::string JsonStringField(const JsonObject& o, const std::string& key) {
  auto it = o.find(key);
  if (it == o.end() || !std::holds_alternative<std::string>(it->second)) {
    return "<missing " + key + ">";
  }
  return std::get<std::string>(it->second);
}

std::optional<bool> JsonBoolField(const JsonObject& o, const std::string& key) {
  auto it = o.find(key);
  if (it == o.end() || !std::holds_alternative<bool>(it->second)) {
    return std::nullopt;
  }
  return std::get<bool>(it->second);
}

std::vector<std::string> DirectoryEntries(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return names;
  while (const dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  closedir(d);
  return names;
}

}  // namespace u8guard::testing
