// SPDX-License-Identifier: Apache-2.0
// Opening beneath a root (u8guard_open_beneath and its kin): conversions
// to and from open_beneath.h.

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "src/capi/error.h"
#include "src/capi/input.h"
#include "src/capi/path_options.h"
#include "u8guard/open_beneath.h"
#include "u8guard/u8guard_c.h"

namespace {

using ::u8guard::BeneathResolver;
using ::u8guard::OpenBeneathOptions;
using ::u8guard::SymlinkPolicy;
using ::u8guard::UniqueFd;
using ::u8guard::capi::ConvertPathOptions;
using ::u8guard::capi::Fail;
using ::u8guard::capi::FailNull;
using ::u8guard::capi::FailWith;
using ::u8guard::capi::Guard;
using ::u8guard::capi::ParseName;
using ::u8guard::capi::Succeed;
using ::u8guard::capi::ValidInput;
using ::u8guard::capi::View;

// The C++ options of `options` (NULL: the defaults): U8GUARD_OK, or
// U8GUARD_INVALID_ARGUMENT for a value out of range.
u8guard_status Convert(const u8guard_open_options* options,
                       OpenBeneathOptions& out, u8guard_error* error) {
  u8guard_open_options defaults;
  if (options == nullptr) {
    u8guard_open_options_init(&defaults);
    options = &defaults;
  }
  const u8guard_status bad = ConvertPathOptions(options->path, out.path, error);
  if (bad != U8GUARD_OK) return bad;
  if (options->symlinks != U8GUARD_SYMLINKS_NONE &&
      options->symlinks != U8GUARD_SYMLINKS_INSIDE) {
    return Fail(error, U8GUARD_INVALID_ARGUMENT,
                "symlinks is not a U8GUARD_SYMLINKS_*");
  }
  out.symlinks = options->symlinks == U8GUARD_SYMLINKS_INSIDE
                     ? SymlinkPolicy::kInside
                     : SymlinkPolicy::kNone;
  if (options->resolver < U8GUARD_RESOLVER_AUTO ||
      options->resolver > U8GUARD_RESOLVER_WALK) {
    return Fail(error, U8GUARD_INVALID_ARGUMENT,
                "resolver is not a U8GUARD_RESOLVER_*");
  }
  out.resolver = static_cast<BeneathResolver>(options->resolver);
  out.no_xdev = options->no_xdev != 0;
  out.flags = options->flags;
  out.any_file_type = options->any_file_type != 0;
  return U8GUARD_OK;
}

// Stores the descriptor of `result` in *fd, or fails with its status.
u8guard_status Deliver(absl::StatusOr<UniqueFd> result, int* fd,
                       u8guard_error* error) {
  if (!result.ok()) return FailWith(error, result.status());
  *fd = result->release();
  return Succeed(error);
}

// Runs `body` for the entry points that open (*fd = -1 first, arguments
// checked), with the options converted.
template <typename Body>
u8guard_status Opening(const char* path, size_t path_len,
                       const u8guard_open_options* options, int* fd,
                       u8guard_error* error, Body&& body) {
  if (fd != nullptr) *fd = -1;
  return Guard(error, [&] {
    if (fd == nullptr) return FailNull(error, "fd");
    if (!ValidInput(path, path_len)) return FailNull(error, "path");
    OpenBeneathOptions cc_options;
    const u8guard_status bad = Convert(options, cc_options, error);
    if (bad != U8GUARD_OK) return bad;
    return body(View(path, path_len), cc_options);
  });
}

}  // namespace

extern "C" {

void u8guard_open_options_init(u8guard_open_options* options) {
  if (options == nullptr) return;
  const OpenBeneathOptions defaults;
  u8guard_path_options_init(&options->path);
  options->symlinks = defaults.symlinks == SymlinkPolicy::kInside
                          ? U8GUARD_SYMLINKS_INSIDE
                          : U8GUARD_SYMLINKS_NONE;
  options->no_xdev = defaults.no_xdev;
  options->flags = defaults.flags;
  options->resolver = static_cast<int>(defaults.resolver);
  options->any_file_type = defaults.any_file_type;
}

u8guard_status u8guard_symlinks_from_name(const char* name, int* value,
                                          u8guard_error* error) {
  return ParseName(
      name, value, error, [](const char* n) -> absl::StatusOr<int> {
        const absl::StatusOr<SymlinkPolicy> policy =
            u8guard::ParseSymlinkPolicy(n);
        if (!policy.ok()) return policy.status();
        return *policy == SymlinkPolicy::kInside ? U8GUARD_SYMLINKS_INSIDE
                                                 : U8GUARD_SYMLINKS_NONE;
      });
}

u8guard_status u8guard_open_root(const char* dir, int* fd,
                                 u8guard_error* error) {
  if (fd != nullptr) *fd = -1;
  return Guard(error, [&] {
    if (dir == nullptr) return FailNull(error, "dir");
    if (fd == nullptr) return FailNull(error, "fd");
    return Deliver(u8guard::OpenRoot(dir), fd, error);
  });
}

u8guard_status u8guard_open_beneath(int root_fd, const char* path,
                                    size_t path_len,
                                    const u8guard_open_options* options,
                                    int* fd, u8guard_error* error) {
  return Opening(path, path_len, options, fd, error,
                 [&](std::string_view p, const OpenBeneathOptions& o) {
                   return Deliver(u8guard::OpenBeneath(root_fd, p, o), fd,
                                  error);
                 });
}

u8guard_status u8guard_create_beneath(int root_fd, const char* path,
                                      size_t path_len, unsigned mode,
                                      const u8guard_open_options* options,
                                      int* fd, u8guard_error* error) {
  return Opening(path, path_len, options, fd, error,
                 [&](std::string_view p, const OpenBeneathOptions& o) {
                   return Deliver(u8guard::CreateBeneath(root_fd, p, mode, o),
                                  fd, error);
                 });
}

u8guard_status u8guard_mkdir_beneath(int root_fd, const char* path,
                                     size_t path_len, unsigned mode,
                                     const u8guard_open_options* options,
                                     u8guard_error* error) {
  int unused = -1;
  return Opening(path, path_len, options, &unused, error,
                 [&](std::string_view p, const OpenBeneathOptions& o) {
                   const absl::Status s =
                       u8guard::MkdirBeneath(root_fd, p, mode, o);
                   if (!s.ok()) return FailWith(error, s);
                   return Succeed(error);
                 });
}

}  // extern "C"
