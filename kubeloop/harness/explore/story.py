"""Where an exploration starts and how its steps run: a scenario's Givens (with its feature's
Background) read from a feature file, and step texts run in a fresh world exactly as
``kubeloop run`` runs them (the same registry, the same settling before the first When)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from kubeloop.harness.errors import HarnessError
from kubeloop.harness.gherkin_source import FeatureReadError, load, scenarios
from kubeloop.harness.registry import REGISTRY, load_step_library
from kubeloop.harness.step_context import Step as WorldStep
from kubeloop.harness.time_limit import time_limit
from kubeloop.harness.world import World

load_step_library()

KEYWORDS = {"Context": "given", "Action": "when", "Outcome": "then"}


class StartError(HarnessError):
    """A feature or line that gives nothing to start from: ``FILE:LINE: why``."""


@dataclass(frozen=True)
class Step:
    """One step as written: its keyword (given/when/then), text and argument."""

    keyword: str
    text: str
    docstring: str | None = None
    table: tuple[tuple[str, ...], ...] | None = None

    def gherkin(self) -> list[str]:
        """The step as Gherkin lines (without indentation)."""
        lines = [f"{self.keyword.title()} {self.text}"]
        if self.docstring is not None:
            lines += ['  """', *("  " + line for line in self.docstring.splitlines()), '  """']
        for row in self.table or ():
            cells = " | ".join(cell.replace("|", "\\|") for cell in row)
            lines.append(f"  | {cells} |")
        return lines


@dataclass(frozen=True)
class Start:
    """A scenario's Givens (Background first): the situation an exploration starts from."""

    feature: Path
    shown: str
    name: str
    line: int
    givens: tuple[Step, ...]

    @property
    def location(self) -> str:
        return f"{self.shown}:{self.line}"


def starts(path: Path, shown: str, line: int | None = None) -> list[Start]:
    """Every scenario's starting situation in a feature (or only the one at ``line``).

    A scenario outline gives one start per example row. The feature's Background (every
    step of it) and the scenario's leading Given steps are the situation; the rest of the
    scenario is what the explorer replaces with its own steps.
    """
    try:
        source = load(path, shown)
    except FeatureReadError as error:
        raise StartError(str(error)) from None
    feature = source.document.get("feature")
    if not feature:
        raise StartError(f"{shown}:1: no Feature in the file")
    lines = {s["id"]: s["location"]["line"] for s in scenarios(feature.get("children", []))}
    rows = {
        row["id"]: row["location"]["line"]
        for s in scenarios(feature.get("children", []))
        for examples in s.get("examples", [])
        for row in examples.get("tableBody", [])
    }
    background = {
        step["id"]
        for child in feature.get("children", [])
        if "background" in child
        for step in child["background"].get("steps", [])
    }
    found = []
    for pickle in source.pickles:
        ids = pickle.get("astNodeIds", [])
        where = rows.get(ids[-1], lines.get(ids[0], 0)) if ids else 0
        if line is not None and line not in (where, lines.get(ids[0], 0)):
            continue
        givens: list[Step] = []
        for step in pickle["steps"]:
            keyword = KEYWORDS.get(step.get("type", ""), "given")
            if set(step.get("astNodeIds", [])) & background:
                givens.append(_step(keyword, step))  # the Background is all situation
            elif keyword == "given":
                givens.append(_step(keyword, step))
            else:
                break
        found.append(Start(path, shown, pickle["name"], where, tuple(givens)))
    if not found:
        at = f"{shown}:{line}" if line is not None else f"{shown}:1"
        what = f"no scenario at line {line}" if line is not None else "no scenario in the file"
        raise StartError(f"{at}: {what}; give a scenario's line (FEATURE:LINE)")
    return found


def _step(keyword: str, step: dict[str, Any]) -> Step:
    argument = step.get("argument", {})
    table = None
    if "dataTable" in argument:
        table = tuple(
            tuple(cell["value"] for cell in row["cells"]) for row in argument["dataTable"]["rows"]
        )
    return Step(keyword, step["text"], argument.get("docString", {}).get("content"), table)


def fresh_world(engine: ModuleType, engine_name: str, start: Start) -> World:
    """A new world for one run of the start's steps."""
    return World(engine, engine_name, start.feature.parent)


def run_step(world: World, step: Step, where: str, step_timeout: float) -> None:
    """Run one step as ``kubeloop run`` does; its errors propagate unchanged."""
    world.step = WorldStep(
        text=step.text,
        label=f"{step.keyword.title()} {step.text}",
        location=where,
        docstring=step.docstring,
        datatable=None if step.table is None else tuple(tuple(row) for row in step.table),
    )
    matches = REGISTRY.match(step.keyword, step.text)
    world.report.matches = matches
    with time_limit(step_timeout, world.step.label):
        world.run(step.keyword, matches)


def run_givens(world: World, start: Start, step_timeout: float) -> None:
    """The start's Givens, in order."""
    for number, step in enumerate(start.givens, 1):
        run_step(world, step, f"{start.location} (given {number})", step_timeout)


def scenario_text(title: str, start: Start, steps: Sequence[Step], comments: Sequence[str]) -> str:
    """A ready-to-paste scenario: the start's Givens, then ``steps`` (a keyword repeated
    from the step before reads "And")."""
    out = [f"  # {c}" for c in comments]
    out.append(f"  Scenario: {title}")
    previous = ""
    for step in (*start.givens, *steps):
        lines = step.gherkin()
        if step.keyword == previous:
            lines[0] = "And" + lines[0][len(step.keyword) :]
        previous = step.keyword
        out += [f"    {line}" for line in lines]
    return "\n".join(out) + "\n"
