"""How many step lines of the first-try scenarios match a phrase (run: python match_rate.py).

The scenarios in first_try/ were written from the README and the issue's sample sentences
only, before reading the catalog. ``--show`` lists the lines that match nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.registry import REGISTRY

HERE = Path(__file__).parent / "first_try"


def step_lines(path: Path) -> list[tuple[int, str, str]]:
    """(line, keyword, text) of every step, with And/But read as the keyword before them."""
    document = Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))
    found = []
    for child in document["feature"]["children"]:
        block = child.get("scenario") or child.get("background")
        keyword = "given"
        for step in block["steps"]:
            word = step["keyword"].strip().lower()
            if word in ("given", "when", "then"):
                keyword = word
            found.append((step["location"]["line"], keyword, step["text"]))
    return found


def unmatched(folder: Path = HERE) -> tuple[int, list[str]]:
    total, missing = 0, []
    for path in sorted(folder.glob("*.feature")):
        for line, keyword, text in step_lines(path):
            total += 1
            try:
                REGISTRY.match(keyword, text)
            except (UndefinedStepError, AmbiguousStepError):
                missing.append(f"{path.name}:{line}: {keyword.title()} {text}")
    return total, missing


def main() -> int:
    total, missing = unmatched()
    matched = total - len(missing)
    print(f"{matched} of {total} step lines match ({100 * matched / total:.1f}%)")
    if "--show" in sys.argv:
        print("\n".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
