"""What an exploration sees of the world, read through the public contract only: the pods
and nodes the cluster shows, the pods after every reconcile pass, and what each pipeline
environment runs. The explorer never believes a summary the engine computed about itself."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kubeloop.errors import KubeloopError
from kubeloop.harness.world import World
from kubeloop.telemetry.rules.loader import load_rule_text


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
    priority: int = 0
    digest: str | None = None


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
    alerts: dict[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    budgets: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Disruption budget → (healthy pods, pods it wants healthy), as ``kubectl get pdb``."""
    preemptions: tuple[tuple[str, str], ...] = ()
    """(preemptor, victim) of every preemption so far."""
    groups: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    """Node group → (min size, max size, target size, nodes it has)."""
    counters: dict[str, float] = field(default_factory=dict)
    """Every counter (a series named ``…_total``) → its value now, as a query reads it."""
    history: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    """Environment → its history: (digest, how: promote, deploy or rollback), oldest first."""

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
            int(getattr(p, "priority", 0) or 0),
            getattr(p, "digest", None),
        )
        for p in cluster.pods()
    )


def observe(world: World) -> Observed:
    """The world as its public views show it now."""
    cluster = world.built_cluster
    return replace(
        Observed() if cluster is None else observe_cluster(cluster),
        running=_running(world),
        alerts=alert_changes(world),
        counters=_counters(world),
        history=_history(world),
    )


COUNTERS = '{__name__=~".+_total"}'


def _counters(world: World) -> dict[str, float]:
    telemetry = world.parts.get("telemetry")
    query = getattr(telemetry, "query", None)
    if query is None:
        return {}
    return {str(sample.labels): sample.value for sample in query(COUNTERS)}


def _history(world: World) -> dict[str, tuple[tuple[str, str], ...]]:
    scene = pipeline_scene(world)
    if scene is None or not hasattr(scene.pipeline, "environment"):
        return {}
    return {
        env: tuple((d.digest, d.how) for d in scene.pipeline.environment(env).deployments)
        for env in environments(scene)
    }


def observe_cluster(cluster: Any) -> Observed:
    """A cluster as its public views show it now (the property tests judge theirs so too)."""
    nodes: dict[str, NodeSeen] = {}
    for node in getattr(cluster, "nodes", list)():
        nodes[node.name] = NodeSeen(
            node.name,
            bool(getattr(node, "ready", True)),
            bool(getattr(node, "unschedulable", False)),
            _number(getattr(node, "cpu", None)),
            _number(getattr(node, "memory", None)),
        )
    replicas = {d.name: d.replicas for d in getattr(cluster, "deployments", list)()}
    budgets = {
        b.name: (b.current_healthy, b.desired_healthy)
        for b in getattr(cluster, "disruption_budgets", list)()
    }
    preemptions = tuple((p.preemptor, p.victim) for p in getattr(cluster, "preemptions", list)())
    groups = {
        g.name: (g.min_size, g.max_size, g.target_size, len(g.nodes))
        for g in getattr(cluster, "node_groups", list)()
    }
    return Observed(
        pods_seen(cluster), nodes, replicas, budgets=budgets, preemptions=preemptions, groups=groups
    )


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


RULES_FROM = re.compile(r'rules from "([^"]+)"')


def declared_holds(world: World, givens: Sequence[Any]) -> dict[str, int]:
    """Each alert's ``for:`` (seconds) as the scenario declared it, read from the rule files
    and inline rules of its Givens by kubeloop's own rule reader, never from the engine."""
    holds: dict[str, int] = {}
    for step in givens:
        texts: list[tuple[str, str]] = []
        found = RULES_FROM.search(step.text)
        if found:
            path = world.resolve(found.group(1))
            texts.append((path.read_text(encoding="utf-8"), str(path)))
        elif step.docstring is not None and "rule" in step.text:
            texts.append((step.docstring, "<inline rules>"))
        for text, name in texts:
            try:
                rules = load_rule_text(text, name)
            except KubeloopError:
                continue  # the Given itself reported it
            for group in rules.groups:
                for rule in group.rules:
                    if rule.kind == "alert":
                        holds[rule.name] = max(holds.get(rule.name, 0), rule.for_ms // 1000)
    return holds


def alert_changes(world: World) -> dict[str, tuple[tuple[int, str], ...]]:
    """Each alert's state changes so far, as the telemetry's timeline shows them."""
    telemetry = world.parts.get("telemetry")
    if telemetry is None or not hasattr(telemetry, "alert_names"):
        return {}
    return {name: tuple(telemetry.timeline(name).changes) for name in telemetry.alert_names()}
