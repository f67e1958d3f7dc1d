"""The Horizontal Pod Autoscaler: its formula, and acting on a deployment."""

from __future__ import annotations

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World


@given(
    "an HPA for {deployment:name} from {low:n} to {high:n} replicas targeting {target:percent} cpu",
    'an HPA for "web" from 1 to 10 replicas targeting 50% cpu',
)
def an_hpa(world: World, deployment: str, low: int, high: int, target: float) -> None:
    """Autoscale the deployment between LOW and HIGH replicas at TARGET average cpu."""
    hpa = world.make("HPA", min_replicas=low, max_replicas=high, target=target)
    world.declared.hpas[deployment] = hpa
    world.declared.last_hpa = deployment
    autoscale = getattr(world.cluster, "autoscale", None)
    if autoscale is not None:
        autoscale(deployment, hpa)


@when(
    "the average cpu utilization of {deployment:name} is {value:percent}",
    'the average cpu utilization of "web" is 90%',
)
def utilization(world: World, deployment: str, value: float) -> None:
    """The deployment's pods now average VALUE of their cpu request."""
    world.declared.utilization[deployment] = value
    setter = getattr(world.cluster, "set_cpu_utilization", None)
    if setter is not None and deployment in world.declared.hpas:
        world.attempt(lambda: setter(deployment, value))


def _wants(world: World, deployment: str, count: int) -> None:
    """The engine's own answer: its autoscaler view, else its HPA's formula."""
    hpa = world.declared.hpas.get(deployment)
    if hpa is None:
        raise world.fail(f'an HPA for "{deployment}"', f"HPAs for {sorted(world.declared.hpas)}")
    if deployment not in world.declared.utilization:
        raise world.fail(f'a cpu utilization set for "{deployment}"', "none was set")
    autoscaler = getattr(world.cluster, "autoscaler", None)
    if autoscaler is not None:
        info = autoscaler(deployment)
        wanted = world.attribute(info, "desired")
        seen = f"{info.current_replicas} replicas at {info.observed_utilization}%"
    else:
        replicas = len(world.pods(deployment))
        value = world.declared.utilization[deployment]
        wanted = hpa.desired_replicas(replicas, value)
        seen = f"{replicas} replicas at {value}%"
    if wanted != count:
        raise world.fail(
            f"the HPA to want {count} replicas",
            f"{wanted} (from {seen} against a {hpa.target}% target)",
        )


@then("the HPA wants {count:n} replica(s)", "the HPA wants 8 replicas")
def the_hpa_wants(world: World, count: int) -> None:
    """The latest HPA's recommendation for the replicas and utilization it observed."""
    _wants(world, world.declared.last_hpa, count)


@then(
    "the HPA for {deployment:name} wants {count:n} replica(s)", 'the HPA for "web" wants 8 replicas'
)
def the_hpa_for_wants(world: World, deployment: str, count: int) -> None:
    """That deployment's HPA's recommendation for what it observed."""
    _wants(world, deployment, count)


@then("{deployment:name} has {count:n} replica(s)", '"web" has 8 replicas')
def has_replicas(world: World, deployment: str, count: int) -> None:
    """The deployment's desired replica count (what scale or the HPA last set)."""
    info = world.capability(world.cluster, "deployment")(deployment)
    if info.replicas != count:
        raise world.fail(f"{count} desired replicas", str(info.replicas))


@then(
    "the HPA for {deployment:name} reports {reason:word}",
    'the HPA for "web" reports FailedGetResourceMetric',
)
def hpa_reports(world: World, deployment: str, reason: str) -> None:
    """One of the HPA's conditions has that reason (ScalingActive, ScalingLimited, …)."""
    info = world.capability(world.cluster, "autoscaler")(deployment)
    reasons = [f"{c.type}={c.status} {c.reason}" for c in info.conditions]
    if not any(c.reason == reason for c in info.conditions):
        raise world.fail(f"a condition with reason {reason}", ", ".join(reasons) or "no conditions")
