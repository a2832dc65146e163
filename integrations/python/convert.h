// SPDX-License-Identifier: Apache-2.0
// Conversions between Python objects and the u8guard C++ API, shared by the
// binding files of the `u8guard._u8guard` extension module: text arguments
// (str or bytes), results in the caller's type, rejections as
// u8guard.Rejected, other statuses as Python's built-in exceptions, and the
// rule for releasing the GIL.
//
// The module is a shell over the public headers (include/u8guard/*.h): it
// converts, it decides nothing about text.

#ifndef U8GUARD_INTEGRATIONS_PYTHON_CONVERT_H_
#define U8GUARD_INTEGRATIONS_PYTHON_CONVERT_H_

#include <cstddef>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "pybind11/pybind11.h"
#include "u8guard/rejection.h"

namespace u8guard::python {

namespace py = ::pybind11;

// Calls whose input is at least this many bytes release the GIL while the
// C++ library works; shorter ones keep it. A GIL hand-over costs more than
// canonicalizing a short name (docs/python.md, "Threads and the GIL"), and
// a thread that gives the GIL up must wait for it again behind any thread
// running Python code, so releasing around a 50 ns call only slows both.
// Calls that read files, build or audit ACLs always release it.
inline constexpr size_t kReleaseGilMinBytes = 2048;

// Releases the GIL for its scope when `bytes` >= kReleaseGilMinBytes (or
// always, with the second constructor). Python objects must not be touched
// inside the scope.
class ReleaseGil {
 public:
  explicit ReleaseGil(size_t bytes) {
    if (bytes >= kReleaseGilMinBytes) release_.emplace();
  }
  struct Always {};
  explicit ReleaseGil(Always) { release_.emplace(); }

 private:
  std::optional<py::gil_scoped_release> release_;
};

// A text argument as the C++ API takes it: UTF-8 bytes.
//
//   str       its UTF-8 form, read in place (CPython caches it in the str
//             object, which is immutable and which this object keeps
//             alive). A str holding a lone surrogate has no UTF-8 form: it
//             is never encoded with "surrogatepass"; encodable() is false.
//   bytes     read in place (immutable, kept alive).
//   other bytes-like objects (bytearray, memoryview, ...): copied, since
//             they may change while the GIL is released.
//
// Anything else raises TypeError naming `what`.
class Text {
 public:
  static Text From(py::handle obj, const char* what);

  // The UTF-8 bytes (for an unencodable str: the part before the surrogate).
  std::string_view bytes() const {
    return copied_ ? std::string_view(copy_) : view_;
  }
  size_t size() const { return bytes().size(); }
  bool is_str() const { return is_str_; }
  // False for a str with a lone surrogate.
  bool encodable() const { return !surrogate_index_.has_value(); }

  // The u8guard.Rejected for an unencodable str: rule utf8/surrogate, source
  // "encoder", offset = UTF-8 bytes before the surrogate, index = its index.
  py::object EncodeRejection() const;
  // Raises EncodeRejection() when !encodable().
  void RequireEncodable() const;

  // Index into the Python object of the code point (str) or byte (bytes)
  // that contains byte `offset` of bytes(); len(object) for offset ==
  // size().
  size_t IndexOf(size_t offset) const;

  // `utf8` (valid UTF-8 produced by the library) as a str when the input
  // was a str, else as bytes.
  py::object Wrap(std::string_view utf8) const;

