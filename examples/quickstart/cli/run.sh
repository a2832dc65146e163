u8guard check examples/valid.txt examples/iis-overlong.txt
# examples/valid.txt: ok
# examples/iis-overlong.txt:15: overlong encoding
u8guard key --profile=username-case-mapped -- 'ＡＤＭＩＮ' "$(printf '\u212aevin')"
# admin
# kevin
u8guard compare --profile=username-case-mapped -- 'ＡＤＭＩＮ' admin
# equivalent
u8guard acl lookup --profile=username-case-mapped --acl=examples/acl/users.acl \
  --mode=skeleton -- 'pаypal' rnike
# "pаypal": resembles: line 20 "paypal" (key "paypal")
# "rnike": resembles: line 17 "mike" (key "mike")
u8guard path sanitize --leading-separator-is-root --percent-decode --root=/srv/www \
  -- /img/%E6%97%A5.png /%C0%AE%C0%AE/etc "$(printf '/docs/\u2024\u2024/key')"
# /srv/www/img/日.png
# rejected: path: rejected at byte 1: utf8/overlong: overlong encoding (C0 AE) after percent-decoding
# rejected: path: rejected at byte 6 (U+2024): path/structure_changed_by_nfkc: NFKC would change the structure characters (/ backslash . : % # ? @ NUL controls) of this segment
