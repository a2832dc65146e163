// SPDX-License-Identifier: Apache-2.0
// u8guard.PathOptions and sanitize_path (path.h); the keyword arguments of
// the path options, shared with beneath_bindings.cc (PathOptionsOf).
//
// PathOptions has the fields of the C++ struct, in its order, with its
// names and its defaults (read from a default-constructed PathOptions,
// never restated here); a field is read from Python by one function below,
// whichever way it is given: PathOptions(...), replace(...), or a keyword
// of sanitize_path, open_beneath_fd, create_beneath_fd or mkdir_beneath.

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "integrations/python/bindings.h"
#include "integrations/python/convert.h"
#include "pybind11/pybind11.h"
#include "u8guard/normalize.h"
#include "u8guard/path.h"

namespace u8guard::python {
namespace {

std::string TypeName(py::handle v) {
  return py::str(v.get_type().attr("__name__"));
}

// `v` as a T, converted as pybind11 converts an argument of type T;
// TypeError naming the field otherwise.
template <typename T>
T Cast(py::handle v, const char* field, const char* type) {
  py::detail::make_caster<T> caster;
  if (!caster.load(v, /*convert=*/true)) {
    throw py::type_error(std::string(field) + " must be " + type + ", not " +
                         TypeName(v));
  }
  return py::detail::cast_op<T>(std::move(caster));
}

// One field of PathOptions: its name, how Python sets it (raising
// TypeError or ValueError, naming the field) and how Python sees it.
struct PathField {
  const char* name;
  void (*set)(PyPathOptions& o, py::handle value, const char* name);
  py::object (*get)(const PyPathOptions& o);
};

// The setter and getter of a bool field.
template <bool PathOptions::*kField>
void SetBool(PyPathOptions& o, py::handle v, const char* name) {
  o.options.*kField = Cast<bool>(v, name, "bool");
}
template <bool PathOptions::*kField>
py::object GetBool(const PyPathOptions& o) {
  return py::bool_(o.options.*kField);
}

// The setter and getter of a size_t field.
template <size_t PathOptions::*kField>
void SetSize(PyPathOptions& o, py::handle v, const char* name) {
  o.options.*kField = Cast<size_t>(v, name, "a non-negative int");
}
template <size_t PathOptions::*kField>
py::object GetSize(const PyPathOptions& o) {
  return py::int_(o.options.*kField);
}

// In the order of the C++ struct (path.h).
const PathField kPathFields[] = {
    {"backslash_is_separator", SetBool<&PathOptions::backslash_is_separator>,
     GetBool<&PathOptions::backslash_is_separator>},
    {"normalization",
     [](PyPathOptions& o, py::handle v, const char* name) {
       o.options.normalization =
           Parsed(ParseNormalizationForm(Cast<std::string>(v, name, "str")));
     },
     [](const PyPathOptions& o) -> py::object {
       return py::str(
           std::string(NormalizationFormName(o.options.normalization)));
     }},
    {"percent_decode", SetBool<&PathOptions::percent_decode>,
     GetBool<&PathOptions::percent_decode>},
    {"dot_dot",
     [](PyPathOptions& o, py::handle v, const char* name) {
       o.options.dot_dot =
           Parsed(ParseDotDotPolicy(Cast<std::string>(v, name, "str")));
     },
     [](const PyPathOptions& o) -> py::object {
       return py::str(std::string(DotDotPolicyName(o.options.dot_dot)));
     }},
    {"leading_separator_is_root",
     SetBool<&PathOptions::leading_separator_is_root>,
     GetBool<&PathOptions::leading_separator_is_root>},
    // str or bytes; SanitizePath judges it (absolute, UTF-8, ...).
    {"root",
     [](PyPathOptions& o, py::handle v, const char* name) {
       const Text text = Text::From(v, name);
       text.RequireEncodable();
       o.options.root = std::string(text.bytes());
     },
     [](const PyPathOptions& o) { return NameObject(o.options.root); }},
    {"allow_hidden", SetBool<&PathOptions::allow_hidden>,
     GetBool<&PathOptions::allow_hidden>},
    {"windows", SetBool<&PathOptions::windows>, GetBool<&PathOptions::windows>},
    {"max_depth", SetSize<&PathOptions::max_depth>,
     GetSize<&PathOptions::max_depth>},
    {"max_length", SetSize<&PathOptions::max_length>,
     GetSize<&PathOptions::max_length>},
    // A Profile or a built-in profile's name; None: the built-in
    // path-segment profile.
    {"segment_profile",
     [](PyPathOptions& o, py::handle v, const char* name) {
       if (v.is_none()) {
         o.segment_profile.reset();
       } else {
         o.segment_profile = ProfileArgument(v, name);
       }
       o.options.segment_profile = o.segment_profile.get();
     },
     [](const PyPathOptions& o) -> py::object {
       if (!o.segment_profile) return py::none();
       return py::cast(PyProfile{o.segment_profile});
     }},
};

const PathField* FindField(std::string_view name) {
  for (const PathField& f : kPathFields) {
    if (name == f.name) return &f;
  }
  return nullptr;
}

const PyPathOptions& Defaults() {
  static const PyPathOptions* defaults = new PyPathOptions();
  return *defaults;
}

// `base` with the fields `changes` names set; TypeError naming `function`
// for a name that is no field.
PyPathOptions With(const PyPathOptions& base, const py::dict& changes,
                   const char* function) {
  PyPathOptions o = base;
  for (const auto& [key, value] : changes) {
    const std::string name = py::str(key);
    const PathField* field = FindField(name);
    if (field == nullptr) {
      throw py::type_error(std::string(function) +
                           "() got an unexpected keyword argument '" + name +
                           "'");
    }
    field->set(o, value, field->name);
  }
  return o;
}

bool Equal(const PyPathOptions& a, const PyPathOptions& b) {
  for (const PathField& f : kPathFields) {
    if (!f.get(a).equal(f.get(b))) return false;
  }
  return true;
}

// "PathOptions(dot_dot='resolve', root='/srv')": the fields that differ
// from the defaults.
std::string Repr(const PyPathOptions& o) {
  std::string out = "PathOptions(";
  bool first = true;
  for (const PathField& f : kPathFields) {
    py::object value = f.get(o);
    if (value.equal(f.get(Defaults()))) continue;
    if (!first) out += ", ";
    first = false;
    out += f.name;
    out += '=';
    out += py::repr(value);
  }
  return out + ")";
}

py::dict State(const PyPathOptions& o) {
  py::dict d;
  for (const PathField& f : kPathFields) d[f.name] = f.get(o);
  return d;
}

// "name(<first>, *, <extra>field=default, ...)\n--\n\n": the signature
// line CPython reads (inspect.signature, help()), with the defaults of
// PathOptions.
std::string Signature(const char* name, const char* first, const char* extra) {
  std::string s = std::string(name) + "(" + first + ", *, " + extra;
  bool comma = false;
  for (const PathField& f : kPathFields) {
    if (comma) s += ", ";
    comma = true;
    s += f.name;
    s += '=';
    s += py::repr(f.get(Defaults()));
  }
  return s + ")\n--\n\n";
}

py::object SanitizePathOf(py::handle path, py::handle options,
                          const py::kwargs& kwargs) {
  const Text text = Text::From(path, "path");
  text.RequireEncodable();
  std::vector<std::pair<std::string, py::handle>> keywords;
  for (const auto& [key, value] : kwargs) {
    keywords.emplace_back(py::str(key), value);
  }
  const PyPathOptions o = PathOptionsOf("sanitize_path", options, keywords);
  thread_local std::string out;
  absl::Status status;
  {
    ReleaseGil release(text.size());
    status = SanitizePathInto(text.bytes(), o.options, out);
  }
  if (!status.ok()) ThrowStatus(status, &text);
  return text.Wrap(out);
}

}  // namespace

bool IsPathOptionField(std::string_view name) {
  return FindField(name) != nullptr;
}

PyPathOptions PathOptionsOf(
    const char* function, py::handle options,
    const std::vector<std::pair<std::string, py::handle>>& keywords) {
  const bool given = !options.is_none();
  if (given && !py::isinstance<PyPathOptions>(options)) {
    throw py::type_error(std::string(function) +
                         "() options must be a u8guard.PathOptions or None, "
                         "not " +
                         TypeName(options));
  }
  const PyPathOptions& base =
      given ? options.cast<const PyPathOptions&>() : Defaults();
  PyPathOptions o = base;
  for (const auto& [name, value] : keywords) {
    const PathField* field = FindField(name);
    if (field == nullptr) {
      throw py::type_error(std::string(function) +
                           "() got an unexpected keyword argument '" + name +
                           "'");
    }
    field->set(o, value, field->name);
    if (!given) continue;
    py::object mine = field->get(o);
    py::object theirs = field->get(base);
    if (!mine.equal(theirs)) {
      throw py::type_error(std::string(function) + "() got options with " +
                           name + "=" + std::string(py::repr(theirs)) +
                           " and the keyword argument " + name + "=" +
                           std::string(py::repr(value)) +
                           ", which conflict: give the option in one of them");
    }
  }
  return o;
}

namespace {

// Binds PathOptions: its constructor and replace() from keywords,
// comparison, hashing, pickling and a read-only property per field.
void BindPathOptions(py::module_& m) {
  py::class_<PyPathOptions> cls(m, "PathOptions", R"doc(
How sanitize_path reads a path: the C++ PathOptions (path.h), field for
field, with its names and defaults. Immutable (replace() makes a changed
copy), comparable, hashable and picklable. sanitize_path(path,
options=...), open_beneath(root, path, options=...) and the other *_beneath
functions take one (open_beneath: root must be ""); their keyword arguments
of the same names still work, and a keyword that contradicts the options
object raises TypeError.

Fields: backslash_is_separator, normalization ("NFC" or "NFKC"),
percent_decode, dot_dot ("reject" or "resolve"), leading_separator_is_root,
root (str; bytes that are not UTF-8 stay bytes), allow_hidden, windows,
max_depth, max_length, segment_profile (a Profile, or None for the built-in
path-segment profile; a name given is looked up at once).)doc");
  const std::string init_doc =
      Signature("__init__", "self", "") +
      "Makes path options: each keyword sets the field of its name, the "
      "others keep PathOptions' defaults. TypeError for an unknown name or a "
      "value of the wrong type, ValueError for an unknown normalization or "
      "dot_dot name, LookupError for an unknown segment_profile name.";
  cls.def(py::init([](const py::kwargs& kwargs) {
            return With(Defaults(), kwargs, "PathOptions");
          }),
          init_doc.c_str())
      .def(
          "replace",
          [](const PyPathOptions& self, const py::kwargs& changes) {
            return With(self, changes, "replace");
          },
          "replace(self, **changes)\n--\n\n"
          "Returns a copy with the fields named by the keywords changed, "
          "e.g. options.replace(dot_dot=\"resolve\"). Errors as "
          "PathOptions().")
      .def("__eq__",
           [](const PyPathOptions& a, py::handle b) {
             return py::isinstance<PyPathOptions>(b) &&
                    Equal(a, b.cast<const PyPathOptions&>());
           })
      .def("__hash__",
           [](const PyPathOptions& self) {
             py::list values;
             for (const PathField& f : kPathFields) values.append(f.get(self));
             return py::hash(py::tuple(values));
           })
      .def("__repr__", &Repr)
      .def(py::pickle(&State, [](const py::dict& state) {
        return With(Defaults(), state, "PathOptions");
      }));
  for (const PathField& f : kPathFields) {
    cls.def_property_readonly(f.name, f.get);
  }
}

// Binds sanitize_path.
void DefSanitizePath(py::module_& m) {
  const std::string sanitize_doc =
      Signature("sanitize_path", "path", "options=None, ") +
      R"doc(Returns `path` as a normalized relative path that cannot leave its root
(str in, str out; bytes in, bytes out): decoded strictly, split on "/",
percent-decoded once per segment when asked, every segment canonicalized by
the path-segment profile (or segment_profile) and checked again after
normalization. "." and empty segments are dropped; ".." is rejected
(dot_dot="reject") or resolved lexically ("resolve"); with root, the result
is root + "/" + the relative path. The options are a PathOptions (options=)
or keyword arguments of its field names, or both when they agree (TypeError
when a keyword contradicts options). Raises u8guard.Rejected (offset into
the raw path; for percent-decoded bytes the offset of their '%') or
ValueError for bad options.)doc";
  m.def("sanitize_path", &SanitizePathOf, py::arg("path"), py::kw_only(),
        py::arg("options") = py::none(), sanitize_doc.c_str());
}

}  // namespace

void RegisterPath(py::module_& m) {
  // The signature lines are written in the docstrings (Signature), with the
  // defaults of PathOptions; pybind11's own would show **kwargs.
  py::options signatures;
  signatures.disable_function_signatures();
  BindPathOptions(m);
  DefSanitizePath(m);
}

}  // namespace u8guard::python