 private:
  py::object owner_;       // keeps the str or bytes alive
  std::string copy_;       // bytes that are not read in place
  bool copied_ = false;    // bytes() is copy_ (which moves with the object)
  std::string_view view_;  // else: bytes inside owner_
  bool is_str_ = false;
  size_t str_length_ = 0;  // len() of a str
  std::optional<size_t> surrogate_index_;
  char32_t surrogate_ = 0;
};

// A name as Python shows it: str when it is valid UTF-8, else bytes (a
// stored name may be any bytes).
py::object NameObject(const std::string& name);

// `s` (a file system path: str, bytes or os.PathLike) as bytes for the C++
// file APIs (os.fsencode). Raises TypeError otherwise.
std::string PathArgument(py::handle s, const char* what);

// The u8guard.Rejected exception object (not raised) for `r`. Its offset is
// r.offset and its index input->IndexOf(r.offset) (r.offset without input).
py::object MakeRejected(const Rejection& r, const Text* input);

// What kind of operation a status comes from, to pick the Python exception
// for statuses that carry no Rejection.
enum class StatusContext {
  kInput,  // NotFound is a missing name: LookupError
  kFile,   // NotFound, PermissionDenied and other I/O codes: OSError
};

// Raises the Python exception for a failed `status`: u8guard.Rejected when
// it carries a Rejection (offsets mapped through `input` when given), the
// OSError of its errno when it carries one (SystemErrno), else by code:
// InvalidArgument/OutOfRange ValueError, NotFound LookupError or
// FileNotFoundError, PermissionDenied PermissionError, ResourceExhausted
// OSError (kFile: a file over its size bound) or MemoryError, other I/O
// codes OSError (kFile), RuntimeError otherwise.
[[noreturn]] void ThrowStatus(const absl::Status& status,
                              const Text* input = nullptr,
                              StatusContext context = StatusContext::kInput);

// Returns the value a name parser (ParseSymlinkPolicy...) read, or raises
// its InvalidArgument as ValueError (ThrowStatus).
template <typename T>
T Parsed(const absl::StatusOr<T>& value) {
  if (!value.ok()) ThrowStatus(value.status());
  return *value;
}

// Runs `body` (returning a py::object) for a method bound as a plain CPython
// function (DefMethod1, DefMethod2): returns its result, or nullptr with the
// Python error set for a C++ exception, as pybind11's dispatcher would.
template <typename F>
PyObject* CatchAll(F&& body) noexcept {
  try {
    return body().release().ptr();
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (py::builtin_exception& e) {
    e.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  }
  return nullptr;
}

// Binds F(self, arg) as cls.NAME(arg), a method taking one positional
// argument, as a plain CPython method (METH_O) instead of through
// pybind11's dispatcher: the dispatcher costs about 55 ns a call, more than
// canonicalizing a short ASCII name. `doc` starts with the signature line
// CPython reads, e.g. "canonicalize($self, s, /)\n--\n\n...".
template <typename T, py::object (*F)(const T&, py::handle)>
void DefMethod1(py::class_<T>& cls, const char* name, const char* doc) {
  auto* def = new PyMethodDef{
      // lives as long as the class
      name,
      [](PyObject* self, PyObject* arg) -> PyObject* {
        return CatchAll([&] {
          return F(*py::handle(self).cast<const T*>(), py::handle(arg));
        });
      },
      METH_O, doc};
  cls.attr(name) = py::reinterpret_steal<py::object>(
      PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), def));
}

// As DefMethod1 for F(self, a, b): cls.NAME(a, b), two positional arguments
// (METH_FASTCALL).
template <typename T, py::object (*F)(const T&, py::handle, py::handle)>
void DefMethod2(py::class_<T>& cls, const char* name, const char* doc) {
  static const char* method_name;  // one (T, F) is bound once
  method_name = name;
  auto* def = new PyMethodDef{
      name,
      reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(
          +[](PyObject* self, PyObject* const* args,
              Py_ssize_t nargs) -> PyObject* {
            return CatchAll([&] {
              if (nargs != 2) {
                throw py::type_error(std::string(method_name) +
                                     "() takes exactly 2 arguments (" +
                                     std::to_string(nargs) + " given)");
              }
              return F(*py::handle(self).cast<const T*>(), py::handle(args[0]),
                       py::handle(args[1]));
            });
          })),
      METH_FASTCALL, doc};
  cls.attr(name) = py::reinterpret_steal<py::object>(
      PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(cls.ptr()), def));
}

// Raises `exception` (an exception instance) as a Python error.
[[noreturn]] void ThrowObject(const py::object& exception);

// The module's u8guard.Rejected class; set once when the module loads.
void SetRejectedClass(py::object cls);

// Returns RejectionSource's Python name: "utf8", "bom", "profile", "path",
// "encoder" or "open".
const char* RejectionSourceName(RejectionSource source);

}  // namespace u8guard::python

#endif  // U8GUARD_INTEGRATIONS_PYTHON_CONVERT_H_
