// SPDX-License-Identifier: Apache-2.0
// u8guard.Profile.lookalike_keys and bidi_skeleton: the look-alike keys and
// the bidi skeleton of a string under a profile (skeleton.h), added to the
// Profile class that profile_bindings.cc defines.

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "integrations/python/bindings.h"
#include "integrations/python/convert.h"
#include "pybind11/pybind11.h"
#include "u8guard/profile.h"
#include "u8guard/skeleton.h"

namespace u8guard::python {
namespace {

// Returns the look-alike keys of `s` under the profile as a list of the
// input's type (str in, str out; bytes in, bytes out). Raises
// u8guard.Rejected (index into `s`) when the profile rejects `s`.
py::list LookalikeKeys(const PyProfile& self, py::handle s) {
  const Text text = Text::From(s, "s");
  text.RequireEncodable();
  absl::StatusOr<std::vector<std::string>> keys;
  {
    ReleaseGil release(text.size());
    keys = LookalikeSkeletons(*self.profile, text.bytes());
  }
  if (!keys.ok()) ThrowStatus(keys.status(), &text);
  py::list out;
  for (const std::string& key : *keys) out.append(text.Wrap(key));
  return out;
}

// Returns the skeleton of `s`'s key read in `order` ("logical", "ltr",
// "rtl") as the input's type. ValueError for another order; raises
// u8guard.Rejected when the profile rejects `s`.
py::object BidiSkeletonOf(const PyProfile& self, py::handle s,
                          const std::string& order) {
  absl::StatusOr<SkeletonOrder> o = ParseSkeletonOrder(order);
  if (!o.ok()) ThrowStatus(o.status());
  const Text text = Text::From(s, "s");
  text.RequireEncodable();
  absl::StatusOr<std::string> out;
  {
    ReleaseGil release(text.size());
    out = BidiSkeleton(*self.profile, *o, text.bytes());
  }
  if (!out.ok()) ThrowStatus(out.status(), &text);
  return text.Wrap(*out);
}

}  // namespace

void RegisterLookalike(py::module_& m) {
  auto cls = py::reinterpret_borrow<py::class_<PyProfile>>(m.attr("Profile"));
  cls.def("lookalike_keys", &LookalikeKeys, py::arg("s"), R"doc(
Returns the look-alike keys of `s`: the UTS #39 skeleton of its comparison
key, then the folded skeleton of the key in capitals when it differs (1 to
3 keys, the key's skeleton first; str in, list of str out; bytes in, list
of bytes out). They depend on the key alone, so every spelling of one
account ("R00T", "r00t", "R00t") gets the same ones. Two names look alike,
as DenyList and AclAudit decide it, exactly when they share a key: a table
holding every key of every name at most once (a unique index over one row
per key) refuses "paypaI" (capital i) beside "paypal", which the skeleton
alone misses. For comparison only, never a key, never grants access.
Raises u8guard.Rejected when the profile rejects `s`.)doc");
  cls.def("bidi_skeleton", &BidiSkeletonOf, py::arg("s"), py::arg("order"),
          R"doc(
Returns the skeleton of `s`'s comparison key read in `order`: "ltr" or
"rtl", UTS #39's bidi skeleton (the key as shown on one line of a
left-to-right or right-to-left paragraph: reordered by the Unicode
Bidirectional Algorithm, right-to-left characters mirrored, then its
skeleton; equal to ICU 74's uspoof_getBidiSkeleton); "logical", the same as
skeleton(). Hebrew "א1" and "1א" have one "ltr" skeleton: a
left-to-right page shows both as "1א". str in, str out; bytes in, bytes
out. ValueError for another order; raises u8guard.Rejected when the profile
rejects `s`.)doc");
}

}  // namespace u8guard::python
