// SPDX-License-Identifier: Apache-2.0
// The O_PATH walk beneath a root: the resolver for kernels without openat2,
// and the classifier of openat2's refusals (which rule, which component).
//
// The walk holds a descriptor for every directory between the root and the
// component it resolves, each opened with openat(parent, name, O_PATH |
// O_NOFOLLOW | O_CLOEXEC), so the kernel never follows a link or a ".." on
// its behalf:
//   * a link is read (readlinkat on the O_PATH descriptor of the very link
//     that was checked) and its target's components are resolved next,
//     from the directory holding the link; an absolute target is refused;
//   * ".." returns to the descriptor the walk came down through, and at
//     the root is refused: it never opens "..", so there is no parent to
//     verify afterwards, and a directory moved meanwhile cannot lead the
//     walk above the root;
//   * a link on procfs whose text is not a plain relative path is a magic
//     link, refused; any other is only ever followed as text, beneath the
//     root;
//   * with no_xdev, every node's mount (statx STATX_MNT_ID, or its device)
//     is compared with the root's.
// The last component is opened for real with openat(parent, name, flags |
// O_NOFOLLOW) and must be the node that was checked (same device and
// inode); if it was swapped meanwhile, that component is resolved again.

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "src/path/beneath.h"
#include "src/path/fs_facts.h"

namespace u8guard::internal {
namespace {

// The most directory levels the walk holds descriptors for, one each;
// deeper is ENAMETOOLONG.
constexpr size_t kMaxLevels = 1024;

// Marks a component that comes from a link's target, not from the path.
constexpr size_t kFromLink = std::string_view::npos;

// One component still to resolve.
struct Component {
  std::string_view name;
  // For a component of the request's path, where it ends in the path (the
  // rejection's detail names the path up to there); else kFromLink.
  size_t path_end;
};

class Walk {
 public:
  explicit Walk(const BeneathRequest& request)
      : r_(request), path_(*request.path) {}

  BeneathOutcome Run();

 private:
  // The directory the next component is looked up in.
  int Current() const {
    return dirs_.empty() ? r_.root_fd : dirs_.back().get();
  }

  BeneathOutcome Refuse(Rule rule) const {
    return RefusedBy(rule, path_, path_end_);
  }

  // Queues the components of `text` so that its first is resolved next.
  // A link's target ending in '/' must name a directory: "." follows it.
  void Queue(std::string_view text, bool from_path);

  // Handles the link `link` (an O_PATH descriptor of it), the last
  // component when `last`: queues its target, or returns why not.
  std::optional<BeneathOutcome> FollowLink(int link, bool last);

  // Opens the last component, name_ in Current(), checked as `node` with
  // `facts`. nullopt when the name now refers to another node (resolve it
  // again).
  std::optional<BeneathOutcome> OpenLast(UniqueFd node, const NodeFacts& facts);

  // Opens Current() itself (the path ended at a directory: "", "." or "..").
  BeneathOutcome OpenCurrent() const;

