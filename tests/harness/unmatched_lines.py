"""The benchmarks' unmatched lines (benchmarks/data/unmatched_*.feature) as (keyword, text):
lines no phrase matches, each answered with suggestions, for the tests that hold the
suggestions' shortcuts to their plain ways."""

from __future__ import annotations

import re
from pathlib import Path

DATA = Path(__file__).parent.parent.parent / "benchmarks" / "data"
_STEP = re.compile(r"\s*(Given|When|Then|And|But)\s+(.*)$")


def unmatched_lines() -> list[tuple[str, str]]:
    """Every step of the three files, with the keyword it is read under."""
    found: list[tuple[str, str]] = []
    for path in sorted(DATA.glob("unmatched_*.feature")):
        keyword = "given"
        for line in path.read_text().splitlines():
            step = _STEP.match(line)
            if step is not None:
                if step.group(1) in ("Given", "When", "Then"):
                    keyword = step.group(1).lower()
                found.append((keyword, step.group(2)))
    return found
