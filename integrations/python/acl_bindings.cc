// SPDX-License-Identifier: Apache-2.0
// u8guard.AllowList and u8guard.DenyList: access-control lists (acl.h).

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "integrations/python/bindings.h"
#include "integrations/python/convert.h"
#include "pybind11/stl.h"
#include "u8guard/acl.h"
#include "u8guard/skeleton.h"

namespace u8guard::python {
namespace {

// One valid entry (AclEntry), with its strings copied out of the index.
struct PyAclEntry {
  size_t index = 0;
  size_t line = 0;
  std::string original;
  std::string key;
};

// An entry the profile rejected (AclInvalidEntry).
struct PyAclInvalidEntry {
  size_t index = 0;
  size_t line = 0;
  py::bytes original;
  size_t original_size = 0;
  py::object rejection;  // u8guard.Rejected
};

// The outcome of one lookup (AclLookup).
struct PyAclLookup {
  std::optional<PyAclEntry> match;
  py::object rejection = py::none();  // u8guard.Rejected or None
};

// One finding of an audit (AclFinding); fields that the kind does not use
// are None.
struct PyAclFinding {
  std::string kind;
  size_t index = 0;
  size_t line = 0;
  py::bytes original;
  size_t original_size = 0;
  py::object key = py::none();
  py::object other_index = py::none();
  py::object other_line = py::none();
  py::object other_original = py::none();
  py::object other_key = py::none();
  py::object skeleton = py::none();
  py::object rejection = py::none();
  py::object level = py::none();
};

// An audit's result (AclAudit).
struct PyAclAudit {
  std::string profile;
  size_t entries = 0;
  size_t valid_entries = 0;
  std::string icu_version;
  std::string unicode_version;
  std::vector<PyAclFinding> findings;
};

PyAclEntry ToPython(const AclEntry& e) {
  return PyAclEntry{e.index, e.line, std::string(e.original),
                    std::string(e.key)};
}

PyAclFinding ToPython(const AclFinding& f) {
  PyAclFinding out;
  out.kind = std::string(AclFindingKindName(f.kind));
  out.index = f.index;
  out.line = f.line;
  out.original = py::bytes(f.original);
  out.original_size = f.original_size;
  if (f.kind != AclFindingKind::kInvalid &&
      f.kind != AclFindingKind::kFileSignature) {
    out.key = py::str(f.key);
  }
  if (f.kind == AclFindingKind::kCollision ||
      f.kind == AclFindingKind::kLookalike) {
    out.other_index = py::int_(f.other_index);
    out.other_line = py::int_(f.other_line);
    out.other_original = py::bytes(f.other_original);
    out.other_key = py::str(f.other_key);
  }
  if (f.kind == AclFindingKind::kLookalike) out.skeleton = py::str(f.skeleton);
  if (f.rejection) out.rejection = MakeRejected(*f.rejection, nullptr);
  if (f.kind == AclFindingKind::kMixedScript) {
    out.level = py::str(std::string(RestrictionLevelName(f.level)));
  }
  return out;
}

// Adds `note` to the exception `e` as PEP 678 says: its add_note (Python
// 3.11 and later), else appended to its __notes__ list, which 3.9 and 3.10
// keep as a plain attribute (the traceback shows it from 3.11 only).
void AddNote(py::object& e, const std::string& note) {
  if (py::hasattr(e, "add_note")) {
    e.attr("add_note")(note);
    return;
  }
  if (!py::hasattr(e, "__notes__")) e.attr("__notes__") = py::list();
  e.attr("__notes__").attr("append")(note);
}

// A u8guard.AllowList (List = AllowList) or u8guard.DenyList.
template <typename List>
class PyAcl {
 public:
  explicit PyAcl(List list) : list_(std::move(list)) {}

  // From an iterable of str or bytes entries.
  static PyAcl FromEntries(py::handle profile, py::iterable entries) {
    const std::shared_ptr<const Profile> p =
        ProfileArgument(profile, "profile");
    std::vector<std::string> bytes;
    size_t n = 0;
    for (py::handle entry : entries) {
      const Text text = Text::From(entry, "an ACL entry");
      if (!text.encodable()) {
        py::object e = text.EncodeRejection();
        AddNote(e, "in ACL entry " + std::to_string(n));
        ThrowObject(e);
      }
      bytes.emplace_back(text.bytes());
      ++n;
    }
    absl::StatusOr<List> list;
    {
      ReleaseGil release(ReleaseGil::Always{});
      list = List::Build(*p, bytes);
    }
    if (!list.ok()) ThrowStatus(list.status());
    return PyAcl(*std::move(list));
  }

