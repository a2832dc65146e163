// SPDX-License-Identifier: Apache-2.0
// Links the objects of one layer and of the layers below it, with only the
// libraries those layers may use (src/layers.txt; tests/CMakeLists.txt). The
// test is the link itself: every object is linked whole, so a call into a
// higher layer, or into ICU below the unicode layer, is an undefined symbol
// and the build fails. Running it only reports which layer it linked.

#include <cstdio>

int main() {
  std::printf("layer %s links alone\n", U8GUARD_LAYER);
  return 0;
}
