// SPDX-License-Identifier: Apache-2.0
/* u8guard's C interface: path sanitization and opening beneath a root.
 * Include "u8guard/u8guard_c.h", which includes every part and states the
 * conventions they all follow (input, status, output buffers, ownership,
 * threads). */

#ifndef U8GUARD_C_PATH_H_
#define U8GUARD_C_PATH_H_

#include <stddef.h>
#include <stdint.h>

#include "u8guard/c/base.h"
#include "u8guard/c/profile.h"
#include "u8guard/export.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_C_PATH_H_ */
