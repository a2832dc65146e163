#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The Go surface of the conformance test: builds tests/conformance/go
(a program of its own, its go.mod replacing the module with the checkout's
integrations/go) against the build installed by the Go tests' fixture, the
way integrations/go/tests/go_test.sh builds (offline: GOPROXY=off,
GOFLAGS=-mod=mod), and runs it on CASES; its JSON lines go to standard
output.

    go_surface.py CASES.tsv WORK_DIR

Environment: U8GUARD_SOURCE_DIR, U8GUARD_GO_PREFIX (the installed prefix;
exits 77 when it is not there: no Go tests), U8GUARD_LIBDIR, U8GUARD_GO
(else go on PATH), U8GUARD_ICU_LIBDIR.
"""

import os
import shutil
import subprocess
import sys

SKIP = 77


def main():
    cases, work = (os.path.abspath(p) for p in sys.argv[1:3])
    source = os.environ["U8GUARD_SOURCE_DIR"]
    prefix = os.environ.get("U8GUARD_GO_PREFIX", "")
    libdir = os.path.join(prefix, os.environ.get("U8GUARD_LIBDIR", "lib"))
    go = os.environ.get("U8GUARD_GO") or shutil.which("go")
    if not go or not os.path.exists(os.path.join(libdir, "pkgconfig",
                                                 "u8guard.pc")):
        print("go_surface: no Go, or no prefix installed by Go.prefix",
              file=sys.stderr)
        sys.exit(SKIP)
    module = os.path.join(work, "module")
    os.makedirs(module, exist_ok=True)
    shutil.copy(os.path.join(source, "tests", "conformance", "go", "main.go"),
                module)
    with open(os.path.join(module, "go.mod"), "w", encoding="utf-8") as f:
        f.write("module u8guard.test/conformance\n\ngo 1.19\n\n"
                "require github.com/u8guard/u8guard/integrations/go v0.0.0\n\n"
                "replace github.com/u8guard/u8guard/integrations/go => "
                f"{source}/integrations/go\n")
    icu = os.environ.get("U8GUARD_ICU_LIBDIR", "")
    env = dict(os.environ, GOPROXY="off", GOFLAGS="-mod=mod",
               GOTOOLCHAIN="local",
               PATH=os.path.dirname(go) + os.pathsep + os.environ["PATH"],
               PKG_CONFIG_PATH=os.path.join(libdir, "pkgconfig"),
               LD_LIBRARY_PATH=":".join(
                   p for p in (libdir, icu, os.environ.get("LD_LIBRARY_PATH"))
                   if p),
               CGO_LDFLAGS_ALLOW="-Wl,--(push|pop)-state.*")
    cache = subprocess.run([go, "env", "GOCACHE"], stdout=subprocess.PIPE,
                           text=True, env=env, check=False).stdout.strip()
    if not cache or cache == "off":
        env["GOCACHE"] = os.path.join(work, "go-cache")
    subprocess.run([go, "build", "-o", "conformance", "."], cwd=module,
                   env=env, check=True, stdout=sys.stderr)
    sys.stdout.flush()
    sys.exit(subprocess.run([os.path.join(module, "conformance"), cases],
                            env=env, check=False).returncode)


if __name__ == "__main__":
    main()
