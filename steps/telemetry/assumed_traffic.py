"""Traffic assumed for a service a scenario names but never gave a rate: the service of an
SLO ("web has a 99.9% availability SLO") or of an error share ("pods running v2 fail 20%
of requests") served by the cluster deployment of its name.

A team decision (runs15): people who declare a deployment and an SLO on it mean a service
in use, and a rate changes none of what they check of it (an error ratio, a burn rate, an
SLO's budget are ratios), so such a service serves ``DEFAULT_RATE`` requests per second
from the line that first names it (no history before it, as declared traffic has none),
without errors. A rate the scenario declares wins, in any order of its Givens (the
declared rate replaces the assumed one). A failed check whose numbers are request counts
or rates says the rate was assumed and how to declare it (``assumed_note``).
"""

from __future__ import annotations

import re

from kubeloop.harness.referents import known
from kubeloop.harness.world import World

from .service_settings import added
from .service_waits import service_came
from .telemetry_part import call

DEFAULT_RATE = 100
"""Requests per second of a service no line gave a rate: the rate README's and the
catalog's examples use, and a round one, so a share of it reads as a count (1% is 1
request per second)."""

ASSUMED = "telemetry: services whose rate was assumed"
"""The world part holding, by service, the line whose words made kubeloop assume its rate."""

NORMAL = "telemetry: each service's normal"
"""What each service was last declared to do (rate, error ratio, latency profile or None
for the default): what "goes back to normal" restores."""


def assumable(world: World, service: str) -> bool:
    """Whether SERVICE has no traffic yet and the cluster has a deployment of its name."""
    if world.built_cluster is None or service in {str(s) for s in call(world, "services")}:
        return False
    return service in known(world, "deployment")


def assume(world: World, service: str) -> bool:
    """Give SERVICE the default rate from now, if it is ``assumable``; True when it was
    given. What waited for its traffic (``service_came``) happens; the SLOs waiting for it
    are the caller's (slo_waits.service_added)."""
    if not assumable(world, service):
        return False
    added(world, service, DEFAULT_RATE, 0.0)
    if world.error is not None:
        return False
    world.parts.setdefault(ASSUMED, {})[service] = world.step.location
    world.parts.setdefault(NORMAL, {})[service] = (DEFAULT_RATE, 0.0, None)
    world.declared.mentioned.setdefault("service", service)
    service_came(world, service)
    return True


def declared(world: World, service: str) -> None:
    """SERVICE's rate is the scenario's own from now on: no longer an assumed one."""
    world.parts.get(ASSUMED, {}).pop(service, None)


def assumed_note(world: World, services: list[str] | None = None) -> str:
    """For a failed check of request counts or rates: each service (of SERVICES, else every
    one) whose rate kubeloop assumed, and the sentence that declares it; empty if none."""
    assumed = world.parts.get(ASSUMED, {})
    named = sorted(s for s in assumed if services is None or s in services)
    return "".join(
        f" (assumed {DEFAULT_RATE} requests per second: no traffic was declared; say "
        f"`Given {service} serves {DEFAULT_RATE} requests per second`)"
        for service in named
    )


def query_note(world: World, expr: str) -> str:
    """``assumed_note`` for a failed check of the query EXPR: the assumed services it names,
    or every one when it reads the services' request series without naming one."""
    assumed = list(world.parts.get(ASSUMED, {}))
    named = [s for s in assumed if re.search(rf"\b{re.escape(s)}\b", expr)]
    if not named and "http_request" in expr:
        named = assumed
    return assumed_note(world, named) if named else ""
