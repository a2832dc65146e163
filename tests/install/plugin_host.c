/* SPDX-License-Identifier: Apache-2.0 */
/* Loads plugin.so (argv[1]) with dlopen and asks it about a few names:
 * exits 0 when its answers are right. */

#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv) {
  void *plugin;
  int (*is_staff)(const char *);
  int ok;
  if (argc != 2) return 2;
  plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (plugin == NULL) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  *(void **)&is_staff = dlsym(plugin, "plugin_is_staff");
  if (is_staff == NULL) {
    fprintf(stderr, "dlsym: %s\n", dlerror());
    return 1;
  }
  ok = is_staff("ALICE") == 1 && is_staff("\xEF\xBD\x82ob") == 1 &&
       is_staff("mallory") == 0 && is_staff("al\xE2\x80\x8Bice") == 0;
  printf("plugin answers %s\n", ok ? "right" : "WRONG");
  dlclose(plugin);
  return ok ? 0 : 1;
}
