"""SLOs said before their service's traffic: which service each is about, and their
beginning, when that traffic is declared or, for a service a cluster deployment of its
name serves, assumed (``assumed_traffic``)."""

from __future__ import annotations

from kubeloop.harness.referents import known
from kubeloop.harness.world import World

from .assumed_traffic import assume
from .slo_judged import add_slo
from .slo_names import PENDING, begun
from .telemetry_part import call

AT_END = "telemetry: SLOs' traffic assumed when the Givens end"
"""The world part marking that the Givens' end will assume the traffic of waiting SLOs."""


def service_for(world: World, slo: str) -> str | None:
    """The service an SLO is about when it names none: the one its name starts with, else
    the only one (None: it is not there yet)."""
    services = list(call(world, "services"))
    named = [s for s in services if slo == s or slo.startswith(f"{s}-")]
    if named:
        return str(named[0])
    return str(services[0]) if len(services) == 1 else None


def deployment_for(world: World, slo: str) -> str | None:
    """The cluster deployment an SLO naming no service is about: the one of its name, else
    the longest one its name starts with ("web-availability" → web); None: none."""
    if world.built_cluster is None:
        return None
    named = [d for d in known(world, "deployment") if slo == d or slo.startswith(f"{d}-")]
    return max(named, key=len) if named else None


def service_added(world: World, service: str) -> None:
    """Begin the SLOs that were waiting for SERVICE (said to be its, named after it, or the
    only ones that name no service)."""
    waiting = world.parts.get(PENDING, [])
    unnamed = [entry for entry in waiting if entry[4] is None]
    for entry in list(waiting):
        name, objective, period, windows, named = entry
        if named is not None and named != service:
            continue
        if named or name == service or name.startswith(f"{service}-") or len(unnamed) == 1:
            waiting.remove(entry)
            world.attempt(
                lambda n=name, o=objective, p=period, w=windows: add_slo(  # type: ignore[misc]
                    world, n, o, p, service, w
                )
            )
            if world.error is None:
                begun(world, name)


def assume_waiting(world: World) -> list[str]:
    """Give the default rate to each waiting SLO's service that a cluster deployment of its
    name serves, and begin those SLOs; returns the services given it."""
    given = []
    for entry in list(world.parts.get(PENDING, [])):
        name, named = entry[0], entry[4]
        service = named or deployment_for(world, name)
        if service is not None and assume(world, service):
            service_added(world, service)
            given.append(service)
    return given


def assume_at_end(world: World) -> None:
    """When the Givens end, assume the traffic of SLOs still waiting whose deployment a
    later Given declared (Givens say one situation, in any order)."""
    if world.parts.get(AT_END):
        return
    world.parts[AT_END] = True

    def at_end() -> None:
        world.parts[AT_END] = False
        assume_waiting(world)

    world.after_givens.append(at_end)
