// SPDX-License-Identifier: Apache-2.0
// u8guard.RegistrationPolicy, u8guard.Registry and their results: one
// decision for a sign-up (registration.h).

#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "integrations/python/bindings.h"
#include "integrations/python/convert.h"
#include "pybind11/stl.h"
#include "u8guard/match.h"
#include "u8guard/registration.h"
#include "u8guard/skeleton.h"

namespace u8guard::python {
namespace {

// A u8guard.RegistrationPolicy: an immutable value.
struct PyPolicy {
  RegistrationPolicy policy;
};

// A u8guard.RegistrationRecord. The enforced form, the key and the
// look-alike keys have the type of the name they were computed from (str
// or bytes).
struct PyRecord {
  py::object enforced;
  py::object key;
  py::list lookalike_keys;
  std::string restriction_level;
  std::vector<std::string> scripts;
  std::string display;
  std::string version_tag;
};

// A u8guard.RegistrationDecision; conflict and shared_key have the type of
// the name, and are None when there is nothing to name.
struct PyDecision {
  std::string outcome;
  py::object record = py::none();     // PyRecord or None
  py::object rejection = py::none();  // u8guard.Rejected (not raised) or None
  py::object conflict = py::none();
  py::object shared_key = py::none();
  size_t identifier = 0;
};

PyRecord ToPython(const RegistrationRecord& r, const Text& name) {
  PyRecord out;
  out.enforced = name.Wrap(r.enforced);
  out.key = name.Wrap(r.key);
  for (const std::string& k : r.lookalike_keys) {
    out.lookalike_keys.append(name.Wrap(k));
  }
  out.restriction_level =
      std::string(RestrictionLevelName(r.restriction_level));
  out.scripts = r.scripts;
  out.display = std::string(DisplaySafetyName(r.display));
  out.version_tag = r.version_tag;
  return out;
}

// `names` (an iterable of str or bytes; not a str or bytes itself) as
// UTF-8 bytes; a str with a lone surrogate raises its Rejected.
std::vector<std::string> NameList(py::handle names, const char* what) {
  if (py::isinstance<py::str>(names) || py::isinstance<py::bytes>(names)) {
    throw py::type_error(std::string(what) +
                         " must be an iterable of names, not one name");
  }
  std::vector<std::string> out;
  for (py::handle name : py::iter(names)) {
    const Text text = Text::From(name, what);
    text.RequireEncodable();
    out.emplace_back(text.bytes());
  }
  return out;
}

PyPolicy MakePolicy(py::handle protected_names, py::handle exemptions,
                    const std::string& max_restriction_level,
                    bool refuse_mixed_numbers,
                    const std::string& skeleton_order) {
  PyPolicy p{DefaultRegistrationPolicy()};
  if (!protected_names.is_none()) {
    p.policy.protected_names = NameList(protected_names, "protected_names");
  }
  p.policy.exemptions.clear();
  for (const std::string& name : NameList(exemptions, "exemptions")) {
    absl::StatusOr<ConfusableExemption> e = ParseConfusableExemption(name);
    if (!e.ok()) ThrowStatus(e.status());
    p.policy.exemptions.push_back(*e);
  }
  absl::StatusOr<RestrictionLevel> level =
      ParseRestrictionLevel(max_restriction_level);
  if (!level.ok()) ThrowStatus(level.status());
  p.policy.max_restriction_level = *level;
  p.policy.refuse_mixed_numbers = refuse_mixed_numbers;
  absl::StatusOr<SkeletonOrder> order = ParseSkeletonOrder(skeleton_order);
  if (!order.ok()) ThrowStatus(order.status());
  p.policy.skeleton_order = *order;
  return p;
}

std::vector<std::string> ExemptionNames(const RegistrationPolicy& p) {
  std::vector<std::string> out;
  for (ConfusableExemption e : p.exemptions) {
    out.emplace_back(ConfusableExemptionName(e));
  }
  return out;
}

bool SamePolicy(const RegistrationPolicy& a, const RegistrationPolicy& b) {
  return a.protected_names == b.protected_names &&
         a.exemptions == b.exemptions &&
         a.max_restriction_level == b.max_restriction_level &&
         a.refuse_mixed_numbers == b.refuse_mixed_numbers &&
         a.skeleton_order == b.skeleton_order;
}

// A candidate's identifiers: the name, then the others.
struct Candidate {
  std::vector<Text> texts;  // texts[0] is the name
  std::vector<std::string> others;
  size_t bytes = 0;

