// SPDX-License-Identifier: Apache-2.0
// u8guard.Profile: canonical keys, enforced forms and comparison under one
// profile (match.h, profile.h, skeleton.h).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "integrations/python/bindings.h"
#include "integrations/python/convert.h"
#include "pybind11/stl.h"
#include "u8guard/match.h"
#include "u8guard/profile.h"
#include "u8guard/profile_settings.h"
#include "u8guard/skeleton.h"

namespace u8guard::python {
namespace {

// A setting's value as a Python object: str, bool or int.
py::object SettingObject(const ProfileSettingValue& value) {
  if (const auto* s = std::get_if<std::string>(&value)) return py::str(*s);
  if (const auto* b = std::get_if<bool>(&value)) return py::bool_(*b);
  return py::int_(std::get<int64_t>(value));
}

// A profile's settings with the names and values its policy file uses
// (ProfileSettings: every field, in file order).
py::dict Settings(const Profile& p) {
  py::dict d;
  for (const ProfileSetting& s : ProfileSettings(p)) {
    d[py::str(std::string(s.key))] = SettingObject(s.value);
  }
  return d;
}

// `v` as the value of setting `key`: a bool, an int (of TOML's 64 bits) or
// a str (TypeError otherwise; a str must have a UTF-8 form). Whether it
// fits its key is for ParseProfile to say.
ProfileSettingValue SettingValue(py::handle v, const std::string& key) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  if (py::isinstance<py::int_>(v)) {
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
    if (overflow != 0) {
      throw py::value_error("key \"" + key + "\": " + std::string(py::str(v)) +
                            " is not a 64-bit integer");
    }
    return static_cast<int64_t>(n);
  }
  if (py::isinstance<py::str>(v)) {
    const Text text = Text::From(v, key.c_str());
    text.RequireEncodable();
    return std::string(text.bytes());
  }
  throw py::type_error(key + " must be bool, int or str, not " +
                       std::string(py::str(v.get_type().attr("__name__"))));
}

PyProfile Wrap(Profile p) {
  return PyProfile{std::make_shared<const Profile>(std::move(p))};
}

PyProfile ParseToml(py::handle text, std::string_view source) {
  const Text toml = Text::From(text, "text");
  toml.RequireEncodable();
  absl::StatusOr<Profile> p = ParseProfile(toml.bytes(), source);
  if (!p.ok()) ThrowStatus(p.status());
  return Wrap(*std::move(p));
}

PyProfile Replace(const PyProfile& self, const py::kwargs& changes) {
  std::vector<ProfileSetting> settings = ProfileSettings(*self.profile);
  std::vector<py::handle> changed(settings.size());
  for (const auto& [key, value] : changes) {
    const std::string k = py::str(key);
    const auto it =
        std::find_if(settings.begin(), settings.end(),
                     [&](const ProfileSetting& s) { return s.key == k; });
    if (it == settings.end()) {
      throw py::type_error("replace() got an unknown setting '" + k + "'");
    }
    changed[it - settings.begin()] = value;
  }
  // Converted in file order, after every key is known to exist.
  for (size_t i = 0; i < settings.size(); ++i) {
    if (changed[i]) {
      settings[i].value =
          SettingValue(changed[i], std::string(settings[i].key));
    }
  }
  return ParseToml(py::str(ProfileSettingsToToml(settings)),
                   "<Profile.replace>");
}

PyProfile Construct(const std::string& name, py::object policy_dir) {
  if (policy_dir.is_none()) {
    absl::StatusOr<const Profile*> builtin = FindBuiltinProfile(name);
    if (!builtin.ok()) ThrowStatus(builtin.status());
    return Wrap(**builtin);
  }
  // FindProfile(name, dir), in two steps so that the directory's errors
  // (NotFound included) are OSErrors and an unknown name a LookupError.
  const std::string dir = PathArgument(policy_dir, "policy_dir");
  absl::StatusOr<std::vector<Profile>> loaded;
  {
    ReleaseGil release(ReleaseGil::Always{});
    loaded = LoadProfileDirectory(dir);
  }
  if (!loaded.ok()) ThrowStatus(loaded.status(), nullptr, StatusContext::kFile);
  const std::string_view wanted = CanonicalProfileName(name);
  for (Profile& p : *loaded) {
    if (p.name == wanted) return Wrap(std::move(p));
  }
  return Construct(name, py::none());
}

// Runs F(profile, bytes) and wraps its result in the input's type.
template <absl::StatusOr<std::string> (*F)(const Profile&, std::string_view)>
py::object Apply(const PyProfile& self, py::handle s) {
  const Text text = Text::From(s, "s");
  text.RequireEncodable();
  absl::StatusOr<std::string> out;
  {
    ReleaseGil release(text.size());
    out = F(*self.profile, text.bytes());
  }
  if (!out.ok()) ThrowStatus(out.status(), &text);
  return text.Wrap(*out);
}

py::object CanonicalizeOne(const PyProfile& self, py::handle s) {
  const Text text = Text::From(s, "s");
  text.RequireEncodable();
  // The key is built in this thread's buffer (its capacity is reused) and
  // copied into the Python object.
  thread_local std::string key;
  absl::Status status;
  {
    ReleaseGil release(text.size());
    status = CanonicalizeInto(*self.profile, text.bytes(), key);
  }
  if (!status.ok()) ThrowStatus(status, &text);
  return text.Wrap(key);
}

py::object EquivalentPair(const PyProfile& self, py::handle a, py::handle b) {
  const Text ta = Text::From(a, "a");
  const Text tb = Text::From(b, "b");
  // An input that has no UTF-8 form is rejected: equivalent to nothing.
  if (!ta.encodable() || !tb.encodable()) return py::bool_(false);
  bool equivalent;
  {
    ReleaseGil release(ta.size() + tb.size());
    equivalent = Equivalent(*self.profile, ta.bytes(), tb.bytes());
  }
  return py::bool_(equivalent);
}

std::string Level(const PyProfile& self, py::handle s) {
  const Text text = Text::From(s, "s");
  text.RequireEncodable();
  absl::StatusOr<RestrictionLevel> level;
  {
    ReleaseGil release(text.size());
    level = RestrictionLevelOf(*self.profile, text.bytes());
  }
  if (!level.ok()) ThrowStatus(level.status(), &text);
  return std::string(RestrictionLevelName(*level));
}

// The settings: settings(), to_toml(), replace(), ==, hash and pickle, and
// a read-only attribute per setting, all from ProfileSettings and
// ProfileToToml (profile_settings.h).
void DefSettings(py::class_<PyProfile>& cls) {
  cls.def(
         "settings",
         [](const PyProfile& self) { return Settings(*self.profile); },
         "Returns the settings as a dict with the keys and values of a "
         "policy file.")
      .def(
          "to_toml",
          [](const PyProfile& self) { return ProfileToToml(*self.profile); },
          "Returns the profile as a policy file's text "
          "(Profile.parse reads it back).")
      .def("replace", &Replace, R"doc(
Returns a copy with some settings changed, e.g.
profile.replace(name="my-users", case_mapping="fold"). Values are those of
policy files; the result is validated as a policy file is (ValueError).)doc")
      .def("__eq__",
           [](const PyProfile& a, py::object b) {
             return py::isinstance<PyProfile>(b) &&
                    ProfileToToml(*a.profile) ==
                        ProfileToToml(*b.cast<const PyProfile&>().profile);
           })
      .def("__hash__",
           [](const PyProfile& self) {
             return py::hash(py::str(ProfileToToml(*self.profile)));
           })
      .def(py::pickle(
          [](const PyProfile& self) { return ProfileToToml(*self.profile); },
          [](const std::string& toml) {
            return ParseToml(py::str(toml), "<pickle>");
          }));

  // Read-only attributes, one per setting.
  cls.def_property_readonly("name",
                            [](const PyProfile& p) { return p.profile->name; });
  cls.def_property_readonly(
      "description", [](const PyProfile& p) { return p.profile->description; });
  // One per setting of ProfileSettings (name and description above).
  const std::vector<ProfileSetting> keys = ProfileSettings(Profile());
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::string key(keys[i].key);
    if (key == "name" || key == "description") continue;
    cls.def_property_readonly(key.c_str(), [i](const PyProfile& p) {
      return SettingObject(ProfileSettings(*p.profile)[i].value);
    });
  }
}

