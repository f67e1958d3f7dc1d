"""Telemetry → cluster: an HPA whose metric is a PromQL query over the telemetry store."""

from __future__ import annotations

from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from ..telemetry.telemetry_part import matches, show, telemetry
from .links_part import links

_PER_POD = "[ per {unit:word}]"


def _per_pod(world: World, unit: str | None) -> bool:
    if unit is not None and unit not in ("pod", "ready-pod"):
        raise world.fail('"per pod" (the query divided by the ready pods) or nothing', unit)
    return unit is not None


@given(
    "{deployment:deployment} autoscales from {low:n} to {high:n} replicas on the query "
    "{query:text} targeting {target:n}" + _PER_POD,
    "web autoscales from 2 to 8 replicas on the query "
    "\"sum(rate(http_requests_total{job='web'}[2m]))\" targeting 50 per pod",
    'web autoscales from 1 to 10 replicas on the query "queue_depth" targeting 30',
)
def autoscales_on_query(
    world: World,
    deployment: str,
    low: int,
    high: int,
    query: str,
    target: int,
    unit: str | None = None,
) -> None:
    """An HPA (the upstream formula) whose metric is QUERY: its value as is, or — "per pod" —
    divided by the deployment's ready pods (upstream's AverageValue target)."""
    per_pod = _per_pod(world, unit)
    hpa = world.make("HPA", min_replicas=low, max_replicas=high, target=target)
    world.declared.hpas[deployment] = hpa
    world.declared.last_hpa = deployment
    telemetry(world)

    def attach() -> None:
        world.capability(world.cluster, "autoscale")(deployment, hpa)
        links(world).autoscale_on(deployment, query, per_pod=per_pod)

    world.attempt(attach)


@given(
    "the HPA of {deployment:deployment} reads the query {query:text}" + _PER_POD,
    "the HPA of web reads the query \"sum(rate(http_requests_total{job='web'}[2m]))\" per pod",
    "the HPA of web reads the query \"avg(queue_depth{job='worker'})\"",
)
def hpa_reads_query(world: World, deployment: str, query: str, unit: str | None = None) -> None:
    """The HPA declared for the deployment takes its metric from QUERY from now on."""
    per_pod = _per_pod(world, unit)
    telemetry(world)
    world.attempt(lambda: links(world).autoscale_on(deployment, query, per_pod=per_pod))


@then(
    "the HPA of {deployment:deployment} last read {value:number} from its query",
    "the HPA of web last read 50 from its query",
)
def hpa_last_read(world: World, deployment: str, value: str) -> None:
    """The value (per pod, if so declared) the HPA was last given from its query."""
    found = {m.deployment: m for m in links(world).query_metrics()}.get(deployment)
    if found is None or found.value is None or not matches(value, found.value):
        if found is None:
            saw = "no query feeds it"
        elif found.value is None:
            saw = f"nothing: {found.problem}"
        else:
            saw = show(found.value)
        raise world.fail(f"the query of {deployment}'s HPA read {value}", saw)


@given(
    "<an HPA|a HPA|an autoscaler> <for|on> {deployment:deployment} from {low:n} to {high:n} "
    "replicas targeting {target:n} requests per second per pod",
    'an HPA for "web" from 1 to 10 replicas targeting 50 requests per second per pod',
)
def hpa_on_requests(world: World, deployment: str, low: int, high: int, target: int) -> None:
    """The autoscaling/v2 Pods-metric HPA: the requests per second the deployment's services
    receive (from the world's series), averaged over its ready pods, against TARGET, with the
    upstream formula, tolerance, stabilization and behavior."""
    hpa = world.make("HPA", min_replicas=low, max_replicas=high, target=target)
    world.declared.hpas[deployment] = hpa
    world.declared.last_hpa = deployment
    telemetry(world)

    def attach() -> None:
        world.capability(world.cluster, "autoscale")(deployment, hpa)
        links(world).autoscale_on_requests(deployment)

    world.attempt(attach)
