"""Checks that stop a feature file from passing silently when it should not.

pytest-bdd lets each of these through: a scenario with no steps passes, a second
scenario with the same name replaces the first, and a step written before the first
scenario is swallowed into the feature's description.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gherkin.parser import Parser

from kubeloop.harness.gherkin_errors import STEP_KEYWORDS, explain, suggestion
from kubeloop.harness.gherkin_source import FeatureReadError, read_feature, scenarios
from kubeloop.harness.registry import REGISTRY

STEP_WORDS = ("Given ", "When ", "Then ", "And ", "But ", "* ")


def lint_feature(path: Path) -> list[str]:
    """Problems in one feature file, each starting with ``FILE:LINE:``."""
    return parse_and_lint(path)[1]


def parse_and_lint(path: Path) -> tuple[dict[str, Any] | None, list[str]]:
    """The file's Gherkin document and its problems, from one parse.

    The document is None when there are problems, and when the file has carriage returns
    (pytest-bdd reads it with universal newlines, so it parses the file itself).
    """
    try:
        text = read_feature(path)
    except FeatureReadError as error:
        return None, [str(error)]
    try:
        document = Parser().parse(text)
    except RecursionError:
        return None, [f"{path}:1: nested too deeply to parse"]
    except Exception as error:  # gherkin raises its own composite exception types
        return None, explain(str(path), text, error)
    problems = _problems(path, text, document)
    return (None if problems or "\r" in text else dict(document)), problems


def _problems(path: Path, text: str, document: Any) -> list[str]:
    feature = document.get("feature")
    if feature is None:
        return [f"{path}:1: no Feature: line; a feature file starts with 'Feature: <name>'"]
    misspelled = _misspelled_keywords(path, text, feature)
    if misspelled:
        return misspelled
    if not scenarios(feature.get("children", [])):
        return [
            f'{path}:{feature["location"]["line"]}: the feature "{feature["name"]}" has no '
            "scenarios; add a Scenario: with steps (or delete the file)"
        ]
    problems = []
    for offset, line in enumerate(feature.get("description", "").splitlines()):
        if looks_like_a_step(line.strip()):
            number = feature["location"]["line"] + 1 + offset
            problems.append(
                f"{path}:{number}: step outside a scenario: {line.strip()!r}; "
                "put it under a Scenario: (or a Background:)"
            )
    children: list[dict[str, Any]] = list(feature.get("children", []))
    problems += _scenario_problems(path, children, set())
    return problems


def _misspelled_keywords(path: Path, text: str, feature: Any) -> list[str]:
    """Description lines like ``Scenaro: x``: a keyword misspelled is swallowed as prose."""
    lines = text.splitlines()
    start = int(feature["location"]["line"])
    problems = []
    for line in feature.get("description", "").splitlines():
        head = line.strip().split(":", 1)[0]
        if ":" not in line or not head or len(head.split()) > 2:
            continue
        hint = suggestion(head)
        if hint is None or hint in STEP_KEYWORDS or hint == head:
            continue
        number = next(
            (n for n in range(start, len(lines)) if lines[n].strip() == line.strip()), start - 1
        )
        problems.append(
            f'{path}:{number + 1}: "{line.strip()}" is not a keyword; did you mean "{hint}:"?'
        )
    return problems


def looks_like_a_step(line: str) -> bool:
    """A description line that is really a step: a step keyword, then a known phrase or
    a line that does not read as prose (prose ends with punctuation)."""
    if not line.startswith(STEP_WORDS):
        return False
    keyword, _, text = line.partition(" ")
    if text and not text.rstrip().endswith((".", ",", ";", ":", "!", "?")):
        return True
    kinds = ("given", "when", "then") if keyword in ("And", "But", "*") else (keyword.lower(),)
    return any(REGISTRY.match_one(kind, text) for kind in kinds)


def _no_steps(path: Path, scenario: dict[str, Any]) -> str:
    """A scenario without steps; if its first description line is a misspelled step or a
    table, say so there (Gherkin swallows both into the description)."""
    line = int(scenario["location"]["line"])
    first = next((t.strip() for t in scenario.get("description", "").splitlines() if t.strip()), "")
    if first.startswith("|"):
        return f"{path}:{line + 1}: a table row must follow a step; put a step above it"
    hint = suggestion(first.split(" ", 1)[0]) if first else None
    if hint in STEP_KEYWORDS:
        return f'{path}:{line + 1}: "{first}" is not a step; did you mean "{hint}"?'
    return f'{path}:{line}: scenario "{scenario["name"]}" has no steps; add steps or delete it'


def _scenario_problems(path: Path, children: list[dict[str, Any]], names: set[str]) -> list[str]:
    problems = []
    for child in children:
        if "rule" in child:
            problems += _scenario_problems(path, child["rule"].get("children", []), set())
            continue
        scenario = child.get("scenario")
        if scenario is None:
            continue
        line = scenario["location"]["line"]
        name = scenario["name"]
        if not scenario.get("steps"):
            problems.append(_no_steps(path, scenario))
        if name in names:
            problems.append(
                f'{path}:{line}: a second scenario named "{name}" in this feature; '
                "give each scenario its own name"
            )
        names.add(name)
    return problems
