"""Plain-text pictures: the nodes with their pods and free room, Pending pods with reasons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from kubeloop.core.quantity import format_cpu, format_memory


class _Snapshot(Protocol):
    @property
    def total(self) -> int: ...
    @property
    def ready(self) -> int: ...
    @property
    def updated(self) -> int: ...


def cluster_picture(
    cluster: object, max_pods_shown: int = 12, known_nodes: Sequence[str] = ()
) -> str:
    """A kubeloop ``Cluster`` drawn as text; other engines get their pods listed by node,
    every node the scenario declared (``known_nodes``) included."""
    nodes = getattr(cluster, "nodes", None)
    pods_of = getattr(cluster, "pods", None)
    if pods_of is None:
        return "(this engine cannot list pods)"
    pods = list(pods_of())
    lines: list[str] = []
    if callable(nodes):
        for node in nodes():
            state = "Ready" if node.ready else "NotReady"
            if node.unschedulable:
                state += ",SchedulingDisabled"
            names = list(node.pods)
            shown = ", ".join(names[:max_pods_shown]) + (
                " …" if len(names) > max_pods_shown else ""
            )
            lines.append(
                f"  {node.name:<12} {state:<26} free {format_cpu(node.free_cpu):>6} cpu "
                f"{format_memory(node.free_memory):>7} mem  pods[{len(names)}]: {shown or '-'}"
            )
    else:
        by_node: dict[str, list[str]] = {}
        for pod in pods:
            if pod.node is not None:
                by_node.setdefault(pod.node, []).append(pod.name)
        lines += [
            f"  {node:<12} pods: {', '.join(by_node.get(node, [])) or '-'}"
            for node in sorted(set(known_nodes) | set(by_node))
        ]
    pending = [p for p in pods if p.node is None]
    for pod in pending:
        reason = getattr(pod, "reason", None) or "no reason recorded"
        lines.append(f"  Pending {pod.name}: {reason}")
    if not lines:
        lines.append("  (no nodes and no pods)")
    return "\n".join(lines)


def rollout_table(
    snapshots: Sequence[_Snapshot], replicas: int, surge: int, unavailable: int
) -> str:
    """Each rollout step against its bounds (total ≤ replicas+surge, ready ≥ replicas-unavail)."""
    ceiling, floor = replicas + surge, replicas - unavailable
    lines = [f"  step  total(≤{ceiling})  ready(≥{floor})  updated"]
    for number, snap in enumerate(snapshots, 1):
        lines.append(
            f"  {number:>4}  {snap.total:>10}  {snap.ready:>10}  {snap.updated:>7}  "
            + "█" * snap.updated
            + "░" * max(0, snap.total - snap.updated)
        )
    return "\n".join(lines)
