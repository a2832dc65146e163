// SPDX-License-Identifier: Apache-2.0
// The object that builds tests/suite_pch.h for the suites (U8GUARD_PCH).
