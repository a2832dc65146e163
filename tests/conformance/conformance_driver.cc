// SPDX-License-Identifier: Apache-2.0
// The C++ and C surfaces of the cross-surface conformance test:
//
//   conformance_driver cxx|c CASES.tsv > ANSWERS.jsonl
//   conformance_driver rules > RULES.txt
//
// reads tests/conformance/cases.tsv (gen_cases.py) and writes one JSON
// line per case, {"id", "op", "surface", "answer"}, with the answer in the
// one representation every driver writes (compare.py describes it): through
// the C++ API (`cxx`) or through the C API of u8guard_c.h alone
// (`c`, conformance_c.c); or writes every rule id (for gen_cases.py
// --rules). Exit status 0, or 2 for bad arguments or a bad case file.

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "tests/conformance/conformance_c.h"
#include "u8guard/match.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"
#include "u8guard/rejection.h"
#include "u8guard/rule.h"
#include "u8guard/skeleton.h"
#include "u8guard/utf8.h"

namespace u8guard {
namespace {

struct Case {
  std::string id;
  std::string op;
  std::string profile;
  std::string a;
  std::string b;
};

// The bytes of a hex column ("" written as "\"\""); nullopt when not hex.
std::optional<std::string> FromHex(std::string_view hex) {
  if (hex == "\"\"") return std::string();
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  for (size_t i = 0; i < hex.size(); i += 2) {
    int byte = 0;
    for (char c : hex.substr(i, 2)) {
      const int digit = c >= '0' && c <= '9'   ? c - '0'
                        : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                               : -1;
      if (digit < 0) return std::nullopt;
      byte = byte * 16 + digit;
    }
    out.push_back(static_cast<char>(byte));
  }
  return out;
}

// The cases of `path`; nullopt (after a message) when a line is malformed.
std::optional<std::vector<Case>> ReadCases(const char* path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "conformance_driver: cannot read " << path << "\n";
    return std::nullopt;
  }
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = absl::StrSplit(line, '\t');
    std::optional<std::string> a, b;
    if (f.size() < 5 || !(a = FromHex(f[3])) || !(b = FromHex(f[4]))) {
      std::cerr << "conformance_driver: bad line: " << line << "\n";
      return std::nullopt;
    }
    cases.push_back({f[0], f[1], f[2], *a, *b});
  }
  return cases;
}

// `s` as a JSON string (bytes 0x80 and up as they are).
std::string Json(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      absl::StrAppend(&out, "\\", std::string(1, c));
    } else if (static_cast<unsigned char>(c) < 0x20) {
      absl::StrAppendFormat(&out, "\\u%04x", static_cast<unsigned char>(c));
    } else {
      out.push_back(c);
    }
  }
  return out + "\"";
}

std::string JsonList(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    absl::StrAppend(&out, i ? ", " : "", Json(items[i]));
  }
  return out + "]";
}

std::string CodePoint(int64_t cp) { return cp < 0 ? "null" : absl::StrCat(cp); }

std::string RejectedJson(std::string_view rule, size_t offset, int64_t cp) {
  return absl::StrCat("{\"ok\": false, \"rule\": ", Json(rule),
                      ", \"offset\": ", offset,
                      ", \"code_point\": ", CodePoint(cp), "}");
}

std::string OtherErrorJson(std::string_view what) {
  return absl::StrCat("{\"error\": ", Json(what), "}");
}

// A C++ failure: its rejection, or the status.
std::string StatusJson(const absl::Status& status) {
  const std::optional<Rejection> r = GetRejection(status);
  if (!r) return OtherErrorJson(status.ToString());
  return RejectedJson(
      r->rule_id(), r->offset,
      r->code_point ? static_cast<int64_t>(*r->code_point) : -1);
}

std::string Utf8Json(bool valid, size_t valid_up_to, const char* rule,
                     size_t error_len) {
  return absl::StrCat("{\"valid\": ", valid ? "true" : "false",
                      ", \"valid_up_to\": ", valid_up_to,
                      ", \"rule\": ", rule ? Json(rule) : "null",
                      ", \"error_len\": ", error_len, "}");
}

// A registration decision, as either API gives it.
struct RegisterAnswer {
  std::string outcome;
  std::string rule;  // "" unless the profile rejects the name
  size_t offset = 0;
  int64_t code_point = -1;
  std::string conflict;
  bool has_record = false;
  std::string key, enforced, level, display, version_tag;
  std::vector<std::string> lookalike_keys, scripts;
};

