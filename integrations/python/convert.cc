// SPDX-License-Identifier: Apache-2.0
// Conversions between Python objects and the u8guard C++ API.

#include "integrations/python/convert.h"

#include <Python.h>

#include <cerrno>
#include <string>
#include <utility>

#include "u8guard/open_beneath.h"
#include "u8guard/rule.h"
#include "u8guard/utf8.h"

namespace u8guard::python {
namespace {

// The u8guard.Rejected class (u8guard/_rejected.py). Deliberately leaked:
// it must outlive every call, and no destructor may run after the
// interpreter is finalized.
py::object* rejected_class = nullptr;

}  // namespace

void SetRejectedClass(py::object cls) {
  rejected_class = new py::object(std::move(cls));
}

const char* RejectionSourceName(RejectionSource source) {
  switch (source) {
    case RejectionSource::kUtf8:
      return "utf8";
    case RejectionSource::kBom:
      return "bom";
    case RejectionSource::kProfile:
      return "profile";
    case RejectionSource::kPath:
      return "path";
    case RejectionSource::kEncoder:
      return "encoder";
    case RejectionSource::kOpen:
      return "open";
  }
  return "unknown";
}

Text Text::From(py::handle obj, const char* what) {
  Text t;
  t.owner_ = py::reinterpret_borrow<py::object>(obj);
  if (PyUnicode_Check(obj.ptr())) {
    t.is_str_ = true;
    t.str_length_ = static_cast<size_t>(PyUnicode_GET_LENGTH(obj.ptr()));
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(obj.ptr(), &size);
    if (data != nullptr) {
      t.view_ = std::string_view(data, static_cast<size_t>(size));
      return t;
    }
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) {
      throw py::error_already_set();
    }
    PyErr_Clear();
    // A lone surrogate: remember where, and keep the UTF-8 of what precedes
    // it (every code point before the first surrogate is encodable).
    const int kind = PyUnicode_KIND(obj.ptr());
    const void* chars = PyUnicode_DATA(obj.ptr());
    size_t i = 0;
    while (i < t.str_length_) {
      const Py_UCS4 cp = PyUnicode_READ(kind, chars, i);
      if (cp >= 0xD800 && cp <= 0xDFFF) break;
      ++i;
    }
    t.surrogate_index_ = i;
    t.surrogate_ = static_cast<char32_t>(PyUnicode_READ(kind, chars, i));
    py::object prefix = py::reinterpret_steal<py::object>(
        PyUnicode_Substring(obj.ptr(), 0, static_cast<Py_ssize_t>(i)));
    if (!prefix) throw py::error_already_set();
    data = PyUnicode_AsUTF8AndSize(prefix.ptr(), &size);
    if (data == nullptr) throw py::error_already_set();
    t.copy_.assign(data, static_cast<size_t>(size));
    t.copied_ = true;
    return t;
  }
  if (PyBytes_Check(obj.ptr())) {
    t.view_ =
        std::string_view(PyBytes_AS_STRING(obj.ptr()),
                         static_cast<size_t>(PyBytes_GET_SIZE(obj.ptr())));
    return t;
  }
  if (PyObject_CheckBuffer(obj.ptr())) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj.ptr(), &view, PyBUF_SIMPLE) != 0) {
      throw py::error_already_set();
    }
    t.copy_.assign(static_cast<const char*>(view.buf),
                   static_cast<size_t>(view.len));
    PyBuffer_Release(&view);
    t.copied_ = true;
    return t;
  }
  throw py::type_error(std::string(what) + " must be str or bytes, not " +
                       std::string(py::str(obj.get_type().attr("__name__"))));
}

py::object Text::EncodeRejection() const {
  // The encoder's Rejection numbers code points: its message reads "cannot
  // encode code point INDEX (U+D800) as UTF-8: ...".
  Rejection r;
  r.offset = *surrogate_index_;
  r.code_point = surrogate_;
  r.rule = Rule::kUtf8Surrogate;
  r.source = RejectionSource::kEncoder;
  py::object e = MakeRejected(r, nullptr);
  e.attr("offset") = size();
  e.attr("index") = *surrogate_index_;
  return e;
}

void Text::RequireEncodable() const {
  if (!encodable()) ThrowObject(EncodeRejection());
}

