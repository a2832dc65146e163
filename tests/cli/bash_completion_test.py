#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The bash completion completes exactly what `u8guard --help` lists.

    bash_completion_test.py U8GUARD COMPLETION

COMPLETION is the script the build writes (`U8GUARD --help-bash-completion`,
installed as share/bash-completion/completions/u8guard). It is sourced in
bash and its function _u8guard asked, as bash asks it, for:

* the first word: the commands and groups of `u8guard --help`'s list of
  commands (the first word of each line, and of each alias it lists under
  a command: "(alias: acl export)"), and --help, -h, --version, -V
  for a word starting with "-", which are the flags of the tool's own
  synopsis;
* a group's second word: its subcommands in that list (also after help);
* each command's flags: the long flags its synopsis (the first paragraph
  of `u8guard COMMAND --help`) names, and --help; the short forms -p, -f,
  -a, -r of those flags, and -h;
* a flag's value where the synopses spell the values out
  (--mode=exact|skeleton), --profile's built-in profiles (those `u8guard
  profiles` lists), whether bash splits the word at "=" or not;
* nothing after "--" (bash's own file names, through `complete -o
  default`);
and shellcheck finds nothing in it, where shellcheck is installed.

Exits 0 when all of that holds; 1, naming each difference, otherwise.
"""

import re
import shutil
import subprocess
import sys

SHORT_FORMS = {'-p': '--profile', '-f': '--format', '-a': '--acl',
               '-r': '--root'}


def run(tool, *args):
    return subprocess.run([tool, *args], stdout=subprocess.PIPE,
                          check=True, text=True).stdout


def synopsis(usage):
    return usage.split('\n\n', 1)[0]


def listed_commands(help_text):
    """[(first word, second word or None)] of --help's list of commands,
    with the aliases it lists under a command ("(alias: acl export)")."""
    section = help_text.split('\ncommands:\n', 1)[1].split('\n\n', 1)[0]
    commands = []
    for line in section.split('\n'):
        m = re.match(r'  ([a-z]+)(?: ([a-z]+)(?= |$))?', line)
        if m:
            commands.append((m.group(1), m.group(2)))
        m = re.match(r' +\(alias: ([a-z, ]+)\)$', line)
        if m:
            for alias in m.group(1).split(', '):
                words = alias.split(' ')
                commands.append((words[0], words[1] if len(words) > 1
                                 else None))
    return commands


def long_flags(text):
    return set(re.findall(r'--[a-z][a-z-]*', text))


def complete(script, words):
    """COMPREPLY for the command line `words` (bash's COMP_WORDS), the
    cursor in its last word."""
    quoted = ' '.join("'%s'" % w.replace("'", "'\\''") for w in words)
    program = ('source "$1"\nCOMP_WORDS=(%s)\nCOMP_CWORD=%d\n'
               'COMP_LINE="${COMP_WORDS[*]}"\nCOMP_POINT=${#COMP_LINE}\n'
               '_u8guard\nprintf "%%s\\n" "${COMPREPLY[@]}"\n' %
               (quoted, len(words) - 1))
    out = subprocess.run(['bash', '--norc', '--noprofile', '-c', program,
                          'bash', script], stdout=subprocess.PIPE,
                         check=True, text=True).stdout
    return set(line for line in out.split('\n') if line)


def main():
    tool, script = sys.argv[1], sys.argv[2]
    failures = []

    def expect(words, want):
        got = complete(script, words)
        if got != set(want):
            failures.append('%r: completes %s, --help lists %s' %
                            (' '.join(words), sorted(got), sorted(want)))

    help_text = run(tool, '--help')
    commands = listed_commands(help_text)
    if not commands:
        raise SystemExit('no list of commands in u8guard --help')
    first_words = {first for first, _ in commands}
    groups = {}
    for first, second in commands:
        if second:
            groups.setdefault(first, set()).add(second)

    # The first word, and the tool's own flags.
    expect(['u8guard', ''], first_words)
    tool_flags = long_flags(synopsis(help_text))
    expect(['u8guard', '--'], tool_flags)
    expect(['u8guard', '-'], tool_flags | {'-h', '-V'})
    # A group's subcommands, also after help.
    for group, names in groups.items():
        expect(['u8guard', group, ''], names)
        expect(['u8guard', 'help', group, ''], names)
    expect(['u8guard', 'help', ''], first_words)

    # Each command's flags, as its synopsis names them.
    values = {}
    for first, second in commands:
        if first == 'help' or first in groups and not second:
            continue
        words = [first] + ([second] if second else [])
        usage = synopsis(run(tool, *words, '--help'))
        want = long_flags(usage) | {'--help'}
        if words == ['version']:
            want.discard('--version')  # (the tool's --version, in version's)
        got = {w.rstrip('=') for w in complete(script,
                                               ['u8guard', *words, '--'])}
        if got != want:
            failures.append('u8guard %s: completes %s, its --help names %s' %
                            (' '.join(words), sorted(got), sorted(want)))
        shorts = {s for s, long in SHORT_FORMS.items() if long in want}
        got = {w.rstrip('=') for w in complete(script,
                                               ['u8guard', *words, '-'])}
        if got != want | shorts | {'-h'}:
            failures.append('u8guard %s -: completes %s, not %s' %
                            (' '.join(words), sorted(got),
                             sorted(want | shorts | {'-h'})))
        # After "--": arguments, whatever they look like.
        expect(['u8guard', *words, '--', '--'], set())
        for flag, value in re.findall(r'(--[a-z-]+)=([a-z0-9|]+\|[a-z0-9|]+)',
                                      usage):
            values[flag] = set(value.split('|'))

    # Flag values: as the synopses spell them out; the built-in profiles.
    if not values:
        failures.append('no synopsis spells out a flag\'s values')
    profiles = set(re.findall(r'^([a-z][a-z0-9-]*)', run(tool, 'profiles'),
                              re.M))
    if 'username-case-mapped' not in profiles:
        failures.append('u8guard profiles lists no username-case-mapped')
    values['--profile'] = profiles
    for flag, want in values.items():
        command = 'path' if flag in ('--dot-dot', '--symlinks',
                                     '--resolver') else 'acl'
        second = {'--dot-dot': 'sanitize', '--symlinks': 'read',
                  '--resolver': 'read'}.get(flag, 'lookup')
        line = ['u8guard', command, second]
        # "--mode=" as bash splits it, and whole.
        expect(line + [flag, '=', ''], want)
        expect(line + [flag, '=', sorted(want)[0][:1]],
               {v for v in want if v.startswith(sorted(want)[0][:1])})
        expect(line + [flag + '='], {flag + '=' + v for v in want})
    expect(['u8guard', 'canon', '-p', ''], profiles)
    expect(['u8guard', 'check', '-f', 'j'], {'json'})

    # The script as shellcheck reads it, where shellcheck is installed.
    if shutil.which('shellcheck'):
        lint = subprocess.run(['shellcheck', '-s', 'bash', script],
                              stdout=subprocess.PIPE, text=True)
        if lint.returncode != 0:
            failures.append('shellcheck:\n' + lint.stdout)

    for failure in failures:
        print(failure)
    print('%d commands, %d flags with values: %s' %
          (len(commands), len(values), 'ok' if not failures else 'FAILED'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
