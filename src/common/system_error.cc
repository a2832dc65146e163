// SPDX-License-Identifier: Apache-2.0
// Statuses of failed system calls, and the NUL check of file names.

#include "src/common/system_error.h"

#include <cerrno>
#include <charconv>
#include <string>

#include "absl/strings/cord.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"

namespace u8guard::internal {
namespace {

constexpr char kErrnoUrl[] = "type.u8guard.dev/u8guard.Errno";

}  // namespace

absl::Status ErrnoStatus(int error, std::string_view what) {
  absl::Status status =
      absl::ErrnoToStatus(error, absl::string_view(what.data(), what.size()));
  if (error == ENOTDIR) status = absl::NotFoundError(status.message());
  status.SetPayload(kErrnoUrl, absl::Cord(absl::StrCat(error)));
  return status;
}

std::optional<int> ErrnoOf(const absl::Status& status) {
  if (status.ok()) return std::nullopt;
  const absl::optional<absl::Cord> payload = status.GetPayload(kErrnoUrl);
  if (!payload) return std::nullopt;
  const std::string text(*payload);
  int value = 0;
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value <= 0) {
    return std::nullopt;
  }
  return value;
}

std::string ShownFileName(std::string_view path) {
  return absl::CHexEscape(absl::string_view(path.data(), path.size()));
}

absl::Status CheckFileName(std::string_view path) {
  if (path.find('\0') == std::string_view::npos) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "file name \"",
      absl::CHexEscape(absl::string_view(path.data(), path.size())),
      "\" contains a NUL byte"));
}

}  // namespace u8guard::internal
