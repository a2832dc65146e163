// SPDX-License-Identifier: Apache-2.0
// Text output of `u8guard acl`: one line per audit finding or lookup.

#ifndef U8GUARD_SRC_CLI_ACL_TEXT_H_
#define U8GUARD_SRC_CLI_ACL_TEXT_H_

#include <string>
#include <string_view>

#include "u8guard/acl.h"

namespace u8guard::cli {

// One line of text describing `finding`, without the location of the entry
// itself (callers prefix "FILE:LINE: "), e.g.
//   collision: "ＡＤＭＩＮ" has the key "admin" of line 2 "admin"; non-ASCII:
//   U+FF21 FULLWIDTH LATIN CAPITAL LETTER A, ...
// Entries are shown with EscapeForDisplay; the non-ASCII code points of
// colliding, look-alike and mixed-script entries are named. Entries, keys
// and skeletons longer than kShownBytes (shown.h) are cut there, followed by
// `... (N bytes)`; `original_size` is the whole length of the finding's
// entry when `finding.original` is only its start (an invalid entry keeps
// at most kAclInvalidEntryKeptBytes), 0 for finding.original.size().
std::string DescribeFinding(const AclFinding& finding,
                            size_t original_size = 0);

// One line of text describing the lookup of `credential`, e.g.
//   "admin": match: line 2 "admin" (key "admin")   or   "bob": no match
// `credential` is shown whole: the caller passes the part to show, and
// `credential_size`, the credential's whole length, when that is only a part
// (0: credential.size()); it is then followed by `... (N bytes)`, as are
// matched entries and keys cut at kShownBytes.
std::string DescribeLookup(std::string_view credential, const AclLookup& r,
                           AclMode mode, size_t credential_size = 0);

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_ACL_TEXT_H_
