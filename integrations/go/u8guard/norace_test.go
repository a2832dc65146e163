// SPDX-License-Identifier: Apache-2.0

//go:build !race

package u8guard_test

const raceEnabled = false
