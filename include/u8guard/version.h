// SPDX-License-Identifier: Apache-2.0
// Versions of u8guard and of the Unicode data it uses.
//
// The version macros U8GUARD_VERSION_MAJOR, _MINOR, _PATCH, _STRING and
// U8GUARD_ABI_VERSION (u8guard/version_macros.h) say which headers a program
// was compiled with; these functions say which library it runs with.

#ifndef U8GUARD_VERSION_H_
#define U8GUARD_VERSION_H_

#include <string>

#include "u8guard/export.h"
#include "u8guard/version_macros.h"  // IWYU pragma: export

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// The version of the library linked at run time, e.g. "0.1.0": the
// U8GUARD_VERSION_STRING it was built with (from project(VERSION) in
// CMakeLists.txt, the one place the version is written).
std::string LibraryVersion();

// The version of the ICU library linked at run time, e.g. "72.1".
std::string IcuVersion();

// The Unicode version of that ICU's data, e.g. "15.0". Every Unicode property
// and normalization u8guard uses comes from this one version.
std::string UnicodeVersion();

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_VERSION_H_
