"""Upstream's preemption test fixtures, rebuilt on a kubeloop cluster.

``default_preemption_test.go`` builds a scheduler snapshot of nodes and already-bound pods
(some over a node's capacity) with given priorities and start times. Here each table pod
is a one-replica deployment kept Pending by a node selector nothing matches, then bound
to its node directly, as the snapshot does, with its start time set.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kubeloop import Cluster, Deployment, Node, PriorityClass
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import preemption
from kubeloop.cluster.scheduler.framework import Code
from kubeloop.cluster.state import ClusterState

# schedutil.DefaultMilliCPURequest (100m) and DefaultMemoryRequest (200Mi) multiples.
MI = 1024 * 1024
SMALL, MEDIUM, LARGE, VERY_LARGE = (
    (100, 200 * MI),
    (200, 400 * MI),
    (300, 600 * MI),
    (500, 1000 * MI),
)
NONE = (0, 0)
NEG, LOW, MID, HIGH, VERY_HIGH = -100, 0, 100, 1000, 10000
_CLASSES = {NEG: "neg", LOW: "low", MID: "mid", HIGH: "high", VERY_HIGH: "very-high"}
UNPLACED = {"table": "unplaced"}


@dataclass
class TablePod:
    name: str
    node: str
    priority: int
    size: tuple[int, int] = NONE
    start: int = 1
    """Days into January 2019 (``startTime`` is the 1st)."""
    labels: dict[str, str] = field(default_factory=dict)
    affinity: Any = None


def deployment(name: str, priority: int, size: tuple[int, int], **extra: Any) -> Deployment:
    return Deployment(
        name,
        replicas=1,
        cpu=f"{size[0]}m",
        memory=size[1],
        priority_class_name=_CLASSES[priority],
        **extra,
    )


def build(
    nodes: dict[str, tuple[int, int]],
    pods: list[TablePod],
    node_labels: dict[str, dict[str, str]] | None = None,
) -> tuple[Cluster, ClusterState]:
    labels = node_labels or {}
    cluster = Cluster(
        [
            Node(n, cpu=f"{cpu}m", memory=mem, pods=100, labels=labels.get(n, {"hostname": n}))
            for n, (cpu, mem) in nodes.items()
        ]
    )
    for value, name in _CLASSES.items():
        cluster.add_priority_class(PriorityClass(name, value))
    for pod in pods:
        extra: dict[str, Any] = {"node_selector": UNPLACED}
        if pod.labels:
            extra["labels"] = pod.labels
        if pod.affinity is not None:
            extra["affinity"] = pod.affinity
        cluster.apply(deployment(pod.name, pod.priority, pod.size, **extra))
    cluster.reconcile()
    state: ClusterState = cluster._state
    for pod in pods:
        record = state.pods[f"{pod.name}-1"]
        state.bind([record], state.nodes[pod.node])
        record.started_at = pod.start
    cluster.reconcile()  # the scheduler sees the bound pods (and their anti-affinity)
    return cluster, state


def preemptor(
    cluster: Cluster,
    state: ClusterState,
    priority: int,
    size: tuple[int, int] = NONE,
    **extra: Any,
) -> PodRecord:
    """The incoming pod, created Pending, returned as the scheduler would see it."""
    cluster.apply(deployment("incoming", priority, size, node_selector=UNPLACED, **extra))
    cluster.reconcile()
    record = state.pods["incoming-1"]
    pod = PodRecord(
        record.name,
        record.deployment,
        record.replicaset,
        replace(record.template, node_selector=()),
        record.seq,
        record.created_at,
    )
    pod.priority, pod.preemption_policy = record.priority, record.preemption_policy
    return pod


def candidates(cluster: Cluster, state: ClusterState, pod: PodRecord) -> dict[str, list[str]]:
    """``DryRunPreemption`` over the nodes whose filters said Unschedulable: victims by node."""
    host = cluster._scheduler
    host.refresh(state)
    filters = host.filters_for(pod)
    potential = [
        n
        for n in state.nodes_in_order()
        if (s := preemption.first_failure(pod, n, filters)) is not None
        and s.code is Code.UNSCHEDULABLE
    ]
    found, _ = preemption.dry_run(state, pod, potential, filters, host.refresh)
    return {c.node: [v.name.removesuffix("-1") for v in c.victims] for c in found}


def violations(cluster: Cluster, state: ClusterState, pod: PodRecord) -> dict[str, int]:
    host = cluster._scheduler
    filters = host.filters_for(pod)
    potential = [n for n in state.nodes_in_order() if preemption.first_failure(pod, n, filters)]
    found, _ = preemption.dry_run(state, pod, potential, filters, host.refresh)
    return {c.node: c.pdb_violations for c in found}
