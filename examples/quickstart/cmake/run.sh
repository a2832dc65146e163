cmake -S . -B build
cmake --build build
build/signup 'Zoë'
# accepted: key "zoë"
build/signup 'ＡＤＭＩＮ'
# refused: looks like "admin"
build/signup 'pаypal'
# refused: looks like "paypal"
build/signup "$(printf 'al\u200bice')"
# refused: username-case-mapped: rejected at byte 2 (U+200B): DISALLOWED/precis_ignorable_properties
