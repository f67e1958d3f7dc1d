"""Which SLO a sentence means: by its name, by its kind and service ("the availability SLO
of inventory"), by its service alone, or the one named last; and the SLOs declared before
their service, which wait for it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from kubeloop.harness.telemetry_nouns import SloOf
from kubeloop.harness.world import World

from .telemetry_part import call

PENDING = "telemetry: SLOs waiting for their service"
"""The world part holding SLOs said before their service's traffic (begun when it is)."""

BEGUN = "telemetry: steps waiting for an SLO to begin"
"""The world part holding, by SLO name, what a step asked of an SLO still waiting for its
service (a rollback armed on its page), done when the SLO begins."""


UNNAMED = "telemetry: SLOs named after their service"
"""The world part holding, by name, the SLOs whose declaration said no name (so kubeloop
named them SERVICE-availability): the step's words and FILE:LINE, for a check that names
another."""


def once_begun(world: World, name: str, act: Callable[[], None]) -> None:
    """Do ACT now, or, while the SLO NAME waits for its service's traffic, when it begins:
    an SLO with no traffic yet is still declared, and pages only once it serves requests."""
    if name in (entry[0] for entry in world.parts.get(PENDING, [])):
        world.parts.setdefault(BEGUN, {}).setdefault(name, []).append(act)
    else:
        act()


def begun(world: World, name: str) -> None:
    """The SLO NAME began: do what steps asked of it while it waited."""
    for act in world.parts.get(BEGUN, {}).pop(name, []):
        act()


def slo_of(world: World, said: SloOf, subject: str | None = None) -> str:
    """The one SLO of that kind on that service (its name, or a word of it, is the kind);
    "its" is the SUBJECT of the sentence, else the service named last. None or several: an
    error naming the SLOs there are, never a guess."""
    service = said.service or subject or world.declared.mentioned.get("service")
    if not service:
        raise world.fail(f"a service for {said} to belong to", "none was named")
    names = sorted(str(n) for n in call(world, "slos"))
    of = [n for n in names if str(call(world, "slo", n).service) == service]
    kind = [n for n in of if said.kind in re.split(r"[^a-z0-9]+", n.lower())]
    if len(kind) != 1:
        found = f"{service}'s SLOs: {', '.join(of)}" if of else f"the SLOs: {', '.join(names)}"
        what = "several" if kind else "none"
        raise world.fail(f"one {said.kind} SLO on {service}", f"{what}; {found}")
    return kind[0]


def find_slo(world: World, name: str) -> Any:
    if isinstance(name, SloOf):
        name = slo_of(world, name)
    names = list(call(world, "slos"))
    if name not in names:
        waiting = {entry[0]: entry[4] for entry in world.parts.get(PENDING, [])}
        if name in waiting:
            service = waiting[name] or name.removesuffix("-availability")
            raise world.fail(
                f'the SLO "{name}" begun',
                f"it waits for its service, whose traffic no step declared: say it before "
                f'this check (Given the service "{service}" serves 100 requests per second)',
            )
        raise world.fail(
            f'an SLO named "{name}"',
            (f"the SLOs are {', '.join(names)}" if names else "there are no SLOs")
            + (_named_for_them(world, names, name) or declaring_slo(world, name)),
        )
    world.declared.mentioned["slo"] = name
    return call(world, "slo", name)


def declaring_slo(world: World, name: str) -> str:
    """The Given that declares the SLO NAME, said before the line that names it: for the
    scenario's service when it has exactly one, else for a service to name."""
    services = sorted(str(s) for s in call(world, "services"))
    service = services[0] if len(services) == 1 else "web"
    sentence = f'an SLO "{name}" of 99.9% over 30 days for the service "{service}"'
    which = "" if len(services) == 1 else ' (with your service for "web")'
    return f"; to declare it, say so before this line: Given {sentence}{which}"


def _named_for_them(world: World, names: list[str], asked: str) -> str:
    """Where the SLOs kubeloop named were declared, and how to give one the name asked."""
    unnamed = world.parts.get(UNNAMED, {})
    said = [(n, *unnamed[n]) for n in names if n in unnamed]
    return "".join(
        f'; "{n}" is the name kubeloop gave the SLO of {location} ({label}), which said '
        f'none: check "{n}", or name it "{asked}" there (an SLO "{asked}" of its target '
        f'over its days for the service "{n.removesuffix("-availability")}")'
        for n, label, location in said
    )


def slo_named(world: World, name: str | None) -> str:
    """The SLO a sentence names (a service's name: its one SLO, "the burn rate for web" is
    about "web-availability", else the one SLO whose service is web whatever its name; a
    kind: the one SLO of that kind, "for availability" is about "payments-availability"),
    else the one named last, else the only one. SLOs still waiting for their service's
    traffic count too: they are declared."""
    if isinstance(name, SloOf):
        return slo_of(world, name)
    if name is not None:
        waiting = [str(entry[0]) for entry in world.parts.get(PENDING, [])]
        names = [str(n) for n in call(world, "slos")] + waiting
        if name in names:
            return name
        theirs = [n for n in names if n.startswith(f"{name}-")]
        kind = [n for n in names if n.endswith(f"-{name}")]
        if len(theirs) == 1:
            return theirs[0]
        if not theirs and len(kind) == 1:
            return kind[0]
        served = [
            n for n in names if n not in waiting and str(call(world, "slo", n).service) == name
        ]
        return served[0] if not theirs and not kind and len(served) == 1 else name
    if "slo" in world.declared.mentioned:
        return str(world.declared.mentioned["slo"])
    names = list(call(world, "slos"))
    if len(names) == 1:
        return str(names[0])
    raise world.fail("an SLO named earlier for the sentence to be about", f"SLOs: {names}")
