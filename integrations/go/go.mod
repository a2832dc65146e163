// SPDX-License-Identifier: Apache-2.0
module github.com/u8guard/u8guard/integrations/go

go 1.19
