// SPDX-License-Identifier: Apache-2.0
module github.com/u8guard/u8guard/integrations/go/xtextcompat

go 1.19

require (
	github.com/u8guard/u8guard/integrations/go v0.0.0
	golang.org/x/text v0.7.0
)

replace (
	github.com/u8guard/u8guard/integrations/go => ../
	golang.org/x/text => /usr/share/gocode/src/golang.org/x/text
)
