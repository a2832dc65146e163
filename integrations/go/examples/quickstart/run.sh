# SPDX-License-Identifier: Apache-2.0
go mod init signup
go mod edit -require=github.com/u8guard/u8guard/integrations/go@v0.0.0 -replace=github.com/u8guard/u8guard/integrations/go="$U8GUARD_CHECKOUT/integrations/go"
CGO_LDFLAGS_ALLOW='-Wl,--(push|pop)-state.*' go build -o signup .
./signup alice Zoë 'ＡＬＩＣＥ' 'аlice' rnike mike "$(printf 'bo\u200bb')"
# "alice" accepted: key "alice"
# "Zoë" accepted: key "zoë"
# "ＡＬＩＣＥ" refused: collision "alice"
# "аlice" refused: restriction_level
# "rnike" accepted: key "rnike"
# "mike" refused: lookalike "rnike"
# "bo\u200bb" refused: precis: disallowed rune encountered (DISALLOWED/precis_ignorable_properties)
