"""What the cluster must do, computed by the test itself, never by kubeloop's own helpers.

The state machine declares every node and template it creates; these functions say, from
those declarations alone, what a rollout may do, which taints a pod tolerates and whether
a pod can fit anywhere. Only observations (``cluster.pods()`` and friends) come from the
engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kubeloop import Cluster

MI = 2**20
GI = 2**30

IntOrPercent = int | str
TaintEffect = Literal["NoSchedule", "PreferNoSchedule", "NoExecute"]
UNREACHABLE = "node.kubernetes.io/unreachable"


@dataclass(frozen=True)
class Resources:
    """One container's requests: cpu in millicores, memory in bytes."""

    cpu: int
    memory: int

    @property
    def cpu_quantity(self) -> str:
        return f"{self.cpu}m"

    @property
    def memory_quantity(self) -> str:
        return f"{self.memory // MI}Mi"


@dataclass(frozen=True)
class NodeModel:
    """A node as the test declared it: allocatable cpu (millicores), memory (bytes), pods."""

    cpu: int
    memory: int
    pods: int


@dataclass(frozen=True)
class TaintModel:
    key: str
    value: str
    effect: TaintEffect


@dataclass(frozen=True)
class TolerationModel:
    key: str
    operator: str
    value: str
    effect: str


def tolerates(toleration: TolerationModel, taint: TaintModel) -> bool:
    """``Toleration.ToleratesTaint`` of core/v1, restated."""
    if toleration.effect and toleration.effect != taint.effect:
        return False
    if toleration.key and toleration.key != taint.key:
        return False
    if toleration.operator == "Exists":
        return True
    return toleration.value == taint.value


def untolerated(
    taints: frozenset[TaintModel], tolerations: tuple[TolerationModel, ...], effects: set[str]
) -> list[TaintModel]:
    """The taints of the given effects that no toleration matches."""
    return [
        taint
        for taint in sorted(taints, key=lambda t: (t.key, t.effect))
        if taint.effect in effects and not any(tolerates(t, taint) for t in tolerations)
    ]


def is_valid_budget(value: object, at_most_100: bool) -> bool:
    """apps/v1 ``ValidatePositiveIntOrPercent`` (and <= 100% for maxUnavailable)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value >= 0
    if not isinstance(value, str) or not value.endswith("%") or not value[:-1].isdigit():
        return False
    return not at_most_100 or int(value[:-1]) <= 100


def is_literal_zero(value: IntOrPercent) -> bool:
    return value in (0, "0%")


def rollout_budget(
    max_surge: IntOrPercent, max_unavailable: IntOrPercent, replicas: int
) -> tuple[int, int]:
    """(surge, unavailable) for ``replicas``, from the rule alone.

    A percentage of replicas: surge rounds up, unavailable rounds down; when both come
    to 0, unavailable is 1 (so the rollout can move); unavailable never exceeds replicas.
    """

    def scaled(value: IntOrPercent, round_up: bool) -> int:
        if isinstance(value, int):
            return value
        share = int(value[:-1]) * replicas
        return -(-share // 100) if round_up else share // 100

    surge = scaled(max_surge, round_up=True)
    unavailable = scaled(max_unavailable, round_up=False)
    if surge == 0 and unavailable == 0:
        unavailable = 1
    return surge, min(unavailable, replicas)


def fits_some_node(request: Resources, nodes: dict[str, NodeModel]) -> bool:
    """Could the pod fit on an empty node of the cluster at all?"""
    return any(
        request.cpu <= node.cpu and request.memory <= node.memory and node.pods > 0
        for node in nodes.values()
    )


def fingerprint(cluster: Cluster, autoscaled: list[str]) -> tuple[object, ...]:
    """Everything the public API shows, for "this changed nothing" comparisons."""
    return (
        cluster.clock,
        tuple(cluster.pods()),
        tuple(cluster.nodes()),
        tuple(cluster.deployments()),
        tuple(cluster.replicasets()),
        tuple(cluster.autoscaler(name) for name in sorted(autoscaled)),
        len(cluster.events),
    )
