"""What an exploration sees of the world, read through the public contract only: the pods
and nodes the cluster shows, the pods after every reconcile pass, and what each pipeline
environment runs. The explorer never believes a summary the engine computed about itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kubeloop.harness.world import World


@dataclass(frozen=True)
class PodSeen:
    name: str
    deployment: str
    node: str | None
    phase: str
    version: str
    ready: bool
    cpu: float | None
    memory: float | None


@dataclass(frozen=True)
class NodeSeen:
    name: str
    ready: bool
    unschedulable: bool
    cpu: float | None
    memory: float | None


@dataclass(frozen=True)
class Observed:
    """The world at one moment: pods, nodes, each deployment's replicas, each environment's
    digest (empty parts for mechanisms the scenario does not use)."""

    pods: tuple[PodSeen, ...] = ()
    nodes: dict[str, NodeSeen] = field(default_factory=dict)
    replicas: dict[str, int] = field(default_factory=dict)
    running: dict[str, str | None] = field(default_factory=dict)

    def state(self) -> tuple[object, ...]:
        """Everything a rejected operation must leave as it was."""
        pods = tuple(sorted((p.name, p.node, p.version) for p in self.pods))
        nodes = tuple(sorted((n.name, n.ready, n.unschedulable) for n in self.nodes.values()))
        return (
            pods,
            nodes,
            tuple(sorted(self.replicas.items())),
            tuple(sorted(self.running.items())),
        )

    def on(self, node: str) -> list[PodSeen]:
        return [p for p in self.pods if p.node == node]


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def pods_seen(cluster: Any) -> tuple[PodSeen, ...]:
    """Every pod the cluster shows, as plain values."""
    return tuple(
        PodSeen(
            p.name,
            p.deployment,
            p.node,
            p.phase,
            p.version,
            bool(p.ready),
            _number(getattr(p, "cpu", None)),
            _number(getattr(p, "memory", None)),
        )
        for p in cluster.pods()
    )


def observe(world: World) -> Observed:
    """The world as its public views show it now."""
    running = _running(world)
    cluster = world.built_cluster
    if cluster is None:
        return Observed(running=running)
    nodes: dict[str, NodeSeen] = {}
    for node in getattr(cluster, "nodes", list)():
        nodes[node.name] = NodeSeen(
            node.name,
            bool(getattr(node, "ready", True)),
            bool(getattr(node, "unschedulable", False)),
            _number(getattr(node, "cpu", None)),
            _number(getattr(node, "memory", None)),
        )
    pods = pods_seen(cluster)
    replicas = {d.name: d.replicas for d in getattr(cluster, "deployments", list)()}
    return Observed(pods, nodes, replicas, running)


def pipeline_scene(world: World) -> Any:
    """The pipeline part of the world, if a step built one."""
    return world.parts.get("pipeline")


def environments(scene: Any) -> list[str]:
    return [e.name for e in scene.definition.environments]


def _running(world: World) -> dict[str, str | None]:
    scene = pipeline_scene(world)
    if scene is None:
        return {}
    running = getattr(scene.pipeline, "running", None)
    if running is None:
        return {}
    return {env: running(env) for env in environments(scene)}


@dataclass
class PassLog:
    """The pods after every reconcile pass of the cluster, while an action runs (the engine's
    ``watch``, where it offers one): a rollout's budget is judged on these, not on the
    snapshots the engine reports."""

    passes: list[tuple[PodSeen, ...]] = field(default_factory=list)
    watching: Any = None

    def follow(self, world: World) -> None:
        cluster = world.built_cluster
        if cluster is None or cluster is self.watching:
            return
        watch = getattr(cluster, "watch", None)
        if watch is not None:
            watch(lambda: self.passes.append(pods_seen(cluster)))
            self.watching = cluster
