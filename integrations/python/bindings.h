// SPDX-License-Identifier: Apache-2.0
// The parts of the `u8guard._u8guard` extension module, one function per
// binding file; module.cc calls them in this order.

#ifndef U8GUARD_INTEGRATIONS_PYTHON_BINDINGS_H_
#define U8GUARD_INTEGRATIONS_PYTHON_BINDINGS_H_

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "integrations/python/convert.h"
#include "pybind11/pybind11.h"
#include "u8guard/path.h"
#include "u8guard/profile.h"
#include "u8guard/registration.h"

namespace u8guard::python {

// A u8guard.Profile: one immutable C++ Profile, shared by every object that
// uses it (ACLs keep their own copy inside their index).
struct PyProfile {
  std::shared_ptr<const Profile> profile;
};

// A u8guard.PathOptions: one C++ PathOptions and the profile its
// segment_profile points to (kept alive here; null for the built-in one).
struct PyPathOptions {
  PathOptions options;
  std::shared_ptr<const Profile> segment_profile;
};

// True when `name` is a field of PathOptions (a keyword of sanitize_path).
bool IsPathOptionField(std::string_view name);

// The path options of a call of `function`: `options` (a u8guard.PathOptions,
// or None for the defaults) with `keywords` (name, value; each a field of
// PathOptions) set over it. TypeError for a name that is no field, for
// options of another type, and for a keyword whose value differs from the
// field of the `options` given; what the field's conversion raises
// (TypeError, ValueError for an unknown name, LookupError for an unknown
// profile).
PyPathOptions PathOptionsOf(
    const char* function, pybind11::handle options,
    const std::vector<std::pair<std::string, pybind11::handle>>& keywords);

// The Profile an argument names: a u8guard.Profile, or the name of a
// built-in profile (LookupError when there is none). `what` names the
// argument in TypeError messages.
std::shared_ptr<const Profile> ProfileArgument(pybind11::handle arg,
                                               const char* what);

// The policy a `policy` argument names: a u8guard.RegistrationPolicy, or
// None for the default one (TypeError otherwise).
RegistrationPolicy PolicyArgument(pybind11::handle policy);

// The policy of a call whose `policy` became keyword-only (the one order
// profile, policy, input of docs/vocabulary.md): `policy`, or the one
// extra positional argument of 0.x (`extra`), which still works but warns
// (DeprecationWarning naming `keyword_form`, e.g.
// "registration_record(profile, name, policy=policy)"). TypeError for
// more than one extra argument, or for a policy given both ways.
pybind11::handle KeywordPolicy(const char* keyword_form,
                               const pybind11::args& extra,
                               pybind11::handle policy);

// The body of registration_record and name_record: reads the arguments
// (profile, name as str or bytes, policy or None), runs
// `make(profile, policy, bytes)` (MakeRegistrationRecord, MakeNameRecord)
// without the GIL for a long name, and returns `convert(record, text)`.
// Raises what ProfileArgument, PolicyArgument and Text raise, and the
// status `make` fails with (a u8guard.Rejected whose index is into `name`).
template <typename Make, typename Convert>
pybind11::object NameRecordCall(pybind11::handle profile, pybind11::handle name,
                                pybind11::handle policy, Make make,
                                Convert convert) {
  const std::shared_ptr<const Profile> p = ProfileArgument(profile, "profile");
  const RegistrationPolicy pol = PolicyArgument(policy);
  const Text text = Text::From(name, "name");
  text.RequireEncodable();
  auto record = [&] {
    ReleaseGil release(text.size());
    return make(*p, pol, text.bytes());
  }();
  if (!record.ok()) ThrowStatus(record.status(), &text);
  return pybind11::cast(convert(*record, text));
}

// Makes cls.ALIAS the very object cls.NAME is (a static method, a method or
// a property, looked up in the class's own dictionary): an old name kept
// beside the name of the one vocabulary (docs/vocabulary.md), with one
// implementation.
template <typename T>
void Alias(pybind11::class_<T>& cls, const char* alias, const char* name) {
  cls.attr(alias) = cls.attr("__dict__")[name];
}

// Profile, builtin_profiles(), load_profiles() (profile_bindings.cc).
void RegisterProfile(pybind11::module_& m);

// Profile.lookalike_keys, on the class RegisterProfile defines
// (lookalike_bindings.cc).
void RegisterLookalike(pybind11::module_& m);

// PathOptions, sanitize_path (path_bindings.cc).
void RegisterPath(pybind11::module_& m);

// Everything: versions, rules, validate_utf8, constant_time_equals,
// escape_for_display, then RegisterProfile, RegisterLookalike,
// RegisterPath, RegisterAcl, RegisterBeneath, RegisterRegistration and
// RegisterUpgrade (module.cc).
void RegisterModule(pybind11::module_& m);

// AllowList, DenyList, AclEntry, AclInvalidEntry, AclLookup, AclAudit,
// AclFinding (acl_bindings.cc).
void RegisterAcl(pybind11::module_& m);

// open_beneath_fd, create_beneath_fd, mkdir_beneath, openat2_available
// (beneath_bindings.cc).
void RegisterBeneath(pybind11::module_& m);

// RegistrationPolicy, RegistrationRecord, RegistrationDecision, Registry,
// VersionTagParts, registration_record, version_tag, parse_version_tag
// (registration_bindings.cc).
void RegisterRegistration(pybind11::module_& m);

// name_record, export_records, verify_records,
// RecordVerification, RecordChange (upgrade_bindings.cc).
void RegisterUpgrade(pybind11::module_& m);

}  // namespace u8guard::python

#endif  // U8GUARD_INTEGRATIONS_PYTHON_BINDINGS_H_