  Candidate(py::handle name, py::handle others_arg) {
    texts.push_back(Text::From(name, "name"));
    if (py::isinstance<py::str>(others_arg) ||
        py::isinstance<py::bytes>(others_arg)) {
      throw py::type_error(
          "others must be an iterable of identifiers, not one identifier");
    }
    for (py::handle other : py::iter(others_arg)) {
      texts.push_back(Text::From(other, "an other identifier"));
    }
    for (size_t i = 1; i < texts.size(); ++i) {
      others.emplace_back(texts[i].bytes());
    }
    for (const Text& t : texts) bytes += t.size();
  }

  // The first identifier that has no UTF-8 form (a str with a lone
  // surrogate), if any.
  std::optional<size_t> Unencodable() const {
    for (size_t i = 0; i < texts.size(); ++i) {
      if (!texts[i].encodable()) return i;
    }
    return std::nullopt;
  }
};

PyDecision ToPython(const RegistrationDecision& d, const Candidate& c) {
  const Text& name = c.texts[0];
  PyDecision out;
  out.outcome = std::string(RegistrationOutcomeName(d.outcome));
  if (d.record) out.record = py::cast(ToPython(*d.record, name));
  if (d.rejection) {
    out.rejection = MakeRejected(*d.rejection, &c.texts[d.identifier]);
  }
  if (!d.conflict.empty()) out.conflict = name.Wrap(d.conflict);
  if (!d.shared_key.empty()) out.shared_key = name.Wrap(d.shared_key);
  out.identifier = d.identifier;
  return out;
}

// The decision for a candidate one of whose identifiers has no UTF-8 form:
// the profile could not accept it.
PyDecision Unencodable(const Candidate& c, size_t identifier) {
  PyDecision out;
  out.outcome =
      std::string(RegistrationOutcomeName(RegistrationOutcome::kRejected));
  out.rejection = c.texts[identifier].EncodeRejection();
  out.identifier = identifier;
  return out;
}

// A u8guard.Registry. Decide takes a shared lock and Add and Register an
// exclusive one, so that Python threads need no lock of their own; the
// lock is only ever taken after the GIL was released or while it is held
// for a call that does not release it, never while waiting for the GIL.
class PyRegistry {
 public:
  PyRegistry(py::handle profile, py::handle policy)
      : PyRegistry(Build(profile, policy)) {}
  explicit PyRegistry(Registry registry)
      : registry_(std::move(registry)),
        mutex_(std::make_unique<std::shared_mutex>()) {}

  static PyRegistry Load(py::handle profile, py::handle path,
                         py::handle policy) {
    const std::shared_ptr<const Profile> p =
        ProfileArgument(profile, "profile");
    RegistrationPolicy pol = PolicyArgument(policy);
    const std::string file = PathArgument(path, "path");
    absl::StatusOr<Registry> registry = absl::InternalError("unset");
    {
      ReleaseGil release(ReleaseGil::Always{});
      registry = Registry::Load(*p, file, std::move(pol));
    }
    if (!registry.ok()) {
      ThrowStatus(registry.status(), nullptr, StatusContext::kFile);
    }
    return PyRegistry(*std::move(registry));
  }

  PyDecision Decide(py::handle name, py::handle others) const {
    return DecideWith<std::shared_lock<std::shared_mutex>>(
        name, others, [this](std::string_view n, const auto& o) {
          return registry_.Decide(n, o);
        });
  }

  PyDecision Register(py::handle name, py::handle others) {
    return DecideWith<std::unique_lock<std::shared_mutex>>(
        name, others, [this](std::string_view n, const auto& o) {
          return registry_.Register(n, o);
        });
  }