  // From the text of an ACL file.
  static PyAcl FromText(py::handle profile, py::handle text) {
    const std::shared_ptr<const Profile> p =
        ProfileArgument(profile, "profile");
    const Text t = Text::From(text, "text");
    t.RequireEncodable();
    absl::StatusOr<List> list;
    {
      ReleaseGil release(ReleaseGil::Always{});
      list = List::Parse(*p, t.bytes());
    }
    if (!list.ok()) ThrowStatus(list.status());
    return PyAcl(*std::move(list));
  }

  // From an ACL file.
  static PyAcl FromFile(py::handle profile, py::handle path) {
    const std::shared_ptr<const Profile> p =
        ProfileArgument(profile, "profile");
    const std::string file = PathArgument(path, "path");
    absl::StatusOr<List> list;
    {
      ReleaseGil release(ReleaseGil::Always{});
      list = List::Load(*p, file);
    }
    if (!list.ok()) ThrowStatus(list.status(), nullptr, StatusContext::kFile);
    return PyAcl(*std::move(list));
  }

  // Grants (AllowList) or Resembles (DenyList).
  PyAclLookup Lookup(py::handle credential) const {
    const Text text = Text::From(credential, "credential");
    PyAclLookup out;
    if (!text.encodable()) {
      out.rejection = text.EncodeRejection();
      return out;
    }
    AclLookup r;
    {
      ReleaseGil release(text.size());
      r = Find(text.bytes());
    }
    if (r.match) out.match = ToPython(*r.match);
    if (!r.status.ok()) {
      // A rejected credential matches nothing; anything else (ICU could not
      // load its confusable data) is not an answer.
      if (!GetRejection(r.status)) ThrowStatus(r.status, &text);
      out.rejection = MakeRejected(*GetRejection(r.status), &text);
    }
    return out;
  }

  bool Contains(py::handle credential) const {
    const Text text = Text::From(credential, "credential");
    if (!text.encodable()) return false;
    ReleaseGil release(text.size());
    return static_cast<bool>(Find(text.bytes()));
  }

  // Lookup and Contains as Python objects, for DefMethod1.
  static py::object LookupObject(const PyAcl& self, py::handle credential) {
    return py::cast(self.Lookup(credential));
  }
  static py::object ContainsObject(const PyAcl& self, py::handle credential) {
    return py::bool_(self.Contains(credential));
  }

  PyAclAudit Audit(const std::string& max_restriction_level) const {
    absl::StatusOr<RestrictionLevel> level =
        ParseRestrictionLevel(max_restriction_level);
    if (!level.ok()) ThrowStatus(level.status());
    AclAuditOptions options;
    options.max_restriction_level = *level;
    absl::StatusOr<AclAudit> audit;
    {
      ReleaseGil release(ReleaseGil::Always{});
      audit = AuditAcl(index(), options);
    }
    if (!audit.ok()) ThrowStatus(audit.status());
    PyAclAudit out{audit->profile,         audit->entries,
                   audit->valid_entries,   audit->icu_version,
                   audit->unicode_version, {}};
    for (const AclFinding& f : audit->findings) {
      out.findings.push_back(ToPython(f));
    }
    return out;
  }

  std::vector<PyAclEntry> Entries() const {
    std::vector<PyAclEntry> out;
    out.reserve(index().size());
    for (size_t i = 0; i < index().size(); ++i) {
      out.push_back(ToPython(index().entry(i)));
    }
    return out;
  }

  std::vector<PyAclInvalidEntry> InvalidEntries() const {
    std::vector<PyAclInvalidEntry> out;
    for (const AclInvalidEntry& e : index().invalid_entries()) {
      out.push_back({e.index, e.line, py::bytes(e.original), e.original_size,
                     MakeRejected(e.rejection, nullptr)});
    }
    return out;
  }

  const AclIndex& index() const { return list_.index(); }

 private:
  AclLookup Find(std::string_view credential) const;