// builtin_profiles() and load_profiles().
void DefModuleFunctions(py::module_& m) {
  m.def(
      "builtin_profiles",
      []() {
        std::vector<PyProfile> out;
        for (const Profile& p : BuiltinProfiles()) out.push_back(Wrap(p));
        return out;
      },
      "Returns the built-in profiles (compiled from policies/*.toml).");
  m.def(
      "load_profiles",
      [](py::object directory) {
        const std::string dir = PathArgument(directory, "directory");
        absl::StatusOr<std::vector<Profile>> loaded;
        {
          ReleaseGil release(ReleaseGil::Always{});
          loaded = LoadProfileDirectory(dir);
        }
        if (!loaded.ok()) {
          ThrowStatus(loaded.status(), nullptr, StatusContext::kFile);
        }
        py::dict out;
        for (Profile& p : *loaded) {
          const std::string name = p.name;
          out[py::str(name)] = Wrap(std::move(p));
        }
        return out;
      },
      py::arg("directory"), R"doc(
Reads every *.toml policy file in `directory` (sorted by name) and returns
{name: Profile}. OSError when the directory cannot be read; ValueError
naming the file for a bad file or a name defined twice.)doc");
}

// The ways to make a Profile: by name, load (a policy file), parse (a
// policy file's text).
void DefProfileBuilders(py::class_<PyProfile>& cls) {
  cls.def(py::init(&Construct), py::arg("name"), py::kw_only(),
          py::arg("policy_dir") = py::none(),
          "Looks up a profile by name. LookupError when there is none; "
          "OSError when policy_dir cannot be read; ValueError for a bad "
          "policy file (naming the file, line and key).")
      .def_static(
          "load",
          [](py::object path) {
            const std::string p = PathArgument(path, "path");
            absl::StatusOr<Profile> loaded;
            {
              ReleaseGil release(ReleaseGil::Always{});
              loaded = LoadProfileFile(p);
            }
            if (!loaded.ok()) {
              ThrowStatus(loaded.status(), nullptr, StatusContext::kFile);
            }
            return Wrap(*std::move(loaded));
          },
          py::arg("path"),
          "Reads one policy file. OSError when it cannot be read, "
          "ValueError naming the line and key when it is not a valid "
          "policy. Profile.from_file is an alias.")
      .def_static(
          "parse",
          [](py::handle text, const std::string& source) {
            return ParseToml(text, source);
          },
          py::arg("text"), py::arg("source") = "<string>",
          "Parses a policy file's text; `source` names it in error "
          "messages. ValueError when it is not a valid policy. "
          "Profile.from_toml is an alias.");
}

