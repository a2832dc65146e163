cc -std=c11 -Wall -o login_check main.c $(pkg-config --cflags --libs u8guard)
printf 'admin\nalice\n' > users.acl
./login_check users.acl 'ＡＤＭＩＮ'
# granted: line 1 "admin"
./login_check users.acl 'pаypal'
# denied: no entry matches
./login_check users.acl "$(printf 'al\u200bice')"
# denied: username-case-mapped: rejected at byte 2 (U+200B): DISALLOWED/precis_ignorable_properties
