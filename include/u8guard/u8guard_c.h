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

#include <stddef.h>
#include <stdint.h>

#include "u8guard/export.h"
#include "u8guard/version_macros.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Versions
 * ------------------------------------------------------------------------ */

/* The release version of the library linked at run time, e.g. "0.1.0"
 * (U8GUARD_VERSION_STRING is the version of the headers compiled against). */
U8GUARD_EXPORT const char *u8guard_version(void);

/* The ABI version of the library linked at run time: the N of its SONAME
 * libu8guard.so.N (U8GUARD_ABI_VERSION is the headers'). */
U8GUARD_EXPORT int u8guard_abi_version(void);

/* The version of ICU the library runs with, e.g. "72.1". */
U8GUARD_EXPORT const char *u8guard_icu_version(void);

/* The Unicode version of that ICU's data, e.g. "15.0": every property and
 * normalization u8guard uses comes from it. */
U8GUARD_EXPORT const char *u8guard_unicode_version(void);

/* ------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------ */

/* The outcome of a call. Anything but U8GUARD_OK means "no": a lookup that
 * does not return U8GUARD_OK grants nothing. */
typedef enum u8guard_status {
  U8GUARD_OK = 0,
  /* The input was rejected (not UTF-8, or a rule of the profile or of the
   * path sanitizer): the error's rule, offset and code point say why. */
  U8GUARD_REJECTED = 1,
  /* A lookup found no entry. */
  U8GUARD_NO_MATCH = 2,
  /* The output buffer is too small; *out_len is the length needed. */
  U8GUARD_BUFFER_TOO_SMALL = 3,
  /* A NULL or out-of-range argument, a bad option, a policy file that does
   * not parse (the message names the file, line and key). */
  U8GUARD_INVALID_ARGUMENT = 4,
  /* An unknown profile name, a file that does not exist (ENOENT, ENOTDIR).
   * Whenever a status comes from a failed system call (opening or reading
   * a file, opening beneath a root), errno is set to its error on return
   * and the status follows the errno, not the kind of call. */
  U8GUARD_NOT_FOUND = 5,
  /* A file that may not be read (EACCES, EPERM). */
  U8GUARD_PERMISSION_DENIED = 6,
  /* Any other failure to open or read a file (EMFILE, ENAMETOOLONG, EIO,
   * ...; errno says which), or a file that is not a regular file. */
  U8GUARD_IO_ERROR = 7,
  /* A limit of the library (e.g. an ACL whose keys exceed 4 GiB). */
  U8GUARD_LIMIT_EXCEEDED = 8,
  /* Memory could not be allocated. */
  U8GUARD_OUT_OF_MEMORY = 9,
  /* ICU failed, or another unexpected failure. */
  U8GUARD_INTERNAL = 10,
  /* The name to create exists already (u8guard_create_beneath,
   * u8guard_mkdir_beneath). */
  U8GUARD_ALREADY_EXISTS = 11,
  /* Not a status: makes the type 32 bits wide on every compiler, so that
   * codes added later fit in it. */
  U8GUARD_STATUS_MAX_ENUM_ = 0x7FFFFFFF
} u8guard_status;

/* The name of `status`: "ok", "rejected", "no_match", "buffer_too_small",
 * "invalid_argument", "not_found", "permission_denied", "io_error",
 * "limit_exceeded", "out_of_memory", "internal", "already_exists";
 * "unknown" for any other value. */
U8GUARD_EXPORT const char *u8guard_status_name(u8guard_status status);

/* ------------------------------------------------------------------------
 * Rules: every reason u8guard rejects input
 * ------------------------------------------------------------------------ */

/* A rule, as an integer. The values are those of the C++ enumeration
 * u8guard::Rule (rule.h, which lists each one's id, e.g. utf8/overlong for
 * U8GUARD_RULE_UTF8_OVERLONG): stable, never reused, new rules appended. */
typedef int32_t u8guard_rule_t;

/* No rule: the input was not rejected. */
#define U8GUARD_RULE_NONE 0
/* Not UTF-8 (RFC 3629). */
#define U8GUARD_RULE_UTF8_INVALID_BYTE 1
#define U8GUARD_RULE_UTF8_UNEXPECTED_CONTINUATION 2
#define U8GUARD_RULE_UTF8_MISSING_CONTINUATION 3
#define U8GUARD_RULE_UTF8_TRUNCATED 4
#define U8GUARD_RULE_UTF8_OVERLONG 5
#define U8GUARD_RULE_UTF8_SURROGATE 6
#define U8GUARD_RULE_UTF8_ABOVE_MAX 7
/* An initial EF BB BF under the `reject` BOM policy. */
#define U8GUARD_RULE_BOM_NOT_ALLOWED 8
/* A profile's bounds and whole-string rules. */
#define U8GUARD_RULE_INPUT_TOO_LONG 9
#define U8GUARD_RULE_TOO_SHORT 10
#define U8GUARD_RULE_TOO_LONG 11
#define U8GUARD_RULE_UNSTABLE 12
#define U8GUARD_RULE_EMPTY 13
#define U8GUARD_RULE_BIDI_RULE 14
/* A code point the PRECIS string class disallows (RFC 8264 section 8). */
#define U8GUARD_RULE_DISALLOWED_EXCEPTIONS 15
#define U8GUARD_RULE_DISALLOWED_BACKWARD_COMPATIBLE 16
#define U8GUARD_RULE_DISALLOWED_UNASSIGNED 17
#define U8GUARD_RULE_DISALLOWED_OLD_HANGUL_JAMO 18
#define U8GUARD_RULE_DISALLOWED_PRECIS_IGNORABLE 19
#define U8GUARD_RULE_DISALLOWED_CONTROLS 20
#define U8GUARD_RULE_DISALLOWED_HAS_COMPAT 21
#define U8GUARD_RULE_DISALLOWED_OTHER_LETTER_DIGITS 22
#define U8GUARD_RULE_DISALLOWED_SPACES 23
#define U8GUARD_RULE_DISALLOWED_SYMBOLS 24
#define U8GUARD_RULE_DISALLOWED_PUNCTUATION 25
#define U8GUARD_RULE_DISALLOWED_OTHER 26
/* A CONTEXTJ/CONTEXTO code point whose RFC 5892 rule fails. */
#define U8GUARD_RULE_CONTEXT_ZERO_WIDTH_NON_JOINER 27
#define U8GUARD_RULE_CONTEXT_ZERO_WIDTH_JOINER 28
#define U8GUARD_RULE_CONTEXT_MIDDLE_DOT 29
#define U8GUARD_RULE_CONTEXT_GREEK_KERAIA 30
#define U8GUARD_RULE_CONTEXT_HEBREW_PUNCTUATION 31
#define U8GUARD_RULE_CONTEXT_KATAKANA_MIDDLE_DOT 32
#define U8GUARD_RULE_CONTEXT_ARABIC_INDIC_DIGITS 33
#define U8GUARD_RULE_CONTEXT_EXTENDED_ARABIC_INDIC_DIGITS 34
/* The path sanitizer. */
#define U8GUARD_RULE_PATH_ABSOLUTE 35
#define U8GUARD_RULE_PATH_PERCENT_DECODING 36
#define U8GUARD_RULE_PATH_NUL 37
#define U8GUARD_RULE_PATH_CONTROL 38
#define U8GUARD_RULE_PATH_SEPARATOR_IN_SEGMENT 39
#define U8GUARD_RULE_PATH_STRUCTURE_CHANGED_BY_NFKC 40
#define U8GUARD_RULE_PATH_DOT_DOT 41
#define U8GUARD_RULE_PATH_ABOVE_ROOT 42
#define U8GUARD_RULE_PATH_HIDDEN 43
#define U8GUARD_RULE_PATH_WINDOWS_RESERVED 44
#define U8GUARD_RULE_PATH_WINDOWS_TRAILING_DOT_SPACE 45
#define U8GUARD_RULE_PATH_WINDOWS_CHARACTER 46
#define U8GUARD_RULE_PATH_TOO_DEEP 47
#define U8GUARD_RULE_PATH_TOO_LONG 48
/* More non-starters (combining marks) in a row than the profile's
 * max_non_starters (UAX #15 Stream-Safe Text Format; 30 by default). */
