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
// colliding, look-alike and mixed-script entries are named.
std::string DescribeFinding(const AclFinding& finding);

// One line of text describing the lookup of `credential`, e.g.
//   "admin": match: line 2 "admin" (key "admin")   or   "bob": no match
std::string DescribeLookup(std::string_view credential, const AclLookup& r,
                           AclMode mode);

}  // namespace u8guard::cli

#endif  // U8GUARD_SRC_CLI_ACL_TEXT_H_
