"""Why an alert that never fired stayed quiet, said under the failed check: its
condition's value now beside the bound it must cross."""

from __future__ import annotations

import re

from kubeloop.harness.world import World

from .declared_rules import alerting_rules
from .telemetry_part import call

_COMPARED = re.compile(r"^(?P<left>.*\S)\s*(?P<op>>=|<=|>|<)\s*(?P<bound>[-+0-9.eE]+)\s*$", re.S)


def why_quiet(world: World, name: str) -> str:
    """Why an alert that never fired stayed quiet: its condition's value now beside the
    bound it must cross (a rule whose expression is not "X > bound": the expression). An
    engine that cannot say adds nothing: a note under a failure must not hide it."""
    try:
        rules = alerting_rules(world, name)
        expr = " ".join(rules[0][1].split()) if rules else ""
        said = _COMPARED.match(expr)
        value = call(world, "query", said["left"], keep=False) if said else None
    except Exception:
        return ""
    if said is None:
        return f"; its condition {expr} never held" if expr else ""
    shown = "; ".join(str(value).splitlines()) or "no series"
    return (
        f"; its condition never held: {said['left']} is {shown} now, and must be "
        f"{said['op']} {said['bound']} for its for: duration to fire"
    )
