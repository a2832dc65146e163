#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The `dev` script's own guarantees (each failed with the ./dev before
# them), on a copy of it in a scratch
# checkout whose cmake, ctest, dpkg-query, apt-get and apt-cache are stubs
# that log what they are asked (nothing is installed, built or fetched):
#
#   lock       two `./dev build` at once never build in build/ together:
#              the second waits for the first, saying so;
#   uninstall  `./dev uninstall PREFIX` removes the files of
#              build/install_manifest.txt and u8guard's own directories
#              left empty, nothing else; a manifest of another prefix is
#              refused and nothing is removed;
#   icu        `./dev test-icu 78.3-9` does not reuse a cached ICU built
#              from 78.3-2 (it fetches 78.3-9), `78.3-2` and `78.3` reuse
#              it, in build-icu-78.3-2/.
#
#   dev_script_test.sh SOURCE_DIR WORK_DIR [lock|uninstall|icu]...
set -euo pipefail

source=$1
work=$2
shift 2
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(lock uninstall icu)

fail() {
  echo "FAILED: $*" >&2
  exit 1
}

# checkout: a fresh scratch checkout with the stubs first on PATH; their
# log is $work/checkout/stub.log.
checkout() {
  rm -rf "$work"
  mkdir -p "$work/checkout" "$work/bin"
  cp "$source/dev" "$work/checkout/dev"
  local log=$work/checkout/stub.log
  # cmake --build DIR: logs its start and end, a second apart.
  cat >"$work/bin/cmake" <<EOF
#!/usr/bin/env bash
if [ "\$1" = --build ]; then
  echo "start \$2 \$(date +%s.%N)" >>"$log"
  sleep 1
  echo "end \$2 \$(date +%s.%N)" >>"$log"
else
  echo "cmake \$*" >>"$log"
fi
EOF
  for tool in ctest apt-cache; do
    printf '#!/usr/bin/env bash\necho "%s $*" >>"%s"\n' "$tool" "$log" \
      >"$work/bin/$tool"
  done
  # apt-get: "source" fails (nothing is fetched); apt-cache showsrc lists
  # two revisions.
  cat >"$work/bin/apt-get" <<EOF
#!/usr/bin/env bash
echo "apt-get \$*" >>"$log"
case " \$* " in *" source "*) exit 1 ;; esac
exit 0
EOF
  cat >"$work/bin/apt-cache" <<EOF
#!/usr/bin/env bash
echo "apt-cache \$*" >>"$log"
printf 'Package: icu\nVersion: 78.3-2\n\nPackage: icu\nVersion: 78.3-9\n'
EOF
  printf '#!/usr/bin/env bash\necho "install ok installed"\n' \
    >"$work/bin/dpkg-query"
  chmod +x "$work/bin"/*
}

run_dev() {
  (cd "$work/checkout" && PATH="$work/bin:$PATH" ./dev "$@")
}

for step in "${steps[@]}"; do
  case $step in
    lock)
      checkout
      run_dev build >"$work/first.out" 2>&1 &
      first=$!
      sleep 0.3
      run_dev build >"$work/second.out" 2>&1 || fail "the second ./dev build failed"
      wait "$first" || fail "the first ./dev build failed"
      grep -q "waiting for build: another ./dev" "$work/second.out" ||
        fail "the second ./dev did not say it waits: $(cat "$work/second.out")"
      # The two builds, one after the other: the second starts after the
      # first ends.
      mapfile -t times < <(awk '$2 == "build" { print $1, $3 }' \
        "$work/checkout/stub.log")
      [ ${#times[@]} -eq 4 ] || fail "not two builds: ${times[*]}"
      if [ "${times[0]% *}" != start ] || [ "${times[1]% *}" != end ] ||
        [ "${times[2]% *}" != start ] || [ "${times[3]% *}" != end ]; then
        fail "the builds overlap: ${times[*]}"
      fi
      echo "lock: the second ./dev build waited for the first"
      ;;
    uninstall)
      checkout
      prefix=$work/prefix
      mkdir -p "$prefix/bin" "$prefix/include/u8guard" "$prefix/lib/cmake/u8guard" \
        "$prefix/share/u8guard/policies" "$prefix/lib/python3/u8guard/__pycache__" \
        "$work/checkout/build"
      for f in bin/u8guard include/u8guard/u8guard.h lib/libu8guard.so.0.1.0 \
        lib/cmake/u8guard/u8guardConfig.cmake share/u8guard/policies/a.toml \
        lib/python3/u8guard/__init__.py; do
        echo x >"$prefix/$f"
        echo "$prefix/$f" >>"$work/checkout/build/install_manifest.txt"
      done
      ln -s libu8guard.so.0.1.0 "$prefix/lib/libu8guard.so"
      echo "$prefix/lib/libu8guard.so" >>"$work/checkout/build/install_manifest.txt"
      echo x >"$prefix/lib/python3/u8guard/__pycache__/__init__.pyc"
      echo other >"$prefix/bin/other-tool"
      # Another prefix: refused, nothing removed.
      if run_dev uninstall "$work/elsewhere" >"$work/uninstall.out" 2>&1; then
        fail "./dev uninstall of another prefix succeeded"
      fi
      grep -q "lists files outside" "$work/uninstall.out" ||
        fail "no reason for the refusal: $(cat "$work/uninstall.out")"
      [ -f "$prefix/bin/u8guard" ] || fail "a refused uninstall removed files"
      run_dev uninstall "$prefix" >"$work/uninstall.out" 2>&1 ||
        fail "./dev uninstall failed: $(cat "$work/uninstall.out")"
      left=$(cd "$prefix" && find . | sort | tr '\n' ' ')
      [ "$left" = ". ./bin ./bin/other-tool ./include ./lib ./lib/cmake ./lib/python3 ./share " ] ||
        fail "after ./dev uninstall: $left"
      echo "uninstall: removed the manifest's files and u8guard's directories only"
      ;;
    icu)
      checkout
      cache=$work/icu-cache
      mkdir -p "$cache/icu-78.3-2/prefix" "$cache/icu-78.3-2/src"
      echo "icu 78.3-2 from Debian unstable, built in 1 s" >"$cache/icu-78.3-2/built"
      export U8GUARD_ICU_CACHE=$cache
      if run_dev test-icu 78.3-9 >"$work/icu.out" 2>&1; then
        fail "./dev test-icu 78.3-9 succeeded with only 78.3-2 in the cache"
      fi
      ! grep -q reusing "$work/icu.out" ||
        fail "./dev test-icu 78.3-9 reused another revision: $(cat "$work/icu.out")"
      grep -q "apt-get.* source icu=78.3-9" "$work/checkout/stub.log" ||
        fail "./dev test-icu 78.3-9 did not fetch 78.3-9: $(cat "$work/icu.out")"
      for version in 78.3-2 78.3 78; do
        : >"$work/checkout/stub.log"
        run_dev test-icu "$version" >"$work/icu.out" 2>&1 ||
          fail "./dev test-icu $version failed: $(cat "$work/icu.out")"
        grep -q "reusing $cache/icu-78.3-2/prefix" "$work/icu.out" ||
          fail "./dev test-icu $version did not reuse 78.3-2: $(cat "$work/icu.out")"
        grep -q "^start build-icu-78.3-2 " "$work/checkout/stub.log" ||
          fail "./dev test-icu $version did not build in build-icu-78.3-2"
      done
      unset U8GUARD_ICU_CACHE
      echo "icu: 78.3-9 is not 78.3-2; 78.3-2, 78.3 and 78 reuse 78.3-2"
      ;;
    *) fail "unknown step $step" ;;
  esac
done
