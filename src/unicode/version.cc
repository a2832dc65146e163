// SPDX-License-Identifier: Apache-2.0
// Library, ICU and Unicode versions.

#include "u8guard/version.h"

#include <unicode/uchar.h>
#include <unicode/uversion.h>

#include "u8guard/version_macros.h"

namespace u8guard {
namespace {

std::string Format(const UVersionInfo v) {
  char buf[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(v, buf);
  return buf;
}

}  // namespace

std::string LibraryVersion() { return U8GUARD_VERSION_STRING; }

std::string IcuVersion() {
  UVersionInfo v;
  u_getVersion(v);
  return Format(v);
}

std::string UnicodeVersion() {
  UVersionInfo v;
  u_getUnicodeVersion(v);
  return Format(v);
}

}  // namespace u8guard