size_t Text::IndexOf(size_t offset) const {
  if (!is_str_) return offset;
  const std::string_view utf8 = bytes();
  if (offset >= utf8.size()) return str_length_;
  if (utf8.size() == str_length_) return offset;  // ASCII
  // Code points that start at or before `offset`, less the one containing it.
  size_t starts = 0;
  for (size_t i = 0; i <= offset; ++i) {
    starts += (static_cast<unsigned char>(utf8[i]) & 0xC0) != 0x80;
  }
  return starts - 1;
}

py::object Text::Wrap(std::string_view utf8) const {
  if (is_str_) return py::str(utf8.data(), utf8.size());
  return py::bytes(utf8.data(), utf8.size());
}

py::object NameObject(const std::string& name) {
  if (IsValidUtf8(name)) return py::str(name);
  return py::bytes(name);
}

std::string PathArgument(py::handle s, const char* what) {
  if (!PyUnicode_Check(s.ptr()) && !PyBytes_Check(s.ptr()) &&
      !PyObject_HasAttrString(s.ptr(), "__fspath__")) {
    throw py::type_error(std::string(what) +
                         " must be str, bytes or os.PathLike, not " +
                         std::string(py::str(s.get_type().attr("__name__"))));
  }
  py::bytes encoded = py::module_::import("os").attr("fsencode")(s);
  return std::string(encoded);
}

py::object MakeRejected(const Rejection& r, const Text* input) {
  using py::literals::operator""_a;
  py::object code_point = py::none();
  if (r.code_point) code_point = py::int_(static_cast<uint32_t>(*r.code_point));
  py::object profile = py::none();
  if (!r.profile.empty()) profile = py::str(r.profile);
  const std::string message = RejectionMessage(r);
  return (*rejected_class)(
      py::str(message), "rule"_a = std::string(r.rule_id()),
      "rule_value"_a = static_cast<int>(r.rule), "offset"_a = r.offset,
      "index"_a = input != nullptr ? input->IndexOf(r.offset) : r.offset,
      "code_point"_a = code_point, "source"_a = RejectionSourceName(r.source),
      "profile"_a = profile, "detail"_a = r.detail,
      "bad_bytes"_a = py::bytes(r.bytes));
}

void ThrowObject(const py::object& exception) {
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exception.ptr())),
                  exception.ptr());
  throw py::error_already_set();
}

void ThrowStatus(const absl::Status& status, const Text* input,
                 StatusContext context) {
  if (std::optional<Rejection> r = GetRejection(status)) {
    ThrowObject(MakeRejected(*r, input));
  }
  const std::string message(status.message());
  const bool file = context == StatusContext::kFile;
  auto os_error = [&](int errnum) -> PyObject* {
    // OSError(errno, message) picks the subclass (FileNotFoundError, ...).
    return PyObject_CallFunction(PyExc_OSError, "is", errnum, message.c_str());
  };
  PyObject* e = nullptr;
  if (const std::optional<int> system_error = SystemErrno(status)) {
    // A failed system call beneath a root: the OSError of its own errno
    // (FileNotFoundError, NotADirectoryError, FileExistsError, ...).
    e = os_error(*system_error);
    if (e == nullptr) throw py::error_already_set();
    ThrowObject(py::reinterpret_steal<py::object>(e));
  }
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kOutOfRange:
      throw py::value_error(message);
    case absl::StatusCode::kNotFound:
      if (!file) {
        PyErr_SetString(PyExc_LookupError, message.c_str());
        throw py::error_already_set();
      }
      e = os_error(ENOENT);
      break;
    case absl::StatusCode::kPermissionDenied:
      e = os_error(EACCES);
      break;
    case absl::StatusCode::kResourceExhausted:
      // A file over its size bound is the file's failure; in memory, a
      // limit such as an index's 4 GiB of keys.
      PyErr_SetString(file ? PyExc_OSError : PyExc_MemoryError,
                      message.c_str());
      throw py::error_already_set();
    default:
      if (!file) throw std::runtime_error(message);
      PyErr_SetString(PyExc_OSError, message.c_str());
      throw py::error_already_set();
  }
  if (e == nullptr) throw py::error_already_set();
  ThrowObject(py::reinterpret_steal<py::object>(e));
}

}  // namespace u8guard::python
