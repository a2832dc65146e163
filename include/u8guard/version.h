// Versions of u8guard and of the Unicode data it uses.

#ifndef U8GUARD_VERSION_H_
#define U8GUARD_VERSION_H_

#include <string>

namespace u8guard {

// The library's version, e.g. "0.1.0".
std::string LibraryVersion();

// The version of the ICU library linked at run time, e.g. "72.1".
std::string IcuVersion();

// The Unicode version of that ICU's data, e.g. "15.0". Every Unicode property
// and normalization u8guard uses comes from this one version.
std::string UnicodeVersion();

}  // namespace u8guard

#endif  // U8GUARD_VERSION_H_
