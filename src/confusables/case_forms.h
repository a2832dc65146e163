// SPDX-License-Identifier: Apache-2.0
// Internal: the case forms of a key that look-alike keys are computed from,
// so that a look-alike decision depends on the key alone, never on the case
// a name was typed in.

#ifndef U8GUARD_SRC_CONFUSABLES_CASE_FORMS_H_
#define U8GUARD_SRC_CONFUSABLES_CASE_FORMS_H_

#include <string>
#include <string_view>

namespace u8guard::internal {

// Writes `valid_utf8` (valid UTF-8) in capitals into `out`, replacing its
// content: ICU's full upper-case mapping in the root locale, then each
// small capital (U+1D00 LATIN LETTER SMALL CAPITAL A, U+A731, U+1D26 GREEK
// LETTER SMALL CAPITAL GAMMA, ...) replaced by the capital letter its name
// names, which it is drawn as at a smaller size. The small capitals are
// found in ICU's character names at first use (those whose name is "X
// LETTER SMALL CAPITAL Y" where "X CAPITAL LETTER Y" names a character).
// ASCII input takes no ICU call; other input is mapped code point by code
// point from a table taken from ICU at first use (the same bytes: tests/
// confusables/case_forms_test.cc), and by ICU whole when it holds a code
// point whose image depends on its neighbours.
void CapitalsInto(std::string_view valid_utf8, std::string& out);

// Writes `valid_utf8` in lower case (ICU's full lower-case mapping, root
// locale) into `out`, replacing its content. ASCII input takes no ICU call;
// other input takes a table as CapitalsInto does, and ICU whole when it
// holds a code point whose lower case depends on its neighbours (capital
// sigma: final or not).
void LowerInto(std::string_view valid_utf8, std::string& out);
// Whether CapitalsInto (`capitals`) or LowerInto maps `cp` to the same
// image whatever stands beside it (false for capital sigma's lower case,
// and when the table could not be built): a string of such code points maps
// to their images one after another.
bool CaseFormIsContextFree(bool capitals, char32_t cp);

// CapitalsInto (`capitals`) or LowerInto computed by ICU whole, never from
// the tables: their oracle, for tests.
void IcuCaseFormInto(bool capitals, std::string_view valid_utf8,
                     std::string& out);

// The capital letter the small capital `cp` is drawn as, or 0 when `cp` is
// not one. Thread-safe; the table is built once.
char32_t CapitalOfSmallCapital(char32_t cp);

}  // namespace u8guard::internal

#endif  // U8GUARD_SRC_CONFUSABLES_CASE_FORMS_H_
