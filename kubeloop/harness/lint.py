"""Checks that stop a feature file from passing silently when it should not.

pytest-bdd lets each of these through: a scenario with no steps passes, a second
scenario with the same name replaces the first, and a step written before the first
scenario is swallowed into the feature's description.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gherkin.parser import Parser

from kubeloop.harness.registry import REGISTRY

STEP_WORDS = ("Given ", "When ", "Then ", "And ", "But ", "* ")


def lint_feature(path: Path) -> list[str]:
    """Problems in one feature file, each starting with ``FILE:LINE:``."""
    try:
        document = Parser().parse(path.read_text(encoding="utf-8"))
    except Exception as error:  # gherkin raises its own composite exception types
        return [f"{path}: not valid Gherkin: {error}"]
    feature = document.get("feature")
    if feature is None:
        return [f"{path}:1: no Feature: line; a feature file starts with 'Feature: <name>'"]
    problems = []
    for offset, line in enumerate(feature.get("description", "").splitlines()):
        if looks_like_a_step(line.strip()):
            number = feature["location"]["line"] + 1 + offset
            problems.append(
                f"{path}:{number}: step outside a scenario: {line.strip()!r}; "
                "put it under a Scenario: (or a Background:)"
            )
    children: list[dict[str, Any]] = list(feature.get("children", []))  # type: ignore[arg-type]
    problems += _scenario_problems(path, children, set())
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
            problems.append(
                f'{path}:{line}: scenario "{name}" has no steps; add steps or delete it'
            )
        if name in names:
            problems.append(
                f'{path}:{line}: a second scenario named "{name}" in this feature; '
                "give each scenario its own name"
            )
        names.add(name)
    return problems
