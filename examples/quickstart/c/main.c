/* login_check ACL_FILE NAME: may NAME log in? Exit 0 granted, 1 denied,
 * 2 error. */

#include <stdio.h>
#include <string.h>
#include <u8guard/u8guard_c.h>

int main(int argc, char **argv) {
  u8guard_profile *profile = NULL;
  u8guard_allow_list *allow = NULL;
  u8guard_acl_match match;
  u8guard_error error;
  int exit_code = 2;
  if (argc != 3) {
    fprintf(stderr, "usage: login_check ACL_FILE NAME\n");
    return 2;
  }
  /* User names compare under PRECIS UsernameCaseMapped (RFC 8265). */
  if (u8guard_profile_open("username-case-mapped", NULL, &profile, &error) !=
          U8GUARD_OK ||
      u8guard_allow_list_load(profile, argv[1], &allow, &error) != U8GUARD_OK) {
    fprintf(stderr, "%s\n", error.message);
  } else if (u8guard_allow_list_grants(allow, argv[2], strlen(argv[2]), &match,
                                       &error) == U8GUARD_OK) {
    printf("granted: line %zu \"%.*s\"\n", match.line, (int)match.original_len,
           match.original);
    exit_code = 0;
  } else {
    /* Anything but U8GUARD_OK denies: U8GUARD_NO_MATCH, or
     * U8GUARD_REJECTED with error.rule, error.offset, error.code_point. */
    printf("denied: %s\n", error.message);
    exit_code = 1;
  }
  u8guard_allow_list_free(allow); /* _free(NULL) does nothing */
  u8guard_profile_free(profile);
  return exit_code;
}
