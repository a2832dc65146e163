// SPDX-License-Identifier: Apache-2.0
// The `u8guard._u8guard` extension module: the u8guard C++ library for
// Python. u8guard/__init__.py re-exports it; u8guard/_u8guard.pyi types it.
//
// A thin shell over the public headers (include/u8guard/*.h): argument and
// result conversions (convert.h), nothing about text decided here.

#include <string>
#include <vector>

#include "integrations/python/bindings.h"
#include "integrations/python/convert.h"
#include "pybind11/pybind11.h"
#include "pybind11/stl.h"
#include "u8guard/display.h"
#include "u8guard/rule.h"
#include "u8guard/secret.h"
#include "u8guard/skeleton.h"
#include "u8guard/utf8.h"
#include "u8guard/version.h"

namespace u8guard::python {
namespace {

// A Utf8Result with the message CheckUtf8 would give for it.
struct PyUtf8Result {
  Utf8Result result;
  std::string message;  // "" when valid
};

PyUtf8Result Validate(py::handle data) {
  if (py::isinstance<py::str>(data)) {
    throw py::type_error(
        "validate_utf8() takes bytes; a str is already decoded (use "
        "s.encode() to check its encoding, or a Profile to check its "
        "content)");
  }
  const Text bytes = Text::From(data, "data");
  PyUtf8Result out;
  {
    ReleaseGil release(bytes.size());
    out.result = ValidateUtf8(bytes.bytes());
  }
  if (!out.result.ok())
    out.message = DescribeUtf8Error(bytes.bytes(), out.result);
  return out;
}

// The versions of the library, ICU and Unicode, and the UTF-8 kernel.
void DefVersions(py::module_& m) {
  m.def("library_version", &LibraryVersion,
        "Returns u8guard's version, e.g. \"0.1.0\".");
  m.def("icu_version", &IcuVersion,
        "Returns the version of the ICU library in use, e.g. \"72.1\".");
  m.def("unicode_version", &UnicodeVersion,
        "Returns the Unicode version of ICU's data, e.g. \"15.0\": every "
        "Unicode property u8guard uses comes from it (not from Python's "
        "unicodedata).");
  m.def("build_tables", &BuildTables, py::call_guard<py::gil_scoped_release>(),
        "Builds now the tables u8guard otherwise builds when the process "
        "first needs them or after a few thousand calls (about a quarter "
        "of a second), so that no later call waits for one: for a service "
        "before it takes requests. Results never depend on it.");
  m.def(
      "utf8_kernel",
      []() { return std::string(Utf8KernelName(ActiveUtf8Kernel())); },
      "Returns the UTF-8 validation kernel this CPU runs: \"scalar\", "
      "\"sse42\", \"avx2\", \"avx512\" or \"avx512vbmi\".");
}

// The rules a Rejected names: their ids and descriptions.
void DefRules(py::module_& m) {
  m.def(
      "rule_ids",
      []() {
        std::vector<std::string> ids;
        for (Rule r : AllRules()) ids.emplace_back(RuleId(r));
        return ids;
      },
      "Returns the stable id of every rule (Rejected.rule), in the order "
      "of their stable values (Rejected.rule_value) 1, 2, ...");
  m.def(
      "rule_description",
      [](const std::string& id) {
        const std::optional<Rule> rule = RuleFromId(id);
        if (!rule) throw py::value_error("no rule \"" + id + "\"");
        return std::string(RuleDescription(*rule));
      },
      py::arg("rule"),
      "Returns a short English description of the rule with this id, e.g. "
      "\"overlong encoding\" for \"utf8/overlong\". ValueError for an "
      "unknown id.");
}

// validate_utf8 and its Utf8Result.
void DefValidateUtf8(py::module_& m) {
  py::class_<PyUtf8Result>(m, "Utf8Result", R"doc(
The outcome of validate_utf8(): true when the input is valid UTF-8.)doc")
      .def_property_readonly(
          "ok", [](const PyUtf8Result& r) { return r.result.ok(); },
          "True when the whole input is valid UTF-8.")
      .def_property_readonly(
          "offset", [](const PyUtf8Result& r) { return r.result.valid_up_to; },
          "Byte offset of the first error; len(data) when valid. "
          "data[:offset] is always valid UTF-8.")
      .def_property_readonly(
          "valid_up_to",
          [](const PyUtf8Result& r) { return r.result.valid_up_to; },
          "The same as offset (the name Rust and the C++ API use).")
      .def_property_readonly(
          "kind",
          [](const PyUtf8Result& r) {
            return std::string(Utf8ErrorKindId(r.result.kind));
          },
          "\"none\" when valid, else the error's kind: \"invalid_byte\", "
          "\"unexpected_continuation\", \"missing_continuation\", "
          "\"truncated\", \"overlong\", \"surrogate\" or \"above_max\".")
      .def_property_readonly(
          "error_len", [](const PyUtf8Result& r) { return r.result.error_len; },
          "Length (1..3) of the maximal ill-formed subpart at offset "
          "(Unicode §3.9); 0 when valid or when the input ends inside a "
          "sequence (kind \"truncated\"), like Rust's error_len() None.")
      .def_property_readonly(
          "rule",
          [](const PyUtf8Result& r) -> py::object {
            if (r.result.ok()) return py::none();
            return py::str(std::string(RuleId(Utf8ErrorRule(r.result.kind))));
          },
          "The rule id (\"utf8/overlong\", ...), or None when valid.")
      .def_readonly("message", &PyUtf8Result::message,
                    "e.g. \"invalid UTF-8 at byte 1: overlong encoding (C0 "
                    "AE)\"; \"\" when valid.")
      .def("__bool__", [](const PyUtf8Result& r) { return r.result.ok(); })
      .def("__eq__",
           [](const PyUtf8Result& a, py::object b) {
             return py::isinstance<PyUtf8Result>(b) &&
                    a.result == b.cast<const PyUtf8Result&>().result;
           })
      .def("__repr__", [](const PyUtf8Result& r) {
        return "Utf8Result(offset=" + std::to_string(r.result.valid_up_to) +
               ", kind='" + std::string(Utf8ErrorKindId(r.result.kind)) +
               "', error_len=" + std::to_string(r.result.error_len) + ")";
      });

  m.def("validate_utf8", &Validate, py::arg("data"), R"doc(
Validates bytes as strict UTF-8 (RFC 3629 §4: no overlongs, surrogates,
values above U+10FFFF, stray or missing continuation bytes) and returns a
Utf8Result naming the first error. Accepts bytes or another bytes-like
object; a str raises TypeError.)doc");
}

// The functions on any text: constant_time_equals, escape_for_display.
void DefTextFunctions(py::module_& m) {
  m.def(
      "constant_time_equals",
      [](py::handle a, py::handle b) {
        const Text ta = Text::From(a, "a");
        const Text tb = Text::From(b, "b");
        ta.RequireEncodable();
        tb.RequireEncodable();
        return ConstantTimeEquals(ta.bytes(), tb.bytes());
      },
      py::arg("a"), py::arg("b"), R"doc(
True when a and b hold the same bytes (a str is compared as its UTF-8
encoding), in time that depends on the lengths only, never on the content.
For canonical keys of secrets; the length may leak.)doc");

  m.def(
      "escape_for_display",
      [](py::handle s) {
        const Text text = Text::From(s, "s");
        text.RequireEncodable();
        return EscapeForDisplay(text.bytes());
      },
      py::arg("s"), R"doc(
Returns `s` (str or bytes) as a str safe to print in a terminal or a log:
invisible and cursor-moving code points as \u{XXXX}, bytes that are not
UTF-8 as \xHH, a backslash as \\. Never use it for matching.)doc");
}

}  // namespace

void RegisterModule(py::module_& m) {
  m.doc() =
      "The u8guard C++ library (strict UTF-8, PRECIS profiles, ACLs, "
      "registration, path sanitization). Import it as `u8guard`.";
  SetRejectedClass(py::module_::import("u8guard._rejected").attr("Rejected"));
  m.attr("__version__") = LibraryVersion();
  m.attr("GIL_RELEASE_MIN_BYTES") = kReleaseGilMinBytes;

  DefVersions(m);
  DefRules(m);
  DefValidateUtf8(m);
  DefTextFunctions(m);

  RegisterProfile(m);
  RegisterLookalike(m);
  RegisterPath(m);
  RegisterAcl(m);
  RegisterBeneath(m);
  RegisterRegistration(m);
  RegisterUpgrade(m);
}

}  // namespace u8guard::python

PYBIND11_MODULE(_u8guard, m) { u8guard::python::RegisterModule(m); }
