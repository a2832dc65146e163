// SPDX-License-Identifier: Apache-2.0
// Strict UTF-8 validation and the stream validator.

#include "u8guard/utf8.h"

#include <cstdint>
#include <new>
#include <string_view>

#include "src/capi/error.h"
#include "src/capi/handles.h"
#include "src/capi/input.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Guard;
using ::u8guard::capi::Succeed;
using ::u8guard::capi::ValidInput;
using ::u8guard::capi::View;

// Writes `r` to *out (when not NULL); U8GUARD_OK when it is valid.
u8guard_status Report(const u8guard::Utf8Result& r, u8guard_utf8_result* out) {
  if (out != nullptr) {
    out->valid_up_to = r.valid_up_to;
    out->kind =
        r.ok() ? U8GUARD_RULE_NONE
               : static_cast<u8guard_rule_t>(u8guard::Utf8ErrorRule(r.kind));
    out->error_len = r.error_len;
  }
  return r.ok() ? U8GUARD_OK : U8GUARD_REJECTED;
}

}  // namespace

extern "C" {

int u8guard_utf8_is_valid(const char* bytes, size_t len) {
  if (!ValidInput(bytes, len)) return 0;
  return u8guard::IsValidUtf8(View(bytes, len)) ? 1 : 0;
}

u8guard_status u8guard_utf8_validate(const char* bytes, size_t len,
                                     u8guard_utf8_result* result) {
  if (result == nullptr || !ValidInput(bytes, len)) {
    return U8GUARD_INVALID_ARGUMENT;
  }
  return Report(u8guard::ValidateUtf8(View(bytes, len)), result);
}

u8guard_status u8guard_utf8_check(const char* bytes, size_t len,
                                  u8guard_error* error) {
  return Guard(error, [&] {
    if (!ValidInput(bytes, len)) return FailNull(error, "bytes");
    const absl::Status status = u8guard::CheckUtf8(View(bytes, len));
    return status.ok() ? Succeed(error) : FailWith(error, status);
  });
}

u8guard_status u8guard_utf8_stream_new(u8guard_utf8_stream** out) {
  if (out == nullptr) return U8GUARD_INVALID_ARGUMENT;
  *out = new (std::nothrow) u8guard_utf8_stream;
  return *out == nullptr ? U8GUARD_OUT_OF_MEMORY : U8GUARD_OK;
}

void u8guard_utf8_stream_free(u8guard_utf8_stream* stream) { delete stream; }

u8guard_status u8guard_utf8_stream_feed(u8guard_utf8_stream* stream,
                                        const char* chunk, size_t len,
                                        u8guard_utf8_result* result) {
  if (stream == nullptr || !ValidInput(chunk, len)) {
    return U8GUARD_INVALID_ARGUMENT;
  }
  return Report(stream->validator.Feed(View(chunk, len)), result);
}

u8guard_status u8guard_utf8_stream_finish(u8guard_utf8_stream* stream,
                                          u8guard_utf8_result* result) {
  if (stream == nullptr) return U8GUARD_INVALID_ARGUMENT;
  return Report(stream->validator.Finish(), result);
}

void u8guard_utf8_stream_reset(u8guard_utf8_stream* stream) {
  if (stream != nullptr) stream->validator.Reset();
}

uint64_t u8guard_utf8_stream_bytes_fed(const u8guard_utf8_stream* stream) {
  return stream == nullptr ? 0 : stream->validator.bytes_fed();
}

}  // extern "C"