// The methods on text: key, enforce, equivalent, skeleton,
// restriction_level.
void DefTextMethods(py::class_<PyProfile>& cls) {
  cls.def("skeleton", &Apply<&ConfusableSkeleton>, py::arg("s"), R"doc(
Returns the UTS #39 confusable skeleton of the comparison key of `s`. Two
strings look alike when their skeletons are equal. For comparison only,
never a key, never grants access. Raises u8guard.Rejected when the profile
rejects `s`.)doc")
      .def("restriction_level", &Level, py::arg("s"), R"doc(
Returns the UTS #39 restriction level of the comparison key of `s`:
"ascii", "single_script_restrictive", "highly_restrictive",
"moderately_restrictive", "minimally_restrictive" or "unrestrictive".
Raises u8guard.Rejected when the profile rejects `s`.)doc");

  // The calls made once per name, bound without pybind11's dispatcher.
  DefMethod1<PyProfile, &CanonicalizeOne>(cls, "key", R"doc(key($self, s, /)
--

Returns the comparison key of `s`: two inputs are equivalent exactly when
their keys are equal. Raises u8guard.Rejected when the profile rejects `s`.
Profile.canonicalize is an alias.)doc");
  DefMethod1<PyProfile, &Apply<&Enforce>>(cls, "enforce",
                                          R"doc(enforce($self, s, /)
--

Returns the enforced form of `s`: what to store and display. It differs from
key() where the profile maps case for comparison only (nickname
keeps case). Raises u8guard.Rejected when the profile rejects `s`.)doc");
  DefMethod2<PyProfile, &EquivalentPair>(cls, "equivalent",
                                         R"doc(equivalent($self, a, b, /)
--

True when both inputs are accepted and their comparison keys are equal. A
rejected input is equivalent to nothing, not even to itself; never raises
for rejected input.)doc");
}

}  // namespace

std::shared_ptr<const Profile> ProfileArgument(py::handle arg,
                                               const char* what) {
  if (py::isinstance<PyProfile>(arg))
    return arg.cast<const PyProfile&>().profile;
  if (py::isinstance<py::str>(arg)) {
    return Construct(arg.cast<std::string>(), py::none()).profile;
  }
  throw py::type_error(std::string(what) +
                       " must be a u8guard.Profile or a profile name, not " +
                       std::string(py::str(arg.get_type().attr("__name__"))));
}

void RegisterProfile(py::module_& m) {
  py::class_<PyProfile> cls(m, "Profile", R"doc(
The policy of one protocol element (RFC 8264 §5): how untrusted text becomes
its stored form and its comparison key.

Profile(name) is a built-in profile ("username-case-mapped",
"username-case-preserved", "opaque-string", "nickname", "path-segment",
"text-document", "identifier-class", "freeform-class", or the RFCs' names
"UsernameCaseMapped", "UsernameCasePreserved", "OpaqueString", "Nickname",
"IdentifierClass", "FreeformClass"; name is always the kebab-case one); with
policy_dir, the profile of that name among the directory's *.toml policy
files, else the built-in one. Profiles are immutable and may be shared
between threads.

Text arguments are str or bytes (or another bytes-like object). bytes are
validated as strict UTF-8 (RFC 3629); a str is taken as its UTF-8 encoding,
and a str holding a lone surrogate is rejected (rule "utf8/surrogate"),
never encoded with "surrogatepass". Results have the type of the input.
Rejections raise u8guard.Rejected.)doc");
  DefProfileBuilders(cls);
  DefTextMethods(cls);
  cls.def("__repr__", [](const PyProfile& self) {
    return "<u8guard.Profile " +
           std::string(py::repr(py::str(self.profile->name))) + ">";
  });

  // The old names (docs/vocabulary.md): the same objects.
  Alias(cls, "canonicalize", "key");
  Alias(cls, "from_file", "load");
  Alias(cls, "from_toml", "parse");

  DefSettings(cls);
  DefModuleFunctions(m);
}

}  // namespace u8guard::python
