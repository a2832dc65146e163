// SPDX-License-Identifier: Apache-2.0
// Path sanitization (layer 6): untrusted request paths and file names become
// normalized relative paths that cannot leave their root.
//
// The input is decoded strictly (RFC 3629: `2F C0 AE 2E 2F` is rejected as
// an overlong at byte 1, never read as "/../"), split on the separators,
// optionally percent-decoded exactly once per segment (the decoded bytes go
// through the same strict decoder), and every segment is canonicalized with
// the path-segment profile (policies/path-segment.toml: FreeformClass, NFC).
// Every rule is then checked again on the normalized segment, and a segment
// whose structure-bearing characters (/ \ . : % # ? @ NUL controls; with
// the Windows rules also < > " | *) would differ under NFKC or NFKC_Casefold
// is rejected, whichever normalization the caller chose: U+2024 ONE DOT
// LEADER, U+FF0E FULLWIDTH FULL STOP, U+FF0F FULLWIDTH SOLIDUS, U+2100 ACCOUNT
// OF ("a/c"), U+FF03 FULLWIDTH NUMBER SIGN... are rejected even under NFC,
// so that a later layer applying
// NFKC cannot turn a sanitized path into a traversal.
//
// A sanitized path never contains a ".." segment, a "." segment, an empty
// segment, NUL, control characters, a backslash, or an absolute prefix ("/",
// "\", "C:"), and sanitizing it again with the same options returns it
// unchanged.
//
// Errors are InvalidArgument statuses carrying a Rejection (rejection.h;
// source kPath) whose offset is a byte offset in the RAW input (for
// percent-decoded bytes: the offset of the '%' of their escape) and whose
// detail says what was found, e.g.
//   "path: rejected at byte 1: utf8/overlong: overlong encoding (C0 AE)".
// The rules (rule.h; Rule::kPathAbsolute ... Rule::kPathTooLong):
//   utf8/<kind>                     not UTF-8 (raw, or after percent-decoding)
//   path/absolute                   leading "/" or "\", or a drive letter "C:"
//   path/percent_decoding           '%' not followed by two hex digits
//   path/nul                        NUL (raw, %00)
//   path/control                    C0 controls, DEL, C1 controls
//   path/separator_in_segment       '/' or '\' inside a segment: a '\' that
//                                   is not a separator, or a decoded %2F/%5C
//   path/structure_changed_by_nfkc  see above; also a segment (as given,
//                                   or as the segment profile maps it)
//                                   whose NFKC or NFKC_Casefold form is
//                                   empty, "." or ".." ("\u200B" under a
//                                   profile that allows it: NFKC_Casefold
//                                   removes it)
//   path/dot_dot                    a ".." segment (DotDotPolicy::kReject)
//   path/above_root                 ".." rising above the root (kResolve)
//   path/hidden                     a segment starting with '.'
//   path/windows_reserved           CON, PRN, AUX, NUL, COM0-9, LPT0-9,
//                                   CONIN$, CONOUT$ (any case, any extension)
//   path/windows_trailing_dot_space a segment ending in '.' or ' '
//   path/windows_character          < > : " | ? *
//   path/too_deep, path/too_long    bounds of PathOptions
// plus every rule of the segment profile (e.g. "DISALLOWED/has_compat" under
// a stricter profile, "bom_not_allowed", "too_long" for a segment over 255
// bytes), with the offset mapped back into the raw input.

#ifndef U8GUARD_PATH_H_
#define U8GUARD_PATH_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "u8guard/export.h"
#include "u8guard/normalize.h"
#include "u8guard/profile.h"

