"""Deployments and pods: declaring, scaling, deleting, reconciling."""

from __future__ import annotations

from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World
from kubeloop.steps.cluster.support import apply_deployment, reapply


@given(
    "a deployment[ {name:name}] of {replicas:n}[ replica(s)]"
    "[ requesting {cpu:quantity} cpu and {memory:quantity} memory]",
    "a deployment of 4",
    'a deployment "api" of 3 replicas requesting 250m cpu and 128Mi memory',
)
def a_deployment(
    world: World,
    replicas: int,
    name: str | None = None,
    cpu: str | None = None,
    memory: str | None = None,
) -> None:
    """Declare a deployment ("web" at version v1, 500m cpu and 256Mi memory unless given)."""
    apply_deployment(world, name, replicas, cpu=cpu, memory=memory)


@given(
    "deployment {name:name} uses the Recreate strategy",
    'deployment "web" uses the Recreate strategy',
)
def uses_recreate(world: World, name: str) -> None:
    """Replace every pod at once on a new version instead of rolling."""
    reapply(world, name, strategy="Recreate")


@given(
    "deployment {name:name} keeps {count:n} old revision(s)",
    'deployment "web" keeps 1 old revision',
)
def keeps_revisions(world: World, name: str, count: int) -> None:
    """Set revisionHistoryLimit: how many old ReplicaSets stay for rollbacks."""
    reapply(world, name, revision_history_limit=count)


@given(
    "deployment {name:name} has a progress deadline of {seconds:duration}",
    'deployment "web" has a progress deadline of 60 seconds',
)
def progress_deadline(world: World, name: str, seconds: int) -> None:
    """Set progressDeadlineSeconds, measured on the logical clock."""
    reapply(world, name, progress_deadline_seconds=seconds)


@given(
    "deployment {name:name} rolls out with maxSurge {surge:intorpercent} "
    "and maxUnavailable {unavailable:intorpercent}",
    'deployment "web" rolls out with maxSurge 1 and maxUnavailable 0',
)
def rolls_out_with(world: World, name: str, surge: int | str, unavailable: int | str) -> None:
    """Set the deployment's RollingUpdate budget for later rollouts."""
    reapply(world, name, max_surge=surge, max_unavailable=unavailable)


@when("I scale {name:name} to {replicas:n}", 'I scale "web" to 6')
def i_scale(world: World, name: str, replicas: int) -> None:
    """Change the deployment's desired replicas (takes effect on reconcile)."""
    world.attempt(lambda: world.cluster.scale(name, replicas))
    if world.error is None and name in world.declared.deployments:
        world.declared.deployments[name] = (replicas, world.declared.deployments[name][1])


@when("I apply version {version:name} of {name:name}", 'I apply version "v2" of "web"')
def i_apply_version(world: World, version: str, name: str) -> None:
    """Change the deployment's template; the rollout proceeds one step per reconcile."""
    world.attempt(lambda: reapply(world, name, version=version))


@when("I delete pod {pod:name}", 'I delete pod "web-1"')
def i_delete_pod(world: World, pod: str) -> None:
    """Delete one pod; its ReplicaSet replaces it on the next reconcile."""
    world.attempt(lambda: world.cluster.delete_pod(pod))


@when("I delete a running pod of {deployment:name}", 'I delete a running pod of "web"')
def i_delete_a_running_pod(world: World, deployment: str) -> None:
    """Delete the first Running pod of the deployment (by name order of creation)."""
    running = [p for p in world.pods(deployment) if p.phase == "Running"]
    if not running:
        raise world.fail(
            f'a running pod of "{deployment}"',
            "none",
        )
    world.cluster.delete_pod(running[0].name)


@when("I reconcile", "I reconcile")
def i_reconcile(world: World) -> None:
    """Run one level-triggered pass of every controller and the scheduler."""
    world.cluster.reconcile()


@when(
    "I reconcile until stable[ within {passes:n} passes]",
    "I reconcile until stable",
    "I reconcile until stable within 5 passes",
)
def i_reconcile_until_stable(world: World, passes: int = 100) -> None:
    """Reconcile until a pass changes nothing; fail with the last change after PASSES (100)."""
    until_stable = world.capability(world.cluster, "reconcile_until_stable")
    try:
        until_stable(passes)
    except world.errors("NotConvergedError") as error:
        raise world.fail(f"the cluster settles within {passes} passes", str(error)) from None
