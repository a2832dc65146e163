// SPDX-License-Identifier: Apache-2.0
// Canonicalization of secrets into wiped buffers.

#include "u8guard/secret.h"

#include <optional>
#include <string>
#include <utility>

#include "src/common/verdict.h"
#include "src/precis/pipeline.h"
#include "u8guard/rejection.h"

namespace u8guard {

absl::StatusOr<SecretString> CanonicalizeSecret(const Profile& profile,
                                                std::string_view bytes) {
  // One allocation large enough for the pipeline's output (NFC and case
  // mapping expand at most 3 times), so the key is never moved by growth
  // and leaves no stale copy behind.
  std::string work;
  if (bytes.size() <= internal::MaxInputBytes(profile)) {
    work.reserve(3 * bytes.size() + 64);
    internal::ReserveThreadScratch(3 * bytes.size() + 64);
  }
  const internal::Verdict verdict =
      internal::RunProfile(profile, profile.key_case_mapping, bytes, work);
  internal::WipeThreadScratch();
  std::optional<SecretString> key;
  if (verdict.ok()) key.emplace(work);
  // Zero everything the buffer ever held: resize() fills the tail up to the
  // capacity (where an error path may have left bytes), then the whole
  // buffer is wiped in a way the compiler keeps.
  work.resize(work.capacity());
  SecureWipe(work.data(), work.size());
  if (key) return std::move(*key);

  // A secret's rejection keeps only where and which rule: never the
  // offending character or, for bad UTF-8, its bytes.
  if (Rejection* r = verdict.rejection()) {
    r->code_point.reset();
    r->bytes.clear();
  }
  return verdict.ToStatus();
}

}  // namespace u8guard
