// Internal: the PRECIS mapping rules that need Unicode data (RFC 8264 §5.2),
// answered by ICU.

#ifndef U8GUARD_SRC_UNICODE_MAPPINGS_H_
#define U8GUARD_SRC_UNICODE_MAPPINGS_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "u8guard/profile.h"

namespace u8guard::internal {

// The width mapping of `cp` (RFC 8265 §3.3.1): a code point whose
// decomposition type is <wide> or <narrow> maps to its NFKC form when that
// is a single code point; every other code point maps to itself.
char32_t WidthMapped(char32_t cp);

// True when ICU says `mapping` changes `cp` (Changes_When_Lowercased or
// Changes_When_Casefolded); false for CaseMapping::kNone.
bool ChangesWhenCaseMapped(CaseMapping mapping, char32_t cp);

// True for the non-ASCII spaces that the additional mapping rule turns into
// U+0020 (RFC 8265 §4.2.1: General_Category Zs other than U+0020).
bool IsNonAsciiSpace(char32_t cp);

// Appends `valid_utf8` with `mapping` applied: ICU's full, locale-independent
// lower-casing (final sigma in context, no Turkic rules) or default full case
// folding. Returns Internal only if ICU fails.
absl::Status AppendCaseMapped(CaseMapping mapping, std::string_view valid_utf8,
                              std::string& out);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_UNICODE_MAPPINGS_H_
