"""Telemetry → cluster: an HPA whose metric is a PromQL query over the telemetry store."""

from __future__ import annotations

from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World
from kubeloop.steps.links.support import links
from kubeloop.steps.telemetry.support import matches, show, telemetry


@given(
    "the HPA of {deployment:deployment} reads the query {query:text}",
    "the HPA of web reads the query \"sum(rate(http_requests_total{job='web'}[1m])) / 4\"",
    variants=("{deployment:deployment} autoscales on the query {query:text}",),
)
def hpa_reads_query(world: World, deployment: str, query: str) -> None:
    """The deployment's HPA takes its metric from QUERY (in the HPA target's unit)."""
    telemetry(world)
    world.attempt(lambda: links(world).autoscale_on(deployment, query))


@then(
    "the HPA of {deployment:deployment} last read {value:number} from its query",
    "the HPA of web last read 50 from its query",
)
def hpa_last_read(world: World, deployment: str, value: str) -> None:
    """The value the query gave at the HPA's last sync (rounded as written)."""
    found = {m.deployment: m for m in links(world).query_metrics()}.get(deployment)
    if found is None or found.value is None or not matches(value, found.value):
        saw = (
            "no query feeds it"
            if found is None
            else (
                f"{show(found.value)}" if found.value is not None else f"nothing: {found.problem}"
            )
        )
        raise world.fail(f"the query of {deployment}'s HPA read {value}", saw)
