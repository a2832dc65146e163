# SPDX-License-Identifier: Apache-2.0
"""Threads calling one Profile, one AllowList and one DenyList at once.

Short inputs run with the GIL held, inputs of u8guard.GIL_RELEASE_MIN_BYTES
or more with it released, so that the C++ code runs in several threads at
once: both kinds are mixed here, and every thread's every result must be
the one a single thread gets.
"""

import sys
import threading
from typing import Callable, List

import u8guard
from conftest import non_ascii_names
from u8guard import AllowList, DenyList, Profile, Rejected

THREADS = 8
ROUNDS = 30
LONG = min(u8guard.GIL_RELEASE_MIN_BYTES, 1 << 16)


def outcome(fn: Callable, *args):
    """fn(*args), or the rule and offsets of the Rejected it raises."""
    try:
        return ('ok', fn(*args))
    except Rejected as e:
        return ('rejected', e.rule, e.offset, e.index)


def run_in_threads(work: Callable[[], List], expected: List) -> None:
    """Runs work() in THREADS threads started together, ROUNDS times each;
    every result must equal `expected`."""
    barrier = threading.Barrier(THREADS)
    failures = []

    def worker():
        barrier.wait()
        for _ in range(ROUNDS):
            got = work()
            if got != expected:
                failures.append([(i, g, w)
                                 for i, (g, w) in enumerate(zip(got, expected))
                                 if g != w][:3])

    threads = [threading.Thread(target=worker) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures[:3]


def inputs() -> List:
    names = non_ascii_names(40)
    long_names = [('J\u00fcrgen\u00e9' * LONG)[:LONG + 3 * i] for i in range(4)]
    assert all(len(n.encode()) >= LONG for n in long_names)
    bad = ['al\u200bice', 'a b', '', b'\xc0\xaf', '\u00e9' * 3000, 'x\ud800']
    return names + [n.encode() for n in names[:10]] + long_names + bad


def test_one_profile_from_many_threads():
    user = Profile('username-case-mapped')
    # Long inputs accepted: a profile with bounds beyond the GIL threshold.
    big = user.replace(name='big-users', max_input_bytes=1 << 20,
                       max_output_bytes=1 << 20,
                       max_output_code_points=1 << 20)
    data = inputs()

    def work():
        out = []
        for s in data:
            out.append(outcome(user.canonicalize, s))
            out.append(outcome(big.canonicalize, s))
            out.append(outcome(big.enforce, s))
            out.append(user.equivalent(s, 'admin0'))
            out.append(outcome(big.skeleton, s))
        return out

    expected = work()
    assert ('ok', 'admin7') in expected
    assert sum(o[0] == 'rejected' for o in expected if isinstance(o, tuple))
    run_in_threads(work, expected)


def test_one_acl_from_many_threads():
    names = non_ascii_names(200)
    long_entry = 'Zo\u00eb' * 1500  # 6000 bytes: lookups release the GIL
    profile = Profile('username-case-mapped').replace(
        name='big-users', max_input_bytes=1 << 16, max_output_bytes=1 << 16,
        max_output_code_points=1 << 16)
    allow = AllowList(profile, names + [long_entry])
    deny = DenyList(profile, names + [long_entry])
    probes = (names[::7] + [n.upper() for n in names[::11]] +
              ['p\u0430ypal', 'rnike', 'nobody', 'a b', b'\xff',
               long_entry.upper(), long_entry + 'x', 'x\ud800'])

    def work():
        out = []
        for p in probes:
            g = allow.grants(p)
            r = deny.resembles(p)
            out.append((g.match.index if g else None,
                        g.rejection.rule if g.rejection else None,
                        r.match.index if r else None, p in allow, p in deny))
        return out

    expected = work()
    assert sum(1 for o in expected if o[0] is not None) > 20
    assert expected[-3][0] == 200  # the long entry, found in capitals
    run_in_threads(work, expected)


def assert_runs_without_the_gil(call: Callable[[], object]) -> object:
    """Runs call() in a thread and asserts that another thread ran Python
    code after the call began and before it returned; returns its result.

    With a switch interval far longer than the test, the GIL changes hands
    only when its holder gives it up: blocks on a lock or in a system call,
    ends, or calls code that releases it. The worker notes that it is in
    the call, wakes the watcher (which then waits for the GIL) and makes the
    call; the watcher notes what the worker noted, as soon as it holds the
    GIL. Between waking the watcher and noting its return the worker gives
    the GIL up only if the call does: had the call kept it, the watcher
    would see 'returned'. No clock and no count of samples decides it.
    """
    state = ['starting']
    seen = []
    result = []
    go = threading.Event()

    def watcher():
        go.wait()
        seen.append(state[0])

    def worker():
        state[0] = 'in the call'
        go.set()
        try:
            result.append(call())
        finally:
            state[0] = 'returned'

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        # In either order: the watcher runs only once the GIL is given up.
        threads = [threading.Thread(target=watcher),
                   threading.Thread(target=worker)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert result, 'the call raised'
    assert seen == ['in the call'], seen
    return result[0]


def test_long_calls_release_the_gil():
    doc = Profile('text-document')
    text = 'Ame\u0301lie \u00e9t\u00e9 \u4e2d\u6587 ' * 400000  # 8.8 MB
    doc.canonicalize(text[:1000])  # warm up
    out = assert_runs_without_the_gil(lambda: doc.canonicalize(text))
    assert out == doc.canonicalize(text)


def test_a_policy_from_toml_reads_its_names_file_without_the_gil(tmp_path):
    # Attack (an outside review): RegistrationPolicy.from_toml read a
    # protected_names_file of up to 64 MiB with the GIL held, stalling
    # every other thread, where load() released it.
    names = tmp_path / 'names.txt'
    names.write_text(''.join(f'name{i:08d}\n' for i in range(3_000_000)))
    toml = 'protected_names_file = "names.txt"\n'
    source = str(tmp_path / 'policy.toml')
    policy = assert_runs_without_the_gil(
        lambda: u8guard.RegistrationPolicy.from_toml(toml, source))
    assert len(policy.protected_names) == 3_000_000
