// SPDX-License-Identifier: Apache-2.0
/* u8guard's C interface: strict UTF-8 validation (RFC 3629), whole and
 * streamed. Include "u8guard/u8guard_c.h", which includes every part and states
 * the conventions they all follow (input, status, output buffers, ownership,
 * threads). */

#ifndef U8GUARD_C_UTF8_H_
#define U8GUARD_C_UTF8_H_

#include <stddef.h>
#include <stdint.h>

#include "u8guard/c/base.h"
#include "u8guard/export.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* U8GUARD_C_UTF8_H_ */
