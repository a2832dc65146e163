// SPDX-License-Identifier: Apache-2.0
// The umbrella header: everything u8guard offers.

#ifndef U8GUARD_U8GUARD_H_
#define U8GUARD_U8GUARD_H_

#include "u8guard/acl.h"               // IWYU pragma: export
#include "u8guard/bom.h"               // IWYU pragma: export
#include "u8guard/match.h"             // IWYU pragma: export
#include "u8guard/normalize.h"         // IWYU pragma: export
#include "u8guard/open_beneath.h"      // IWYU pragma: export
#include "u8guard/path.h"              // IWYU pragma: export
#include "u8guard/profile.h"           // IWYU pragma: export
#include "u8guard/profile_settings.h"  // IWYU pragma: export
#include "u8guard/progress.h"          // IWYU pragma: export
#include "u8guard/registration.h"      // IWYU pragma: export
#include "u8guard/rejection.h"         // IWYU pragma: export
#include "u8guard/secret.h"            // IWYU pragma: export
#include "u8guard/secure_memory.h"     // IWYU pragma: export
#include "u8guard/skeleton.h"          // IWYU pragma: export
#include "u8guard/upgrade.h"           // IWYU pragma: export
#include "u8guard/utf8.h"              // IWYU pragma: export
#include "u8guard/utf8_file.h"         // IWYU pragma: export
#include "u8guard/version.h"           // IWYU pragma: export

#endif  // U8GUARD_U8GUARD_H_
