// SPDX-License-Identifier: Apache-2.0
// Building an AclIndex: from a list, from an ACL file's text, from a file.

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "src/acl/acl_lines.h"
#include "src/acl/acl_storage.h"
#include "src/common/progress_counter.h"
#include "src/common/read_file.h"
#include "src/common/verdict.h"
#include "src/confusables/skeleton.h"
#include "src/precis/pipeline.h"
#include "u8guard/acl.h"
#include "u8guard/bom.h"
#include "u8guard/display.h"
#include "u8guard/match.h"
#include "u8guard/version.h"

namespace u8guard {
namespace internal {

namespace {

constexpr size_t kMaxOffset = std::numeric_limits<uint32_t>::max();

// Canonicalizes entries one at a time into records of one storage.
class AclBuilder {
 public:
  AclBuilder(const Profile& profile, AclMode mode, bool from_file)
      : s_(std::make_unique<AclStorage>()) {
    s_->profile = profile;
    s_->mode = mode;
    s_->from_file = from_file;
    s_->icu_version = IcuVersion();
    s_->unicode_version = UnicodeVersion();
  }

  void Reserve(size_t entries, size_t bytes) {
    s_->offsets.reserve(entries);
    filings_.reserve(entries);
    s_->arena.reserve(bytes + 8 * entries);
  }

  void SetFileSignature() { s_->file_signature = true; }

  // Adds the next entry; `line` is 0 for lists. Fails only on resource
  // limits and ICU failures; a rejected entry is recorded as invalid.
  absl::Status Add(std::string_view original, size_t line) {
    const size_t index = s_->entry_count++;
    if (original.starts_with(kUtf8Bom)) s_->bom_entries.push_back(index);
    const Verdict verdict =
        RunProfile(s_->profile, s_->profile.key_case_mapping, original, key_);
    if (const Rejection* r = verdict.rejection()) {
      // Kept compactly (acl_invalid.h): no message is formatted here.
      return s_->invalid.Add(index, line, original, *r, s_->profile.name);
    }
    // Not a rejection: ICU failed. The index fails as a whole (closed).
    if (!verdict.ok()) return verdict.ToStatus();
    const size_t v = s_->offsets.size();
    if (s_->arena.size() > kMaxOffset || index >= kMaxOffset ||
        line >= kMaxOffset) {
      return absl::ResourceExhaustedError(
          "ACL too large: more than 4 GiB of keys, or 2^32 entries or lines");
    }
    // The table's hashes, kept until Finish (a skeleton costs ICU ~1 us):
    // the key's, or each of the entry's look-alike skeletons.
    if (s_->mode == AclMode::kSkeleton) {
      if (absl::Status sk = LookalikeSkeletonsInto(key_, skeletons_);
          !sk.ok()) {
        return sk;
      }
      for (size_t i = 0; i < skeletons_.size; ++i) {
        filings_.push_back(
            {TableHash(skeletons_.skeleton[i]), static_cast<uint32_t>(v)});
      }
    } else {
      filings_.push_back({TableHash(key_), static_cast<uint32_t>(v)});
    }
    // Runs: index and line as offsets from the valid index (v <= index <
    // line < 2^32; lists have no lines).
    const uint32_t index_delta = static_cast<uint32_t>(index - v);
    const uint32_t line_delta =
        s_->from_file ? static_cast<uint32_t>(line - v) : 0;
    if (s_->runs.empty() || s_->runs.back().index_delta != index_delta ||
        s_->runs.back().line_delta != line_delta) {
      s_->runs.push_back({static_cast<uint32_t>(v), index_delta, line_delta});
    }
    // The record.
    s_->offsets.push_back(static_cast<uint32_t>(s_->arena.size()));
    const uint32_t v32 = static_cast<uint32_t>(v);
    s_->arena.append(reinterpret_cast<const char*>(&v32), sizeof v32);
    const bool original_stored = original != std::string_view(key_);
    s_->arena.push_back(
        static_cast<char>(original_stored ? kOriginalStored : 0));
    AppendVarint(key_.size(), s_->arena);
    s_->arena.append(key_);
    if (original_stored) {
      AppendVarint(original.size(), s_->arena);
      s_->arena.append(original);
    }
    return absl::OkStatus();
  }

  // Freezes the arena and hashes the records.
  std::shared_ptr<const AclStorage> Finish() {
    s_->arena.shrink_to_fit();
    s_->offsets.shrink_to_fit();
    s_->runs.shrink_to_fit();
    s_->invalid.Shrink();
    // The first entry with a given key (exact) or skeleton wins; later ones
    // are collisions or look-alikes, which the audit lists and the table
    // does not hold. When they are most of the list (a file of one name
    // repeated), the table is built again at the size of what it holds.
    s_->table.Reset(filings_.size());
    FileAll();
    if (s_->table.size() < filings_.size() / 2) {
      s_->table.Reset(s_->table.size());
      FileAll();
    }
    filings_ = {};
    return std::shared_ptr<const AclStorage>(std::move(s_));
  }

