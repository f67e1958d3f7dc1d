"""How many step lines of the measured scenarios match a phrase (run: python match_rate.py
[BATCH]; the default batch is corpora/cluster_before_the_catalog).

Each batch in corpora/ was written by people who had read only the README, before reading
the catalog, and is named for who wrote it and how: cluster_before_the_catalog/ from the
README and the issue's sample sentences, sre_unlike_the_catalog/ and platform_engineer/ by
later writers, per_mechanism/ by a separate session, one folder per mechanism; sre_telemetry/
by an SRE, held out while the telemetry grammar grew. ``--show`` lists the lines that match
nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.registry import REGISTRY

CORPORA = Path(__file__).parent / "corpora"
HERE = CORPORA / "cluster_before_the_catalog"


def _rows(block: dict[str, Any]) -> list[dict[str, str]]:
    """An outline's example rows as {column: value}; one empty row for a plain scenario."""
    rows = []
    for examples in block.get("examples", ()):
        header = [cell["value"] for cell in examples["tableHeader"]["cells"]]
        for row in examples.get("tableBody", ()):
            rows.append(dict(zip(header, (cell["value"] for cell in row["cells"]), strict=True)))
    return rows or [{}]


def step_lines(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, keyword, texts) of every step, with And/But read as the keyword before them;
    an outline's step has one text per example row, its <placeholders> filled in as
    pytest-bdd fills them before matching."""
    document = Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))
    found = []
    for child in document["feature"]["children"]:
        block = child.get("scenario") or child.get("background")
        keyword = "given"
        rows = _rows(block)
        for step in block["steps"]:
            word = step["keyword"].strip().lower()
            if word in ("given", "when", "then"):
                keyword = word
            texts = [_fill(step["text"], row) for row in rows]
            found.append((step["location"]["line"], keyword, list(dict.fromkeys(texts))))
    return found


def _fill(text: str, row: dict[str, str]) -> str:
    for column, value in row.items():
        text = text.replace(f"<{column}>", value)
    return text


def unmatched(folder: Path = HERE) -> tuple[int, list[str]]:
    """How many step lines the batch has (every .feature below ``folder``) and the ones that
    match nothing (an outline's line counts once and matches only if every row does)."""
    total, missing = 0, []
    for path in sorted(folder.rglob("*.feature")):
        count, lines = unmatched_file(path, path.relative_to(folder))
        total += count
        missing += lines
    return total, missing


def unmatched_file(path: Path, shown: Path | None = None) -> tuple[int, list[str]]:
    """The same for one feature file (shown under ``shown``, its name by default)."""
    total, missing = 0, []
    for line, keyword, texts in step_lines(path):
        total += 1
        for text in texts:
            try:
                REGISTRY.match(keyword, text)
            except (UndefinedStepError, AmbiguousStepError):
                missing.append(f"{shown or path.name}:{line}: {keyword.title()} {text}")
                break
    return total, missing


def main() -> int:
    batches = [a for a in sys.argv[1:] if not a.startswith("-")]
    total, missing = unmatched(CORPORA / batches[0] if batches else HERE)
    matched = total - len(missing)
    print(f"{matched} of {total} step lines match ({100 * matched / total:.1f}%)")
    if "--show" in sys.argv:
        print("\n".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
