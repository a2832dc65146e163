// SPDX-License-Identifier: Apache-2.0
/* Symbol visibility of u8guard's public API (C and C++).
 *
 * u8guard is compiled with hidden visibility (-fvisibility=hidden): only the
 * declarations marked here are exported by libu8guard.so, and a linker
 * version script (cmake/u8guard.map.in) keeps everything but the u8guard_*
 * C functions and the u8guard:: C++ API out of the dynamic symbol table.
 * For a static library the marks change nothing.
 *
 *   U8GUARD_EXPORT        one declaration (the C API marks each function)
 *   U8GUARD_HIDDEN        a type declared in a public header that is not
 *                         part of the API (e.g. internal::AclStorage)
 *   U8GUARD_BEGIN_EXPORTS everything declared between the two, i.e. the
 *   U8GUARD_END_EXPORTS   whole `namespace u8guard` of each C++ header
 *
 * This header is plain C as well as C++. */

#ifndef U8GUARD_EXPORT_H_
#define U8GUARD_EXPORT_H_

#if defined(__GNUC__) || defined(__clang__)
#define U8GUARD_EXPORT __attribute__((visibility("default")))
#define U8GUARD_HIDDEN __attribute__((visibility("hidden")))
#define U8GUARD_BEGIN_EXPORTS _Pragma("GCC visibility push(default)")
#define U8GUARD_END_EXPORTS _Pragma("GCC visibility pop")
#else
#define U8GUARD_EXPORT
#define U8GUARD_HIDDEN
#define U8GUARD_BEGIN_EXPORTS
#define U8GUARD_END_EXPORTS
#endif

#endif /* U8GUARD_EXPORT_H_ */
