// SPDX-License-Identifier: Apache-2.0
/* u8guard's C interface: versions, status codes, rules and errors: what every
 * part of the C interface returns. Include "u8guard/u8guard_c.h", which
 * includes every part and states the conventions they all follow (input,
 * status, output buffers, ownership, threads). */

#ifndef U8GUARD_C_BASE_H_
#define U8GUARD_C_BASE_H_

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

/* u8guard_version under the vocabulary's name (docs/vocabulary.md:
 * LibraryVersion, library_version): the same function and string.
 * u8guard_version stays, for the programs of 0.1. */
U8GUARD_EXPORT const char *u8guard_library_version(void);

/* The ABI version of the library linked at run time: the N of its SONAME
 * libu8guard.so.N (U8GUARD_ABI_VERSION is the headers'). */
U8GUARD_EXPORT int u8guard_abi_version(void);

/* The version of ICU the library runs with, e.g. "72.1". */
U8GUARD_EXPORT const char *u8guard_icu_version(void);

/* The Unicode version of that ICU's data, e.g. "15.0": every property and
 * normalization u8guard uses comes from it. */
U8GUARD_EXPORT const char *u8guard_unicode_version(void);

/* ------------------------------------------------------------------------
 * Tables
 * ------------------------------------------------------------------------ */

/* Builds now the tables the library otherwise builds when a process first
 * needs them or once it has made a few thousand calls that use them (C++
 * BuildTables, skeleton.h): about a quarter of a second, after which no
 * call waits for one. For a service before it takes requests, and for a
 * process that forks workers which then share them. Results never depend on
 * it. Thread-safe; later calls return at once. */
U8GUARD_EXPORT void u8guard_build_tables(void);

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
  /* The caller stopped the call: a callback of its own said so
   * (u8guard_record_verifier_options). */
  U8GUARD_CANCELLED = 12,
  /* Not a status: makes the type 32 bits wide on every compiler, so that
   * codes added later fit in it. */
  U8GUARD_STATUS_MAX_ENUM_ = 0x7FFFFFFF
} u8guard_status;

/* The name of `status`: "ok", "rejected", "no_match", "buffer_too_small",
 * "invalid_argument", "not_found", "permission_denied", "io_error",
 * "limit_exceeded", "out_of_memory", "internal", "already_exists",
 * "cancelled";
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
/* A code point outside the profile's RFC 9839 repertoire: a legacy
 * control, or a noncharacter. */
#define U8GUARD_RULE_REPERTOIRE_CONTROL 60
#define U8GUARD_RULE_REPERTOIRE_NONCHARACTER 61
/* The highest rule value these headers know. A newer library may report
 * higher ones; u8guard_rule_id() names them. */
#define U8GUARD_RULE_MAX 61

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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_C_BASE_H_ */
