// Building an AclIndex: from a list, from an ACL file's text, from a file.

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "src/match/acl_storage.h"
#include "src/match/skeleton.h"
#include "u8guard/acl.h"
#include "u8guard/bom.h"
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
    hashes_.reserve(entries);
    s_->arena.reserve(bytes + 8 * entries);
  }

  void SetFileSignature() { s_->file_signature = true; }

  // Adds the next entry; `line` is 0 for lists. Fails only on resource
  // limits and ICU failures; a rejected entry is recorded as invalid.
  absl::Status Add(std::string_view original, size_t line) {
    const size_t index = s_->entry_count++;
    if (original.substr(0, kUtf8Bom.size()) == kUtf8Bom) {
      s_->bom_entries.push_back(index);
    }
    absl::Status status = CanonicalizeInto(s_->profile, original, key_);
    if (!status.ok()) {
      AclInvalidEntry bad;
      bad.index = index;
      bad.line = line;
      bad.original = std::string(original);
      bad.rejection = GetRejection(status).value_or(
          Rejection{0, std::nullopt, std::string(status.message())});
      bad.message = std::string(status.message());
      s_->invalid.push_back(std::move(bad));
      return absl::OkStatus();
    }
    const size_t v = s_->offsets.size();
    if (v >= kMaxOffset || s_->arena.size() > kMaxOffset) {
      return absl::ResourceExhaustedError(
          "ACL too large: more than 4 GiB of keys or 2^32 entries");
    }
    // The table's hash, kept until Finish (a skeleton costs ICU ~1 us).
    if (s_->mode == AclMode::kSkeleton) {
      if (absl::Status sk = SkeletonInto(key_, skeleton_); !sk.ok()) return sk;
      hashes_.push_back(TableHash(skeleton_));
    } else {
      hashes_.push_back(TableHash(key_));
    }
    // Runs: index and line as offsets from the valid index.
    const int64_t index_delta =
        static_cast<int64_t>(index) - static_cast<int64_t>(v);
    const int64_t line_delta =
        static_cast<int64_t>(line) - static_cast<int64_t>(v);
    if (s_->runs.empty() || s_->runs.back().index_delta != index_delta ||
        (s_->from_file && s_->runs.back().line_delta != line_delta)) {
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
    s_->invalid.shrink_to_fit();
    // The first entry with a given key (exact) or skeleton wins; later ones
    // are collisions or look-alikes, which the audit lists.
    const char* base = s_->arena.data();
    s_->table.Reset(s_->offsets.size());
    for (size_t v = 0; v < s_->offsets.size(); ++v) {
      const uint32_t offset = s_->offsets[v];
      const std::string_view key = KeyOf(base, offset);
      if (s_->mode == AclMode::kExact) {
        s_->table.Insert(hashes_[v], offset, [&](uint32_t other) {
          return HasKey(base, other, key);
        });
      } else {
        // Skeletons are recomputed only on a hash tag match: the same
        // skeleton (a look-alike) or, rarely, a tag collision. This entry's
        // own, at the first match (Add checked that it has one).
        bool have_skeleton = false;
        s_->table.Insert(hashes_[v], offset, [&](uint32_t other) {
          if (!have_skeleton) have_skeleton = SkeletonInto(key, skeleton_).ok();
          return have_skeleton &&
                 HasSkeleton(base, other, skeleton_, other_skeleton_);
        });
      }
    }
    hashes_ = {};
    return std::shared_ptr<const AclStorage>(std::move(s_));
  }

 private:
  std::unique_ptr<AclStorage> s_;
  std::vector<uint64_t> hashes_;  // per valid entry, until Finish
  std::string key_, skeleton_, other_skeleton_;
};

bool IsBlank(std::string_view line) {
  for (const char c : line) {
    if (c != ' ' && c != '\t') return false;
  }
  return true;
}

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

absl::StatusOr<std::shared_ptr<const AclStorage>> ParseAclText(
    const Profile& profile, std::string_view text, AclMode mode) {
  AclBuilder builder(profile, mode, /*from_file=*/true);
  // Roughly one entry per 8 bytes: reserving avoids most of the regrowth.
  builder.Reserve(text.size() / 8, text.size());
  size_t pos = 0, line = 0;
  while (pos < text.size()) {
    const size_t newline = text.find('\n', pos);
    std::string_view l = text.substr(pos, newline == std::string_view::npos
                                              ? std::string_view::npos
                                              : newline - pos);
    pos = newline == std::string_view::npos ? text.size() : newline + 1;
    ++line;
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    if (line == 1 && l.substr(0, kUtf8Bom.size()) == kUtf8Bom) {
      l.remove_prefix(kUtf8Bom.size());  // the file's signature, once
      builder.SetFileSignature();
    }
    if (IsBlank(l) || l.front() == '#') continue;
    if (absl::Status s = builder.Add(l, line); !s.ok()) return s;
  }
  return builder.Finish();
}

absl::StatusOr<std::shared_ptr<const AclStorage>> BuildAclFromList(
    const Profile& profile, const std::vector<std::string>& entries,
    AclMode mode) {
  return BuildFromList(profile, entries, mode);
}

absl::StatusOr<std::string> ReadWholeFile(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return absl::ErrnoToStatus(errno, path);
  std::string text;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int e = errno;
      close(fd);
      return absl::ErrnoToStatus(e, absl::StrCat(path, ": read"));
    }
    if (n == 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  close(fd);
  return text;
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
  auto storage = internal::ParseAclText(profile, text, mode);
  if (!storage.ok()) return storage.status();
  return AclIndex(*std::move(storage));
}

absl::StatusOr<AclIndex> AclIndex::Load(const Profile& profile,
                                        const std::string& path, AclMode mode) {
  absl::StatusOr<std::string> text = internal::ReadWholeFile(path);
  if (!text.ok()) return text.status();
  return Parse(profile, *text, mode);
}

}  // namespace u8guard
