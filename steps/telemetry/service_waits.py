"""A Given about a service's requests said before the service's traffic waits for it: "an
alert "WebErrors" fires if over 5% of web's requests fail for 5 minutes" or "checkout
responds with a median of 35ms and a p99 of 180ms", then "web is taking 200 requests per
second", is made true when the traffic is declared, in the order said, as an SLO said first
already is (slo_waits.service_added). Only a Given names a service that is not there yet; a When
or a Then naming it fails at its line, and so does any check of what still waits, saying
which Givens wait and for what (``still_waiting``)."""

from __future__ import annotations

from collections.abc import Callable

from kubeloop.harness.world import World

from .telemetry_part import call

WAITING = "telemetry: Givens waiting for their service"


def later(world: World, service: str | None, action: Callable[[], None]) -> bool:
    """Keep ACTION for when SERVICE's traffic is declared, if this is a Given (the world not
    settled yet) naming a service that is not there: True when kept, so the step ends."""
    if service is None or world.settled or service in set(call(world, "services")):
        return False
    world.parts.setdefault(WAITING, []).append((service, action, world.step.location))
    return True


def still_waiting(world: World) -> str:
    """What a failed check of alerts or services adds while Givens wait for a service's
    traffic no line declared: which lines wait, for which service, and the sentence that
    declares it; empty when nothing waits."""
    waiting: dict[str, list[str]] = {}
    for service, _, location in world.parts.get(WAITING, []):
        waiting.setdefault(service, []).append(location.rsplit(":", 1)[-1])
    said = [
        f"the Given{'s' if len(lines) > 1 else ''} at line{'s' if len(lines) > 1 else ''} "
        f"{', '.join(lines)} still wait{'' if len(lines) > 1 else 's'} for the traffic of "
        f'"{service}", which no line declared: declare it, e.g. "Given the service '
        f'"{service}" serves 100 requests per second"'
        for service, lines in waiting.items()
    ]
    return "; " + "; ".join(said) if said else ""


def service_came(world: World, service: str) -> None:
    """Make true, in the order said, what waited for SERVICE; stop at the first refusal."""
    waiting = world.parts.get(WAITING, [])
    for entry in [e for e in waiting if e[0] == service]:
        waiting.remove(entry)
        if world.error is None:
            entry[1]()
