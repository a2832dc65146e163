#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The look-alike refusals a registry of real names makes under each
# confusable exemption of a registration policy (docs/registration.md,
# "False positives"), as Markdown tables.
#
#   bench/registration_false_positives.sh BUILD_DIR [LABEL[@PROFILE]=FILE]...
#
# BUILD_DIR was configured with -DU8GUARD_BENCH=ON (the tool is
# bench/registration_false_positives.cc). Without LABEL=FILE arguments it
# reads Debian's word lists from /usr/share/dict: wamerican, wbritish,
# wngerman, wfrench, wspanish, and miscfiles' propernames (given names),
# and the words of aspell's Hebrew and Arabic dictionaries; those not
# installed are skipped, named on standard error (apt-get install wamerican
# wbritish wngerman wfrench wspanish miscfiles aspell-he aspell-ar). Besides
# the exemptions, each list is registered with look-alike keys in
# left-to-right and right-to-left order (skeleton_order), and the names
# refused for mixed numbers (on by default) are counted. FILE may be
# gzipped (.gz). Each list is registered as it is and capitalized.
#
# The counts are deterministic (the list, u8guard, ICU and Unicode decide
# them, not the machine): rerun after an upgrade of any of them.
set -euo pipefail
build=$(cd "${1:?usage: registration_false_positives.sh BUILD_DIR [LABEL=FILE]...}" && pwd)
shift
tool=$build/bench/registration_false_positives
if [ ! -x "$tool" ]; then
  echo "no $tool: cmake --build $build --target registration_false_positives" >&2
  exit 2
fi
tmp=$(mktemp -d /tmp/u8guard-fp.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
  set -- american-english=/usr/share/dict/american-english \
    british-english=/usr/share/dict/british-english \
    ngerman=/usr/share/dict/ngerman \
    french=/usr/share/dict/french \
    spanish=/usr/share/dict/spanish \
    propernames=/usr/share/dict/propernames.gz
  # Right-to-left words, for the skeleton orders: aspell's Hebrew and
  # Arabic dictionaries, dumped, their affix flags removed (apt-get install
  # aspell aspell-he aspell-ar).
  for lang in he ar; do
    if command -v aspell >/dev/null &&
      aspell -d "$lang" dump master 2>/dev/null |
      sed 's,/.*,,' >"$tmp/aspell-$lang" && [ -s "$tmp/aspell-$lang" ]; then
      # And names that mix directions: the first 5,000 words with a digit
      # after and before them, under nickname (no Bidi Rule refuses "1"
      # before a right-to-left word): "1" + word and word + "1" show alike
      # on a left-to-right page.
      awk 'NR <= 5000 { print $0 "1"; print "1" $0 }' "$tmp/aspell-$lang" \
        >"$tmp/mixed-$lang"
      set -- "$@" "aspell-$lang=$tmp/aspell-$lang" \
        "aspell-$lang+digit@nickname=$tmp/mixed-$lang"
    else
      set -- "$@" "aspell-$lang=/nonexistent/aspell-$lang"
    fi
  done
fi
rows=$tmp/rows.tsv
: >"$rows"
for arg in "$@"; do
  label=${arg%%=*}
  file=${arg#*=}
  profile=username-case-mapped
  case "$label" in
    *@*) profile=${label#*@} ;;
  esac
  if [ ! -r "$file" ]; then
    echo "registration_false_positives: skipping $label: no $file" >&2
    continue
  fi
  case "$file" in
    *.gz)
      gzip -dc "$file" >"$tmp/$label"
      file=$tmp/$label
      ;;
  esac
  "$tool" --profile="$profile" "$label" "$file" >>"$rows"
  "$tool" --profile="$profile" --capitalize "$label" "$file" >>"$rows"
done

echo "u8guard $("$build/u8guard" --version | head -1 | sed 's/^u8guard //'), $("$build/u8guard" --version | sed -n 2,3p | paste -sd, | sed 's/,/, /')"
echo
echo "Look-alike refusals (and the rate among all names) when every name of"
echo "the list is registered in order under username-case-mapped (under the"
echo "profile after @ where a label names one), no protected names, any"
echo "restriction level:"
echo
awk -F '\t' '
  function group(n,   s) {  # 104334 -> 104,334
    s = sprintf("%d", n)
    while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]($|,)/, ",&", s)
    return s
  }
  function cell(l, n) { return sprintf("%s (%.3f%%)", group(l), 100 * l / n) }
  BEGIN {
    print "| list | as typed | names | rejected | collisions | mixed numbers | UTS #39 | rn_m | digits | capital_i | all three | ltr order | rtl order |"
    print "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"
  }
  {
    key = $1 "\t" $2
    if (!(key in seen)) { seen[key] = 1; order[++n] = key; names[key] = $4
                          rejected[key] = $5; collisions[key] = $6
                          mixed[key] = $9 }
    look[key, $3] = $7
  }
  END {
    for (i = 1; i <= n; i++) {
      k = order[i]; split(k, p, "\t")
      printf "| %s | %s | %s | %s | %s | %s", p[1], p[2], group(names[k]),
             group(rejected[k]), group(collisions[k]), group(mixed[k])
      split("uts39 rn_m digits capital_i all ltr rtl", s, " ")
      for (j = 1; j <= 7; j++) printf " | %s", cell(look[k, s[j]], names[k])
      print " |"
    }
  }' "$rows"
echo
echo "Examples (name ~ the earlier name it was refused for), spread over each list:"
echo
awk -F '\t' '
  BEGIN { print "| list | as typed | setting | examples |"; print "|---|---|---|---|" }
  {
    ex = ""
    for (i = 10; i <= NF; i++) {
      split($i, pair, "~")
      ex = ex (ex == "" ? "" : ", ") "`" pair[1] "` ~ `" pair[2] "`"
    }
    if (ex == "") ex = "none"
    printf "| %s | %s | %s | %s |\n", $1, $2, $3, ex
  }' "$rows"
