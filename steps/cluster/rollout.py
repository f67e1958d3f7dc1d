"""Rolling updates, rollbacks, and what held throughout them."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.record import rollout_entry
from kubeloop.harness.registry import checks_error, then, when
from kubeloop.harness.world import World
from kubeloop.steps.pipeline.promotion import roll_back_environment


def _keep_rollout(world: World, deployment: str, run: Any) -> None:
    """Run the rollout and keep what it returned, with the bounds the engine says held."""
    replicas = _replicas(world, deployment)
    world.rollout = None
    result = world.attempt(run)
    stalled = ""
    if world.error is not None:
        world.rollout = list(getattr(world.error, "snapshots", None) or [])
        stalled = str(getattr(world.error, "reason", world.error))
    else:
        world.rollout = list(result or [])
    if replicas is not None:
        world.rollouts.append(
            rollout_entry(deployment, replicas, _bounds(world, deployment), world.rollout, stalled)
        )
        _remember(world, deployment)


def _bounds(world: World, deployment: str) -> tuple[int, int] | None:
    """(surge, unavailable) as the engine resolved them; None if it cannot say."""
    info = getattr(world.cluster, "deployment", None)
    if info is None:
        return None
    view = info(deployment)
    if not hasattr(view, "surge") or getattr(view, "strategy", "") == "Recreate":
        return None
    return int(view.surge), int(view.unavailable)


def _remember(world: World, deployment: str) -> None:
    """Keep the scenario's declaration in step with what the rollout changed."""
    if deployment not in world.declared.deployments:
        return
    spec = world.declared.deployments[deployment][1]
    info = getattr(world.cluster, "deployment", None)
    if info is not None:
        spec["version"] = info(deployment).version


def _replicas(world: World, deployment: str) -> int | None:
    info = getattr(world.cluster, "deployment", None)
    try:
        return int(info(deployment).replicas) if info is not None else len(world.pods(deployment))
    except world.errors("NotFoundError"):  # the rollout step itself reports it
        return None


@when(
    "I roll out version {version:name} of {deployment:name}"
    "[ with maxSurge {surge:intorpercent} and maxUnavailable {unavailable:intorpercent}]",
    'I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 0',
    'I roll out version "v2" of "web" with maxSurge 25% and maxUnavailable 25%',
    'I roll out version "v2" of "web"',
)
def i_roll_out(
    world: World,
    version: str,
    deployment: str,
    surge: int | str | None = None,
    unavailable: int | str | None = None,
) -> None:
    """Roll the deployment out to VERSION under the budget, reconciling until done or stalled."""
    budget = {}
    if surge is not None:
        budget = {"max_surge": surge, "max_unavailable": unavailable}
        if deployment in world.declared.deployments:
            world.declared.deployments[deployment][1].update(
                max_surge=surge, max_unavailable=unavailable
            )
    _keep_rollout(
        world, deployment, lambda: world.cluster.rolling_update(deployment, version, **budget)
    )


@when("I roll back {deployment:name}", 'I roll back "web"', "I roll back prod")
def i_roll_back(world: World, deployment: str) -> None:
    """Roll back to the previous revision (kubectl rollout undo), under the same budget.

    A name that is no deployment but a pipeline environment rolls that environment back
    to its previous known-good digest (Lab 02).
    """
    if deployment not in world.declared.deployments and roll_back_environment(world, deployment):
        return
    _keep_rollout(world, deployment, lambda: world.cluster.rollback(deployment))


def _snapshots(world: World) -> list[Any]:
    if world.rollout is None:
        raise world.fail("a rollout earlier in the scenario", "no rollout")
    return world.rollout


@then("the rollout stalls", "the rollout stalls")
@checks_error
def the_rollout_stalls(world: World) -> None:
    """The last rollout ended with RolloutStalledError (it cannot make progress)."""
    error = world.take_error()
    stalled: type = world.attribute(world.engine, "RolloutStalledError")
    if not isinstance(error, stalled):
        raise world.fail("RolloutStalledError", f"{type(error).__name__}: {error}")
    world.stall = error


@then(
    "the stall reason contains {text:text}",
    'the stall reason contains "Insufficient cpu"',
)
def the_stall_reason(world: World, text: str) -> None:
    """Check why the rollout stalled (after "Then the rollout stalls")."""
    error = world.stall
    if error is None:
        raise world.fail("a stalled rollout checked by 'Then the rollout stalls'", "none")
    reason = str(getattr(error, "reason", error))
    if text not in reason:
        raise world.fail(f"a stall reason containing {text!r}", repr(reason))