#define U8GUARD_RULE_STREAM_UNSAFE 49
/* A path segment that the segment profile maps to nothing. */
#define U8GUARD_RULE_PATH_EMPTY_SEGMENT 50
/* Opening beneath a root (u8guard_open_beneath): the filesystem would lead
 * out of the root, through a link where none may be, a /proc magic link, a
 * mount point under no_xdev, or more than 40 links. */
#define U8GUARD_RULE_OPEN_ESCAPES_ROOT 51
#define U8GUARD_RULE_OPEN_SYMLINK 52
#define U8GUARD_RULE_OPEN_MAGIC_LINK 53
#define U8GUARD_RULE_OPEN_CROSS_DEVICE 54
#define U8GUARD_RULE_OPEN_SYMLINK_LOOP 55
/* Opening beneath a root found something other than the regular file it
 * was asked for (u8guard_open_options.any_file_type allows any type): a
 * FIFO (opening or reading it can wait forever), a socket, a character or
 * block device, a directory without O_DIRECTORY. */
#define U8GUARD_RULE_OPEN_FIFO 56
#define U8GUARD_RULE_OPEN_SOCKET 57
#define U8GUARD_RULE_OPEN_DEVICE 58
#define U8GUARD_RULE_OPEN_DIRECTORY 59
/* The highest rule value these headers know. A newer library may report
 * higher ones; u8guard_rule_id() names them. */
#define U8GUARD_RULE_MAX 59

/* Returns the stable string id of `rule`, e.g. "utf8/overlong",
 * "bom_not_allowed", "DISALLOWED/precis_ignorable_properties",
 * "path/dot_dot" (the ids of JSON output and log lines); "unknown" for
 * U8GUARD_RULE_NONE and any value that is not a rule. */
U8GUARD_EXPORT const char *u8guard_rule_id(u8guard_rule_t rule);

/* Returns the rule whose id is `id` (exactly, case-sensitive), or
 * U8GUARD_RULE_NONE when there is none or `id` is NULL. */
U8GUARD_EXPORT u8guard_rule_t u8guard_rule_from_id(const char *id);

/* Returns a short English description of `rule`, e.g. "overlong encoding";
 * "unknown rule" for a value that is not a rule. For people, not stable. */
U8GUARD_EXPORT const char *u8guard_rule_description(u8guard_rule_t rule);

/* Which part of u8guard applied the rule (the values of the C++
 * u8guard::RejectionSource). */
#define U8GUARD_SOURCE_NONE (-1) /* not a rejection */
#define U8GUARD_SOURCE_UTF8 0    /* strict UTF-8 validation on its own */
#define U8GUARD_SOURCE_BOM 1     /* a BOM policy on its own */
#define U8GUARD_SOURCE_PROFILE 2 /* a profile (also ACLs and secrets) */
#define U8GUARD_SOURCE_PATH 3    /* the path sanitizer */
#define U8GUARD_SOURCE_ENCODER 4 /* encoding code points (C++ only) */
#define U8GUARD_SOURCE_OPEN 5    /* opening beneath a root: the filesystem */

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

/* Size of u8guard_error's message buffer, NUL included. */
#define U8GUARD_ERROR_MESSAGE_SIZE 512

/* What went wrong. Fill-in only: the library writes every field of it on
 * every call that takes one; the caller never needs to initialize it. */
typedef struct u8guard_error {
  /* The status the call returned. */
  u8guard_status status;
  /* U8GUARD_REJECTED: the rule (U8GUARD_RULE_*); otherwise
   * U8GUARD_RULE_NONE. */
  u8guard_rule_t rule;
  /* U8GUARD_REJECTED: U8GUARD_SOURCE_*; otherwise U8GUARD_SOURCE_NONE. */
  int32_t source;
  /* U8GUARD_REJECTED: the offending code point as the caller sent it, when
   * one is to blame; -1 otherwise (and always for secrets). */
  int32_t code_point;
  /* U8GUARD_REJECTED: the byte offset in the caller's input where the
   * offending part starts (0 for rules about the whole string); 0
   * otherwise. */
  size_t offset;
  /* The message, NUL-terminated, e.g. "username-case-mapped: rejected at
   * byte 2 (U+200B): DISALLOWED/precis_ignorable_properties" or "no
   * built-in profile \"x\" ..."; "" on success. A message longer than the
   * buffer is cut at a UTF-8 character boundary and ends in "...". For
   * people and logs: match on status and rule, not on the text. */
  char message[U8GUARD_ERROR_MESSAGE_SIZE];
} u8guard_error;

/* ------------------------------------------------------------------------
 * Strict UTF-8 (RFC 3629)
 * ------------------------------------------------------------------------ */

/* The outcome of validating bytes as UTF-8, with the semantics of Rust's
 * Utf8Error: valid_up_to() and error_len(). */
typedef struct u8guard_utf8_result {
  /* The bytes [0, valid_up_to) are valid UTF-8; equal to the input's (or
   * the stream's) length when it is valid. */
  size_t valid_up_to;
  /* U8GUARD_RULE_NONE when valid, else the first error: one of
   * U8GUARD_RULE_UTF8_INVALID_BYTE .. U8GUARD_RULE_UTF8_ABOVE_MAX. */
  u8guard_rule_t kind;
  /* Length (1..3) of the maximal ill-formed subpart at valid_up_to; 0 when
   * valid or when the input ends inside a sequence (truncated). */
  int32_t error_len;
} u8guard_utf8_result;

/* Returns 1 when bytes[0, len) is valid UTF-8, else 0 (also for NULL with
 * len > 0). Never allocates. */
U8GUARD_EXPORT int u8guard_utf8_is_valid(const char *bytes, size_t len);

/* Validates bytes[0, len) and writes the outcome to *result. Returns
 * U8GUARD_OK when valid, U8GUARD_REJECTED when not (result says where and
 * why), U8GUARD_INVALID_ARGUMENT when result is NULL or bytes is NULL with
 * len > 0. Never allocates. */
U8GUARD_EXPORT u8guard_status u8guard_utf8_validate(
    const char *bytes, size_t len, u8guard_utf8_result *result);

/* As u8guard_utf8_validate, reporting an invalid input as an error:
 * U8GUARD_REJECTED with the rule, the offset (valid_up_to) and a message
 * such as "invalid UTF-8 at byte 1: overlong encoding (C0 AE)". */
U8GUARD_EXPORT u8guard_status u8guard_utf8_check(const char *bytes, size_t len,
                                                 u8guard_error *error);

/* A validator for a stream delivered in chunks of any size (a sequence may
 * straddle chunks); offsets are offsets in the whole stream. Holds at most
 * 3 bytes of an unfinished sequence; never allocates after creation. One
 * thread at a time. */
typedef struct u8guard_utf8_stream u8guard_utf8_stream;

/* Creates a stream validator in *out. U8GUARD_INVALID_ARGUMENT when out is
 * NULL; U8GUARD_OUT_OF_MEMORY. Free it with u8guard_utf8_stream_free. */
U8GUARD_EXPORT u8guard_status
u8guard_utf8_stream_new(u8guard_utf8_stream **out);

/* Frees a stream validator; NULL is ignored. */
U8GUARD_EXPORT void u8guard_utf8_stream_free(u8guard_utf8_stream *stream);

/* Validates the next chunk. Returns U8GUARD_OK while the stream is valid
 * so far (valid_up_to = the bytes consumed, all known valid except at most
 * 3 bytes of a sequence the chunk leaves unfinished), U8GUARD_REJECTED at
 * the first error and for every later call (valid_up_to an offset in the
 * whole stream). `result` may be NULL. U8GUARD_INVALID_ARGUMENT when stream
 * is NULL or chunk is NULL with len > 0. */
U8GUARD_EXPORT u8guard_status
u8guard_utf8_stream_feed(u8guard_utf8_stream *stream, const char *chunk,
                         size_t len, u8guard_utf8_result *result);

