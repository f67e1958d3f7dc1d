"""The events an exploration draws: When steps in the catalog's own words, filled with the
names the world has now (its nodes, deployments, artifacts, environments), so every drawn
step is a sentence a person could have written and ``kubeloop check`` accepts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kubeloop.harness.explore.observe import Observed, environments, pipeline_scene

BUDGETS = ((1, 0), (0, 1), (1, 1), (2, 0))
"""(maxSurge, maxUnavailable) a drawn rollout uses (never both zero: a found scenario must
also pass on a correct engine, which refuses that update)."""


@dataclass(frozen=True)
class Action:
    """One When step to draw: its kind (for the summary) and its text."""

    kind: str
    text: str


def candidates(world: Any, seen: Observed, versions_used: int) -> list[Action]:
    """Every event that makes sense in the world as it is now, in a fixed order."""
    found: list[Action] = []
    if seen.nodes:
        found += _cluster(seen, versions_used)
    found += _pipeline(world)
    found += _telemetry(world)
    if found or seen.alerts or world.parts:  # time passing matters only to some mechanism
        found += [Action("time", "1 minute passes"), Action("time", "5 minutes pass")]
    return found


def _cluster(seen: Observed, versions_used: int) -> list[Action]:
    found = [Action("reconcile", "I reconcile"), Action("reconcile", "I reconcile until stable")]
    for name, node in seen.nodes.items():
        if node.ready:
            found.append(Action("node failure", f"{name} fails"))
        else:
            found.append(Action("node recovery", f"{name} recovers"))
        verb = "I uncordon" if node.unschedulable else "I cordon"
        found.append(Action("cordon", f"{verb} {name}"))
        found.append(Action("drain", f"I drain {name}"))
    for name, replicas in seen.replicas.items():
        for count in sorted({max(replicas - 1, 0), replicas + 1, replicas + 3}):
            found.append(Action("scale", f"I scale {name} to {count}"))
        found.append(Action("pod deletion", f"I delete a running pod of {name}"))
        version = f"v{versions_used + 2}"
        for surge, unavailable in BUDGETS:
            found.append(
                Action(
                    "rollout",
                    f"I roll out version {version} of {name} with maxSurge {surge} "
                    f"and maxUnavailable {unavailable}",
                )
            )
        found.append(Action("rollback", f"I roll back {name}"))
    return found


def _pipeline(world: Any) -> list[Action]:
    scene = pipeline_scene(world)
    if scene is None:
        return []
    found = []
    fresh = next(n for n in range(1, len(scene.aliases) + 2) if f"B{n}" not in scene.aliases)
    for manifest in scene.manifests:  # a new commit: a new digest (the same manifest would not)
        found.append(Action("build", f"I build commit b{fresh:06d} of {manifest} as B{fresh}"))
    for env in environments(scene):
        found.append(Action("environment rollback", f"I roll back {env}"))
    cluster = world.built_cluster
    deployments = (
        [d.name for d in getattr(cluster, "deployments", list)()] if cluster is not None else []
    )
    for alias in scene.aliases:
        found.append(Action("pipeline run", f"I run the pipeline for {alias}"))
        for deployment in deployments:  # one world: an artifact rolled onto the cluster
            found.append(Action("artifact rollout", f"I roll out {alias} to {deployment}"))
        for env in environments(scene):
            found.append(Action("promotion", f"I promote {alias} to {env}"))
            found.append(Action("approval", f"I approve the promotion of {alias} to {env}"))
            found.append(Action("deploy", f"I deploy {alias} to {env}"))
    return found


def _telemetry(world: Any) -> list[Action]:
    telemetry = world.parts.get("telemetry")
    services = getattr(telemetry, "services", None)
    if services is None:
        return []
    found = []
    for name in services():
        for percent in (5, 50, 100):
            found.append(
                Action("errors", f'the service "{name}" starts failing {percent}% of requests')
            )
        found.append(Action("recovery", f'the service "{name}" recovers'))
    return found
