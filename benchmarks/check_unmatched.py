"""What ``kubeloop check`` costs on 200 step lines no phrase matches, each answered with
suggestions: CPU seconds of the whole process (start-up, imports and the step library
included), best of a few runs, beside another source tree's when given.

    python benchmarks/check_unmatched.py                        # this tree
    python benchmarks/check_unmatched.py --before /tmp/main     # and another, alternately

The lines: ``data/unmatched_stories.feature`` (users' stories, 140 of 200 unmatched),
``data/unmatched_other.feature`` (200 unmatched: near misses, long sentences, nonsense and
other words for every mechanism) and ``data/unmatched_mixed.feature`` (200 unmatched:
catalog examples misspelt, cut, swapped, joined into long lines, in capitals, and lines
in other languages or none). A check's fixed costs: ``data/one_unmatched.feature`` (one
line, passed over before any frame is asked of) and ``data/one_framed.feature`` (one line
read through the frames), given as the features. ``--before DIR`` is a source tree
(``git archive``); its own steps/ is its step library. Both trees must print the same
problems, suggestions included: the benchmark says when they do not. The budget is 5 s
per 200 lines.

The same machine runs the same code up to 1.8 times faster in one hour than in another
(other tenants), so each run also times a fixed reference workload, pure Python as the
check is (regexes parsed and compiled, difflib ratios, dict and string work), and prints
each file's CPU as a multiple of it: that multiple compares across hours and machines,
where seconds do not.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
FEATURES = [
    DATA / "unmatched_stories.feature",
    DATA / "unmatched_other.feature",
    DATA / "unmatched_mixed.feature",
]
BUDGET = 5.0

PRELUDE = """
import sys
sys.path.insert(0, sys.argv[1])
import kubeloop
kubeloop.__path__.append(sys.argv[1])  # the tree's steps/ as kubeloop.steps
"""
"""The start of every program run from a source tree: its kubeloop, and its steps/."""

_CHECK = (
    PRELUDE
    + """
from kubeloop.cli import main
sys.argv = ["kubeloop", "check", *sys.argv[2:]]
sys.exit(main())
"""
)
"""``kubeloop check`` from a source tree, run in the feature's folder (the paths it shows)."""

_REFERENCE = """
import difflib, re, re._compiler
words = [f"word{i % 97} {i % 13}x{i % 7}" for i in range(4000)]
for i in range(1200):
    pattern = rf"(?P<a{i}>\\d+) (?:pods?|nodes?) of (?P<b>[a-z][a-z0-9-]*) in zone-{i}"
    re._compiler.compile(pattern, 0)
for i in range(9000):
    difflib.SequenceMatcher(None, words[i % 4000], words[-(i % 4000) - 1]).ratio()
table = {}
for i in range(900000):
    table[words[i % 4000]] = table.get(words[i % 4000], 0) + len(words[i % 4000].split())
"""
"""A fixed workload of the kinds of work a check does, for the machine's speed now."""


def reference() -> float:
    """CPU seconds of one run of the reference workload, in a process of its own."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", _REFERENCE], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


Measure = Callable[[Path, Path], tuple[dict[str, float], str]]
"""One run of a tree on a feature: its figures, and what the check printed."""


def checked(program: str, tree: Path, feature: Path) -> subprocess.CompletedProcess[str]:
    """``program`` run from ``tree`` on ``feature``, in the feature's folder; a run that
    fails (not a check's "problems found") stops the benchmark with its error."""
    done = subprocess.run(
        [sys.executable, "-c", program, str(tree), feature.name],
        cwd=feature.parent,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"{tree}: kubeloop check failed:\n{done.stderr}")
    return done


def run(tree: Path, feature: Path) -> tuple[dict[str, float], str]:
    """CPU seconds of one ``kubeloop check`` of ``feature`` from ``tree``, and what it said."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = checked(_CHECK, tree, feature)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cpu": cpu}, done.stdout


def options(description: str) -> tuple[argparse.Namespace, list[tuple[str, Path]]]:
    """The command line (``--before``, ``--repeat``, the features) and the trees to time,
    this one first."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--before", type=Path, help="another source tree, timed alternately")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best counts)")
    parser.add_argument("features", nargs="*", type=Path, default=FEATURES)
    args = parser.parse_args()
    trees = [("after", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    print(f"load average {os.getloadavg()[0]:.2f}; CPU seconds, best of {args.repeat}")
    return args, trees


def alternately(
    trees: list[tuple[str, Path]], feature: Path, repeat: int, measure: Measure
) -> tuple[dict[str, dict[str, float]], dict[str, str]]:
    """Each tree measured ``repeat`` times, in turn: the best of each figure per tree, and
    what each printed last."""
    best: dict[str, dict[str, float]] = {}
    said: dict[str, str] = {}
    for _ in range(repeat):
        for name, tree in trees:
            figures, said[name] = measure(tree, feature)
            kept = best.setdefault(name, dict(figures))
            for key, value in figures.items():
                kept[key] = min(kept[key], value)
    return best, said


def verdict(said: dict[str, str]) -> str:
    """Whether the trees printed the same: nothing for one tree, else a loud difference."""
    if len(said) == 1:
        return ""
    return ", same output" if len(set(said.values())) == 1 else ", OUTPUTS DIFFER"


def main() -> int:
    args, trees = options(__doc__.splitlines()[0])
    if sys.dont_write_bytecode:
        print("PYTHONDONTWRITEBYTECODE is set: every run compiles kubeloop's modules afresh")
    print("each file's CPU is also given as a multiple of the reference workload's, timed")
    print("just before it (the machine's speed drifts from minute to minute)")
    for named in args.features:
        feature = named.resolve()
        unit = min(reference() for _ in range(args.repeat))
        best, said = alternately(trees, feature, args.repeat, run)
        lines = said["after"].count("no step matches")
        cpu = {name: best[name]["cpu"] for name, _ in trees}
        row = "   ".join(f"{name} {cpu[name]:.2f} s ({cpu[name] / unit:.1f}x)" for name, _ in trees)
        print(
            f"{feature.name}: {lines} unmatched lines: {row} (budget {BUDGET:.0f} s; "
            f"reference {unit:.2f} s)" + verdict(said)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