/* Ends the stream: U8GUARD_OK with valid_up_to = the stream's length, or
 * U8GUARD_REJECTED with the first error (an unfinished sequence at the end
 * is U8GUARD_RULE_UTF8_TRUNCATED). `result` may be NULL.
 * U8GUARD_INVALID_ARGUMENT when stream is NULL. */
U8GUARD_EXPORT u8guard_status u8guard_utf8_stream_finish(
    u8guard_utf8_stream *stream, u8guard_utf8_result *result);

/* Returns the validator to its initial state; NULL is ignored. */
U8GUARD_EXPORT void u8guard_utf8_stream_reset(u8guard_utf8_stream *stream);

/* Returns the number of bytes fed so far (0 for NULL). */
U8GUARD_EXPORT uint64_t
u8guard_utf8_stream_bytes_fed(const u8guard_utf8_stream *stream);

/* ------------------------------------------------------------------------
 * Profiles (RFC 8264, 8265, 8266)
 * ------------------------------------------------------------------------ */

/* The policy of one protocol element: BOM policy, PRECIS string class,
 * mappings, normalization, Bidi Rule, length bounds. Immutable; may be
 * shared between threads. */
typedef struct u8guard_profile u8guard_profile;

/* The number of built-in profiles (compiled into the library). */
U8GUARD_EXPORT size_t u8guard_builtin_profile_count(void);

/* The name of the built-in profile number `index` (0-based, in name
 * order): "freeform-class", ..., "username-case-mapped",
 * "username-case-preserved"; NULL when index >= the count. */
U8GUARD_EXPORT const char *u8guard_builtin_profile_name(size_t index);

/* The name of the profile that `name` designates: for the RFCs' spelling
 * of a built-in ("UsernameCaseMapped", "UsernameCasePreserved",
 * "OpaqueString", "Nickname", "IdentifierClass", "FreeformClass", written
 * exactly so) the built-in's name ("username-case-mapped", ...; a static
 * string), otherwise `name` itself. NULL for NULL. u8guard_profile_open
 * accepts either spelling; u8guard_profile_name reports the kebab-case
 * one. */
U8GUARD_EXPORT const char *u8guard_canonical_profile_name(const char *name);

/* Opens the profile called `name` (either spelling above): from the policy
 * files (*.toml) in `directory` when it is neither NULL nor "" (a
 * deployment's own profiles, which may replace a built-in one of the same
 * name), else the built-in one.
 * Returns U8GUARD_NOT_FOUND when neither has it (the message lists the
 * built-in names), U8GUARD_INVALID_ARGUMENT for a bad policy file (the
 * message names the file, line and key) or a NULL name or out, the
 * directory's read errors (U8GUARD_NOT_FOUND, U8GUARD_PERMISSION_DENIED,
 * U8GUARD_IO_ERROR). Free the profile with u8guard_profile_free. */
U8GUARD_EXPORT u8guard_status u8guard_profile_open(const char *name,
                                                   const char *directory,
                                                   u8guard_profile **out,
                                                   u8guard_error *error);

/* Opens the profile defined by the policy file at `path`. Errors as
 * u8guard_profile_open. */
U8GUARD_EXPORT u8guard_status u8guard_profile_open_file(const char *path,
                                                        u8guard_profile **out,
                                                        u8guard_error *error);

/* Frees a profile; NULL is ignored. Lists built with it keep their own
 * copy: they may outlive it. */
U8GUARD_EXPORT void u8guard_profile_free(u8guard_profile *profile);

/* The profile's name, e.g. "username-case-mapped"; valid while the profile
 * lives. NULL for NULL. */
U8GUARD_EXPORT const char *u8guard_profile_name(const u8guard_profile *profile);

/* Writes the comparison key of input[0, input_len) under `profile` into
 * `out` (see "Output buffers"): two inputs are equivalent under the profile
 * exactly when their keys are byte-equal. Returns U8GUARD_REJECTED when the
 * profile rejects the input (never a partial key), with the rule, the
 * offset in `input` and the code point; U8GUARD_BUFFER_TOO_SMALL;
 * U8GUARD_INVALID_ARGUMENT for a NULL profile or out_len, or NULL input or
 * out with a non-zero length. */
