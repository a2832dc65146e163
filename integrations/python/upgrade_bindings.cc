// SPDX-License-Identifier: Apache-2.0
// u8guard.name_record, export_records, verify_records and their results:
// what an upgrade of ICU changes in the stored names (upgrade.h).

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "integrations/python/bindings.h"
#include "integrations/python/convert.h"
#include "pybind11/stl.h"
#include "u8guard/registration.h"
#include "u8guard/upgrade.h"

namespace u8guard::python {
namespace {

// The text of a `records` argument: str, bytes-like, or an iterable of
// lines (str or bytes), joined with newlines.
std::string RecordsText(py::handle records) {
  if (py::isinstance<py::str>(records) || py::isinstance<py::bytes>(records) ||
      py::isinstance<py::bytearray>(records) ||
      py::isinstance<py::memoryview>(records)) {
    const Text text = Text::From(records, "records");
    text.RequireEncodable();
    return std::string(text.bytes());
  }
  std::string out;
  for (py::handle line : py::iter(records)) {
    const Text text = Text::From(line, "a record");
    text.RequireEncodable();
    // One line each: a newline ends it unless it has one.
    out.append(text.bytes());
    if (!text.bytes().ends_with('\n')) out.push_back('\n');
  }
  return out;
}

// A u8guard.RecordVerification.
struct PyVerification {
  RecordVerification summary;
  std::vector<RecordChange> changes;
};

// u8guard.RecordGroupMember and u8guard.RecordGroup.
void RegisterGroups(py::module_& m) {
  py::class_<RecordGroupMember>(m, "RecordGroupMember", R"doc(
One name of a RecordGroup: its 1-based line and its name (bytes when it is
not UTF-8), its key now (new_key), what its record held (was_valid; then
old_key and old_lookalike_keys, else "" and []), whether its record lacked
the group's key (new_to_group) and how many other members it makes a new
pair with (new_partners).)doc")
      .def_readonly("line", &RecordGroupMember::line)
      .def_property_readonly(
          "name", [](const RecordGroupMember& m) { return NameObject(m.name); })
      .def_readonly("new_key", &RecordGroupMember::new_key)
      .def_readonly("was_valid", &RecordGroupMember::was_valid)
      .def_readonly("old_key", &RecordGroupMember::old_key)
      .def_readonly("old_lookalike_keys",
                    &RecordGroupMember::old_lookalike_keys)
      .def_readonly("new_to_group", &RecordGroupMember::new_to_group)
      .def_readonly("new_partners", &RecordGroupMember::new_partners)
      .def("__repr__", [](const RecordGroupMember& m) {
        return "RecordGroupMember(line " + std::to_string(m.line) + ")";
      });

  py::class_<RecordGroup>(m, "RecordGroup", R"doc(
Every name that has one key ("collision_group") or one look-alike key
("lookalike_group") now, listed when two of its members are a new pair:
  collision_group: not (a.was_valid and b.was_valid and
                   a.old_key == b.old_key);
  lookalike_group: a.new_key != b.new_key and not (a.was_valid and
                   b.was_valid and (a.old_key == b.old_key or a and b have
                   an old_lookalike_keys element in common)).
Every pair of names that now has one key and did not in the records is a
new pair of exactly one collision group; every pair with two keys now that
shares a look-alike key and did not look alike in the records, of each
look-alike group of a key the two share; no other pair is: the new pairs
derive from the groups alone (docs/upgrading.md). key is the key or
look-alike key; members, every name valid now that has it, in file order
(RecordGroupMember); new_pairs, how many new pairs it has.)doc")
      .def_property_readonly("kind",
                             [](const RecordGroup& g) {
                               return std::string(RecordGroupKindName(g.kind));
                             })
      .def_readonly("key", &RecordGroup::key)
      .def_readonly("members", &RecordGroup::members)
      .def_readonly("new_pairs", &RecordGroup::new_pairs)
      .def("__repr__", [](const RecordGroup& g) {
        return "RecordGroup(" + std::string(RecordGroupKindName(g.kind)) +
               ", " + std::to_string(g.members.size()) + " members, " +
               std::to_string(g.new_pairs) + " new pairs)";
      });
}

// name_record and export_records: the records of names, as written
// before an upgrade of ICU.
void DefRecordWriters(py::module_& m) {
  m.def(
      "name_record",
      [](py::handle profile, py::handle name, const py::args& extra,
         py::handle policy) {
        return NameRecordCall(
            profile, name,
            KeywordPolicy("name_record(profile, name, policy=policy)", extra,
                          policy),
            MakeNameRecord, [](const NameRecord& r, const Text&) {
              return FormatNameRecord(r);
            });
      },
      py::arg("profile"), py::arg("name"), py::arg("policy") = py::none(),
      R"doc(
Returns the record of `name` (str or bytes) under `profile` and `policy`
(whose exemptions shape the look-alike keys; None: the default policy), as
the ICU running now derives it: one line of JSON without a newline, with
"name" (or "name_hex" for bytes that are not UTF-8), "profile", "valid",
"key" and "lookalike_keys" (or "rule" for a name the profile rejects) and
"version_tag". Write one per stored name before an upgrade of ICU, and
give them to verify_records after it. The policy is keyword-only;
name_record(profile, name, policy) still works in 0.x, with a
DeprecationWarning.)doc");

  m.def(
      "export_records",
      [](py::handle profile, py::iterable names, const py::args& extra,
         py::handle policy) {
        const std::shared_ptr<const Profile> p =
            ProfileArgument(profile, "profile");
        const RegistrationPolicy pol = PolicyArgument(KeywordPolicy(
            "export_records(profile, names, policy=policy)", extra, policy));
        std::vector<std::string> out;
        for (py::handle name : names) {
          const Text text = Text::From(name, "a name");
          text.RequireEncodable();
          absl::StatusOr<NameRecord> r = MakeNameRecord(*p, pol, text.bytes());
          if (!r.ok()) ThrowStatus(r.status());
          out.push_back(FormatNameRecord(*r));
        }
        return out;
      },
      py::arg("profile"), py::arg("names"), py::arg("policy") = py::none(),
      "Returns name_record(profile, name, policy=policy) of each of "
      "`names`, in order: the lines of a records file. The policy is "
      "keyword-only; export_records(profile, names, policy) still works in "
      "0.x, with a DeprecationWarning.");
}

// Binds RecordChange: what an upgrade changed for one record or pair.
void BindRecordChange(py::module_& m) {
  py::class_<RecordChange>(m, "RecordChange", R"doc(
What an upgrade changed for one record (kind: "key_changed",
"lookalike_keys_changed", "now_rejected", "now_accepted") or for a pair
("new_collision": one key now; "new_lookalike": a shared look-alike key
now), with the record's 1-based line and name; a pair names the earlier
record (other_line, other_name) and the shared key.)doc")
      .def_property_readonly("kind",
                             [](const RecordChange& c) {
                               return std::string(RecordChangeKindName(c.kind));
                             })
      .def_readonly("line", &RecordChange::line)
      .def_property_readonly(
          "name", [](const RecordChange& c) { return NameObject(c.name); })
      .def_readonly("old_key", &RecordChange::old_key)
      .def_readonly("new_key", &RecordChange::new_key)
      .def_readonly("old_lookalike_keys", &RecordChange::old_lookalike_keys)
      .def_readonly("new_lookalike_keys", &RecordChange::new_lookalike_keys)
      .def_readonly("rule", &RecordChange::rule)
      .def_readonly("other_line", &RecordChange::other_line)
      .def_property_readonly(
          "other_name",
          [](const RecordChange& c) { return NameObject(c.other_name); })
      .def_readonly("other_old_key", &RecordChange::other_old_key)
      .def_readonly("shared_key", &RecordChange::shared_key)
      .def("__repr__", [](const RecordChange& c) {
        return "RecordChange(" + std::string(RecordChangeKindName(c.kind)) +
               ", line " + std::to_string(c.line) + ")";
      });
}

// Binds RecordVerification: the result of verify_records.
void BindRecordVerification(py::module_& m) {
  py::class_<PyVerification>(m, "RecordVerification",
                             "The result of verify_records.")
      .def_property_readonly(
          "records", [](const PyVerification& v) { return v.summary.records; },
          "Records read.")
      .def_property_readonly(
          "valid", [](const PyVerification& v) { return v.summary.valid; },
          "Names the profile accepts now.")
      .def_property_readonly(
          "changed_names",
          [](const PyVerification& v) { return v.summary.changed_names; },
          "Names with a change of their own.")
      .def_property_readonly(
          "record_version_tags",
          [](const PyVerification& v) { return v.summary.record_version_tags; },
          "The version tags of the records, each once.")
      .def_property_readonly(
          "version_tag",
          [](const PyVerification& v) { return v.summary.version_tag; },
          "The version tag running now.")
      .def_readonly("changes", &PyVerification::changes,
                    "Every RecordChange, per record in file order (the "
                    "new_collision and new_lookalike changes are a summary "
                    "that can leave pairs out: see groups).")
      .def_property_readonly(
          "groups", [](const PyVerification& v) { return v.summary.groups; },
          "Every RecordGroup with a new pair: the collision groups, then "
          "the look-alike groups, each in the order of its first member.")
      .def_property_readonly(
          "new_collision_pairs",
          [](const PyVerification& v) { return v.summary.new_collision_pairs; },
          "The new pairs of the collision groups.")
      .def_property_readonly(
          "new_lookalike_pairs",
          [](const PyVerification& v) { return v.summary.new_lookalike_pairs; },
          "The new pairs of the look-alike groups (a pair that shares two "
          "look-alike keys is counted in each group).")
      .def("__bool__", [](const PyVerification& v) {
        return v.changes.empty() && v.summary.groups.empty();
      });
}

// verify_records: the records derived again with the ICU running now.
void DefVerifyRecords(py::module_& m) {
  m.def(
      "verify_records",
      [](py::handle profile, py::handle records, const py::args& extra,
         py::handle policy) {
        const std::shared_ptr<const Profile> p =
            ProfileArgument(profile, "profile");
        const RegistrationPolicy pol = PolicyArgument(KeywordPolicy(
            "verify_records(profile, records, policy=policy)", extra, policy));
        const std::string text = RecordsText(records);
        PyVerification out;
        absl::StatusOr<RecordVerification> v = absl::InternalError("unset");
        {
          ReleaseGil release(text.size());
          v = VerifyRecords(*p, pol, text, [&](const RecordChange& c) {
            out.changes.push_back(c);
          });
        }
        if (!v.ok()) ThrowStatus(v.status());
        out.summary = *std::move(v);
        return out;
      },
      py::arg("profile"), py::arg("records"), py::arg("policy") = py::none(),
      R"doc(
Derives every name of `records` (the text of a records file, str or bytes,
or an iterable of its lines: what name_record and export_records wrote,
maybe under another ICU) again with the ICU running now, and returns a
RecordVerification listing every name whose key or look-alike keys
changed, that the profile now rejects or accepts, the pair summary
(new_collision, new_lookalike: each later record against the first one
with the key, which can leave pairs out), and the groups, from which every
pair that now collides or looks alike and did not in the records derives
(RecordGroup). It is true when nothing changed (no change and no group).
ValueError naming the line and column for a malformed record, or a record
of another profile. The policy is keyword-only; verify_records(profile,
records, policy) still works in 0.x, with a DeprecationWarning.)doc");
}

}  // namespace

void RegisterUpgrade(py::module_& m) {
  DefRecordWriters(m);
  BindRecordChange(m);
  RegisterGroups(m);
  BindRecordVerification(m);
  DefVerifyRecords(m);
}

}  // namespace u8guard::python
