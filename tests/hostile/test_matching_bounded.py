"""Matching a step never hangs: every step line the project ships, read with endings built
to make a backtracking pattern try every split of its words, is matched (or refused with
suggestions) by a child process that must finish.

A pattern with a nested quantifier over words (``(\\w+ ?)+`` before a lookahead that then
fails) takes time exponential in the number of words; the line that found one was
"build-1's unit tests report 412 passed and 0 failed with 88.4% coverage". This is a
hang guard with a generous bound, not a timing test: a linear matcher finishes far inside
it, an exponential one never does.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
ENDINGS = ("", " with 88.4% coverage", "'s unit tests report twelve passed with coverage at 9.9%")
"""The line as written, a number with a dot at its end (no word boundary a pattern's
lookahead expects), and a possessive followed by long words that end the same way (each
word of n letters is n ways to split for a pattern that may end a word anywhere)."""

CHILD = textwrap.dedent(
    """
    import re, sys
    from pathlib import Path
    from kubeloop.harness.errors import HarnessError
    from kubeloop.harness.registry import REGISTRY, load_step_library

    load_step_library()
    step = re.compile(r"^\\s*(Given|When|Then|And|But)\\s+(.*\\S)\\s*$")
    lines = set()
    shard, shards, advised, corpora = map(int, sys.argv[1:5])
    paths = [p for corpus in sys.argv[5 : 5 + corpora] for p in Path(corpus).glob("**/*.feature")]
    for path in sorted(paths):
        keyword = "given"
        for raw in path.read_text(encoding="utf-8").splitlines():
            found = step.match(raw)
            if found:
                if found.group(1) in ("Given", "When", "Then"):
                    keyword = found.group(1).lower()
                lines.add((keyword, found.group(2)))
    endings = sys.argv[5 + corpora :]
    for index, (keyword, text) in enumerate(sorted(lines)[shard::shards]):
        for ending in endings:
            if ending and index % advised:
                REGISTRY.quietly(keyword, text + ending)
                continue
            try:
                REGISTRY.match(keyword, text + ending)
            except HarnessError:
                pass
    print(len(lines))
    """
)


CORPORA = ("features", "tests/english")
"""The shipped features and the English batches: one set of lines, so a line both hold (one
in seven of them) is matched once."""

SHARDS = 4
"""The lines in this many children (every fourth line each), so the parts run on every core
under xdist instead of two long children finishing last."""

ADVISED = 8
"""Every line with an ending is looked up under every reading (the work a hang was found in);
every eighth also pays for its suggestions, which read the user's words with expressions of
their own. Suggestions for all of them cost three quarters of this test; the suggestion
bounds' tests hold the suggestions on every line as written."""


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_shipped_line_matches_in_bounded_time(shard: int) -> None:
    where = [str(shard), str(SHARDS), str(ADVISED), str(len(CORPORA))]
    where += [str(ROOT / corpus) for corpus in CORPORA]
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *where, *ENDINGS],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.split()[-1]) > 4000  # both corpora's lines