  void Add(py::handle name, py::handle others) {
    const Candidate c(name, others);
    if (std::optional<size_t> i = c.Unencodable()) {
      ThrowObject(c.texts[*i].EncodeRejection());
    }
    absl::Status status;
    {
      ReleaseGil release(c.bytes);
      std::unique_lock lock(*mutex_);
      status = registry_.Add(c.texts[0].bytes(), c.others);
    }
    if (status.ok()) return;
    // Which identifier was rejected (Add checks them in order), so that the
    // Rejected's index is into that one.
    for (size_t i = 0; GetRejection(status) && i < c.texts.size(); ++i) {
      if (!Canonicalize(registry_.profile(), c.texts[i].bytes()).ok()) {
        ThrowStatus(status, &c.texts[i]);
      }
    }
    ThrowStatus(status);
  }

  // Reads that need no lock: accounts() and the rest change only under
  // the exclusive lock, which a thread holding the GIL never waits behind
  // (see above); the GIL is held here.
  size_t Accounts() const {
    std::shared_lock lock(*mutex_);
    return registry_.accounts();
  }
  size_t Skipped() const { return registry_.skipped(); }
  size_t MemoryUsage() const {
    std::shared_lock lock(*mutex_);
    return registry_.MemoryUsage();
  }
  const Registry& registry() const { return registry_; }

 private:
  // Runs `call(name, others)` (Decide or Register) under a Lock of the
  // mutex, the GIL released for a long candidate, and converts its
  // decision.
  template <typename Lock, typename Call>
  PyDecision DecideWith(py::handle name, py::handle others, Call call) const {
    const Candidate c(name, others);
    if (std::optional<size_t> i = c.Unencodable()) return Unencodable(c, *i);
    absl::StatusOr<RegistrationDecision> d = absl::InternalError("unset");
    {
      ReleaseGil release(c.bytes);
      Lock lock(*mutex_);
      d = call(c.texts[0].bytes(), c.others);
    }
    if (!d.ok()) ThrowStatus(d.status());
    return ToPython(*d, c);
  }

  static Registry Build(py::handle profile, py::handle policy) {
    const std::shared_ptr<const Profile> p =
        ProfileArgument(profile, "profile");
    RegistrationPolicy pol = PolicyArgument(policy);
    // The protected names' keys are computed here: as for an ACL, the GIL
    // is released.
    std::optional<Registry> registry;
    {
      ReleaseGil release(ReleaseGil::Always{});
      registry.emplace(*p, std::move(pol));
    }
    return *std::move(registry);
  }