  List list_;
};

template <>
AclLookup PyAcl<AllowList>::Find(std::string_view credential) const {
  return list_.Grants(credential);
}

template <>
AclLookup PyAcl<DenyList>::Find(std::string_view credential) const {
  return list_.Resembles(credential);
}

// The ways to build PyAcl<List>: from entries, parse (an ACL file's
// text), load (an ACL file).
template <typename List>
void DefAclBuilders(py::class_<PyAcl<List>>& cls) {
  using Acl = PyAcl<List>;
  cls.def(py::init(&Acl::FromEntries), py::arg("profile"), py::arg("entries"),
          "Builds the list from an iterable of entries (str or bytes), "
          "each taken as is: no comments, no file signature. `profile` "
          "is a u8guard.Profile or a built-in profile's name. Entries the "
          "profile rejects are kept aside (invalid_entries) and match "
          "nothing.")
      .def_static("parse", &Acl::FromText, py::arg("profile"), py::arg("text"),
                  "Builds the list from the text of an ACL file: one entry "
                  "a line, blank lines and lines starting with '#' "
                  "skipped, a leading EF BB BF removed as the file's "
                  "signature. from_text is an alias.")
      .def_static("load", &Acl::FromFile, py::arg("profile"), py::arg("path"),
                  "Reads an ACL file (format as parse). OSError when "
                  "it cannot be read. from_file is an alias.");
}

// The read-only properties of PyAcl<List>: what its index holds and how
// the keys were computed.
template <typename List>
void DefAclProperties(py::class_<PyAcl<List>>& cls) {
  using Acl = PyAcl<List>;
  cls.def_property_readonly("invalid_entries", &Acl::InvalidEntries,
                            "The entries the profile rejected "
                            "(AclInvalidEntry), in list order.")
      .def_property_readonly(
          "entry_count",
          [](const Acl& self) { return self.index().entry_count(); },
          "All entries, valid and invalid.")
      .def_property_readonly(
          "bom_entries",
          [](const Acl& self) { return self.index().bom_entries(); },
          "Positions of entries whose bytes begin with EF BB BF (a BOM that "
          "is not the file's signature).")
      .def_property_readonly(
          "file_signature",
          [](const Acl& self) { return self.index().file_signature(); },
          "True when the file began with EF BB BF, which was removed.")
      .def_property_readonly(
          "profile",
          [](const Acl& self) {
            return PyProfile{
                std::make_shared<const Profile>(self.index().profile())};
          },
          "The profile the entries were canonicalized with.")
      .def_property_readonly(
          "mode",
          [](const Acl& self) {
            return std::string(AclModeName(self.index().mode()));
          },
          "\"exact\" (AllowList) or \"skeleton\" (DenyList).")
      .def_property_readonly(
          "icu_version",
          [](const Acl& self) { return self.index().icu_version(); },
          "The ICU version the keys were computed with.")
      .def_property_readonly(
          "unicode_version",
          [](const Acl& self) { return self.index().unicode_version(); },
          "The Unicode version the keys were computed with.")
      .def_property_readonly(
          "memory_usage",
          [](const Acl& self) { return self.index().MemoryUsage(); },
          "Bytes of heap the index holds.");
}

// Binds PyAcl<List> as `name`, with its lookup method called `lookup`.
template <typename List>
void BindAcl(py::module_& m, const char* name, const char* lookup,
             const char* doc, const char* lookup_doc) {
  using Acl = PyAcl<List>;
  py::class_<Acl> cls(m, name, doc);
  DefAclBuilders(cls);
  DefAclProperties(cls);
  cls.def("audit", &Acl::Audit, py::kw_only(),
          py::arg("max_restriction_level") = "single_script_restrictive",
          R"doc(
Audits the list: entries that collide after canonicalization, look-alikes
(same UTS #39 skeleton), entries mixing scripts beyond
max_restriction_level, invalid entries, BOMs and the file signature.)doc")
      .def("entries", &Acl::Entries,
           "Returns the valid entries (AclEntry) in list order.")
      .def("__len__", [](const Acl& self) { return self.index().size(); })
      .def("__repr__", [name](const Acl& self) {
        return "<u8guard." + std::string(name) + " " +
               std::to_string(self.index().size()) + " entries, profile " +
               std::string(py::repr(py::str(self.index().profile().name))) +
               ">";
      });
  // The calls made once per credential, bound without pybind11's
  // dispatcher (DefMethod1).
  DefMethod1<Acl, &Acl::LookupObject>(cls, lookup, lookup_doc);
  DefMethod1<Acl, &Acl::ContainsObject>(cls, "__contains__",
                                        "__contains__($self, credential, /)\n"
                                        "--\n\n"
                                        "True when the lookup matches.");
  // The old names (docs/vocabulary.md): the same objects.
  Alias(cls, "from_text", "parse");
  Alias(cls, "from_file", "load");
}

// Binds AclEntry: one valid entry of a list.
void BindAclEntry(py::module_& m) {
  py::class_<PyAclEntry>(m, "AclEntry", "One valid entry of an ACL.")
      .def_readonly("index", &PyAclEntry::index,
                    "Position among all entries (0-based; invalid entries "
                    "count, comments and blank lines do not).")
      .def_readonly("line", &PyAclEntry::line,
                    "1-based line in the ACL file; 0 when built from a list.")
      .def_property_readonly(
          "original", [](const PyAclEntry& e) { return py::str(e.original); },
          "The entry as written (str).")
      .def_property_readonly(
          "key", [](const PyAclEntry& e) { return py::str(e.key); },
          "Its canonical key under the list's profile (str).")
      .def("__eq__",
           [](const PyAclEntry& a, py::object b) {
             if (!py::isinstance<PyAclEntry>(b)) return false;
             const PyAclEntry& e = b.cast<const PyAclEntry&>();
             return a.index == e.index && a.line == e.line &&
                    a.original == e.original && a.key == e.key;
           })
      .def("__repr__", [](const PyAclEntry& e) {
        return "AclEntry(index=" + std::to_string(e.index) +
               ", line=" + std::to_string(e.line) +
               ", original=" + std::string(py::repr(py::str(e.original))) +
               ", key=" + std::string(py::repr(py::str(e.key))) + ")";
      });
}

// Binds AclInvalidEntry: an entry the profile rejected.
void BindAclInvalidEntry(py::module_& m) {
  py::class_<PyAclInvalidEntry>(m, "AclInvalidEntry",
                                "An entry the profile rejected; it matches "
                                "nothing.")
      .def_readonly("index", &PyAclInvalidEntry::index)
      .def_readonly("line", &PyAclInvalidEntry::line)
      .def_readonly("original", &PyAclInvalidEntry::original,
                    "The bytes as written (maybe not UTF-8), at most the "
                    "first 1,024 of them.")
      .def_readonly("original_size", &PyAclInvalidEntry::original_size,
                    "The entry's whole length in bytes: more than "
                    "len(original) when it was cut.")
      .def_readonly("rejection", &PyAclInvalidEntry::rejection,
                    "Why (a u8guard.Rejected; its offset is into original).")
      .def("__repr__", [](const PyAclInvalidEntry& e) {
        return "AclInvalidEntry(index=" + std::to_string(e.index) +
               ", line=" + std::to_string(e.line) +
               ", original=" + std::string(py::repr(e.original)) +
               ", rejection=" + std::string(py::repr(e.rejection)) + ")";
      });
}

// Binds AclLookup: the outcome of one lookup.
void BindAclLookup(py::module_& m) {
  py::class_<PyAclLookup>(m, "AclLookup",
                          "The outcome of one lookup; true when an entry "
                          "matched.")
      .def_readonly("match", &PyAclLookup::match,
                    "The entry that matched (AclEntry) or None.")
      .def_readonly("rejection", &PyAclLookup::rejection,
                    "Why the profile rejected the credential "
                    "(u8guard.Rejected, not raised), or None.")
      .def("__bool__", [](const PyAclLookup& r) { return r.match.has_value(); })
      .def("__repr__", [](const PyAclLookup& r) {
        py::object match = py::none();
        if (r.match) match = py::cast(*r.match);
        return "AclLookup(match=" + std::string(py::repr(match)) +
               ", rejection=" + std::string(py::repr(r.rejection)) + ")";
      });
}

// Binds AclFinding: one finding of an audit.
void BindAclFinding(py::module_& m) {
  py::class_<PyAclFinding> finding(m, "AclFinding", R"doc(
One finding of an audit. kind is "file_signature", "bom", "invalid",
"collision", "lookalike" or "mixed_script"; fields the kind does not use are
None. For collisions and look-alikes the entry is the later one and other_*
the earlier entry it collides with or resembles.)doc");
  finding.def_readonly("kind", &PyAclFinding::kind)
      .def_readonly("index", &PyAclFinding::index)
      .def_readonly("line", &PyAclFinding::line)
      .def_readonly("original", &PyAclFinding::original,
                    "The entry's bytes as written (maybe not UTF-8); for an "
                    "invalid entry at most the first 1,024 of them.")
      .def_readonly("original_size", &PyAclFinding::original_size,
                    "The entry's whole length in bytes: more than "
                    "len(original) when it was cut.")
      .def_readonly("key", &PyAclFinding::key)
      .def_readonly("other_index", &PyAclFinding::other_index)
      .def_readonly("other_line", &PyAclFinding::other_line)
      .def_readonly("other_original", &PyAclFinding::other_original)
      .def_readonly("other_key", &PyAclFinding::other_key)
      .def_readonly("skeleton", &PyAclFinding::skeleton)
      .def_readonly("rejection", &PyAclFinding::rejection)
      .def_readonly("restriction_level", &PyAclFinding::level,
                    "The restriction level of a \"mixed_script\" finding, "
                    "else None. level is an alias.")
      .def("__repr__", [](const PyAclFinding& f) {
        return "AclFinding(kind=" + std::string(py::repr(py::str(f.kind))) +
               ", index=" + std::to_string(f.index) +
               ", line=" + std::to_string(f.line) +
               ", original=" + std::string(py::repr(f.original)) + ")";
      });
  Alias(finding, "level", "restriction_level");
}

// Binds AclAudit: an audit's result.
void BindAclAudit(py::module_& m) {
  py::class_<PyAclAudit>(m, "AclAudit", "An audit's result.")
      .def_readonly("profile", &PyAclAudit::profile)
      .def_readonly("entries", &PyAclAudit::entries, "All entries.")
      .def_readonly("valid_entries", &PyAclAudit::valid_entries)
      .def_readonly("icu_version", &PyAclAudit::icu_version)
      .def_readonly("unicode_version", &PyAclAudit::unicode_version)
      .def_readonly("findings", &PyAclAudit::findings,
                    "The findings (AclFinding): the file signature, then "
                    "per entry in list order.")
      .def("__repr__", [](const PyAclAudit& a) {
        return "<u8guard.AclAudit " + std::to_string(a.entries) + " entries, " +
               std::to_string(a.findings.size()) + " findings>";
      });
}

}  // namespace

// audit_file: an ACL file audited in bounded memory (AuditAclFile).
PyAclAudit AuditFile(py::handle profile, py::handle path,
                     const std::string& max_restriction_level,
                     size_t memory_budget, py::handle temp_dir) {
  const std::shared_ptr<const Profile> p = ProfileArgument(profile, "profile");
  const std::string file = PathArgument(path, "path");
  absl::StatusOr<RestrictionLevel> level =
      ParseRestrictionLevel(max_restriction_level);
  if (!level.ok()) ThrowStatus(level.status());
  AclAuditOptions options;
  options.max_restriction_level = *level;
  options.memory_budget = memory_budget;
  if (!temp_dir.is_none())
    options.temp_dir = PathArgument(temp_dir, "temp_dir");
  std::vector<AclFinding> findings;
  absl::StatusOr<AclAudit> audit;
  {
    ReleaseGil release(ReleaseGil::Always{});
    audit = AuditAclFile(*p, file, options,
                         [&](const AclFinding& f) { findings.push_back(f); });
  }
  if (!audit.ok()) ThrowStatus(audit.status());
  PyAclAudit out{audit->profile,         audit->entries,
                 audit->valid_entries,   audit->icu_version,
                 audit->unicode_version, {}};
  out.findings.reserve(findings.size());
  for (const AclFinding& f : findings) out.findings.push_back(ToPython(f));
  return out;
}

void RegisterAcl(py::module_& m) {
  m.def("audit_file", &AuditFile, py::arg("profile"), py::arg("path"),
        py::kw_only(),
        py::arg("max_restriction_level") = "single_script_restrictive",
        py::arg("memory_budget") = 0, py::arg("temp_dir") = py::none(),
        R"doc(
Audits the ACL file at `path` (str, bytes, os.PathLike) under `profile` as
AllowList.load(profile, path).audit(...) does (the same AclAudit, findings
in the same order), in about `memory_budget` bytes of memory for its tables
whatever the file's size (0: 64 MiB): the file is read in pieces, its
entries sorted by key and by look-alike skeleton in temporary files in
`temp_dir` (None: $TMPDIR, else /tmp; nameless, mode 0600, gone when it
returns). OSError when the file or a temporary file cannot be read or
written; ValueError for an unknown level.)doc");
  BindAclEntry(m);
  BindAclInvalidEntry(m);
  BindAclLookup(m);
  BindAclFinding(m);
  BindAclAudit(m);
  BindAcl<AllowList>(m, "AllowList", "grants", R"doc(
An allow list: grants only on exact canonical equality (never on
look-alikes). Immutable; any number of threads may look up at once.)doc",
                     R"doc(grants($self, credential, /)
--

Canonicalizes `credential` once and returns an AclLookup: its match is the
first entry whose key equals the credential's key. A rejected credential
matches nothing; the lookup's rejection says why (nothing is raised).)doc");
  BindAcl<DenyList>(m, "DenyList", "resembles", R"doc(
A deny list, or the registry new names are checked against: finds the entries
a credential looks like (UTS #39 skeletons). Never use it to grant access.
Immutable; any number of threads may look up at once.)doc",
                    R"doc(resembles($self, credential, /)
--

Returns an AclLookup whose match is the first entry (in list order) with the
skeleton of the credential's key. An exact match is also a resemblance. A
rejected credential matches nothing; the lookup's rejection says why.)doc");
}

}  // namespace u8guard::python