U8GUARD_EXPORT u8guard_status u8guard_canonicalize(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* As u8guard_canonicalize, writing the enforced form instead: what to store
 * and display (it keeps case under the nickname profile, and an initial BOM
 * under the `ignore` BOM policy). */
U8GUARD_EXPORT u8guard_status u8guard_enforce(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* Returns 1 when the profile accepts both inputs and their comparison keys
 * are equal, else 0. Fails closed: a rejected input is equivalent to
 * nothing, not even to itself; a NULL profile, or NULL data with a non-zero
 * length, gives 0. */
U8GUARD_EXPORT int u8guard_equivalent(const u8guard_profile *profile,
                                      const char *a, size_t a_len,
                                      const char *b, size_t b_len);

/* ------------------------------------------------------------------------
 * Allow lists and deny lists
 * ------------------------------------------------------------------------ */

/* An allow list grants access only on exact canonical equality; a deny list
 * finds the entries a credential looks like (UTS #39 confusable skeletons:
 * "pаypal" with a Cyrillic "а" resembles "paypal") and must never be used
 * to grant. Both are immutable once built and may be shared between
 * threads. Entries the profile rejects match nothing (see the audit).
 *
 * ACL files hold one entry per line ("\n" or "\r\n"); empty lines, lines of
 * spaces and tabs, and lines starting with '#' are skipped; nothing else is
 * trimmed. A leading EF BB BF on the first line is the file's signature
 * and is removed. */
typedef struct u8guard_allow_list u8guard_allow_list;
typedef struct u8guard_deny_list u8guard_deny_list;

/* The entry a lookup matched. The pointers point into the list: valid
 * until it is freed; the strings are not NUL-terminated. */
typedef struct u8guard_acl_match {
  /* Position among all entries (0-based; comments and blank lines are not
   * entries, invalid entries are). */
  size_t index;
  /* 1-based line in the ACL file; 0 for a list built from strings. */
  size_t line;
  /* The entry as written. */
  const char *original;
  size_t original_len;
  /* Its canonical key under the list's profile. */
  const char *key;
  size_t key_len;
} u8guard_acl_match;

/* Builds an allow list from the ACL file at `path`, canonicalizing every
 * entry under `profile` (which the list copies: it may be freed after).
 * Returns the file's read errors (U8GUARD_NOT_FOUND,
 * U8GUARD_PERMISSION_DENIED, U8GUARD_IO_ERROR), U8GUARD_LIMIT_EXCEEDED when
 * the keys exceed 4 GiB, U8GUARD_INVALID_ARGUMENT for NULL arguments. Free
 * the list with u8guard_allow_list_free. */
U8GUARD_EXPORT u8guard_status
u8guard_allow_list_load(const u8guard_profile *profile, const char *path,
                        u8guard_allow_list **out, u8guard_error *error);

/* Builds an allow list from `count` strings, each one entry as is (no
 * comments, no file signature): entries[i] of lengths[i] bytes, or, when
 * `lengths` is NULL, NUL-terminated. entries may be NULL when count is 0;
 * entries[i] may be NULL when lengths[i] is 0. Errors as
 * u8guard_allow_list_load, without the read errors. */
U8GUARD_EXPORT u8guard_status u8guard_allow_list_new(
    const u8guard_profile *profile, const char *const *entries,
    const size_t *lengths, size_t count, u8guard_allow_list **out,
    u8guard_error *error);

/* Frees an allow list; NULL is ignored. */
U8GUARD_EXPORT void u8guard_allow_list_free(u8guard_allow_list *list);

/* The number of valid entries (those that can match); 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_allow_list_size(const u8guard_allow_list *list);

/* Canonicalizes the credential once and looks for an entry with the same
 * key. Returns U8GUARD_OK and fills *match (which may be NULL) with the
 * first such entry in list order; U8GUARD_NO_MATCH when there is none;
 * U8GUARD_REJECTED when the profile rejects the credential (it matches
 * nothing; the error says why); U8GUARD_INVALID_ARGUMENT for a NULL list,
 * or NULL credential with credential_len > 0. Only U8GUARD_OK grants. */
U8GUARD_EXPORT u8guard_status u8guard_allow_list_grants(
    const u8guard_allow_list *list, const char *credential,
    size_t credential_len, u8guard_acl_match *match, u8guard_error *error);

/* As u8guard_allow_list_load, for a deny list. */
U8GUARD_EXPORT u8guard_status
u8guard_deny_list_load(const u8guard_profile *profile, const char *path,
                       u8guard_deny_list **out, u8guard_error *error);

/* As u8guard_allow_list_new, for a deny list. */
U8GUARD_EXPORT u8guard_status u8guard_deny_list_new(
    const u8guard_profile *profile, const char *const *entries,
    const size_t *lengths, size_t count, u8guard_deny_list **out,
    u8guard_error *error);

/* Frees a deny list; NULL is ignored. */
U8GUARD_EXPORT void u8guard_deny_list_free(u8guard_deny_list *list);

/* The number of valid entries; 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_deny_list_size(const u8guard_deny_list *list);

/* Canonicalizes the credential once and returns U8GUARD_OK with the first
 * entry (in list order) that looks like it in *match (which may be NULL):
 * one whose skeletons (UTS #39, of its key, of the entry as written and of
 * its enforced form) share one with the credential's, so that look-alikes
 * hidden by case mapping ("paypaI", "ADMİN") are found too; an exact match
 * is also a resemblance. U8GUARD_NO_MATCH when none; U8GUARD_REJECTED when the
 * profile rejects the credential; U8GUARD_INTERNAL when ICU fails;
 * U8GUARD_INVALID_ARGUMENT as u8guard_allow_list_grants. */
U8GUARD_EXPORT u8guard_status u8guard_deny_list_resembles(
    const u8guard_deny_list *list, const char *credential,
    size_t credential_len, u8guard_acl_match *match, u8guard_error *error);

/* ------------------------------------------------------------------------
 * Audits of allow and deny lists
 * ------------------------------------------------------------------------ */

/* What an audit finds (the values of the C++ u8guard::AclFindingKind). */
#define U8GUARD_FINDING_FILE_SIGNATURE 0 /* the file began with EF BB BF */
#define U8GUARD_FINDING_BOM 1            /* an entry begins with EF BB BF */
#define U8GUARD_FINDING_INVALID 2        /* the profile rejects an entry */
#define U8GUARD_FINDING_COLLISION 3      /* two entries, one key */
#define U8GUARD_FINDING_LOOKALIKE 4      /* two keys, one skeleton */
#define U8GUARD_FINDING_MIXED_SCRIPT 5   /* restriction level too loose */

/* UTS #39 restriction levels, strictest first (the values of the C++
 * u8guard::RestrictionLevel). */
#define U8GUARD_RESTRICTION_ASCII 0
#define U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE 1
#define U8GUARD_RESTRICTION_HIGHLY_RESTRICTIVE 2
#define U8GUARD_RESTRICTION_MODERATELY_RESTRICTIVE 3
#define U8GUARD_RESTRICTION_MINIMALLY_RESTRICTIVE 4
#define U8GUARD_RESTRICTION_UNRESTRICTIVE 5

/* The name of a restriction level: "ascii", "single_script_restrictive",
 * "highly_restrictive", "moderately_restrictive", "minimally_restrictive",
 * "unrestrictive"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_restriction_level_name(int32_t level);

/* Writes the UTS #39 confusable skeleton (ICU's spoof checker) of the
 * comparison key of input[0, input_len) under `profile` into `out` (see
 * "Output buffers"). Two accepted strings look alike when their skeletons
 * are equal ("p\xD0\xB0ypal", with a Cyrillic a, and "paypal"); a unique
 * index on skeletons refuses look-alike registrations. A skeleton is a
 * loose fold for comparison only: never a key, never a reason to grant.
 * Returns U8GUARD_REJECTED when the profile rejects the input,
 * U8GUARD_INTERNAL when ICU's confusable data cannot be loaded, and the
 * other errors of u8guard_canonicalize. */
U8GUARD_EXPORT u8guard_status u8guard_skeleton(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* The most skeletons u8guard_lookalike_skeletons writes. */
#define U8GUARD_MAX_LOOKALIKE_SKELETONS 3

/* How many skeletons u8guard_lookalike_skeletons wrote, and their lengths:
 * length[0, count). */
typedef struct u8guard_skeleton_lengths {
  size_t count;
  size_t length[U8GUARD_MAX_LOOKALIKE_SKELETONS];
} u8guard_skeleton_lengths;

/* Writes the look-alike skeletons of input[0, input_len) under `profile`:
 * the UTS #39 skeletons of its comparison key, of the input as written and
 * of its enforced form, without repeats (1 to
 * U8GUARD_MAX_LOOKALIKE_SKELETONS, the key's first), one after the other
 * into `out` (see "Output buffers": *out_len is their total length), their
 * count and lengths into *lengths. Two accepted strings look alike, as
 * u8guard_deny_list_resembles and the audit decide it, exactly when their
 * sets share a skeleton: a registry that stores every skeleton of every
 * name at most once (a unique index over one row per skeleton) also
 * refuses the look-alikes that case mapping hides ("paypaI" beside
 * "paypal"). *lengths is written on U8GUARD_OK and U8GUARD_BUFFER_TOO_SMALL
 * (its count is 0 otherwise). U8GUARD_INVALID_ARGUMENT when lengths is
 * NULL; the other errors as u8guard_skeleton. */
U8GUARD_EXPORT u8guard_status u8guard_lookalike_skeletons(
    const u8guard_profile *profile, const char *input, size_t input_len,
    char *out, size_t out_capacity, size_t *out_len,
    u8guard_skeleton_lengths *lengths, u8guard_error *error);

/* Writes the UTS #39 restriction level (U8GUARD_RESTRICTION_*) of the
 * comparison key of input[0, input_len) under `profile` to *level (-1 on
 * failure): how many scripts it mixes, and how. Errors as
 * u8guard_skeleton; U8GUARD_INVALID_ARGUMENT when level is NULL. */
U8GUARD_EXPORT u8guard_status u8guard_restriction_level(
    const u8guard_profile *profile, const char *input, size_t input_len,
    int32_t *level, u8guard_error *error);

/* The result of an audit. Immutable; may be shared between threads. */
typedef struct u8guard_acl_audit u8guard_acl_audit;

/* One finding. The pointers point into the audit: valid until it is freed.
 * Strings with a length are not NUL-terminated; rejection_message is. */
typedef struct u8guard_acl_finding {
  int32_t kind; /* U8GUARD_FINDING_* */
  /* The entry it is about (for collisions and look-alikes, the later one);
   * for the file signature: index 0, line 1, empty original. */
  size_t index;
  size_t line;
  const char *original;
  size_t original_len;
  const char *key; /* its key; empty for invalid entries */
  size_t key_len;
  /* Collisions, look-alikes: the first entry it collides with or
   * resembles; otherwise 0 and empty. */
  size_t other_index;
  size_t other_line;
  const char *other_original;
  size_t other_original_len;
  const char *other_key;
  size_t other_key_len;
  /* Look-alikes: the shared skeleton; otherwise empty. */
  const char *skeleton;
  size_t skeleton_len;
  /* Invalid entries: why the profile rejects it (rule, offset in the
   * entry, code point or -1, message); otherwise U8GUARD_RULE_NONE, 0, -1
   * and "". */
  u8guard_rule_t rejection_rule;
  size_t rejection_offset;
  int32_t rejection_code_point;
  const char *rejection_message;
  /* Mixed-script entries: the entry's U8GUARD_RESTRICTION_*; otherwise 0. */
  int32_t restriction_level;
} u8guard_acl_finding;

/* Audits a list: the file signature, entries that begin with a BOM,
 * invalid entries, collisions (one key), look-alikes (one skeleton,
 * different keys) and entries whose restriction level is looser than
 * `max_restriction_level` (U8GUARD_RESTRICTION_SINGLE_SCRIPT_RESTRICTIVE
 * reports every entry that mixes scripts), in that order per entry, in list
 * order. Returns U8GUARD_INVALID_ARGUMENT for NULL arguments or a level out
 * of range, U8GUARD_INTERNAL when ICU's confusable data cannot be loaded.
 * Free the audit with u8guard_acl_audit_free. */
U8GUARD_EXPORT u8guard_status u8guard_allow_list_audit(
    const u8guard_allow_list *list, int32_t max_restriction_level,
    u8guard_acl_audit **out, u8guard_error *error);

/* As u8guard_allow_list_audit, for a deny list. */
U8GUARD_EXPORT u8guard_status u8guard_deny_list_audit(
    const u8guard_deny_list *list, int32_t max_restriction_level,
    u8guard_acl_audit **out, u8guard_error *error);

/* Frees an audit; NULL is ignored. */
U8GUARD_EXPORT void u8guard_acl_audit_free(u8guard_acl_audit *audit);

/* The number of entries the audited list holds (valid or not), and of its
 * valid ones; 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_acl_audit_entries(const u8guard_acl_audit *audit);
U8GUARD_EXPORT size_t
u8guard_acl_audit_valid_entries(const u8guard_acl_audit *audit);

/* The number of findings; 0 for NULL. */
U8GUARD_EXPORT size_t
u8guard_acl_audit_finding_count(const u8guard_acl_audit *audit);

/* Writes finding number `index` (0-based) to *finding. Returns
 * U8GUARD_INVALID_ARGUMENT for NULL arguments or index >= the count. */
U8GUARD_EXPORT u8guard_status u8guard_acl_audit_finding(
    const u8guard_acl_audit *audit, size_t index, u8guard_acl_finding *finding);

/* The whole length in bytes of the entry finding number `index` is about.
 * It equals the finding's original_len except for an invalid entry longer
 * than the 1,024 bytes an index keeps of one: original then holds its first
 * 1,024 bytes. 0 for NULL or index >= the count. */
U8GUARD_EXPORT size_t u8guard_acl_audit_finding_original_size(
    const u8guard_acl_audit *audit, size_t index);

/* The name of a finding kind: "file_signature", "bom", "invalid",
 * "collision", "lookalike", "mixed_script"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_acl_finding_kind_name(int32_t kind);

/* ------------------------------------------------------------------------
 * Registration (registration.h): one decision for a sign-up
 * ------------------------------------------------------------------------ */

/* A registration policy: protected names, confusable exemptions, the
 * highest restriction level. Immutable; may be shared between threads. */
typedef struct u8guard_registration_policy u8guard_registration_policy;

/* Reads a registration policy file (TOML; registration.h,
 * ParseRegistrationPolicy) into *out. U8GUARD_INVALID_ARGUMENT for NULL
 * arguments or a bad file (the message names the file, line and key),
 * U8GUARD_NOT_FOUND and the other I/O statuses when it cannot be read. */
U8GUARD_EXPORT u8guard_status u8guard_registration_policy_load(
    const char *path, u8guard_registration_policy **out, u8guard_error *error);

/* Frees a policy; NULL is ignored. */
U8GUARD_EXPORT void u8guard_registration_policy_free(
    u8guard_registration_policy *policy);

/* Outcomes (the values of the C++ u8guard::RegistrationOutcome). */
#define U8GUARD_REGISTRATION_ACCEPTED 0
#define U8GUARD_REGISTRATION_REJECTED 1 /* by the profile */
#define U8GUARD_REGISTRATION_PROTECTED_NAME 2
#define U8GUARD_REGISTRATION_RESTRICTION_LEVEL 3
#define U8GUARD_REGISTRATION_COLLISION 4
#define U8GUARD_REGISTRATION_LOOKALIKE 5
#define U8GUARD_REGISTRATION_CROSS_FIELD_CLASH 6

/* "accepted", "rejected", "protected_name", "restriction_level",
 * "collision", "lookalike", "cross_field_clash"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_registration_outcome_name(int32_t outcome);

/* Display safety (u8guard::DisplaySafety). */
#define U8GUARD_DISPLAY_AS_TYPED 0
#define U8GUARD_DISPLAY_ESCAPED 1

/* "as_typed", "escaped"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_display_safety_name(int32_t display);

/* A decision and the record of the name, owned by the caller (free it with
 * u8guard_registration_free). Strings with a length may hold any bytes;
 * every string is also NUL-terminated. */
typedef struct u8guard_registration {
  int32_t outcome; /* U8GUARD_REGISTRATION_* */
  /* The record: set when has_record (the profile accepted the name). */
  int has_record;
  const char *enforced; /* the form to store and show */
  size_t enforced_len;
  const char *key; /* the comparison key */
  size_t key_len;
  size_t lookalike_key_count; /* 1 to U8GUARD_MAX_LOOKALIKE_SKELETONS */
  const char *lookalike_keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t lookalike_key_lens[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  int32_t restriction_level; /* U8GUARD_RESTRICTION_* */
  const char *scripts;       /* ISO 15924 codes, space-separated: "Cyrl Latn" */
  int32_t display;           /* U8GUARD_DISPLAY_* */
  const char *version_tag;   /* e.g. "u8guard-0.1.0+icu-72.1+unicode-15.0" */
  /* What the name clashes with, as registered, and the shared key ("" when
   * none); which identifier clashed: 0 the name, i + 1 others[i]. */
  const char *conflict;
  size_t conflict_len;
  const char *shared_key;
  size_t shared_key_len;
  size_t identifier;
  /* U8GUARD_REGISTRATION_REJECTED: the profile's rule, the byte offset in
   * the rejected identifier, the code point (-1 when none) and message. */
  u8guard_rule_t rule;
  size_t offset;
  int32_t code_point;
  const char *message;
  void *internal; /* the library's: do not touch */
} u8guard_registration;

/* Frees a registration; NULL is ignored. */
U8GUARD_EXPORT void u8guard_registration_free(u8guard_registration *r);

/* Computes the record of name[0, name_len) under `profile` and `policy`
 * (NULL: the default policy) into a new *out, whose outcome is
 * U8GUARD_REGISTRATION_ACCEPTED. U8GUARD_REJECTED (the error says why, *out
 * NULL) when the profile rejects the name; U8GUARD_INVALID_ARGUMENT for
 * NULL arguments. */
U8GUARD_EXPORT u8guard_status u8guard_registration_record(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *name, size_t name_len, u8guard_registration **out,
    u8guard_error *error);

/* The names (and other identifiers) of a service's accounts, in memory.
 * Any number of threads may call u8guard_registry_decide at once; _add and
 * _register need the caller's exclusive lock. */
typedef struct u8guard_registry u8guard_registry;

/* An empty registry under `profile` (copied) and `policy` (NULL: the
 * default policy; copied). */
U8GUARD_EXPORT u8guard_status u8guard_registry_new(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    u8guard_registry **out, u8guard_error *error);

/* A registry of the names of an ACL-format file, one account each (names
 * the profile rejects are skipped). Errors as u8guard_allow_list_load. */
U8GUARD_EXPORT u8guard_status u8guard_registry_load(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *path, u8guard_registry **out, u8guard_error *error);

/* Frees a registry; NULL is ignored. */
U8GUARD_EXPORT void u8guard_registry_free(u8guard_registry *registry);

/* The number of accounts; 0 for NULL. */
U8GUARD_EXPORT size_t
u8guard_registry_accounts(const u8guard_registry *registry);

/* Adds an account as is: name[0, name_len) and others[i][0,
 * other_lens[i]) for i < other_count (other_lens NULL: NUL-terminated).
 * U8GUARD_REJECTED when the profile rejects one of them (nothing is
 * added); U8GUARD_INVALID_ARGUMENT for NULL arguments. */
U8GUARD_EXPORT u8guard_status u8guard_registry_add(
    u8guard_registry *registry, const char *name, size_t name_len,
    const char *const *others, const size_t *other_lens, size_t other_count,
    u8guard_error *error);

/* Decides whether the account may be added, into a new *out: U8GUARD_OK
 * for every decision, a refusal included (outcome says which; a name the
 * profile rejects is U8GUARD_REGISTRATION_REJECTED with rule, offset and
 * message). Errors: U8GUARD_INVALID_ARGUMENT for NULL arguments,
 * U8GUARD_INTERNAL when ICU fails, U8GUARD_OUT_OF_MEMORY. */
U8GUARD_EXPORT u8guard_status u8guard_registry_decide(
    const u8guard_registry *registry, const char *name, size_t name_len,
    const char *const *others, const size_t *other_lens, size_t other_count,
    u8guard_registration **out, u8guard_error *error);

/* As u8guard_registry_decide, and adds the account when it is accepted. */
U8GUARD_EXPORT u8guard_status u8guard_registry_register(
    u8guard_registry *registry, const char *name, size_t name_len,
    const char *const *others, const size_t *other_lens, size_t other_count,
    u8guard_registration **out, u8guard_error *error);

/* ------------------------------------------------------------------------
 * Upgrade verification (upgrade.h): what an upgrade of ICU changes in the
 * stored names. Before it, write each name's record (u8guard_name_record);
 * after it, verify the records (u8guard_records_verify). docs/upgrading.md.
 * ------------------------------------------------------------------------ */

/* Writes the record of name[0, name_len) (any bytes) under `profile` and
 * `policy` (NULL: the default policy, whose exemptions shape the look-alike
 * keys), derived with the versions running now, as one JSON object without
 * a newline (u8guard::FormatNameRecord: "name" or "name_hex", "profile",
 * "valid", "key" and "lookalike_keys" or "rule", "version_tag"; every
 * string escaped) to out, NUL-terminated when there is room. A name the
 * profile rejects has a record too ("valid": false): U8GUARD_OK.
 * U8GUARD_BUFFER_TOO_SMALL (with *out_len the length needed) as
 * u8guard_canonicalize; U8GUARD_INVALID_ARGUMENT for NULL arguments;
 * U8GUARD_INTERNAL when ICU fails. */
U8GUARD_EXPORT u8guard_status u8guard_name_record(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *name, size_t name_len, char *out, size_t out_capacity,
    size_t *out_len, u8guard_error *error);

/* What a verification finds (the values of u8guard::RecordChangeKind):
 * changes of one name, then the pair summary (one key now; a shared
 * look-alike key now), which can leave pairs out: the groups
 * (u8guard_record_verification_group) have every new pair. */
#define U8GUARD_RECORD_KEY_CHANGED 0
#define U8GUARD_RECORD_LOOKALIKE_KEYS_CHANGED 1
#define U8GUARD_RECORD_NOW_REJECTED 2
#define U8GUARD_RECORD_NOW_ACCEPTED 3
#define U8GUARD_RECORD_NEW_COLLISION 4
#define U8GUARD_RECORD_NEW_LOOKALIKE 5

/* "key_changed", "lookalike_keys_changed", "now_rejected", "now_accepted",
 * "new_collision", "new_lookalike"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_record_change_kind_name(int32_t kind);

/* The result of a verification. Immutable; may be shared between threads. */
typedef struct u8guard_record_verification u8guard_record_verification;

/* One change. The pointers point into the verification: valid until it is
 * freed. Strings with a length are not NUL-terminated; rule is. */
typedef struct u8guard_record_change {
  int32_t kind; /* U8GUARD_RECORD_* */
  /* The record it is about (for pairs, the later one): its 1-based line in
   * the records and its name (any bytes). */
  size_t line;
  const char *name;
  size_t name_len;
  /* The stored key and the key now (empty where the name is or was
   * rejected). */
  const char *old_key;
  size_t old_key_len;
  const char *new_key;
  size_t new_key_len;
  /* Key or look-alike keys changed: the stored and the new look-alike
   * keys; otherwise counts 0. */
  size_t old_lookalike_key_count;
  const char *old_lookalike_keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t old_lookalike_key_lens[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t new_lookalike_key_count;
  const char *new_lookalike_keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t new_lookalike_key_lens[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  /* U8GUARD_RECORD_NOW_REJECTED: the id of the rule ("DISALLOWED/spaces");
   * otherwise "". */
  const char *rule;
  /* Pairs: the earlier record (the first in the file with the key now:
   * only that one is compared, so a record that shared a key with it
   * before is compared with no other record of the key), its stored key,
   * and the shared key or look-alike key; otherwise 0 and empty. */
  size_t other_line;
  const char *other_name;
  size_t other_name_len;
  const char *other_old_key;
  size_t other_old_key_len;
  const char *shared_key;
  size_t shared_key_len;
} u8guard_record_change;

/* Derives every name of records[0, records_len) (JSON Lines of
 * u8guard_name_record; blank lines skipped) again under `profile` and
 * `policy` (NULL: the default) with the versions running now, and
 * collects into a new *out every name whose key or look-alike keys
 * changed, that is now rejected or now accepted, the pair summary (each
 * later record against the first one with the key: it can leave pairs
 * out), and the groups, from which every pair that now collides or looks
 * alike and did not in the records derives (u8guard::VerifyRecords).
 * U8GUARD_INVALID_ARGUMENT for NULL arguments, a malformed record (the
 * message names its line and column) or a record of another profile;
 * U8GUARD_INTERNAL when ICU fails. Free it with
 * u8guard_record_verification_free. */
U8GUARD_EXPORT u8guard_status u8guard_records_verify(
    const u8guard_profile *profile, const u8guard_registration_policy *policy,
    const char *records, size_t records_len, u8guard_record_verification **out,
    u8guard_error *error);

/* Frees a verification; NULL is ignored. */
U8GUARD_EXPORT void u8guard_record_verification_free(
    u8guard_record_verification *verification);

/* The number of records read, of names the profile accepts now, of names
 * with a change of their own, and of changes (those and the pair summary);
 * 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_record_verification_records(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_valid(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_changed_names(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_change_count(
    const u8guard_record_verification *verification);

/* Writes change number `index` (0-based, in the order found: per record in
 * file order) to *change. U8GUARD_INVALID_ARGUMENT for NULL arguments or
 * index >= the count. */
U8GUARD_EXPORT u8guard_status u8guard_record_verification_change(
    const u8guard_record_verification *verification, size_t index,
    u8guard_record_change *change);

/* Groups (u8guard::RecordGroup; docs/upgrading.md): every key
 * (U8GUARD_RECORD_COLLISION_GROUP) and every look-alike key
 * (U8GUARD_RECORD_LOOKALIKE_GROUP) that names of the records have now,
 * listed when two of them are a new pair, with every record valid now
 * that has it, in file order. Two members {a, b} are a new pair when
 *   collision group: not (a.was_valid and b.was_valid and a.old_key ==
 *     b.old_key);
 *   look-alike group: a.new_key != b.new_key, and not (a.was_valid and
 *     b.was_valid and (a.old_key == b.old_key or a and b have an old
 *     look-alike key in common)).
 * Every pair of names that now has one key and did not in the records is a
 * new pair of exactly one collision group; every pair with two keys now
 * that shares a look-alike key and did not look alike in the records is a
 * new pair of each look-alike group of a key they share (1 to 3). No other
 * pair is: the new pairs derive from the groups alone. The values of
 * u8guard::RecordGroupKind. */
#define U8GUARD_RECORD_COLLISION_GROUP 0
#define U8GUARD_RECORD_LOOKALIKE_GROUP 1

/* "collision_group", "lookalike_group"; "unknown" otherwise. */
U8GUARD_EXPORT const char *u8guard_record_group_kind_name(int32_t kind);

/* One group. The pointers point into the verification: valid until it is
 * freed. Strings with a length are not NUL-terminated. */
typedef struct u8guard_record_group {
  int32_t kind; /* U8GUARD_RECORD_*_GROUP */
  /* The key, or look-alike key, that the members have now. */
  const char *key;
  size_t key_len;
  /* Its members (2 or more: u8guard_record_verification_group_member) and
   * its new pairs (1 or more: half the sum of the members' new_partners). */
  size_t member_count;
  size_t new_pairs;
} u8guard_record_group;

/* One member of a group: what its name gives now and what its record
 * held. The pointers point into the verification: valid until it is freed.
 * Strings with a length are not NUL-terminated. */
typedef struct u8guard_record_group_member {
  /* Its 1-based line in the records and its name (any bytes). */
  size_t line;
  const char *name;
  size_t name_len;
  /* Its key now (for a collision group, the group's key). */
  const char *new_key;
  size_t new_key_len;
  /* Its record: whether the profile accepted the name (1) or not (0), and
   * then its key and look-alike keys (sorted, each once; empty and count 0
   * when it was rejected). */
  int was_valid;
  const char *old_key;
  size_t old_key_len;
  size_t old_lookalike_key_count;
  const char *old_lookalike_keys[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  size_t old_lookalike_key_lens[U8GUARD_MAX_LOOKALIKE_SKELETONS];
  /* 1 when its record lacks the group's key (was rejected, or had another
   * key, or look-alike keys without the group's), else 0. */
  int new_to_group;
  /* How many other members it makes a new pair with. */
  size_t new_partners;
} u8guard_record_group_member;

/* The number of groups (the collision groups, then the look-alike groups,
 * each in the order of their first member's line), and of the new pairs
 * of the collision groups and of the look-alike groups (a pair that shares
 * two look-alike keys is counted in each group); 0 for NULL. */
U8GUARD_EXPORT size_t u8guard_record_verification_group_count(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_new_collision_pairs(
    const u8guard_record_verification *verification);
U8GUARD_EXPORT size_t u8guard_record_verification_new_lookalike_pairs(
    const u8guard_record_verification *verification);

/* Writes group number `index` (0-based) to *group. U8GUARD_INVALID_ARGUMENT
 * for NULL arguments or index >= the count. */
U8GUARD_EXPORT u8guard_status u8guard_record_verification_group(
    const u8guard_record_verification *verification, size_t index,
    u8guard_record_group *group);

/* Writes member number `member_index` (0-based, in file order) of group
 * number `group_index` to *member. U8GUARD_INVALID_ARGUMENT for NULL
 * arguments or an index past the end. */
U8GUARD_EXPORT u8guard_status u8guard_record_verification_group_member(
    const u8guard_record_verification *verification, size_t group_index,
    size_t member_index, u8guard_record_group_member *member);

/* ------------------------------------------------------------------------
 * Paths
 * ------------------------------------------------------------------------ */

/* Normalization forms (values of the C++ u8guard::NormalizationForm);
 * paths accept NFC and NFKC. */
#define U8GUARD_NORMALIZATION_NONE 0
#define U8GUARD_NORMALIZATION_NFC 1
#define U8GUARD_NORMALIZATION_NFD 2
#define U8GUARD_NORMALIZATION_NFKC 3
#define U8GUARD_NORMALIZATION_NFKD 4
#define U8GUARD_NORMALIZATION_NFKC_CASEFOLD 5

/* Parses a normalization form's name as policy files and the CLI spell it
 * ("NFC", "NFKC", ... in any ASCII case; "NFKC_CF" for NFKC_Casefold) into
 * *value (a U8GUARD_NORMALIZATION_*). U8GUARD_INVALID_ARGUMENT for another
 * name (the message lists the accepted ones) or NULL arguments, and *value
 * is left as it was. */
U8GUARD_EXPORT u8guard_status u8guard_normalization_from_name(
    const char *name, int *value, u8guard_error *error);

/* What to do with a ".." segment. */
#define U8GUARD_DOT_DOT_REJECT 0 /* reject the path: path/dot_dot */
#define U8GUARD_DOT_DOT_RESOLVE           \
  1 /* remove the previous segment, never \
       rising above the root */

/* Parses a dot-dot policy's name as the CLI spells it ("reject",
 * "resolve") into *value (a U8GUARD_DOT_DOT_*). Errors as
 * u8guard_normalization_from_name. */
U8GUARD_EXPORT u8guard_status u8guard_dot_dot_from_name(const char *name,
                                                        int *value,
                                                        u8guard_error *error);

/* How u8guard_sanitize_path reads a path; u8guard_path_options_init sets
 * the defaults, which suit a relative file name from an untrusted source on
 * a POSIX system. Flags are 0 (off) or non-zero (on). */
typedef struct u8guard_path_options {
  /* '\' separates segments as '/' does; otherwise a '\' is rejected.
   * Default 0. */
  int backslash_is_separator;
  /* U8GUARD_NORMALIZATION_NFC (default) or U8GUARD_NORMALIZATION_NFKC. */
  int normalization;
  /* Decode %XX escapes once per segment, strictly (%C0%AE is an overlong,
   * %2F never separates). Default 0. */
  int percent_decode;
  /* U8GUARD_DOT_DOT_REJECT (default) or U8GUARD_DOT_DOT_RESOLVE. */
  int dot_dot;
  /* A leading separator means "the root" (a request path) instead of
   * path/absolute. Default 0. */
  int leading_separator_is_root;
  /* Allow segments that start with '.'. Default 0. */
  int allow_hidden;
  /* Windows rules: '\' separates; reserved names (CON, COM1, ...),
   * trailing '.' or ' ', and < > : " | ? * are rejected. Default 0. */
  int windows;
  /* At most this many segments in the result. Default 32. */
  size_t max_depth;
  /* At most this many bytes in the relative result. Default 4096. */
  size_t max_length;
  /* NULL or "" (default): the result is relative. Otherwise the result is
   * root + "/" + the relative path. NUL-terminated; it must be valid UTF-8,
   * absolute (start with '/'), without control characters and without
   * empty (but a trailing '/'), "." or ".." segments. */
  const char *root;
  /* The profile applied to each segment; NULL (default) means the built-in
   * "path-segment" profile. Its normalization is replaced by
   * `normalization`. Must outlive the call only. */
  const u8guard_profile *segment_profile;
} u8guard_path_options;

/* Sets every field of *options to its default (see above); NULL is
 * ignored. */
U8GUARD_EXPORT void u8guard_path_options_init(u8guard_path_options *options);

/* Writes raw[0, raw_len), an untrusted path or file name, as a normalized
 * relative path that cannot leave its root into `out` (see "Output
 * buffers"): decoded strictly (the IIS/Nimda input 2F C0 AE 2E 2F is an
 * overlong at byte 1), split on the separators, each segment canonicalized
 * and checked again after normalization, "." and empty segments dropped,
 * ".." rejected or resolved. `options` NULL means the defaults. Returns
 * U8GUARD_REJECTED with the rule (a U8GUARD_RULE_PATH_*, a UTF-8 rule or
 * the segment profile's), the offset in `raw` (for percent-decoded bytes,
 * that of the '%') and the code point; U8GUARD_INVALID_ARGUMENT for bad
 * options (a normalization other than NFC or NFKC, a dot_dot value out of
 * range, a root that breaks the rules above) or NULL arguments;
 * U8GUARD_BUFFER_TOO_SMALL; U8GUARD_INTERNAL when ICU fails. */
U8GUARD_EXPORT u8guard_status u8guard_sanitize_path(
    const char *raw, size_t raw_len, const u8guard_path_options *options,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* ------------------------------------------------------------------------
 * Opening beneath a root
 *
 * u8guard_sanitize_path proves that a string stays beneath its root; the
 * filesystem can still take it elsewhere (a link that points out, /proc
 * magic links, a directory swapped for a link). These functions sanitize
 * the path, then open it relative to a directory descriptor with the
 * kernel's confinement: openat2(RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS),
 * or where the kernel has no openat2 a component-by-component O_PATH walk
 * with the same guarantees. Every descriptor is opened with O_CLOEXEC. A
 * refusal is U8GUARD_REJECTED with a U8GUARD_RULE_OPEN_* rule and source
 * U8GUARD_SOURCE_OPEN (offset 0), or a U8GUARD_RULE_PATH_* (and the other
 * sanitizer rules) with source U8GUARD_SOURCE_PATH; what does not exist or
 * may not be opened is U8GUARD_NOT_FOUND (ENOENT, ENOTDIR),
 * U8GUARD_PERMISSION_DENIED (EACCES, EPERM), U8GUARD_ALREADY_EXISTS
 * (EEXIST) or U8GUARD_IO_ERROR (any other), with errno set to the system
 * call's error. See open_beneath.h for the C++ API and the details.
 * ------------------------------------------------------------------------ */

/* Symbolic links met beneath the root. */
#define U8GUARD_SYMLINKS_NONE 0   /* refused: U8GUARD_RULE_OPEN_SYMLINK */
#define U8GUARD_SYMLINKS_INSIDE 1 /* followed while they stay beneath it */

/* Which implementation resolves the path. */
#define U8GUARD_RESOLVER_AUTO 0 /* openat2 where available, else the walk */
#define U8GUARD_RESOLVER_OPENAT2                                           \
  1                             /* openat2 only (U8GUARD_INTERNAL without) \
                                 */
#define U8GUARD_RESOLVER_WALK 2 /* the O_PATH walk (tests, diagnosis) */

/* How the functions below read and open a path;
 * u8guard_open_options_init sets the defaults. */
typedef struct u8guard_open_options {
  /* The sanitizer's options (u8guard_path_options_init's defaults); its
   * root must be NULL or "": the root is the directory descriptor. */
  u8guard_path_options path;
  /* U8GUARD_SYMLINKS_NONE (default) or U8GUARD_SYMLINKS_INSIDE. */
  int symlinks;
  /* Non-zero: refuse to cross a mount point, bind mounts included
   * (U8GUARD_RULE_OPEN_CROSS_DEVICE). Default 0. */
  int no_xdev;
  /* open(2) flags: O_RDONLY (default), O_WRONLY or O_RDWR, and any of
   * O_APPEND, O_TRUNC, O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK, O_NOATIME,
   * O_SYNC, O_DSYNC, O_DIRECT, O_LARGEFILE, O_CLOEXEC, O_NOCTTY; O_PATH
   * with O_DIRECTORY and O_NOFOLLOW only. O_CREAT, O_EXCL and O_TMPFILE are
   * U8GUARD_INVALID_ARGUMENT (u8guard_create_beneath creates). */
  int flags;
  /* U8GUARD_RESOLVER_AUTO (default), _OPENAT2 or _WALK. */
  int resolver;
  /* 0 (default): u8guard_open_beneath opens a regular file only, with
   * O_NONBLOCK so that it never waits, then clears O_NONBLOCK unless flags
   * holds it; anything else is U8GUARD_REJECTED with
   * U8GUARD_RULE_OPEN_FIFO, _SOCKET, _DEVICE or _DIRECTORY (a directory
   * without O_DIRECTORY). Non-zero: any type, as open(2) (a FIFO may then
   * block). O_PATH and O_DIRECTORY are never checked. */
  int any_file_type;
} u8guard_open_options;

/* Sets every field of *options to its default (see above); NULL is
 * ignored. */
U8GUARD_EXPORT void u8guard_open_options_init(u8guard_open_options *options);

/* Parses a symlink policy's name as the CLI spells it ("none", "inside")
 * into *value (a U8GUARD_SYMLINKS_*). Errors as
 * u8guard_normalization_from_name. */
U8GUARD_EXPORT u8guard_status u8guard_symlinks_from_name(const char *name,
                                                         int *value,
                                                         u8guard_error *error);

/* Opens the trusted directory `dir` (NUL-terminated; links in it are
 * followed) as a root descriptor for the functions below (O_PATH |
 * O_DIRECTORY | O_CLOEXEC) into *fd (-1 on failure); close it with
 * close(2). U8GUARD_NOT_FOUND, U8GUARD_PERMISSION_DENIED or
 * U8GUARD_IO_ERROR with errno set; U8GUARD_INVALID_ARGUMENT for NULL
 * arguments. */
U8GUARD_EXPORT u8guard_status u8guard_open_root(const char *dir, int *fd,
                                                u8guard_error *error);

/* Sanitizes path[0, path_len) with options->path, then opens it beneath
 * the directory `root_fd` (not consumed) with options->flags | O_CLOEXEC |
 * O_NOCTTY, never leaving the root, into *fd (-1 on failure; the caller
 * closes it): a regular file only, without blocking, unless
 * options->any_file_type is set or flags hold O_PATH or O_DIRECTORY. An
 * empty sanitized path is the root itself (opened with O_DIRECTORY or
 * O_PATH). `options` NULL means the defaults. Returns U8GUARD_OK;
 * U8GUARD_REJECTED (see above; U8GUARD_RULE_OPEN_FIFO, ... for what is
 * not a regular file); U8GUARD_NOT_FOUND, U8GUARD_PERMISSION_DENIED,
 * U8GUARD_IO_ERROR with errno; U8GUARD_INVALID_ARGUMENT for bad options or NULL
 * arguments; U8GUARD_INTERNAL for U8GUARD_RESOLVER_OPENAT2 on a kernel without
 * openat2. */
U8GUARD_EXPORT u8guard_status u8guard_open_beneath(
    int root_fd, const char *path, size_t path_len,
    const u8guard_open_options *options, int *fd, u8guard_error *error);

/* Creates a new regular file beneath `root_fd` with permission bits `mode`
 * (less the umask) and opens it for writing (O_RDWR when options->flags
 * asks for it, else O_WRONLY) into *fd, as an upload does: the parent is
 * resolved as u8guard_open_beneath resolves a path, the file is created in
 * it with O_CREAT | O_EXCL | O_NOFOLLOW. U8GUARD_ALREADY_EXISTS when the
 * name exists (a link included, never followed) or the sanitized path is
 * empty; U8GUARD_INVALID_ARGUMENT for mode bits outside 07777 or O_PATH or
 * O_DIRECTORY in options->flags. Other results as u8guard_open_beneath. */
U8GUARD_EXPORT u8guard_status u8guard_create_beneath(
    int root_fd, const char *path, size_t path_len, unsigned mode,
    const u8guard_open_options *options, int *fd, u8guard_error *error);

/* Makes a directory beneath `root_fd` with permission bits `mode` (less
 * the umask): the parent is resolved as u8guard_open_beneath resolves a
 * path, then mkdirat(2) makes the last component in it. Results as
 * u8guard_create_beneath; options->flags is not used. */
U8GUARD_EXPORT u8guard_status u8guard_mkdir_beneath(
    int root_fd, const char *path, size_t path_len, unsigned mode,
    const u8guard_open_options *options, u8guard_error *error);

/* ------------------------------------------------------------------------
 * Secrets
 * ------------------------------------------------------------------------ */

/* Returns 1 when a[0, a_len) and b[0, b_len) hold the same bytes, else 0,
 * in time that depends on the lengths only, never on the content (inputs
 * of different lengths return 0 at once: the length may leak). NULL with a
 * non-zero length gives 0. */
U8GUARD_EXPORT int u8guard_constant_time_equals(const void *a, size_t a_len,
                                                const void *b, size_t b_len);

/* Writes the comparison key of the secret secret[0, secret_len) under
 * `profile` (normally "opaque-string", RFC 8265 section 4.2: what a password
 * hash should be fed) into `out` (see "Output buffers"). Every copy the
 * library makes of the secret or its key is wiped before it is freed; the
 * caller wipes `secret` and `out` (u8guard_secure_wipe). A rejection names
 * the rule and the offset but never a code point or byte of the secret
 * (code_point is -1). Errors as u8guard_canonicalize. */
U8GUARD_EXPORT u8guard_status u8guard_canonicalize_secret(
    const u8guard_profile *profile, const char *secret, size_t secret_len,
    char *out, size_t out_capacity, size_t *out_len, u8guard_error *error);

/* Sets size bytes at data to zero in a way the compiler may not remove
 * (explicit_bzero). NULL with size 0 is allowed; NULL with a non-zero size
 * does nothing. */
U8GUARD_EXPORT void u8guard_secure_wipe(void *data, size_t size);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_U8GUARD_C_H_ */
