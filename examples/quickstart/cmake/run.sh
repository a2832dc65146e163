cmake -S . -B build
cmake --build build
build/signup 'Zoë'
# accepted: key "zoë"
build/signup 'ＡＤＭＩＮ'
# refused: protected_name: "admin"
build/signup 'PayPal'
# refused: collision: "paypal"
build/signup 'paypa1'
# refused: lookalike: "paypal"
build/signup 'pаypal'
# refused: restriction_level
build/signup "$(printf 'al\u200bice')"
# refused: rejected: username-case-mapped: rejected at byte 2 (U+200B): DISALLOWED/precis_ignorable_properties