 private:
  // Files every hash of filings_ in the table, in list order.
  void FileAll() {
    const char* base = s_->arena.data();
    for (const Filing& f : filings_) {
      const uint32_t offset = s_->offsets[f.v];
      if (s_->mode == AclMode::kExact) {
        const std::string_view key = KeyOf(base, offset);
        s_->table.Insert(f.hash, offset, [&](uint32_t other) {
          return HasKey(base, other, key);
        });
        continue;
      }
      // Skeletons are recomputed only on a hash tag match: the same
      // skeleton (a look-alike) or, rarely, a tag collision. This entry's
      // own at the first match (Add checked that it has them), then the
      // skeleton filed under this hash among them.
      const std::string* mine = nullptr;
      s_->table.Insert(f.hash, offset, [&](uint32_t other) {
        if (mine == nullptr) mine = OwnSkeleton(offset, f.hash);
        if (mine == nullptr) return false;
        return s_->SkeletonsOf(other, other_skeletons_).ok() &&
               other_skeletons_.Contains(*mine);
      });
    }
  }

  // The skeleton with `hash` among those of the entry at `offset`
  // (computed into skeletons_); null when they cannot be computed or none
  // has it.
  const std::string* OwnSkeleton(uint32_t offset, uint64_t hash) {
    if (!s_->SkeletonsOf(offset, skeletons_).ok()) return nullptr;
    for (size_t i = 0; i < skeletons_.size; ++i) {
      if (TableHash(skeletons_.skeleton[i]) == hash) {
        return &skeletons_.skeleton[i];
      }
    }
    return nullptr;
  }

  // One hash of one valid entry (position v) to file in the table.
  struct Filing {
    uint64_t hash;
    uint32_t v;
  };

  std::unique_ptr<AclStorage> s_;
  std::vector<Filing> filings_;  // in list order, until Finish
  std::string key_;
  LookalikeSkeletons skeletons_, other_skeletons_;
};

template <typename Strings>
absl::StatusOr<std::shared_ptr<const AclStorage>> BuildFromList(
    const Profile& profile, const Strings& entries, AclMode mode) {
  AclBuilder builder(profile, mode, /*from_file=*/false);
  size_t bytes = 0;
  for (const auto& e : entries) bytes += e.size();
  builder.Reserve(entries.size(), bytes);
  for (const auto& e : entries) {
    if (absl::Status s = builder.Add(e, 0); !s.ok()) return s;
  }
  return builder.Finish();
}

// `progress` (may be empty) hears of every kProgressInterval entries.
absl::StatusOr<std::shared_ptr<const AclStorage>> ParseAclText(
    const Profile& profile, std::string_view text, AclMode mode,
    const ProgressCallback& progress) {
  AclBuilder builder(profile, mode, /*from_file=*/true);
  // Roughly one entry per 8 bytes: reserving avoids most of the regrowth.
  builder.Reserve(text.size() / 8, text.size());
  ProgressCounter counter(progress, text.size(), 0);
  bool signature = false;
  if (absl::Status s =
          ForEachAclLine(text, &signature,
                         [&](std::string_view line, size_t number) {
                           absl::Status added = builder.Add(line, number);
                           counter.Record(ConsumedBytes(text, line));
                           return added;
                         });
      !s.ok()) {
    return s;
  }
  counter.Finish();
  if (signature) builder.SetFileSignature();
  return builder.Finish();
}

absl::StatusOr<std::shared_ptr<const AclStorage>> BuildAclFromList(
    const Profile& profile, const std::vector<std::string>& entries,
    AclMode mode) {
  return BuildFromList(profile, entries, mode);
}

}  // namespace
}  // namespace internal

absl::StatusOr<AclIndex> AclIndex::Build(
    const Profile& profile, const std::vector<std::string>& entries,
    AclMode mode) {
  auto storage = internal::BuildAclFromList(profile, entries, mode);
  if (!storage.ok()) return storage.status();
  return AclIndex(*std::move(storage));
}

absl::StatusOr<AclIndex> AclIndex::Parse(const Profile& profile,
                                         std::string_view text, AclMode mode) {
  auto storage = internal::ParseAclText(profile, text, mode, {});
  if (!storage.ok()) return storage.status();
  return AclIndex(*std::move(storage));
}

absl::StatusOr<AclIndex> AclIndex::Load(const Profile& profile,
                                        const std::string& path, AclMode mode,
                                        const AclLoadOptions& options) {
  absl::StatusOr<std::string> text = internal::ReadFileToString(
      path, options.max_file_bytes, EscapeForDisplay(path));
  if (!text.ok()) return text.status();
  auto storage = internal::ParseAclText(profile, *text, mode, options.progress);
  if (!storage.ok()) return storage.status();
  return AclIndex(*std::move(storage));
}

}  // namespace u8guard
