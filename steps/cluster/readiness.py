"""Readiness over time: startup delays, minReadySeconds, versions that never turn Ready."""

from __future__ import annotations

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World

from .engine_objects import reapply
from .rollout import _keep_rollout


@given(
    "deployment {name:name} takes {seconds:duration} to become ready",
    'deployment "web" takes 30 seconds to become ready',
    "deployment web takes 2 minutes to become ready",
)
def takes_to_become_ready(world: World, name: str, seconds: int) -> None:
    """Each new pod turns Ready that long after it starts (a readiness probe's delay)."""
    reapply(world, name, startup_seconds=seconds)


@given(
    "deployment {name:name} has minReadySeconds {seconds:n}",
    'deployment "web" has minReadySeconds 10',
)
def min_ready_seconds(world: World, name: str, seconds: int) -> None:
    """A Ready pod counts as available only after being Ready for longer than that."""
    reapply(world, name, min_ready_seconds=seconds)


@when(
    "I roll out version {version:name} of {deployment:name} that never becomes ready",
    'I roll out version "v2" of "web" that never becomes ready',
    'I update "web" to version v2 that never becomes ready',
    variants=(
        "I <update|upgrade|roll out> {deployment:name} to {version:version} that never "
        "<becomes|gets> ready",
    ),
)
def roll_out_broken(world: World, version: str, deployment: str) -> None:
    """Roll out a version whose pods never pass their readiness probe: the rollout sticks."""
    from ..links.links_part import version_only  # noqa: PLC0415  (one world)

    world.attempt(lambda: version_only(world, version))
    if world.error is not None:
        return
    reapply(world, deployment, version=version, startup_seconds=None)
    rolling_update = world.capability(world.cluster, "rolling_update")
    _keep_rollout(world, deployment, lambda: rolling_update(deployment, version), None)


@then(
    "{deployment:name} counts {count:n} pod(s) as available",
    '"web" counts 2 pods as available',
)
def available_pods(world: World, deployment: str, count: int) -> None:
    """Exactly COUNT of the deployment's pods are available (Ready past minReadySeconds)."""
    info = world.capability(world.cluster, "deployment")(deployment)
    if info.available != count:
        raise world.fail(f"{count} available", f"{info.available} available ({info.ready} ready)")
