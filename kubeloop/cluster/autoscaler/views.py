"""What the cluster autoscaler shows: frozen snapshots, as its status ConfigMap would."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from kubeloop.cluster.autoscaler.groups import NodeGroupInfo, group_info
from kubeloop.cluster.autoscaler.loop import NEVER, AutoscalerLoop
from kubeloop.cluster.autoscaler.settings import AutoscalerSettings


@dataclass(frozen=True, slots=True)
class UnneededNode:
    """A node scale-down would remove, and since when it has been so."""

    node: str
    group: str
    since: int
    utilization: float
    pods: tuple[str, ...]
    """The pods removing it would evict."""


@dataclass(frozen=True, slots=True)
class ClusterAutoscalerInfo:
    settings: AutoscalerSettings
    groups: tuple[NodeGroupInfo, ...]
    unneeded: tuple[UnneededNode, ...]
    unremovable: Mapping[str, str]
    """Node → why the last loop would not remove it (CA's UnremovableReason, with detail)."""
    deleting: tuple[str, ...]
    """Nodes being drained or deleted now."""
    removed: tuple[str, ...]
    """Nodes the autoscaler has deleted, in order."""
    last_scale_up: int | None
    last_result: str
    """The last loop's scale-up result: NotNeeded, Successful, NoOptionsAvailable, …"""

    def unneeded_since(self, node: str) -> int | None:
        for entry in self.unneeded:
            if entry.node == node:
                return entry.since
        return None

    def group(self, name: str) -> NodeGroupInfo | None:
        for info in self.groups:
            if info.name == name:
                return info
        return None


def autoscaler_info(loop: AutoscalerLoop) -> ClusterAutoscalerInfo:
    unneeded = tuple(
        UnneededNode(r.node, r.group, since, r.utilization.value, r.pods)
        for r, since in (loop.planner.unneeded[n] for n in sorted(loop.planner.unneeded))
    )
    return ClusterAutoscalerInfo(
        loop.settings,
        tuple(group_info(loop.groups[n]) for n in sorted(loop.groups)),
        unneeded,
        MappingProxyType(dict(sorted(loop.planner.unremovable.items()))),
        tuple(sorted(loop.actuator.deletions)),
        tuple(loop.actuator.removed),
        None if loop.last_scale_up == NEVER else loop.last_scale_up,
        loop.last_status.result,
    )
