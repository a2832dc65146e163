// One pass over the code points: mapping flags, PRECIS properties, the
// Stream-Safe bound.

#include "src/unicode/code_point_facts.h"

#include "src/unicode/mapping_table.h"
#include "src/utf8/decode_valid.h"

namespace u8guard::internal {

CodePointFacts ScanCodePoints(std::string_view text, size_t max_non_starters) {
  // Locals only in the loop (the result is written once, at the end), so
  // that the tables' pointers stay in registers.
  CodePointFacts f;
  const CodePointTable<uint16_t>& flags_table = MappingFlagTable();
  const CodePointTable<uint8_t>& precis = PrecisTable();
  StreamSafeCounter non_starters;
  uint16_t all = 0xFFFF, any = 0;
  unsigned properties = 0;
  bool upper = false, space = false;
  size_t count = 0;
  const char* it = text.data();
  const char* const end = text.data() + text.size();
  while (it < end) {
    const char* const at = it;
    const char32_t cp = DecodeValid(it);
    uint16_t flags = 0;  // an ASCII character is a starter
    if (cp < 0x80) {
      upper |= cp >= U'A' && cp <= U'Z';
      space |= cp == U' ';
      properties |= 1u << static_cast<unsigned>(PrecisPropertyOf(cp).property);
    } else {
      flags = flags_table.Get(cp);
      all &= flags;
      any |= flags;
      properties |= 1u << static_cast<unsigned>(
                        PrecisPropertyOfNonAscii(cp, precis).property);
    }
    if (!non_starters.Add(flags, max_non_starters)) [[unlikely]] {
      f.stream_unsafe_at = static_cast<size_t>(at - text.data());
      break;
    }
    ++count;
  }
  f.ascii_upper = upper;
  f.ascii_space = space;
  f.all_flags = all;
  f.any_flags = any;
  f.properties = static_cast<uint8_t>(properties);
  f.code_points = count;
  return f;
}

}  // namespace u8guard::internal
