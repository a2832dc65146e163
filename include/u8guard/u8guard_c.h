// SPDX-License-Identifier: Apache-2.0
/* The C interface of u8guard: strict UTF-8 validation, PRECIS profiles,
 * allow and deny lists, path sanitization and secrets, for C programs and
 * for every language's foreign-function interface.
 *
 * Plain C11 (also valid C++ of any version); every name starts with
 * u8guard_ or U8GUARD_. Link with -lu8guard (pkg-config u8guard, or the CMake
 * target u8guard::u8guard). The C++ API (the other headers) offers the same
 * functions; this interface is a thin layer over it and returns the same
 * results.
 *
 * CONVENTIONS
 *
 * Input. Untrusted text is passed as a pointer and a length in bytes: it
 * need not be NUL-terminated and may contain NUL bytes, which are checked
 * like any other byte. A NULL pointer is accepted with length 0 (the empty
 * string) and is an error with any other length. Names, file paths and the
 * path sanitizer's root are NUL-terminated strings.
 *
 * Status. Functions that can fail return a u8guard_status: U8GUARD_OK on
 * success. Most take a last argument `u8guard_error *error`, which may be
 * NULL; when it is not, it is always written: on success its status is
 * U8GUARD_OK and its message empty; on failure it holds the status, for a
 * rejected input the rule, offset and code point, and a message.
 *
 * Output buffers. Functions that produce text write it into the caller's
 * buffer `out` of `out_capacity` bytes and store its length in `*out_len`
 * (which must not be NULL), as ICU does:
 *   - U8GUARD_OK: out[0 .. *out_len) holds the result, followed by a NUL
 *     when out_capacity > *out_len;
 *   - U8GUARD_BUFFER_TOO_SMALL: *out_len is the length needed (without a
 *     NUL); nothing but an empty string is written. Call again with a
 *     buffer of at least that size: pass out = NULL and out_capacity = 0 to
 *     ask for the length alone (pre-flighting);
 *   - any other status: *out_len is 0.
 * On every status other than U8GUARD_OK, out[0] is set to NUL when
 * out_capacity > 0: a failed call never leaves a partial result behind.
 *
 * Ownership. Every object returned through an `**out` argument belongs to
 * the caller, who releases it with the matching _free function; _free(NULL)
 * does nothing. On failure *out is set to NULL. Pointers found in results
 * (u8guard_acl_match, u8guard_acl_finding) point into the object they came
 * from and stay valid until it is freed. Strings returned by
 * u8guard_version(), u8guard_rule_id() and the other name functions are
 * static: never free them.
 *
 * Thread safety. Every function may be called from any thread. Profiles,
 * allow lists, deny lists and audits are immutable once created: any number
 * of threads may use one at once without locking. A stream validator and a
 * u8guard_error must be used by one thread at a time.
 *
 * Failures. No C++ exception ever leaves this interface: running out of
 * memory is U8GUARD_OUT_OF_MEMORY, any other unexpected failure
 * U8GUARD_INTERNAL. A NULL argument that is not allowed is
 * U8GUARD_INVALID_ARGUMENT (the functions that return an int or nothing say
 * what they do instead).
 *
 * Stability. The values of U8GUARD_RULE_*, U8GUARD_SOURCE_*, the status
 * codes and the other constants never change; new ones are appended. See
 * docs/c-api.md, "ABI policy". */

#ifndef U8GUARD_U8GUARD_C_H_
#define U8GUARD_U8GUARD_C_H_

/* One header per area, each usable alone after this one's conventions. */
#include "u8guard/c/acl.h"          /* IWYU pragma: export */
#include "u8guard/c/base.h"         /* IWYU pragma: export */
#include "u8guard/c/path.h"         /* IWYU pragma: export */
#include "u8guard/c/profile.h"      /* IWYU pragma: export */
#include "u8guard/c/registration.h" /* IWYU pragma: export */
#include "u8guard/c/secret.h"       /* IWYU pragma: export */
#include "u8guard/c/upgrade.h"      /* IWYU pragma: export */
#include "u8guard/c/utf8.h"         /* IWYU pragma: export */

#endif /* U8GUARD_U8GUARD_C_H_ */