std::string RegisterJson(const RegisterAnswer& a) {
  const bool rejected = !a.rule.empty();
  const bool record = a.has_record;
  return absl::StrCat(
      "{\"outcome\": ", Json(a.outcome),
      ", \"rule\": ", rejected ? Json(a.rule) : "null",
      ", \"offset\": ", rejected ? absl::StrCat(a.offset) : "null",
      ", \"code_point\": ", rejected ? CodePoint(a.code_point) : "null",
      ", \"key\": ", record ? Json(a.key) : "null",
      ", \"restriction_level\": ", record ? Json(a.level) : "null",
      ", \"lookalike_keys\": ", record ? JsonList(a.lookalike_keys) : "null",
      ", \"conflict\": ", a.conflict.empty() ? "null" : Json(a.conflict),
      ", \"enforced\": ", record ? Json(a.enforced) : "null",
      ", \"scripts\": ", record ? JsonList(a.scripts) : "null",
      ", \"display\": ", record ? Json(a.display) : "null",
      ", \"version_tag\": ", record ? Json(a.version_tag) : "null", "}");
}

// ---- the C++ API -----------------------------------------------------------

class CxxSurface {
 public:
  std::string Answer(const Case& c) {
    if (c.op == "utf8") {
      const Utf8Result r = ValidateUtf8(c.a);
      const std::string rule(r.ok() ? "" : RuleId(Utf8ErrorRule(r.kind)));
      return Utf8Json(r.ok(), r.valid_up_to, r.ok() ? nullptr : rule.c_str(),
                      r.error_len);
    }
    if (c.op == "path") return Text(SanitizePath(c.a, PathOptions()));
    if (c.op == "rule") {
      const std::optional<Rule> rule = RuleFromId(c.a);
      if (!rule) return OtherErrorJson("no such rule");
      return absl::StrCat("{\"value\": ", Json(RuleDescription(*rule)), "}");
    }
    absl::StatusOr<const Profile*> p = FindBuiltinProfile(c.profile);
    if (!p.ok()) return OtherErrorJson(p.status().ToString());
    const Profile& profile = **p;
    if (c.op == "key") return Text(Canonicalize(profile, c.a));
    if (c.op == "enforce") return Text(Enforce(profile, c.a));
    if (c.op == "skeleton") return Text(ConfusableSkeleton(profile, c.a));
    if (c.op == "equivalent") {
      return absl::StrCat(
          "{\"value\": ", Equivalent(profile, c.a, c.b) ? "true" : "false",
          "}");
    }
    if (c.op == "lookalike") {
      absl::StatusOr<std::vector<std::string>> keys =
          LookalikeSkeletons(profile, c.a);
      if (!keys.ok()) return StatusJson(keys.status());
      return absl::StrCat("{\"ok\": true, \"value\": ", JsonList(*keys), "}");
    }
    if (c.op == "restriction") {
      absl::StatusOr<RestrictionLevel> level = RestrictionLevelOf(profile, c.a);
      if (!level.ok()) return StatusJson(level.status());
      return absl::StrCat("{\"ok\": true, \"value\": ",
                          Json(RestrictionLevelName(*level)), "}");
    }
    if (c.op == "register") return Register(profile, c.a);
    return OtherErrorJson("unknown operation");
  }

 private:
  static std::string Text(const absl::StatusOr<std::string>& r) {
    if (!r.ok()) return StatusJson(r.status());
    return absl::StrCat("{\"ok\": true, \"value\": ", Json(*r), "}");
  }

  std::string Register(const Profile& profile, std::string_view name) {
    std::unique_ptr<Registry>& registry = registries_[profile.name];
    if (!registry) registry = std::make_unique<Registry>(profile);
    absl::StatusOr<RegistrationDecision> d = registry->Decide(name);
    if (!d.ok()) return OtherErrorJson(d.status().ToString());
    RegisterAnswer a{
        .outcome = std::string(RegistrationOutcomeName(d->outcome)),
        .conflict = d->conflict};
    if (const std::optional<Rejection>& r = d->rejection) {
      a.rule = r->rule_id();
      a.offset = r->offset;
      if (r->code_point) a.code_point = *r->code_point;
    }
    if (const std::optional<RegistrationRecord>& record = d->record) {
      a.has_record = true;
      a.key = record->key;
      a.enforced = record->enforced;
      a.level = RestrictionLevelName(record->restriction_level);
      a.display = DisplaySafetyName(record->display);
      a.version_tag = record->version_tag;
      a.lookalike_keys = record->lookalike_keys;
      a.scripts = record->scripts;
    }
    return RegisterJson(a);
  }

  std::map<std::string, std::unique_ptr<Registry>> registries_;
};

// ---- the C API (conformance_c.c)
// ----------------------------------------------

// Frees a conformance_c_answer when it goes out of scope.
class CAnswer {
 public:
  CAnswer() = default;
  CAnswer(const CAnswer&) = delete;
  CAnswer& operator=(const CAnswer&) = delete;
  ~CAnswer() { conformance_c_answer_free(&a_); }
  conformance_c_answer* get() { return &a_; }
  const conformance_c_answer& operator*() const { return a_; }

 private:
  conformance_c_answer a_{};
};

