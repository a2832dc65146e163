// SPDX-License-Identifier: Apache-2.0
// absl::Status to u8guard_status and u8guard_error.

#include "src/capi/error.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>

#include "u8guard/open_beneath.h"
#include "u8guard/rejection.h"

namespace u8guard::capi {
namespace {

// Resets every field of *error to "no rejection" with `status`.
void Reset(u8guard_error& error, u8guard_status status) {
  error.status = status;
  error.rule = U8GUARD_RULE_NONE;
  error.source = U8GUARD_SOURCE_NONE;
  error.code_point = -1;
  error.offset = 0;
  error.message[0] = '\0';
}

// The status code of a failed system call's errno, as u8guard_c.h lists
// them.
u8guard_status StatusCodeOfErrno(int system_error) {
  switch (system_error) {
    case ENOENT:
    case ENOTDIR:
      return U8GUARD_NOT_FOUND;
    case EACCES:
    case EPERM:
      return U8GUARD_PERMISSION_DENIED;
    case EEXIST:
      return U8GUARD_ALREADY_EXISTS;
    default:
      return U8GUARD_IO_ERROR;
  }
}

// The status code of a status that carries no Rejection: from the errno of
// a failed system call when it carries one (absl's code for ENAMETOOLONG is
// InvalidArgument, for EMFILE ResourceExhausted: neither is what a caller
// of the C API is told), else from its absl::StatusCode.
u8guard_status StatusCodeOf(const absl::Status& status) {
  if (const std::optional<int> system_error = SystemErrno(status)) {
    return StatusCodeOfErrno(*system_error);
  }
  switch (status.code()) {
    case absl::StatusCode::kOk:
      return U8GUARD_OK;
    case absl::StatusCode::kInvalidArgument:
      return U8GUARD_INVALID_ARGUMENT;
    case absl::StatusCode::kNotFound:
      return U8GUARD_NOT_FOUND;
    case absl::StatusCode::kPermissionDenied:
      return U8GUARD_PERMISSION_DENIED;
    case absl::StatusCode::kAlreadyExists:
      return U8GUARD_ALREADY_EXISTS;
    case absl::StatusCode::kCancelled:
      return U8GUARD_CANCELLED;
    case absl::StatusCode::kResourceExhausted:
    case absl::StatusCode::kOutOfRange:
      return U8GUARD_LIMIT_EXCEEDED;
    case absl::StatusCode::kInternal:
    case absl::StatusCode::kUnimplemented:
      return U8GUARD_INTERNAL;
    default:
      // FailedPrecondition (not a regular file), Unavailable (a tree that
      // kept changing under OpenBeneath): failures to read or open.
      return U8GUARD_IO_ERROR;
  }
}

}  // namespace

void CopyMessage(std::string_view message,
                 char (&buffer)[U8GUARD_ERROR_MESSAGE_SIZE]) {
  constexpr size_t kRoom = U8GUARD_ERROR_MESSAGE_SIZE - 1;
  constexpr std::string_view kEllipsis = "...";
  if (message.size() <= kRoom) {
    std::memcpy(buffer, message.data(), message.size());
    buffer[message.size()] = '\0';
    return;
  }
  // Cut where a character starts, never inside one.
  size_t keep = kRoom - kEllipsis.size();
  while (keep > 0 &&
         (static_cast<unsigned char>(message[keep]) & 0xC0) == 0x80) {
    --keep;
  }
  std::memcpy(buffer, message.data(), keep);
  std::memcpy(buffer + keep, kEllipsis.data(), kEllipsis.size());
  buffer[keep + kEllipsis.size()] = '\0';
}

u8guard_status Succeed(u8guard_error* error) {
  if (error != nullptr) Reset(*error, U8GUARD_OK);
  return U8GUARD_OK;
}

u8guard_status Fail(u8guard_error* error, u8guard_status status,
                    std::string_view message) {
  if (error != nullptr) {
    Reset(*error, status);
    CopyMessage(message, error->message);
  }
  return status;
}

u8guard_status FailWith(u8guard_error* error, const absl::Status& status) {
  const std::optional<Rejection> rejection =
      status.code() == absl::StatusCode::kInvalidArgument ? GetRejection(status)
                                                          : std::nullopt;
  const u8guard_status code =
      rejection ? U8GUARD_REJECTED : StatusCodeOf(status);
  const absl::string_view message = status.message();  // not std's here
  Fail(error, code, std::string_view(message.data(), message.size()));
  if (error != nullptr && rejection) {
    error->rule = static_cast<u8guard_rule_t>(rejection->rule);
    error->source = static_cast<int32_t>(rejection->source);
    error->code_point = rejection->code_point
                            ? static_cast<int32_t>(*rejection->code_point)
                            : -1;
    error->offset = rejection->offset;
  }
  // Last, so that nothing above (the message's copy) can change it.
  if (const std::optional<int> system_error = SystemErrno(status)) {
    errno = *system_error;
  }
  return code;
}

u8guard_status FailNull(u8guard_error* error, std::string_view name) {
  // Composed on the stack: this must not allocate.
  constexpr std::string_view kSuffix = " must not be NULL";
  char message[64 + kSuffix.size()];
  const size_t n = std::min<size_t>(name.size(), 64);
  std::memcpy(message, name.data(), n);
  std::memcpy(message + n, kSuffix.data(), kSuffix.size());
  return Fail(error, U8GUARD_INVALID_ARGUMENT,
              std::string_view(message, n + kSuffix.size()));
}

}  // namespace u8guard::capi
