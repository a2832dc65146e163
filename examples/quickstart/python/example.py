import u8guard

# User names compare under PRECIS UsernameCaseMapped (RFC 8265).
user = u8guard.Profile("username-case-mapped")
assert user.canonicalize("ＡＤＭＩＮ") == "admin"  # width and case mapped
assert user.equivalent("\u212aevin", "kevin")  # KELVIN SIGN
assert user.equivalent("Jose\u0301", "José")  # NFD and NFC

try:
    user.canonicalize("al\u200bice")  # ZERO WIDTH SPACE
    raise AssertionError("accepted")
except u8guard.Rejected as e:  # a ValueError
    print(e)
    assert (e.rule, e.offset) == ("DISALLOWED/precis_ignorable_properties", 2)

accounts = ["admin", "paypal"]
allow = u8guard.AllowList(user, accounts)  # grants on equal keys only
assert "ADMIN" in allow and "pаypal" not in allow  # Cyrillic а
deny = u8guard.DenyList(user, accounts)  # finds look-alikes, never grants
assert deny.resembles("pаypal").match.original == "paypal"

assert u8guard.validate_utf8(b"/\xc0\xae./").kind == "overlong"
path = u8guard.sanitize_path("a/b/../c", dot_dot="resolve", root="/srv/www")
assert path == "/srv/www/a/c"
