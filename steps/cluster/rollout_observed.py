"""A rollout as the pods showed it: ``pods()`` counted after every reconcile pass.

What held throughout a rollout is judged on these counts, not on the snapshots the engine's
``rolling_update`` returns about itself (observe, don't trust: an engine that ignores
maxSurge but snapshots each step after deleting old pods reports a bound it broke). An
engine with ``watch`` is read after each of its own passes; one without is driven as the
contract says a rollout runs — the new version applied, then ``reconcile()`` pass by pass —
and asked for its verdict (done, or ``RolloutStalledError`` and why) once no pass moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kubeloop.harness.world import World

from .engine_objects import reapply


@dataclass(frozen=True)
class Observed:
    """One reconcile pass of a rollout: the deployment's pods existing, ready, updated."""

    total: int
    ready: int
    updated: int


Pods = list[tuple[str, bool]]
"""The (version, ready) of each pod of the deployment after one pass."""


class Recorder:
    """Reads the pods of one deployment after every pass the engine reports by ``watch``."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.deployment: str | None = None
        self.passes: list[Pods] = []

    def __call__(self) -> None:
        if self.deployment is not None:
            self.passes.append(_read(self.world, self.deployment))


def _read(world: World, deployment: str) -> Pods:
    return [(str(p.version), bool(p.ready)) for p in world.pods(deployment)]


def _counted(passes: list[Pods], version: str) -> list[Observed]:
    return [
        Observed(len(pods), sum(r for _, r in pods), sum(v == version for v, _ in pods))
        for pods in passes
    ]


def watching(world: World) -> Recorder | None:
    """The recorder watching the world's cluster (registered once), if it offers ``watch``."""
    cluster = world.cluster
    watch = getattr(cluster, "watch", None)
    if watch is None:
        return None
    recorder: Recorder | None = world.parts.get("rollout recorder")
    if recorder is None or world.parts.get("rollout recorder of") is not cluster:
        recorder = Recorder(world)
        watch(recorder)
        world.parts["rollout recorder"] = recorder
        world.parts["rollout recorder of"] = cluster
    return recorder


def observe(
    world: World, deployment: str, run: Callable[[], Any], target: Callable[[], str]
) -> list[Observed]:
    """Run the engine's rollout with ``watch`` recording every pass; the passes observed,
    ``updated`` counted against TARGET's version once it ran (what the rollout returned is
    the engine's word, not kept)."""
    recorder = watching(world)
    assert recorder is not None
    recorder.deployment, recorder.passes = deployment, []
    try:
        world.attempt(run)
    finally:
        recorder.deployment = None
    return _counted(recorder.passes, target())


def _both_zero(budget: dict[str, Any]) -> bool:
    values = [budget.get("max_surge"), budget.get("max_unavailable")]
    return all(v is not None and str(v).rstrip("%") == "0" for v in values)


def drive(
    world: World, deployment: str, version: str, budget: dict[str, Any], verdict: Callable[[], Any]
) -> list[Observed]:
    """Roll DEPLOYMENT to VERSION pass by pass (an engine without ``watch``), then ask the
    engine's VERDICT: a finished rollout returns at once, a stuck one raises why.

    A budget of 0 and 0, or a deployment the scenario never declared, goes to the engine
    alone: the contract has either refused before anything changes, so the harness
    applies nothing.
    """
    if _both_zero(budget) or deployment not in world.declared.deployments:
        world.attempt(verdict)
        return []
    replicas, spec = world.declared.deployments[deployment]
    world.parts.setdefault("rolled from", {})[deployment] = spec.get("version")
    passes: list[Pods] = []

    def roll() -> None:
        reapply(world, deployment, version=version, **budget)
        for _ in range(4 * replicas + 20):
            result = world.cluster.reconcile()
            pods = _read(world, deployment)
            passes.append(pods)
            if len(pods) == replicas and all(v == version and r for v, r in pods):
                return
            if not (result.created or result.deleted or result.scheduled):
                return

    world.attempt(roll)
    if world.error is None:
        world.attempt(verdict)
    return _counted(passes, version)


def rolled_from(world: World, deployment: str) -> str | None:
    """The version a driven rollout of DEPLOYMENT started from (what a rollback restores)."""
    versions: dict[str, str | None] = world.parts.get("rolled from", {})
    return versions.get(deployment)