  const BeneathRequest& r_;
  const std::string& path_;
  NodeFacts root_;
  std::vector<UniqueFd> dirs_;
  std::vector<Component> queue_;     // back() is next
  std::deque<std::string> targets_;  // the link targets queue_ points into
  std::string name_;                 // the component being opened
  size_t path_end_ = 0;
  int links_ = 0;
  int retries_ = 0;
};

void Walk::Queue(std::string_view text, bool from_path) {
  if (!from_path && text.ends_with('/')) queue_.push_back({".", kFromLink});
  size_t end = text.size();
  while (end > 0) {
    size_t begin = text.rfind('/', end - 1);
    begin = begin == std::string_view::npos ? 0 : begin + 1;
    if (begin < end) {
      queue_.push_back(
          {text.substr(begin, end - begin), from_path ? end : kFromLink});
    }
    end = begin == 0 ? 0 : begin - 1;
  }
}

std::optional<BeneathOutcome> Walk::FollowLink(int link, bool last) {
  std::string target;
  bool read = false;
  if (OnProcfs(link)) {
    if (ReadLinkTarget(link, target) != 0 || IsMagicLinkText(target)) {
      return Refuse(Rule::kOpenMagicLink);
    }
    read = true;
  }
  if (r_.symlinks == SymlinkPolicy::kNone ||
      (last && (r_.flags & O_NOFOLLOW) != 0)) {
    return Refuse(Rule::kOpenSymlink);
  }
  if (++links_ > kMaxSymlinks) return Refuse(Rule::kOpenSymlinkLoop);
  if (!read) {
    if (const int e = ReadLinkTarget(link, target); e != 0) {
      return FailedWith(e);
    }
  }
  if (target.empty()) return FailedWith(ENOENT);
  if (target[0] == '/') return Refuse(Rule::kOpenEscapesRoot);
  targets_.push_back(std::move(target));
  Queue(targets_.back(), /*from_path=*/false);
  return std::nullopt;
}

std::optional<BeneathOutcome> Walk::OpenLast(UniqueFd node,
                                             const NodeFacts& facts) {
  if ((r_.flags & O_DIRECTORY) != 0 && !facts.is_dir()) {
    return FailedWith(ENOTDIR);
  }
  BeneathOutcome out;
  if ((r_.flags & O_PATH) != 0) {
    // `node` is already O_PATH | O_NOFOLLOW | O_CLOEXEC.
    out.fd = std::move(node);
    return out;
  }
  // The name is looked up again: O_NOFOLLOW refuses a link swapped in
  // meanwhile (ELOOP), and the identity check any other swap.
  out.fd = UniqueFd(RetryOnEintr([&] {
    return openat(Current(), name_.c_str(),
                  r_.flags | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
  }));
  if (!out.fd.valid()) {
    if (errno == ELOOP) return std::nullopt;
    return FailedWith(errno);
  }
  NodeFacts opened;
  if (const int e = StatNode(out.fd.get(), false, opened); e != 0) {
    return FailedWith(e);
  }
  if (!opened.SameNode(facts)) return std::nullopt;
  return out;
}

BeneathOutcome Walk::OpenCurrent() const {
  // "." is the directory itself: nothing to check again.
  const int flags = (r_.flags & O_PATH) != 0 ? O_PATH | O_DIRECTORY | O_CLOEXEC
                                             : r_.flags | O_CLOEXEC | O_NOCTTY;
  BeneathOutcome out;
  out.fd =
      UniqueFd(RetryOnEintr([&] { return openat(Current(), ".", flags); }));
  if (!out.fd.valid()) return FailedWith(errno);
  return out;
}

BeneathOutcome Walk::Run() {
  if (r_.no_xdev) {
    if (const int e = StatNode(r_.root_fd, true, root_); e != 0) {
      return FailedWith(e);
    }
  }
  Queue(path_, /*from_path=*/true);
  while (!queue_.empty()) {
    const Component c = queue_.back();
    queue_.pop_back();
    if (c.path_end != kFromLink) path_end_ = c.path_end;
    const bool last = queue_.empty();
    if (c.name == ".") continue;
    if (c.name == "..") {
      if (dirs_.empty()) return Refuse(Rule::kOpenEscapesRoot);
      dirs_.pop_back();
      continue;
    }
    name_.assign(c.name);
    UniqueFd node(RetryOnEintr([&] {
      return openat(Current(), name_.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
    }));
    if (!node.valid()) return FailedWith(errno);
    NodeFacts facts;
    if (const int e = StatNode(node.get(), r_.no_xdev, facts); e != 0) {
      return FailedWith(e);
    }
    if (r_.no_xdev && !facts.SameMount(root_)) {
      return Refuse(Rule::kOpenCrossDevice);
    }
    if (facts.is_symlink()) {
      if (std::optional<BeneathOutcome> refused =
              FollowLink(node.get(), last)) {
        return std::move(*refused);
      }
      continue;
    }
    if (!last) {
      if (!facts.is_dir()) return FailedWith(ENOTDIR);
      if (dirs_.size() >= kMaxLevels) return FailedWith(ENAMETOOLONG);
      dirs_.push_back(std::move(node));
      continue;
    }
    if (std::optional<BeneathOutcome> out = OpenLast(std::move(node), facts)) {
      return std::move(*out);
    }
    // Swapped between the check and the open: resolve it again.
    if (++retries_ > kMaxRetries) return FailedWith(EAGAIN);
    queue_.push_back(c);
  }
  return OpenCurrent();
}

}  // namespace

BeneathOutcome ResolveWithWalk(const BeneathRequest& request) {
  return Walk(request).Run();
}

}  // namespace u8guard::internal
