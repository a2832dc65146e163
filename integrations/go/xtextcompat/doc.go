// SPDX-License-Identifier: Apache-2.0

// Package xtextcompat holds the tests and benchmarks that set the precis
// facade beside golang.org/x/text/secure/precis itself: a module of its
// own, so that the u8guard module needs nothing but the C library, while
// this one takes x/text from Debian's golang-golang-x-text-dev through a
// replace directive (GOFLAGS=-mod=mod GOPROXY=off work offline).
package xtextcompat
