/* SPDX-License-Identifier: Apache-2.0 */
/* A C11 program that uses u8guard through its C API only, built by the
 * install test with nothing but `pkg-config --cflags --libs u8guard` (or
 * --static) against an installed prefix, and by the CMake consumer. Exits
 * 0 when every answer is the expected one. */

#include <stdio.h>
#include <string.h>
#include <u8guard/u8guard_c.h>

static int failures = 0;

static void expect(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "FAILED: %s\n", what);
    ++failures;
  }
}

int main(void) {
  static const char *const kUsers[] = {"alice", "bob"};
  u8guard_profile *profile = NULL;
  u8guard_allow_list *list = NULL;
  u8guard_acl_match match;
  u8guard_error error;
  char key[64], path[64];
  size_t len = 0;

  expect(strcmp(u8guard_version(), U8GUARD_VERSION_STRING) == 0,
         "the library's version is the headers'");
  expect(u8guard_abi_version() == U8GUARD_ABI_VERSION, "ABI version");
  expect(u8guard_utf8_is_valid("\x2F\xC0\xAE\x2E\x2F", 5) == 0,
         "the IIS/Nimda input is not UTF-8");

  if (u8guard_profile_open("username-case-mapped", NULL, &profile, &error) !=
      U8GUARD_OK) {
    fprintf(stderr, "FAILED: %s\n", error.message);
    return 1;
  }
  expect(u8guard_canonicalize(profile,
                              "\xEF\xBC\xA2"
                              "ob",
                              5, key, sizeof key, &len, &error) == U8GUARD_OK &&
             len == 3 && strcmp(key, "bob") == 0,
         "the key of a fullwidth B");
  expect(u8guard_allow_list_new(profile, kUsers, NULL, 2, &list, &error) ==
             U8GUARD_OK,
         "an allow list");
  expect(
      u8guard_allow_list_grants(list, "BOB", 3, &match, &error) == U8GUARD_OK &&
          match.index == 1,
      "BOB is granted as bob");
  expect(u8guard_allow_list_grants(list,
                                   "b\xC3\xB6"
                                   "b",
                                   4, &match, &error) == U8GUARD_NO_MATCH,
         "b\xC3\xB6"
         "b is not granted");
  expect(u8guard_sanitize_path("a/../b", 6, NULL, path, sizeof path, &len,
                               &error) == U8GUARD_REJECTED &&
             error.rule == U8GUARD_RULE_PATH_DOT_DOT &&
             strcmp(u8guard_rule_id(error.rule), "path/dot_dot") == 0,
         "a/../b is rejected as path/dot_dot");
  u8guard_allow_list_free(list);
  u8guard_profile_free(profile);
  printf("u8guard %s (ICU %s, Unicode %s): %s\n", u8guard_version(),
         u8guard_icu_version(), u8guard_unicode_version(),
         failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
