"""``kubeloop explore FEATURE[:LINE]``: find the scenarios nobody wrote that break a rule,
and print each as a scenario to paste (or save) as a regression test."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from kubeloop.harness.engine import engine_name, load_engine
from kubeloop.harness.explore.explorer import Budget, Found, Tally, explore
from kubeloop.harness.explore.story import StartError, scenario_text, starts
from kubeloop.harness.shown_paths import relative


@dataclass(frozen=True)
class ExploreOptions:
    targets: Sequence[str]
    engine: str | None = None
    seed: int = 0
    budget: Budget = field(default_factory=Budget)
    save: str | None = None
    compare: bool = False
    """Also run kubeloop beside the engine and report where their worlds differ."""


def _targets(texts: Sequence[str]) -> list[tuple[Path, int | None]]:
    """Each FEATURE[:LINE]; a folder stands for every feature file below it."""
    found: list[tuple[Path, int | None]] = []
    for text in texts:
        path, colon, line = text.rpartition(":")
        if colon and line.isdigit() and path:
            found.append((Path(path), int(line)))
        elif Path(text).is_dir():
            found += [(p, None) for p in sorted(Path(text).rglob("*.feature"))]
        else:
            found.append((Path(text), None))
    return found


def feature_text(found: Found) -> str:
    """The found scenario as a whole feature file, ready to run or paste."""
    comments = [
        f"broke: {found.violation.rule}",
        f"saw: {found.violation.detail}",
        f"found by: kubeloop explore {found.start.location} --seed {found.seed}",
    ]
    title = (
        f"{found.violation.rule[:1].upper()}{found.violation.rule[1:]} (from {found.start.name})"
    )
    keyword = "And" if found.steps and found.steps[-1].keyword == "then" else "Then"
    text = scenario_text(title, found.start, found.steps, comments)
    if found.then is not None:
        text += f"    {keyword} {found.then}\n"
    else:
        text += "    # no Then in the catalog checks this rule; the explorer saw it directly\n"
    return f"Feature: Found by kubeloop explore\n\n{text}"


def run(options: ExploreOptions, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Explore every scenario the target names; 0 nothing broke, 1 something did, 2 bad use."""
    found_starts = []
    for path, line in _targets(options.targets):
        try:
            found_starts += starts(path, relative(str(path)), line)
        except StartError as error:
            print(f"kubeloop explore: {error}", file=err)
            return 2
    name = engine_name(options.engine)
    engine = load_engine(name)
    budget = options.budget
    broke = 0
    for start in found_starts:
        tally = Tally()
        began = time.monotonic()
        print(
            f"exploring {start.location} {start.name!r} with engine {name} (seed {options.seed}; "
            f"up to {budget.examples} sequences of {budget.steps} steps, {budget.seconds:g} s)",
            file=out,
        )

        def progress(count: int) -> None:
            if count % 50 == 0:
                print(f"  … {count} sequences", file=err)

        found = explore(engine, name, start, budget, options.seed, tally, progress, options.compare)
        spent = time.monotonic() - began
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(tally.kinds.items()))
        print(
            f"  explored {tally.sequences} sequences, {sum(tally.kinds.values())} steps in "
            f"{spent:.1f} s: {kinds or 'nothing to draw'}",
            file=out,
        )
        if not tally.kinds:
            print(
                "  the Givens leave nothing to explore: declare nodes and a deployment, or "
                "build an artifact, so there are events to draw",
                file=out,
            )
        if found is None:
            print("  nothing broke", file=out)
            continue
        broke += 1
        print(f"  ✗ broke {found.violation.rule!r}: {found.violation.detail}", file=out)
        text = feature_text(found)
        print("", file=out)
        print(text, file=out)
        if options.save:
            saved = _save(Path(options.save), start.name, text)
            print(f"  saved as {saved}", file=out)
    return 1 if broke else 0


def _save(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60] or "scenario"
    number = 1
    while (folder / f"{slug}-{number}.feature").exists():
        number += 1
    target = folder / f"{slug}-{number}.feature"
    target.write_text(text, encoding="utf-8")
    return target
