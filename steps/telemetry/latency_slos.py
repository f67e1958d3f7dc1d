"""Latency SLOs in words: "an SLO "web-latency" that 99% of requests finish within 250ms
over 7 days for the service web".

The threshold must be a bucket bound of the service's request histogram (the engine names
them otherwise); the budget, burn rates and pages are read as for any SLO.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.registry import given
from kubeloop.harness.world import World

from .slo_waits import service_for
from .slos import _period
from .telemetry_part import call

_FINISH = (
    "<finish|complete|are served|are answered|respond|return|take|come back|are faster than|"
    "take less than|take at most>"
)
_WITHIN = (
    "[<within|in|under|in under|in less than|below|at most|faster than|quicker than|no slower "
    "than|in at most> ]"
)


@given(
    "<an|the> SLO {name:name} that {objective:percent} of [<its|the|all> ]requests "
    + _FINISH
    + " "
    + _WITHIN
    + "{threshold:timevalue}{details:slo}",
    'an SLO "payments-latency" that 99% of requests finish within 250ms over 7 days for the '
    'service "payments"',
    'a latency SLO "web-latency" of 99% under 500ms for web',
    'an SLO "web-latency" of 95% of requests under 250ms over 30 days',
    variants=(
        "<a|an|the> latency SLO {name:name} of {objective:percent} "
        + _WITHIN
        + "{threshold:timevalue}{details:slo}",
        "<an|the> SLO {name:name} of {objective:percent} of requests "
        + _WITHIN
        + "{threshold:timevalue}{details:slo}",
        "<an|the> [latency ]SLO {name:name} <requiring|saying|promising|with|where|of> "
        "{objective:percent} of [<its|the|all> ]requests ["
        + _FINISH
        + " ]"
        + _WITHIN
        + "{threshold:timevalue}{details:slo}",
    ),
)
def a_latency_slo(
    world: World, name: str, objective: float, threshold: float, details: dict[str, Any]
) -> None:
    """A latency SLO: OBJECTIVE of the service's requests take at most THRESHOLD (a bucket
    bound of its histogram), over 30 days unless it says; without "for web" its service is
    the one its name starts with, or the only one, which must serve traffic already."""
    world.declared.mentioned["slo"] = name
    period = _period(details.get("period", "30 days"))
    service = details.get("service") or service_for(world, name)
    if service is None:
        raise world.fail(
            f'the service of the latency SLO "{name}" (… for the service web)',
            "no service serves traffic yet: declare its traffic first",
        )
    windows = details.get("windows", "workbook")
    world.attempt(
        lambda: call(world, "add_latency_slo", name, objective, period, service, threshold, windows)
    )


@given(
    "<a|an|the> latency <SLO|objective> <for|on> {service:service}[:] {objective:percent} of "
    "[<its|the|all> ]requests [" + _FINISH + " ]" + _WITHIN + "{threshold:timevalue}{details:slo}",
    "a latency SLO for api: 99% of requests faster than 300ms over 30 days",
    "a latency objective for search: 95% of requests finish within 250ms",
)
def a_latency_slo_for(
    world: World,
    service: str,
    objective: float,
    threshold: float,
    details: dict[str, Any],
) -> None:
    """A latency SLO named ``<service>-latency`` (as availability SLOs said without a name
    are ``<service>-availability``) for the service said (its colon, "for api:", is the
    sentence's, not the name's)."""
    service = service.removesuffix(":")
    a_latency_slo(
        world, f"{service}-latency", objective, threshold, {**details, "service": service}
    )
