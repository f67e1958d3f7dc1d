"""Scrape targets said as a whole or as being scraped: "all targets are up", "no target is
down", "checkout is being scraped", "Prometheus is scraping search".

Every service is one scrape target (traffic.py): "all targets are up" is ``up`` 1 for every
service at its last scrape, and there must be one. "Being scraped" is Prometheus trying the
target: its ``up`` has a sample within the lookback now, 1 or 0 (a down target is still
scraped, and ``up`` says it did not answer).
"""

from __future__ import annotations

import math

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .services import _service
from .telemetry_part import call, scalar, show


def _up(world: World, name: str) -> float:
    return scalar(world, f'max(up{{job="{name}"}})')


@then(
    "<all targets|all the targets|all scrape targets|all the scrape targets|all services|all "
    "the services|all our services> are up",
    "all targets are up",
    "every target is up",
    "no target is down",
    variants=(
        "<every target|every scrape target|every service|each target|each service> is up",
        "<no target|no scrape target|no service|none of the targets|none of the services> is down",
    ),
)
def all_targets_up(world: World) -> None:
    """Every service's target answered its last scrape (``up`` 1)."""
    names = sorted(str(s) for s in call(world, "services"))
    if not names:
        raise world.fail("scrape targets to check", "there are none")
    for name in names:
        seen = _up(world, name)
        if seen != 1:
            said = "not scraped yet" if math.isnan(seen) else f"up is {show(seen)}"
            raise world.fail(f"every target up ({name} too)", said)


@then(
    "{name:service} is being scraped",
    "checkout is being scraped",
    "Prometheus is scraping search",
    variants=("Prometheus <is scraping|scrapes> {name:service}",),
)
def being_scraped(world: World, name: str) -> None:
    """Prometheus scrapes the service's target: ``up`` has a sample now, 1 or 0."""
    _service(world, name)
    if math.isnan(_up(world, name)):
        raise world.fail(f"{name} scraped (an up sample within the lookback)", "no scrape yet")
