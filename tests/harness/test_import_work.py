"""What loading the step library costs: the clause readers' regexes (a clause list or a list
of facts, every clause in one regex) wait for a step that says such a clause, so a run that
never does never compiles them."""

from __future__ import annotations

import subprocess
import sys

_COUNT = r"""
import re, sys
big = []  # each list's regex: long, every clause in it closed by a marker
real = re._compile
def counting(pattern, flags):
    if isinstance(pattern, str) and len(pattern) > 5_000 and "(?P<_clause0>)" in pattern:
        big.append(pattern[:60])
    return real(pattern, flags)
re._compile = counting
from kubeloop.harness import regex_runs  # (the clause lists compile through it: re's pattern)
real_runs = regex_runs.compiled
def counting_runs(pattern, flags):
    if len(pattern) > 5_000 and "(?P<_clause0>)" in pattern:
        big.append(pattern[:60])
    return real_runs(pattern, flags)
regex_runs.compiled = counting_runs
from kubeloop.harness.registry import load_step_library
load_step_library()
print(len(big))
from kubeloop.harness.params import TYPES
TYPES["declared"].convert(" on 3 nodes with maxSurge 1")
TYPES["facts"].convert(" is signed and promoted to staging")
print(len(big))
"""


def test_the_clause_readers_compile_at_the_first_clause_said() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _COUNT], capture_output=True, text=True, check=True, timeout=120
    )
    at_import, after = map(int, done.stdout.split())
    assert at_import == 0
    assert after > 0
