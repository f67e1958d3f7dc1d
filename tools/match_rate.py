"""Score a batch of feature files: the share of step lines that match a phrase, per file, and
for every line that matches nothing, the suggestions ``kubeloop check`` would give.

Run: ``python tools/match_rate.py FOLDER [--show]``. A line whose message offers anything
(close phrases, phrases about the nouns it recognised, the keyword to write) counts as
"with a suggestion"; ``--show`` prints each unmatched line with what it was offered.
Outline rows are filled in, as a run fills them (tests/english/match_rate.py).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "english"))

from match_rate import step_lines

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.registry import REGISTRY


def score(path: Path) -> tuple[int, list[tuple[int, str, list[str]]]]:
    """(step lines, [(line, step, suggestions)] of the unmatched ones) of one feature file."""
    total, missing = 0, []
    for line, keyword, texts in step_lines(path):
        total += 1
        for text in texts:
            try:
                REGISTRY.match(keyword, text)
            except (UndefinedStepError, AmbiguousStepError) as error:
                shown = f"{keyword.title()} {text}"
                missing.append((line, shown, _help(str(error))))
                break
    return total, missing


def _help(message: str) -> list[str]:
    """The lines of an undefined step's message that help: suggestions, the nouns it
    recognised and phrases about them, or the keyword to write instead."""
    lines = [line.strip() for line in message.splitlines()[1:]]
    return [line for line in lines if line and not line.startswith("(kubeloop steps")]


def main() -> int:
    folders = [Path(a) for a in sys.argv[1:] if not a.startswith("-")]
    show = "--show" in sys.argv
    all_total = all_missing = all_suggested = 0
    started = time.process_time()
    for folder in folders:
        files = sorted(folder.rglob("*.feature")) if folder.is_dir() else [folder]
        for path in files:
            total, missing = score(path)
            suggested = sum(1 for _, _, s in missing if s)
            all_total += total
            all_missing += len(missing)
            all_suggested += suggested
            matched = total - len(missing)
            print(
                f"{path.name}: {matched} of {total} match ({100 * matched / total:.0f}%); "
                f"{len(missing)} unmatched, {suggested} with a suggestion"
            )
            if show:
                for line, step, suggestions in missing:
                    print(f"  {path.name}:{line}: {step}")
                    for suggestion in suggestions or ["(no suggestion)"]:
                        print(f"      -> {suggestion}")
    matched = all_total - all_missing
    share = 100 * matched / max(all_total, 1)
    print(
        f"all: {matched} of {all_total} match ({share:.0f}%); {all_missing} unmatched, "
        f"{all_suggested} with a suggestion; {time.process_time() - started:.1f} s CPU"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
