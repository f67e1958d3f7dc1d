"""An SLO's window pairs judged now, for a step that asks which pair fires.

The engine's ``verdict`` says so when it has one (an extension of Lab 03's contract);
otherwise the pairs are the documented table the scenario asked for (the Workbook's or
Pyrra's, for the SLO's period: a spec constant, not what the engine says of itself) and each
window's burn is the engine's core ``burn_rate(name, window)``, so an engine written to the
contract alone answers the same checks.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.world import World

from .page_history import watch
from .telemetry_part import call, telemetry

DECLARED = "telemetry: each SLO's objective, period, window table and service, as declared"
"""The world part holding, by SLO name, ``(percent, period seconds, table name, service)``."""


def add_slo(
    world: World, name: str, percent: float, period: int, service: str, windows: str
) -> None:
    """The engine's ``add_slo``, remembering what was asked so its pairs can be judged."""
    call(world, "add_slo", name, percent, period, service, windows)
    world.parts.setdefault(DECLARED, {})[name] = (percent, period, windows, service)
    watch(world)  # its page and ticket over time, for "has paged" (page_history.py)


def total_query(world: World, name: str, slo: Any) -> str:
    """The SLO's query for all its requests, ``{{.window}}`` left to fill: the engine's SLO
    spec's (Sloth's ``total_query``, no part of Lab 03's contract), else, for an SLO the
    scenario gave through the core ``add_slo`` (availability over the service's
    ``http_requests_total``, as the contract has it), that counter summed ("" if neither)."""
    spec = getattr(slo, "spec", None)
    if spec is not None:
        return str(getattr(spec, "total_query", "") or "")
    declared = world.parts.get(DECLARED, {}).get(name)
    if declared is None:
        return ""
    return f'sum(rate(http_requests_total{{job="{declared[3]}"}}[{{{{.window}}}}]))'


def verdict(world: World, name: str) -> Any:
    """The SLO's pairs now: the engine's own verdict, else its table judged from core burns."""
    engine = telemetry(world)
    declared = world.parts.get(DECLARED, {}).get(name)
    if hasattr(engine, "verdict") or declared is None:
        return call(world, "verdict", name)
    from kubeloop.telemetry.slo import Objective, table  # noqa: PLC0415  (check: no engine)
    from kubeloop.telemetry.slo.verdict import PairVerdict, Verdict  # noqa: PLC0415

    percent, period, windows, _ = declared
    spec = table(windows, period)
    burns = {w: float(call(world, "burn_rate", name, w)) for w in spec.durations()}
    now = world.clock.now
    pairs = tuple(PairVerdict(w, burns[w.long], burns[w.short], now) for w in spec.windows)
    return Verdict(Objective(percent, period), pairs)
