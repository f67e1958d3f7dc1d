"""Lab 01 as a learner writes it from the seed and kubeloop/contract/cluster.py alone: the
contract and nothing more (no kubeloop import). Graded in tests/exercise/test_learners.py."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

_UNITS = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "k": 10**3, "M": 10**6, "G": 10**9}


def _cpu(value: str | float) -> float:
    text = str(value)
    return float(text[:-1]) / 1000 if text.endswith("m") else float(text)


def _memory(value: str | float) -> float:
    match = re.fullmatch(r"([0-9.]+)([A-Za-z]*)", str(value))
    assert match, value
    return float(match.group(1)) * _UNITS.get(match.group(2), 1)


def _amount(value: int | str, replicas: int, up: bool) -> int:
    text = str(value)
    if text.endswith("%"):
        exact = replicas * float(text[:-1]) / 100
        return math.ceil(exact) if up else math.floor(exact)
    return int(text)


class RolloutStalledError(Exception):
    """A rolling update cannot make progress; ``reason`` says why."""

    def __init__(self, reason: str, snapshots: list[Snapshot] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.snapshots = snapshots or []


class NotFound(KeyError):
    def __init__(self, kind: str, name: str) -> None:
        super().__init__(f'{kind} "{name}" not found')

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass
class Node:
    name: str
    cpu: str | float = "4"
    memory: str | float = "8Gi"


@dataclass
class Deployment:
    name: str
    replicas: int = 1
    cpu: str | float = 0
    memory: str | float = 0
    version: str = "v1"
    max_surge: int | str = "25%"
    max_unavailable: int | str = "25%"


@dataclass(frozen=True)
class Pod:
    name: str
    deployment: str
    node: str | None
    phase: str
    version: str
    ready: bool


@dataclass
class ReconcileResult:
    created: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    scheduled: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Snapshot:
    total: int
    ready: int
    updated: int


class Cluster:
    def __init__(self, nodes: list[Node] | None = None) -> None:
        self._nodes: dict[str, Node] = {}
        self._failed: set[str] = set()
        self._deployments: dict[str, Deployment] = {}
        self._previous: dict[str, str] = {}
        self._pods: dict[str, Pod] = {}
        self._counter = 0
        for node in nodes or []:
            self.add_node(node)

    def add_node(self, node: Node) -> None:
        if node.name in self._nodes:
            raise ValueError(f"node {node.name} exists")
        self._nodes[node.name] = node

    def apply(self, deployment: Deployment) -> None:
        if deployment.replicas < 0:
            raise ValueError("replicas must not be negative")
        current = self._deployments.get(deployment.name)
        if current is not None and current.version != deployment.version:
            self._previous[deployment.name] = current.version
        self._deployments[deployment.name] = replace(deployment)

    def _deployment(self, name: str) -> Deployment:
        if name not in self._deployments:
            raise NotFound("deployment", name)
        return self._deployments[name]

    def _node(self, name: str) -> Node:
        if name not in self._nodes:
            raise NotFound("node", name)
        return self._nodes[name]

    def scale(self, name: str, replicas: int) -> None:
        self._deployment(name).replicas = replicas

    def pods(self, deployment: str | None = None) -> list[Pod]:
        return [p for _, p in sorted(self._pods.items()) if deployment in (None, p.deployment)]

    def delete_pod(self, name: str) -> None:
        if name not in self._pods:
            raise NotFound("pod", name)
        del self._pods[name]

    def fail_node(self, name: str) -> None:
        self._failed.add(self._node(name).name)
        for pod in [p for p in self._pods.values() if p.node == name]:
            del self._pods[pod.name]

    def recover_node(self, name: str) -> None:
        self._failed.discard(self._node(name).name)

    # --- the loop --------------------------------------------------------------------

    def _create(self, deployment: Deployment, version: str, result: ReconcileResult) -> None:
        self._counter += 1
        name = f"{deployment.name}-{self._counter}"
        self._pods[name] = Pod(name, deployment.name, None, "Pending", version, False)
        result.created.append(name)

    def _free(self, node: Node) -> tuple[float, float]:
        cpu, memory = _cpu(node.cpu), _memory(node.memory)
        for pod in self._pods.values():
            if pod.node == node.name:
                spec = self._deployments[pod.deployment]
                cpu -= _cpu(spec.cpu)
                memory -= _memory(spec.memory)
        return cpu, memory

    def _schedule(self, result: ReconcileResult) -> None:
        for pod in [p for p in self._pods.values() if p.node is None]:
            spec = self._deployments[pod.deployment]
            for node in sorted(self._nodes.values(), key=lambda n: n.name):
                if node.name in self._failed:
                    continue
                cpu, memory = self._free(node)
                if cpu >= _cpu(spec.cpu) - 1e-9 and memory >= _memory(spec.memory):
                    self._pods[pod.name] = replace(pod, node=node.name, phase="Running", ready=True)
                    result.scheduled.append(pod.name)
                    break

    def reconcile(self) -> ReconcileResult:
        result = ReconcileResult()
        for name in sorted(self._deployments):
            deployment = self._deployments[name]
            mine = self.pods(name)
            if any(p.version != deployment.version for p in mine):
                self._step(deployment, result)  # a rollout in progress: one step a pass
                continue
            for _ in range(deployment.replicas - len(mine)):
                self._create(deployment, deployment.version, result)
            surplus = sorted(mine, key=lambda p: (p.ready, p.name))
            for pod in surplus[: max(0, len(mine) - deployment.replicas)]:
                del self._pods[pod.name]
                result.deleted.append(pod.name)
        self._schedule(result)
        return result

    # --- rollouts --------------------------------------------------------------------

    def _budget(self, deployment: Deployment) -> tuple[int, int]:
        surge = _amount(deployment.max_surge, deployment.replicas, up=True)
        unavailable = _amount(deployment.max_unavailable, deployment.replicas, up=False)
        if surge == 0 and unavailable == 0:
            raise RolloutStalledError(
                "maxSurge and maxUnavailable are both 0 (maxUnavailable: Invalid value: 0: "
                "may not be 0 when `maxSurge` is 0)"
            )
        return surge, unavailable

    def _step(self, deployment: Deployment, result: ReconcileResult) -> None:
        """One step of a rollout: surge new pods within the budget, then remove old ones
        while enough stay ready."""
        surge, unavailable = self._budget(deployment)
        version = deployment.version
        mine = self.pods(deployment.name)
        ready_before = sum(p.ready for p in mine)
        new = [p for p in mine if p.version == version]
        room = deployment.replicas + surge - len(mine)
        for _ in range(min(room, deployment.replicas - len(new))):
            self._create(deployment, version, result)
        self._schedule(result)
        mine = self.pods(deployment.name)
        removable = ready_before - (deployment.replicas - unavailable)
        old = sorted((p for p in mine if p.version != version), key=lambda p: (p.ready, p.name))
        for pod in old:
            if pod.ready and removable <= 0:
                break
            del self._pods[pod.name]
            result.deleted.append(pod.name)
            removable -= pod.ready
        self._schedule(result)

    def _why_pending(self, deployment: Deployment) -> str:
        nodes = len(self._nodes)
        reasons: dict[str, int] = {}
        for node in self._nodes.values():
            cpu, memory = self._free(node)
            for short, needed, free in (
                ("cpu", _cpu(deployment.cpu), cpu),
                ("memory", _memory(deployment.memory), memory),
            ):
                if needed > free + 1e-9:
                    reasons[f"Insufficient {short}"] = reasons.get(f"Insufficient {short}", 0) + 1
        listed = ", ".join(sorted(f"{n} {r}" for r, n in reasons.items()))
        return (
            f"0/{nodes} nodes are available: {listed}. preemption: 0/{nodes} nodes are "
            f"available: {nodes} No preemption victims found for incoming pod."
        )

    def rolling_update(
        self,
        name: str,
        version: str,
        max_surge: int | str | None = None,
        max_unavailable: int | str | None = None,
    ) -> list[Snapshot]:
        deployment = self._deployment(name)
        budget = (deployment.max_surge, deployment.max_unavailable)
        if max_surge is not None:
            deployment.max_surge = max_surge
        if max_unavailable is not None:
            deployment.max_unavailable = max_unavailable
        try:
            self._budget(deployment)
        except RolloutStalledError:
            deployment.max_surge, deployment.max_unavailable = budget
            raise
        if version != deployment.version:
            self._previous[name] = deployment.version
        deployment.version = version
        snapshots: list[Snapshot] = []
        while True:
            mine = self.pods(name)
            if (
                all(p.version == version and p.ready for p in mine)
                and len(mine) == deployment.replicas
            ):
                return snapshots
            result = ReconcileResult()
            self._step(deployment, result)
            mine = self.pods(name)
            if not (result.created or result.deleted or result.scheduled):
                raise RolloutStalledError(
                    f"the rollout of {name} cannot make progress: {self._why_pending(deployment)}",
                    snapshots,
                )
            snapshots.append(
                Snapshot(
                    len(mine), sum(p.ready for p in mine), sum(p.version == version for p in mine)
                )
            )

    def rollback(self, name: str) -> list[Snapshot]:
        self._deployment(name)
        previous = self._previous.get(name)
        if previous is None:
            raise NotFound("rollout history", f"deployment {name}")
        return self.rolling_update(name, previous)


@dataclass
class HPA:
    min_replicas: int = 1
    max_replicas: int = 10
    target: float = 80
    tolerance: float = 0.1

    def desired_replicas(self, current_replicas: int, current_value: float) -> int:
        ratio = Fraction(str(current_value)) / Fraction(str(self.target))
        if abs(ratio - 1) <= Fraction(str(self.tolerance)):
            wanted = current_replicas
        else:
            wanted = math.ceil(current_replicas * ratio)
        return max(self.min_replicas, min(self.max_replicas, wanted))