std::vector<std::string> Keys(const conformance_c_answer& a, size_t start) {
  std::vector<std::string> keys;
  for (size_t i = 0; i < a.key_count && i < 3; ++i) {
    keys.emplace_back(a.value + start, a.key_lens[i]);
    start += a.key_lens[i];
  }
  return keys;
}

std::string CFailure(const conformance_c_answer& a) {
  if (a.ok == 0) return RejectedJson(a.rule, a.offset, a.code_point);
  return OtherErrorJson(a.status);
}

std::string CText(int op, const Case& c) {
  CAnswer a;
  conformance_c_text(op, c.profile.c_str(), c.a.data(), c.a.size(), a.get());
  if ((*a).ok != 1) return CFailure(*a);
  return absl::StrCat("{\"ok\": true, \"value\": ",
                      Json(std::string_view((*a).value, (*a).value_len)), "}");
}

std::string CRegister(const Case& c) {
  CAnswer a;
  conformance_c_register(c.profile.c_str(), c.a.data(), c.a.size(), a.get());
  const conformance_c_answer& r = *a;
  if (r.outcome == nullptr) return OtherErrorJson(r.status);
  RegisterAnswer answer{.outcome = r.outcome,
                        .rule = r.rule ? r.rule : "",
                        .offset = r.offset,
                        .code_point = r.code_point,
                        .conflict = r.conflict ? r.conflict : ""};
  if (r.ok == 1) {
    answer.has_record = true;
    answer.key = r.value;
    answer.lookalike_keys = Keys(r, answer.key.size() + 1);
    answer.enforced.assign(r.enforced, r.enforced_len);
    answer.level = r.level;
    answer.display = r.display;
    answer.version_tag = r.version_tag;
    answer.scripts = absl::StrSplit(r.scripts, ' ', absl::SkipEmpty());
  }
  return RegisterJson(answer);
}

std::string CSurfaceAnswer(const Case& c) {
  const char* profile = c.profile.c_str();
  if (c.op == "utf8") {
    size_t valid_up_to = 0, error_len = 0;
    const char* rule = nullptr;
    const int valid = conformance_c_utf8(c.a.data(), c.a.size(), &valid_up_to,
                                         &rule, &error_len);
    return Utf8Json(valid == 1, valid_up_to, rule, error_len);
  }
  if (c.op == "key") return CText(CONFORMANCE_C_KEY, c);
  if (c.op == "enforce") return CText(CONFORMANCE_C_ENFORCE, c);
  if (c.op == "skeleton") return CText(CONFORMANCE_C_SKELETON, c);
  if (c.op == "path") return CText(CONFORMANCE_C_PATH, c);
  if (c.op == "rule") {
    const char* d = conformance_c_rule_description(c.a.c_str());
    return d ? absl::StrCat("{\"value\": ", Json(d), "}")
             : OtherErrorJson("no such rule");
  }
  if (c.op == "equivalent") {
    const int e = conformance_c_equivalent(profile, c.a.data(), c.a.size(),
                                           c.b.data(), c.b.size());
    return absl::StrCat("{\"value\": ", e == 1 ? "true" : "false", "}");
  }
  if (c.op == "lookalike") {
    CAnswer a;
    conformance_c_lookalike(profile, c.a.data(), c.a.size(), a.get());
    if ((*a).ok != 1) return CFailure(*a);
    return absl::StrCat("{\"ok\": true, \"value\": ", JsonList(Keys(*a, 0)),
                        "}");
  }
  if (c.op == "restriction") {
    CAnswer a;
    conformance_c_restriction(profile, c.a.data(), c.a.size(), a.get());
    if ((*a).ok != 1) return CFailure(*a);
    return absl::StrCat("{\"ok\": true, \"value\": ", Json((*a).level), "}");
  }
  if (c.op == "register") return CRegister(c);
  return OtherErrorJson("unknown operation");
}

int Main(int argc, char** argv) {
  if (argc == 2 && std::string_view(argv[1]) == "rules") {
    for (Rule rule : AllRules()) std::cout << RuleId(rule) << "\n";
    return std::cout ? 0 : 2;
  }
  const std::string surface = argc == 3 ? argv[1] : "";
  if (surface != "cxx" && surface != "c") {
    std::cerr << "usage: conformance_driver cxx|c CASES.tsv | rules\n";
    return 2;
  }
  std::optional<std::vector<Case>> cases = ReadCases(argv[2]);
  if (!cases) return 2;
  CxxSurface cxx;
  for (const Case& c : *cases) {
    const std::string answer =
        surface == "cxx" ? cxx.Answer(c) : CSurfaceAnswer(c);
    std::cout << "{\"id\": " << Json(c.id) << ", \"op\": " << Json(c.op)
              << ", \"surface\": " << Json(surface)
              << ", \"answer\": " << answer << "}\n";
  }
  conformance_c_close();
  std::cout.flush();
  return std::cout ? 0 : 2;
}

}  // namespace
}  // namespace u8guard

int main(int argc, char** argv) { return u8guard::Main(argc, argv); }
