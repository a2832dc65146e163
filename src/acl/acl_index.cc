// SPDX-License-Identifier: Apache-2.0
// AclIndex accessors and the two lookups: AllowList::Grants (exact) and
// DenyList::Resembles (skeleton).

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "src/acl/acl_storage.h"
#include "src/common/enum_names.h"
#include "src/common/thread_scratch.h"
#include "src/confusables/skeleton.h"
#include "src/precis/pipeline.h"
#include "u8guard/acl.h"
#include "u8guard/match.h"

namespace u8guard {
namespace internal {

void AclStorage::EntryInto(uint32_t offset, AclEntry& e) const {
  // Decoded into scalars and written straight into `e` (not through a
  // returned AclEntry): GCC otherwise copies the string_views
  // through the stack, and reloading two 8-byte stores as one 16-byte load
  // stalls store forwarding on every hit.
  const char* p = arena.data() + offset;
  uint32_t v;
  std::memcpy(&v, p, sizeof v);
  const uint8_t flags = static_cast<uint8_t>(p[sizeof v]);
  p += kRecordHeader;
  const size_t key_size = ReadVarint(p);
  const char* key = p;
  const char* original = key;
  size_t original_size = key_size;
  if (flags & kOriginalStored) {
    p += key_size;
    original_size = ReadVarint(p);
    original = p;
  }
  // The last run that starts at or before v (most lists have one run).
  const AclRun* run = &runs.front();
  if (runs.size() > 1) {
    run = &*(std::upper_bound(runs.begin(), runs.end(), v,
                              [](uint32_t i, const AclRun& x) {
                                return i < x.first_valid;
                              }) -
             1);
  }
  e.index = size_t{v} + run->index_delta;
  e.line = from_file ? size_t{v} + run->line_delta : 0;
  e.original = std::string_view(original, original_size);
  e.key = std::string_view(key, key_size);
}

namespace {

// The caller's thread's key and skeleton buffers (ThreadScratch): lookups
// allocate only when a credential is longer than every one before it on
// that thread.
struct LookupScratch {
  std::string key;
  LookalikeSkeletons skeletons;
  LookalikeSkeletons candidate_skeletons;  // of an entry with the same tag
};

constexpr EnumName<AclMode> kAclModeNames[] = {
    {AclMode::kExact, "exact"},
    {AclMode::kSkeleton, "skeleton"},
};

}  // namespace
}  // namespace internal

std::string_view AclModeName(AclMode mode) {
  return internal::NameIn(internal::kAclModeNames, mode);
}

absl::StatusOr<AclMode> ParseAclMode(std::string_view name) {
  return internal::ParseIn(internal::kAclModeNames, "ACL mode", name);
}

AclIndex::AclIndex(std::shared_ptr<const internal::AclStorage> storage)
    : storage_(std::move(storage)) {}

AclMode AclIndex::mode() const { return storage_->mode; }
const Profile& AclIndex::profile() const { return storage_->profile; }
size_t AclIndex::size() const { return storage_->offsets.size(); }
size_t AclIndex::entry_count() const { return storage_->entry_count; }
bool AclIndex::file_signature() const { return storage_->file_signature; }

AclEntry AclIndex::entry(size_t i) const {
  AclEntry e;
  storage_->EntryInto(storage_->offsets[i], e);
  return e;
}

AclInvalidEntries AclIndex::invalid_entries() const {
  return AclInvalidEntries(storage_.get());
}

size_t AclInvalidEntries::size() const {
  return storage_ == nullptr ? 0 : storage_->invalid.size();
}

AclInvalidEntry AclInvalidEntries::operator[](size_t i) const {
  return storage_->invalid.Get(i, storage_->profile.name);
}

const std::vector<size_t>& AclIndex::bom_entries() const {
  return storage_->bom_entries;
}

const std::string& AclIndex::icu_version() const {
  return storage_->icu_version;
}

const std::string& AclIndex::unicode_version() const {
  return storage_->unicode_version;
}

size_t AclIndex::MemoryUsage() const {
  using internal::AllocatedBytes;
  const internal::AclStorage& s = *storage_;
  return sizeof s + internal::HeapBytes(s.arena) +
         AllocatedBytes(s.offsets.capacity() * sizeof(uint32_t)) +
         s.runs.capacity() * sizeof(internal::AclRun) +
         s.bom_entries.capacity() * sizeof(size_t) + s.invalid.MemoryUsage() +
         s.table.MemoryUsage();
}

// ---- AllowList --------------------------------------------------------------

absl::StatusOr<AllowList> AllowList::Build(
    const Profile& profile, const std::vector<std::string>& entries) {
  absl::StatusOr<AclIndex> index =
      AclIndex::Build(profile, entries, AclMode::kExact);
  if (!index.ok()) return index.status();
  return AllowList(*std::move(index));
}

absl::StatusOr<AllowList> AllowList::Parse(const Profile& profile,
                                           std::string_view text) {
  absl::StatusOr<AclIndex> index =
      AclIndex::Parse(profile, text, AclMode::kExact);
  if (!index.ok()) return index.status();
  return AllowList(*std::move(index));
}

absl::StatusOr<AllowList> AllowList::Load(const Profile& profile,
                                          const std::string& path,
                                          const AclLoadOptions& options) {
  absl::StatusOr<AclIndex> index =
      AclIndex::Load(profile, path, AclMode::kExact, options);
  if (!index.ok()) return index.status();
  return AllowList(*std::move(index));
}

AclLookup AllowList::Grants(std::string_view credential) const {
  const internal::AclStorage& s = *index_.storage_;
  std::string& key = internal::ThreadScratch<internal::LookupScratch>().key;
  AclLookup r;
  // What CanonicalizeInto would write, inline for ASCII credentials.
  if (!internal::TryAsciiProfile(s.profile, s.profile.key_case_mapping,
                                 credential, key)) [[unlikely]] {
    const internal::Verdict v = internal::RunProfileSlowPath(
        s.profile, s.profile.key_case_mapping, credential, key);
    if (!v.ok()) {
      r.status = v.ToStatus();
      return r;  // fail closed
    }
  }
  const std::string_view k = key;
  const char* base = s.arena.data();
  const uint32_t* offset =
      s.table.Find(internal::TableHash(k),
                   [&](uint32_t o) { return internal::HasKey(base, o, k); });
  if (offset != nullptr) s.EntryInto(*offset, r.match.emplace());
  return r;
}

// ---- DenyList ---------------------------------------------------------------

absl::StatusOr<DenyList> DenyList::Build(
    const Profile& profile, const std::vector<std::string>& entries) {
  absl::StatusOr<AclIndex> index =
      AclIndex::Build(profile, entries, AclMode::kSkeleton);
  if (!index.ok()) return index.status();
  return DenyList(*std::move(index));
}

absl::StatusOr<DenyList> DenyList::Parse(const Profile& profile,
                                         std::string_view text) {
  absl::StatusOr<AclIndex> index =
      AclIndex::Parse(profile, text, AclMode::kSkeleton);
  if (!index.ok()) return index.status();
  return DenyList(*std::move(index));
}

absl::StatusOr<DenyList> DenyList::Load(const Profile& profile,
                                        const std::string& path,
                                        const AclLoadOptions& options) {
  absl::StatusOr<AclIndex> index =
      AclIndex::Load(profile, path, AclMode::kSkeleton, options);
  if (!index.ok()) return index.status();
  return DenyList(*std::move(index));
}

AclLookup DenyList::Resembles(std::string_view credential) const {
  const internal::AclStorage& s = *index_.storage_;
  internal::LookupScratch& scratch =
      internal::ThreadScratch<internal::LookupScratch>();
  AclLookup r;
  r.status = internal::RunProfile(s.profile, s.profile.key_case_mapping,
                                  credential, scratch.key)
                 .ToStatus();
  if (!r.status.ok()) return r;
  r.status = internal::LookalikeSkeletonsInto(scratch.key, scratch.skeletons);
  if (!r.status.ok()) return r;
  // Each of the credential's skeletons; the earliest entry (records are in
  // list order) that shares one wins. A candidate with the credential's key
  // has its skeletons (they are the key's); another candidate's skeletons
  // are recomputed: it has the same hash tag, so it almost always matches.
  // A hit is usually found once per skeleton the two share; the last
  // candidate's skeletons are kept for the next skeleton's search.
  // Every skeleton's bucket is prefetched before the first is searched: a
  // hit on a large index is then one bucket miss and one record miss, not
  // one of each per skeleton in turn.
  const std::string_view key = scratch.key;
  const char* const base = s.arena.data();
  uint64_t hashes[kMaxLookalikeSkeletons];
  for (size_t i = 0; i < scratch.skeletons.size; ++i) {
    hashes[i] = internal::TableHash(scratch.skeletons.skeleton[i]);
    s.table.Prefetch(hashes[i]);
  }
  const uint32_t* best = nullptr;
  // The candidate whose skeletons candidate_skeletons holds, if any.
  bool have_computed = false;
  uint32_t computed = 0;
  for (size_t i = 0; i < scratch.skeletons.size; ++i) {
    const std::string& skeleton = scratch.skeletons.skeleton[i];
    const uint32_t* offset = s.table.Find(hashes[i], [&](uint32_t o) {
      if (internal::HasKey(base, o, key)) return true;
      if (!have_computed || computed != o) {
        have_computed = false;
        if (!s.SkeletonsOf(o, scratch.candidate_skeletons).ok()) {
          return false;
        }
        have_computed = true;
        computed = o;
      }
      return scratch.candidate_skeletons.Contains(skeleton);
    });
    if (offset != nullptr && (best == nullptr || *offset < *best)) {
      best = offset;
    }
  }
  if (best != nullptr) s.EntryInto(*best, r.match.emplace());
  return r;
}

}  // namespace u8guard