  Registry registry_;
  std::unique_ptr<std::shared_mutex> mutex_;
};

// RegistrationPolicy.load and .parse: a policy file, by path or text.
void DefPolicyReaders(py::class_<PyPolicy>& cls) {
  cls.def_static(
         "load",
         [](py::handle path) {
           const std::string p = PathArgument(path, "path");
           absl::StatusOr<RegistrationPolicy> loaded =
               absl::InternalError("unset");
           {
             ReleaseGil release(ReleaseGil::Always{});
             loaded = LoadRegistrationPolicy(p);
           }
           if (!loaded.ok()) {
             ThrowStatus(loaded.status(), nullptr, StatusContext::kFile);
           }
           return PyPolicy{*std::move(loaded)};
         },
         py::arg("path"), R"doc(
Reads a policy file (TOML; every key optional):
    protected_names = ["acme", "acme-support"]   # added to the list below
    protected_names_file = "names.txt"  # one a line; "" none; "builtin"
    confusable_exemptions = ["rn_m", "digits"]
    max_restriction_level = "highly_restrictive"
Relative file names are relative to the policy file's directory. OSError
when a file cannot be read, ValueError naming the line and key when the
policy is not valid.)doc")
      .def_static(
          "parse",
          [](py::handle text, const std::string& source) {
            const Text toml = Text::From(text, "text");
            toml.RequireEncodable();
            absl::StatusOr<RegistrationPolicy> parsed =
                absl::InternalError("unset");
            {
              // It may read protected_names_file (up to 64 MiB).
              ReleaseGil release(ReleaseGil::Always{});
              parsed = ParseRegistrationPolicy(toml.bytes(), source);
            }
            if (!parsed.ok()) {
              ThrowStatus(parsed.status(), nullptr, StatusContext::kFile);
            }
            return PyPolicy{*std::move(parsed)};
          },
          py::arg("text"), py::arg("source") = "<string>",
          "Parses a policy file's text (as load); `source` names it in "
          "error messages and is the directory a relative "
          "protected_names_file is read from. from_toml is an alias.");
}

// What a RegistrationPolicy holds, ==, and its repr.
void DefPolicyValues(py::class_<PyPolicy>& cls) {
  cls.def_property_readonly(
         "protected_names",
         [](const PyPolicy& self) {
           py::list out;
           for (const std::string& n : self.policy.protected_names) {
             out.append(NameObject(n));
           }
           return out;
         },
         "The protected names (str; bytes for one that is not UTF-8, "
         "which matches nothing).")
      .def_property_readonly(
          "exemptions",
          [](const PyPolicy& self) { return ExemptionNames(self.policy); },
          "The exempted mappings by name: \"rn_m\", \"digits\", "
          "\"capital_i\".")
      .def_property_readonly(
          "max_restriction_level",
          [](const PyPolicy& self) {
            return std::string(
                RestrictionLevelName(self.policy.max_restriction_level));
          },
          "The loosest restriction level let in, by name.")
      .def_property_readonly(
          "refuse_mixed_numbers",
          [](const PyPolicy& self) { return self.policy.refuse_mixed_numbers; },
          "True when names whose digits are of more than one decimal "
          "system (UTS #39 section 5.3) are refused (\"mixed_numbers\").")
      .def_property_readonly(
          "skeleton_order",
          [](const PyPolicy& self) {
            return std::string(SkeletonOrderName(self.policy.skeleton_order));
          },
          "The order look-alike keys read a name in: \"logical\" (as "
          "stored), \"ltr\" or \"rtl\" (as shown in a paragraph of that "
          "direction: UTS #39 bidi skeletons).")
      .def("__eq__",
           [](const PyPolicy& a, py::object b) {
             return py::isinstance<PyPolicy>(b) &&
                    SamePolicy(a.policy, b.cast<const PyPolicy&>().policy);
           })
      .def("__repr__", [](const PyPolicy& self) {
        return "RegistrationPolicy(" +
               std::to_string(self.policy.protected_names.size()) +
               " protected names, exemptions=" +
               std::string(py::repr(py::cast(ExemptionNames(self.policy)))) +
               ", max_restriction_level='" +
               std::string(
                   RestrictionLevelName(self.policy.max_restriction_level)) +
               "', refuse_mixed_numbers=" +
               (self.policy.refuse_mixed_numbers ? "True" : "False") +
               ", skeleton_order='" +
               std::string(SkeletonOrderName(self.policy.skeleton_order)) +
               "')";
      });
}

void RegisterPolicy(py::module_& m) {
  py::class_<PyPolicy> cls(m, "RegistrationPolicy", R"doc(
How a service decides sign-ups, beside the profile of its names: the
protected names no one may register (matched by key, by look-alike key and
with diacritics stripped), the UTS #39 confusable mappings that do not count
(exemptions: "rn_m", "digits", "capital_i"; none by default) and the
loosest restriction level let in (max_restriction_level, by default
"highly_restrictive": one script, or Latin with Han and kana, Hangul or
Bopomofo), and whether names with mixed numbers (digits of more than one
decimal system, UTS #39 section 5.3) are refused (refuse_mixed_numbers,
True by default), and the order look-alike keys read a name in
(skeleton_order: "logical", the default, as stored; "ltr" or "rtl", as shown
in a paragraph of that direction, UTS #39's bidi skeletons). An immutable
value.

RegistrationPolicy() is the default policy; protected_names=None keeps the
built-in list (the reserved names of RFC 2142, system and role accounts),
an iterable of names replaces it. ValueError for an unknown exemption or
level.)doc");
  cls.def(py::init(&MakePolicy), py::kw_only(),
          py::arg("protected_names") = py::none(),
          py::arg("exemptions") = py::tuple(),
          py::arg("max_restriction_level") = "highly_restrictive",
          py::arg("refuse_mixed_numbers") = true,
          py::arg("skeleton_order") = "logical")
      .def_static(
          "default", [] { return PyPolicy{DefaultRegistrationPolicy()}; },
          "Returns the default policy: the built-in protected names, no "
          "exemptions, highly_restrictive.");
  DefPolicyReaders(cls);
  DefPolicyValues(cls);
  // The old name (docs/vocabulary.md): the same object.
  Alias(cls, "from_toml", "parse");
}

// Binds RegistrationRecord: what to store with an account.
void BindRecord(py::module_& m) {
  py::class_<PyRecord>(m, "RegistrationRecord", R"doc(
What to store with an account: enforced (the form to store and show), key
(the comparison key: a unique index), lookalike_keys (1 to 3 look-alike
keys, the key's first: store each once, in a unique index), the UTS #39
restriction_level and scripts (ISO 15924 codes, sorted), display
("as_typed", or "escaped": show it escaped) and the version_tag of the
u8guard, ICU and Unicode that computed it. enforced, key and lookalike_keys
have the type of the name (str or bytes).)doc")
      .def_readonly("enforced", &PyRecord::enforced)
      .def_readonly("key", &PyRecord::key)
      .def_readonly("lookalike_keys", &PyRecord::lookalike_keys)
      .def_readonly("restriction_level", &PyRecord::restriction_level)
      .def_readonly("scripts", &PyRecord::scripts)
      .def_readonly("display", &PyRecord::display)
      .def_readonly("version_tag", &PyRecord::version_tag)
      .def("__eq__",
           [](const PyRecord& a, py::object other) {
             if (!py::isinstance<PyRecord>(other)) return false;
             const PyRecord& b = other.cast<const PyRecord&>();
             return a.enforced.equal(b.enforced) && a.key.equal(b.key) &&
                    a.lookalike_keys.equal(b.lookalike_keys) &&
                    a.restriction_level == b.restriction_level &&
                    a.scripts == b.scripts && a.display == b.display &&
                    a.version_tag == b.version_tag;
           })
      .def("__repr__", [](const PyRecord& r) {
        return "RegistrationRecord(key=" + std::string(py::repr(r.key)) +
               ", lookalike_keys=" + std::string(py::repr(r.lookalike_keys)) +
               ", restriction_level='" + r.restriction_level + "')";
      });
}

// Binds RegistrationDecision: one decision on a sign-up.
void BindDecision(py::module_& m) {
  py::class_<PyDecision>(m, "RegistrationDecision", R"doc(
One decision; true when the name may be registered. outcome is "accepted",
"rejected" (the profile rejects the name or an other identifier: rejection
says why, as a u8guard.Rejected that is not raised), "protected_name",
"restriction_level", "collision" (a registered name has its key),
"lookalike" (it shares a look-alike key with a registered name),
"cross_field_clash" (one of the account's identifiers clashes with
another account's) or "mixed_numbers" (its digits are of more than one
decimal system). conflict is what it clashes with, as registered (the
protected name, or the registered name or identifier), shared_key the key
they share; both None when there is none. identifier says which of the
candidate's identifiers clashed or was rejected: 0 the name, i + 1
others[i]. record is the name's RegistrationRecord whenever the profile
accepts the name.)doc")
      .def_readonly("outcome", &PyDecision::outcome)
      .def_property_readonly(
          "accepted",
          [](const PyDecision& d) { return d.outcome == "accepted"; })
      .def_readonly("record", &PyDecision::record)
      .def_readonly("rejection", &PyDecision::rejection)
      .def_readonly("conflict", &PyDecision::conflict)
      .def_readonly("shared_key", &PyDecision::shared_key)
      .def_readonly("identifier", &PyDecision::identifier)
      .def("__bool__",
           [](const PyDecision& d) { return d.outcome == "accepted"; })
      .def("__repr__", [](const PyDecision& d) {
        return "RegistrationDecision(outcome='" + d.outcome +
               "', conflict=" + std::string(py::repr(d.conflict)) +
               ", shared_key=" + std::string(py::repr(d.shared_key)) +
               ", identifier=" + std::to_string(d.identifier) + ")";
      });
}

void RegisterResults(py::module_& m) {
  BindRecord(m);
  BindDecision(m);
}

// The ways to make a Registry: empty, or load (an ACL-format file).
void DefRegistryBuilders(py::class_<PyRegistry>& cls) {
  cls.def(py::init([](py::handle profile, py::handle policy) {
            return PyRegistry(profile, policy);
          }),
          py::arg("profile"), py::arg("policy") = py::none(),
          "An empty registry.")
      .def_static(
          "load",
          [](py::handle profile, py::handle path, const py::args& extra,
             py::handle policy) {
            return PyRegistry::Load(
                profile, path,
                KeywordPolicy("Registry.load(profile, path, policy=policy)",
                              extra, policy));
          },
          py::arg("profile"), py::arg("path"), py::arg("policy") = py::none(),
          R"doc(
Reads an ACL-format file (one name a line, blank lines and '#' comments
skipped) and adds each name as an account, without deciding: a registry
holds what the service has. Names the profile rejects are skipped (skipped
counts them). OSError when the file cannot be read. The policy is
keyword-only; Registry.load(profile, path, policy) still works in 0.x,
with a DeprecationWarning.)doc");
}

// decide, register and add.
void DefRegistryDecisions(py::class_<PyRegistry>& cls) {
  cls.def("decide", &PyRegistry::Decide, py::arg("name"),
          py::arg("others") = py::tuple(), R"doc(
Decides whether an account with `name` and the other identifiers `others`
may be added, and returns a RegistrationDecision; a refusal is a decision,
not an exception. Changes nothing.)doc")
      .def("register", &PyRegistry::Register, py::arg("name"),
           py::arg("others") = py::tuple(),
           "decide(), then add() when accepted, in one step. Returns the "
           "RegistrationDecision.")
      .def("add", &PyRegistry::Add, py::arg("name"),
           py::arg("others") = py::tuple(), R"doc(
Adds an account as is (an existing one), without deciding. Raises
u8guard.Rejected when the profile rejects one of its identifiers (nothing
is added then).)doc");
}

// What a Registry holds: accounts, skipped, memory_usage, profile, policy.
void DefRegistryProperties(py::class_<PyRegistry>& cls) {
  cls.def("__len__", &PyRegistry::Accounts)
      .def_property_readonly("accounts", &PyRegistry::Accounts,
                             "The number of accounts added.")
      .def_property_readonly("skipped", &PyRegistry::Skipped,
                             "The names load() skipped.")
      .def_property_readonly("memory_usage", &PyRegistry::MemoryUsage,
                             "Bytes of heap the registry holds.")
      .def_property_readonly(
          "profile",
          [](const PyRegistry& self) {
            return PyProfile{
                std::make_shared<const Profile>(self.registry().profile())};
          },
          "The profile of its names.")
      .def_property_readonly(
          "policy",
          [](const PyRegistry& self) {
            return PyPolicy{self.registry().policy()};
          },
          "Its RegistrationPolicy.")
      .def("__repr__", [](const PyRegistry& self) {
        return "<u8guard.Registry " + std::to_string(self.Accounts()) +
               " accounts, profile " +
               std::string(py::repr(py::str(self.registry().profile().name))) +
               ">";
      });
}

void RegisterRegistry(py::module_& m) {
  py::class_<PyRegistry> cls(m, "Registry", R"doc(
The accounts a service has, in memory: each a name and any other
identifiers (an email's local part, a display handle), all in one namespace
under one profile (a u8guard.Profile or a built-in profile's name) and
policy (a RegistrationPolicy; None: the default). About 200 bytes per
identifier.

decide() only reads: any number of threads may decide at once. add() and
register() change the registry; the Registry serializes them itself (no
lock of your own is needed), and register() decides and adds in one step,
so that two threads cannot both register clashing names. Names and other
identifiers are str or bytes; results have the type of the name.)doc");
  DefRegistryBuilders(cls);
  DefRegistryDecisions(cls);
  DefRegistryProperties(cls);
}

}  // namespace

RegistrationPolicy PolicyArgument(py::handle policy) {
  if (policy.is_none()) return DefaultRegistrationPolicy();
  if (py::isinstance<PyPolicy>(policy)) {
    return policy.cast<const PyPolicy&>().policy;
  }
  throw py::type_error(
      "policy must be a u8guard.RegistrationPolicy or None, not " +
      std::string(py::str(policy.get_type().attr("__name__"))));
}

py::handle KeywordPolicy(const char* keyword_form, const py::args& extra,
                         py::handle policy) {
  if (extra.empty()) return policy;
  const std::string call(keyword_form, std::strchr(keyword_form, '('));
  if (extra.size() > 1) {
    throw py::type_error(call + "() takes at most one positional argument " +
                         "after its input (the deprecated policy); " +
                         std::to_string(extra.size()) + " were given");
  }
  if (!policy.is_none()) {
    throw py::type_error(call + "() got the policy twice: positionally " +
                         "and as policy=");
  }
  const std::string message =
      call + "(): a positional policy is deprecated; write " + keyword_form;
  if (PyErr_WarnEx(PyExc_DeprecationWarning, message.c_str(), 1) != 0) {
    throw py::error_already_set();
  }
  return extra[0];
}

void RegisterRegistration(py::module_& m) {
  RegisterPolicy(m);
  RegisterResults(m);
  RegisterRegistry(m);

  m.def(
      "registration_record",
      [](py::handle profile, py::handle name, const py::args& extra,
         py::handle policy) {
        return NameRecordCall(
            profile, name,
            KeywordPolicy("registration_record(profile, name, policy=policy)",
                          extra, policy),
            MakeRegistrationRecord,
            [](const RegistrationRecord& r, const Text& text) {
              return ToPython(r, text);
            });
      },
      py::arg("profile"), py::arg("name"), py::arg("policy") = py::none(),
      R"doc(
Returns the RegistrationRecord of `name` under `profile` and `policy`
(whose exemptions shape the look-alike keys; None: the default policy).
Raises u8guard.Rejected when the profile rejects the name. The policy is
keyword-only; registration_record(profile, name, policy) still works in
0.x, with a DeprecationWarning.)doc");

  py::class_<VersionTagParts>(m, "VersionTagParts",
                              "The versions a version tag names.")
      .def_readonly("library", &VersionTagParts::library)
      .def_readonly("icu", &VersionTagParts::icu)
      .def_readonly("unicode", &VersionTagParts::unicode)
      .def("__eq__",
           [](const VersionTagParts& a, py::object b) {
             return py::isinstance<VersionTagParts>(b) &&
                    a == b.cast<const VersionTagParts&>();
           })
      .def("__repr__", [](const VersionTagParts& v) {
        return "VersionTagParts(library='" + v.library + "', icu='" + v.icu +
               "', unicode='" + v.unicode + "')";
      });
  m.def("version_tag", &VersionTag, R"doc(
Returns the tag of the versions running now, e.g.
"u8guard-0.1.0+icu-72.1+unicode-15.0": ASCII letters, digits, '.', '-' and
'+' only, so that "TAG:KEY" keeps a stored key's provenance (the first ':'
ends the tag) and a changed tag shows which stored keys predate an
upgrade.)doc");
  m.def(
      "parse_version_tag",
      [](py::handle tag) {
        const Text text = Text::From(tag, "tag");
        text.RequireEncodable();
        absl::StatusOr<VersionTagParts> parts = ParseVersionTag(text.bytes());
        if (!parts.ok()) ThrowStatus(parts.status());
        return *std::move(parts);
      },
      py::arg("tag"),
      "Parses a version_tag() into its VersionTagParts (library, icu, "
      "unicode). ValueError for anything else.");
}

}  // namespace u8guard::python
