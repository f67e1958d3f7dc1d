"""An SLO said as the promise a manager makes: "we promise customers 99.9% availability over
30 days", "we promise 99.9% availability for checkout over 30 days".

The promise is an availability SLO (the same as ``an SLO … of 99.9% over 30 days``) named
after its service, ``checkout-availability``: of the service the sentence names, else the one
named last, else the only one. "That promise" and "the promise" in later sentences are that
SLO, as "the SLO" is.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.registry import given
from kubeloop.harness.world import World

from .slos import an_slo
from .telemetry_part import call

_PROMISE = (
    "<we promise|we've promised|we have promised|we guarantee|we commit to|we offer|"
    "our promise is|the team promises>"
)
_WHOM = "[ <customers|our customers|users|our users|clients|our clients>]"
_WHAT = "<availability|uptime|success|of requests succeeding|of requests served>"


@given(
    _PROMISE + _WHOM + " {objective:percent} " + _WHAT + "{details:slo}",
    "we promise customers 99.9% availability over 30 days",
    "we promise 99.5% availability for checkout over 28 days",
    "we guarantee our users 99% uptime over 7 days",
)
def we_promise(world: World, objective: float, details: dict[str, Any]) -> None:
    """An availability SLO of OBJECTIVE for the service said (else the one named last),
    named ``<service>-availability``."""
    owner = details.get("service") or world.declared.mentioned.get("service")
    if owner is None:
        services = sorted(str(s) for s in call(world, "services"))
        owner = services[0] if len(services) == 1 else None
    if owner is None:
        raise world.fail(
            "a service for the promise (… availability for checkout over 30 days)",
            "no service was named",
        )
    an_slo(world, {**details, "service": owner}, objective=objective)
