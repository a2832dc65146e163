// SPDX-License-Identifier: Apache-2.0
// u8guard_build_tables.

#include "u8guard/skeleton.h"
#include "u8guard/u8guard_c.h"

extern "C" {

void u8guard_build_tables(void) {
  try {
    u8guard::BuildTables();
  } catch (...) {
    // Out of memory: the tables are built at first use instead.
  }
}

}  // extern "C"
