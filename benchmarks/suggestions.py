"""What ``kubeloop check`` costs on lines that match nothing: 200 unmatched step lines,
made from the measured corpora (tests/english/) by misspelling one word of each line and
reordering none, checked with suggestions, as CPU time of a child process.

``python benchmarks/suggestions.py [LINES]`` prints the CPU seconds, how many lines got at
least one piece of help (close phrases, phrases about the nouns it recognised, or the keyword
to write), and the budget (5 s for 200 lines).
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ROOT / "tests" / "english"
BUDGET = 5.0


def _misspelt(text: str, index: int) -> str:
    """The line with one longer word's letters swapped (deterministic by line number)."""
    words = text.split(" ")
    long = [i for i, w in enumerate(words) if re.fullmatch(r"[a-z]{5,}", w)]
    if not long:
        return text + " zzz"
    at = long[index % len(long)]
    word = words[at]
    words[at] = word[:2] + word[3] + word[2] + word[4:]
    return " ".join(words)


def lines(count: int) -> list[str]:
    found: list[str] = []
    step = re.compile(r"^\s*(Given|When|Then|And|But) (.+)$")
    for path in sorted(CORPORA.rglob("*.feature")):
        for raw in path.read_text(encoding="utf-8").splitlines():
            hit = step.match(raw)
            if hit and "<" not in raw and '"""' not in raw:
                keyword = hit.group(1) if hit.group(1) in ("Given", "When", "Then") else "Then"
                found.append(f"    {keyword} {_misspelt(hit.group(2), len(found))}")
            if len(found) == count:
                return found
    return found


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 220  # (some misspellings still match)
    with tempfile.TemporaryDirectory() as folder:
        feature = Path(folder) / "unmatched.feature"
        body = "\n".join(lines(count))
        feature.write_text(f"Feature: unmatched\n  Scenario: every line\n{body}\n", "utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        run = subprocess.run(
            [sys.executable, "-m", "kubeloop.cli", "check", str(feature)],
            capture_output=True,
            text=True,
            check=False,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    unmatched = run.stdout.count("no step matches")
    helped = sum(
        run.stdout.count(words)
        for words in ("did you mean", "phrases about them", ": write ", "nearest:")
    )
    print(
        f"{unmatched} unmatched lines, {helped} with help: {cpu:.1f} s CPU "
        f"(budget {BUDGET:.0f} s for 200)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