U8GUARD_BEGIN_EXPORTS
namespace u8guard {

// What to do with a ".." segment.
enum class DotDotPolicy : uint8_t {
  // Reject the path ("path/dot_dot").
  kReject,
  // Remove the previous segment, lexically (symbolic links are not looked
  // at); a ".." with no previous segment is rejected ("path/above_root").
  kResolve,
};

// How SanitizePath reads a path. The defaults suit a relative file name
// from an untrusted source on a POSIX system.
struct PathOptions {
  // '\' separates segments as '/' does. When false (the default) a '\' in
  // the input is rejected ("path/separator_in_segment"), never kept, since a
  // later Windows layer would read it as a separator. The Windows rules
  // (`windows`) imply it.
  bool backslash_is_separator = false;
  // The normalization of each segment: kNfc (default, keeps what users
  // typed) or kNfkc (the path-segment profile with NFKC). Any other form is
  // an InvalidArgument error without a Rejection.
  NormalizationForm normalization = NormalizationForm::kNfc;
  // Decode %XX escapes once, in each segment after splitting (so %2F never
  // separates: it is rejected as "path/separator_in_segment"). The decoded
  // bytes are checked by the strict UTF-8 decoder (%C0%AE is an overlong);
  // %252e becomes the literal "%2e", never "."; a '%' not followed by two hex
  // digits ("%2", "%zz", "%u002e") is rejected. Default false: '%' is an
  // ordinary character. Never percent-decode a sanitized path again.
  bool percent_decode = false;
  // ".." segments: rejected by default.
  DotDotPolicy dot_dot = DotDotPolicy::kReject;
  // Read a leading separator ("/a/b", a request path) as "relative to the
  // root" and drop it. Default false: "path/absolute". A drive letter is
  // rejected either way.
  bool leading_separator_is_root = false;
  // When not empty, the result is `root` + "/" + the relative path (just
  // `root` when the relative path is empty); a trailing '/' of `root` is not
  // doubled. The root is the caller's configuration, but a mistaken one
  // must not undo the guarantees: it must be valid UTF-8, absolute (start
  // with '/'), without control characters and without empty (but a
  // trailing '/'), "." or ".." segments, else InvalidArgument without a
  // Rejection. The relative part never leaves it.
  std::string root;
  // Allow segments that start with '.' (".git", ".env"). Default false:
  // "path/hidden".
  bool allow_hidden = false;
  // Windows rules: '\' is a separator; reserved device names, segments
  // ending in '.' or ' ', and < > : " | ? * are rejected. Default false.
  bool windows = false;
  // At most this many segments in the result (after "." and ".." are
  // applied), counted as segments are added: the path never holds more on
  // the way ("a/b/../c" needs 2): "path/too_deep", at the segment that
  // would be one too many.
  size_t max_depth = 32;
  // At most this many bytes in the relative result, without the root,
  // counted as max_depth is: "path/too_long", at the segment that makes it
  // longer. Raw input over 4 * max_length + 64 bytes is rejected before any
  // work, at offset 4 * max_length + 64.
  size_t max_length = 4096;
  // The profile applied to each segment; nullptr (default) means the
  // built-in "path-segment" profile. Its normalization is replaced by
  // `normalization` (a copy per call when they differ; the built-in one is
  // copied once).
  const Profile* segment_profile = nullptr;
};

// Returns `raw` as a normalized relative path (segments joined with "/",
// each canonicalized by the segment profile in `options.normalization`; "."
// and empty segments dropped; ".." resolved or rejected per
// `options.dot_dot`), prefixed with `options.root` + "/" when a root is
// set. An input with no segment left ("", ".", "a/..") yields "" (or the
// root). Returns an InvalidArgument status carrying a Rejection (see the
// list above) naming the offset in `raw` and the reason; InvalidArgument
// without a Rejection for bad options; Internal if ICU fails.
absl::StatusOr<std::string> SanitizePath(std::string_view raw,
                                         const PathOptions& options = {});

// As SanitizePath, writing the result into `out` (its capacity is reused,
// so a caller sanitizing many paths allocates rarely). On error `out` is
// left empty.
absl::Status SanitizePathInto(std::string_view raw, const PathOptions& options,
                              std::string& out);

// Returns true for the characters whose presence and order in a segment
// must not change under normalization: '/', '\', '.', ':', '%' (path and
// escape syntax), '#', '?', '@' (URL syntax), NUL, C0 controls, DEL and C1
// controls; with `windows`, also < > " | *.
bool IsPathStructureCharacter(char32_t cp, bool windows);

// Returns the stable name of `policy`: "reject" or "resolve".
std::string_view DotDotPolicyName(DotDotPolicy policy);

// Parses a name DotDotPolicyName returns (exactly,
// case-sensitive). InvalidArgument naming the accepted names otherwise.
absl::StatusOr<DotDotPolicy> ParseDotDotPolicy(std::string_view name);

}  // namespace u8guard
U8GUARD_END_EXPORTS

#endif  // U8GUARD_PATH_H_
