"""The alerting rules there are, each as ``(name, expr, labels)``.

The engine lists its rules when it has ``alerting_rules`` (no part of Lab 03's contract);
otherwise they are the rules the scenario itself gave (``add_alert``, ``load_rules``) whose
names the engine's core ``alert_names`` holds, so an engine written to the contract alone
answers "no alert fired for payments" from what was declared, not from what it says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kubeloop.harness.world import World

from .telemetry_part import call, telemetry

DECLARED = "telemetry: the alerting rules the scenario gave"
"""The world part holding ``(name, expr, labels)`` of each alerting rule given, in order."""

Rule = tuple[str, str, dict[str, str]]


def add_alert(world: World, name: str, expr: str, hold: int, **options: Any) -> None:
    """The engine's ``add_alert``, remembering the rule it was given."""
    call(world, "add_alert", name, expr, hold, **options)
    labels = {str(k): str(v) for k, v in dict(options.get("labels") or {}).items()}
    world.parts.setdefault(DECLARED, []).append((name, expr, labels))


def load_rules(world: World, text: str, filename: str) -> None:
    """The engine's ``load_rules``, remembering the alerting rules of the file it accepted."""
    call(world, "load_rules", text, filename)
    world.parts.setdefault(DECLARED, []).extend(_alerts_in(text, filename))


def _alerts_in(text: str, filename: str) -> list[Rule]:
    """Every ``- alert:`` rule of a rule file's groups."""
    from kubeloop.fixtures.yamlsafe import load_documents  # noqa: PLC0415  (check reads no YAML)

    found: list[Rule] = []
    for document in load_documents(text, filename):
        groups = document.data.get("groups") if isinstance(document.data, Mapping) else None
        for group in groups if isinstance(groups, list) else []:
            rules = group.get("rules") if isinstance(group, Mapping) else None
            for rule in rules if isinstance(rules, list) else []:
                if isinstance(rule, Mapping) and "alert" in rule:
                    labels = rule.get("labels") or {}
                    pairs = {str(k): str(v) for k, v in dict(labels).items()}
                    found.append((str(rule["alert"]), str(rule.get("expr", "")), pairs))
    return found


def alerting_rules(world: World, name: str | None = None) -> list[Rule]:
    """The alerting rules (of that name): the engine's own list, else those declared."""
    engine = telemetry(world)
    if hasattr(engine, "alerting_rules"):
        return [
            (str(r.name), str(r.spec.expr), dict(r.spec.labels))
            for r in call(world, "alerting_rules", name)
            if getattr(r, "spec", None)
        ]
    there = set(call(world, "alert_names"))
    return [
        rule
        for rule in world.parts.get(DECLARED, [])
        if rule[0] in there and name in (None, rule[0])
    ]