@then(
    "throughout the rollout at least {count:n} pod(s) <was|were> ready",
    "throughout the rollout at least 3 pods were ready",
)
def at_least_ready(world: World, count: int) -> None:
    """Every step of the last rollout had at least COUNT ready pods."""
    worst = min(_snapshots(world), key=lambda s: s.ready, default=None)
    if worst is None or worst.ready < count:
        seen = "no steps" if worst is None else f"{worst.ready} ready at one step"
        raise world.fail(f"at least {count} ready at every step", f"{seen}; steps: {_steps(world)}")


@then(
    "throughout the rollout at most {count:n} pod(s) existed",
    "throughout the rollout at most 5 pods existed",
)
def at_most_total(world: World, count: int) -> None:
    """Every step of the last rollout had at most COUNT pods in total."""
    worst = max(_snapshots(world), key=lambda s: s.total, default=None)
    if worst is None or worst.total > count:
        seen = "no steps" if worst is None else f"{worst.total} pods at one step"
        raise world.fail(f"at most {count} pods at every step", f"{seen}; steps: {_steps(world)}")


@then("the rollout peaked at {count:n} pod(s)", "the rollout peaked at 13 pods")
def peaked_at(world: World, count: int) -> None:
    """The most pods that existed at any step of the last rollout was exactly COUNT."""
    peak = max((s.total for s in _snapshots(world)), default=0)
    if peak != count:
        raise world.fail(f"a peak of {count} pods", f"{peak}; steps: {_steps(world)}")


@then(
    "at its lowest the rollout had {count:n} ready pod(s)",
    "at its lowest the rollout had 8 ready pods",
)
def lowest_ready(world: World, count: int) -> None:
    """The fewest ready pods at any step of the last rollout was exactly COUNT."""
    lowest = min((s.ready for s in _snapshots(world)), default=0)
    if lowest != count:
        raise world.fail(f"a low of {count} ready pods", f"{lowest}; steps: {_steps(world)}")


@then("the rollout took {count:n} step(s)", "the rollout took 8 steps")
def took_steps(world: World, count: int) -> None:
    """The last rollout needed exactly COUNT reconcile passes."""
    steps = _snapshots(world)
    if len(steps) != count:
        raise world.fail(f"{count} steps", f"{len(steps)}: {_steps(world)}")


def _steps(world: World) -> str:
    return ", ".join(
        f"(total {s.total}, ready {s.ready}, updated {s.updated})" for s in world.rollout or []
    )


@then(
    "every pod of {deployment:name} runs version {version:name}",
    'every pod of "web" runs version "v2"',
)
def every_pod_runs(world: World, deployment: str, version: str) -> None:
    """All pods of the deployment (and at least one) are at VERSION."""
    pods = world.pods(deployment)
    others = [f"{p.name}={p.version}" for p in pods if p.version != version]
    if not pods or others:
        raise world.fail(
            f'every pod of "{deployment}" at {version}', ", ".join(others) or "no pods"
        )


@then("{deployment:name} is at revision {revision:n}", '"web" is at revision 3')
def at_revision(world: World, deployment: str, revision: int) -> None:
    """The deployment's current revision number (rollbacks get a new, higher number)."""
    info = world.capability(world.cluster, "deployment")(deployment)
    if info.revision != revision:
        raise world.fail(f"revision {revision}", f"revision {info.revision}")


@then(
    "the {kind:word} condition of {deployment:name} is {status:word}[ because {reason:word}]",
    'the Progressing condition of "web" is False because ProgressDeadlineExceeded',
    'the Available condition of "web" is True',
)
def condition(
    world: World, kind: str, deployment: str, status: str, reason: str | None = None
) -> None:
    """A Deployment status condition (Available, Progressing), as kubectl describe shows it."""
    info = world.capability(world.cluster, "deployment")(deployment)
    found = info.condition(kind)
    if found is None:
        raise world.fail(f"a {kind} condition", f"conditions {[c.type for c in info.conditions]}")
    if found.status != status or (reason is not None and found.reason != reason):
        raise world.fail(
            f"{kind}={status}" + (f" because {reason}" if reason else ""),
            f"{kind}={found.status} because {found.reason}: {found.message}",
        )
