// SPDX-License-Identifier: Apache-2.0
// Text output of `u8guard acl`.

#include "src/cli/acl_text.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "src/cli/shown.h"
#include "u8guard/display.h"
#include "u8guard/rejection.h"
#include "u8guard/utf8.h"

namespace u8guard::cli {
namespace {

// "line 7" for a file's entry, "entry #3" for a list's.
std::string Where(size_t line, size_t index) {
  return line > 0 ? absl::StrCat("line ", line)
                  : absl::StrCat("entry #", index);
}

// "U+0430 CYRILLIC SMALL LETTER A"
std::string CodePointName(char32_t cp) {
  const std::string name = UnicodeCharacterName(cp);
  return absl::StrCat(CodePointNotation(cp), name.empty() ? "" : " ", name);
}

// "; non-ASCII: U+0430 CYRILLIC SMALL LETTER A" naming the first few
// distinct non-ASCII code points of `s` (empty when there are none).
std::string NonAsciiNote(std::string_view s) {
  constexpr size_t kMax = 3;
  std::vector<char32_t> seen;
  bool more = false;
  size_t pos = 0;
  while (pos < s.size()) {
    const int32_t cp = DecodeUtf8At(s, pos);
    if (cp < 0) {
      ++pos;
      continue;
    }
    if (cp < 0x80) continue;
    const char32_t c = static_cast<char32_t>(cp);
    if (std::find(seen.begin(), seen.end(), c) != seen.end()) continue;
    if (seen.size() == kMax) {
      more = true;
      break;
    }
    seen.push_back(c);
  }
  if (seen.empty()) return "";
  std::string out = "; non-ASCII: ";
  for (size_t i = 0; i < seen.size(); ++i) {
    if (i > 0) out += ", ";
    out += CodePointName(seen[i]);
  }
  if (more) out += ", ...";
  return out;
}

}  // namespace

std::string DescribeFinding(const AclFinding& f, size_t original_size) {
  const std::string original = QuotedShown(f.original, original_size);
  switch (f.kind) {
    case AclFindingKind::kFileSignature:
      return "file signature: EF BB BF (a UTF-8 BOM) at the start of the "
             "file, removed";
    case AclFindingKind::kBom:
      return absl::StrCat("bom: ", original,
                          " begins with EF BB BF (U+FEFF), which is not the "
                          "file's signature: the profile's BOM policy decides");
    case AclFindingKind::kInvalid: {
      const std::string why =
          f.rejection ? RejectionSummary(
                            *f.rejection,
                            f.rejection->code_point
                                ? UnicodeCharacterName(*f.rejection->code_point)
                                : "")
                      : "rejected";
      return absl::StrCat("invalid: ", original, " ", why,
                          "; it matches nothing");
    }
    case AclFindingKind::kCollision:
      return absl::StrCat(
          "collision: ", original, " has the key ", QuotedShown(f.key), " of ",
          Where(f.other_line, f.other_index), " ",
          QuotedShown(f.other_original), NonAsciiNote(f.original));
    case AclFindingKind::kLookalike:
      return absl::StrCat(
          "look-alike: ", original, " (key ", QuotedShown(f.key),
          ") looks like ", Where(f.other_line, f.other_index), " ",
          QuotedShown(f.other_original), " (key ", QuotedShown(f.other_key),
          "), skeleton ", QuotedShown(f.skeleton), NonAsciiNote(f.key));
    case AclFindingKind::kMixedScript:
      return absl::StrCat("mixed-script: ", original, " is ",
                          std::string(RestrictionLevelName(f.level)),
                          NonAsciiNote(f.key));
    case AclFindingKind::kMixedNumbers:
      return absl::StrCat(
          "mixed-numbers: ", original, " (key ", QuotedShown(f.key),
          ") has digits of more than one decimal system", NonAsciiNote(f.key));
  }
  return std::string(AclFindingKindName(f.kind));
}

std::string DescribeLookup(std::string_view credential, const AclLookup& r,
                           AclMode mode, size_t credential_size) {
  std::string out = absl::StrCat(QuotedPart(credential, credential_size), ": ");
  if (!r.status.ok()) {
    absl::StrAppend(&out, "rejected: ", ShownMessage(r.status));
  } else if (!r.match) {
    absl::StrAppend(&out,
                    mode == AclMode::kExact ? "no match" : "resembles nothing");
  } else {
    absl::StrAppend(&out, mode == AclMode::kExact ? "match: " : "resembles: ",
                    Where(r.match->line, r.match->index), " ",
                    QuotedShown(r.match->original), " (key ",
                    QuotedShown(r.match->key), ")");
  }
  return out;
}

}  // namespace u8guard::cli
