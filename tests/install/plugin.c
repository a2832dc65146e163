/* SPDX-License-Identifier: Apache-2.0 */
/* A shared object that links libu8guard.a into itself, as a PAM module, a
 * PostgreSQL extension or a Python module would: built with -fPIC and
 * -shared against the static installation, loaded by plugin_host.c. */

#include <string.h>
#include <u8guard/u8guard_c.h>

/* 1 when `name` is one of the staff, 0 when not, -1 on error. */
int plugin_is_staff(const char *name) {
  static const char *const kStaff[] = {"alice", "bob"};
  u8guard_profile *profile = NULL;
  u8guard_allow_list *list = NULL;
  int answer = -1;
  if (u8guard_profile_open("username-case-mapped", NULL, &profile, NULL) ==
          U8GUARD_OK &&
      u8guard_allow_list_new(profile, kStaff, NULL, 2, &list, NULL) ==
          U8GUARD_OK) {
    answer = u8guard_allow_list_grants(list, name, strlen(name), NULL, NULL) ==
             U8GUARD_OK;
  }
  u8guard_allow_list_free(list);
  u8guard_profile_free(profile);
  return answer;
}
