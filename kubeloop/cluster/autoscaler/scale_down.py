"""Scale-down planning (``core/scaledown/{eligibility,planner,unneeded}``): which nodes are
unneeded, since when, and which may go now.

Each loop, every node of a node group not being deleted is a candidate, by name:

- utilization (``utilization.py``) must be below the threshold — ``<`` as CA 1.33.0
  (``eligibility.go``; 1.33.6 and later use ``<=``) — else NotUnderutilized;
- a pod covered by a disruption budget with no disruption left blocks the node
  (BlockedByPod, NotEnoughPdb: ``drainability/rules/pdb``), as does a pod the simulation
  cannot place on another node (NoPlaceToMovePods); either keeps the node from being
  looked at again for the recheck timeout (5 min, RecentlyUnremovable, which kubeloop
  shows with the reason found);
- otherwise the node is removable: the simulation moves its pods to the other nodes (and
  keeps them there, so the next candidate sees the fuller cluster), no later candidate may
  send pods to it, and the budgets lose what its pods would spend.

A removable node stays *unneeded since* the first loop that found it so, while every loop
finds it so. It may be deleted once ``since + scale-down-unneeded-time`` (unready nodes:
``scale-down-unready-time``) is strictly before now, unless its group would fall to its
min size (counting deletions in progress). Empty nodes go first, at most
``max-scale-down-parallelism`` at once, and at most ``max-drain-parallelism`` non-empty ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kubeloop.cluster.autoscaler.groups import NodeGroupRecord
from kubeloop.cluster.autoscaler.settings import AutoscalerSettings
from kubeloop.cluster.autoscaler.simulation import Snapshot
from kubeloop.cluster.autoscaler.utilization import Utilization, utilization
from kubeloop.cluster.disruption import status
from kubeloop.cluster.disruption_budget import PodDisruptionBudget
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.state import ClusterState


@dataclass(frozen=True)
class Removable:
    node: str
    group: str
    pods: tuple[str, ...]
    """The pods that would be evicted (empty: the node is empty)."""
    utilization: Utilization


@dataclass
class Planner:
    unneeded: dict[str, tuple[Removable, int]] = field(default_factory=dict)
    """Node → (what removing it moves, unneeded since)."""
    recheck: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Nodes found unremovable in simulation → (when they may be looked at again, why)."""
    unremovable: dict[str, str] = field(default_factory=dict)
    """This loop's verdict for each candidate that is not removable now."""

    def update(
        self,
        state: ClusterState,
        snapshot: Snapshot,
        groups: Mapping[str, NodeGroupRecord],
        budgets: Mapping[str, PodDisruptionBudget],
        settings: AutoscalerSettings,
        deleting: set[str],
    ) -> None:
        """``UpdateClusterState``: recompute the unneeded nodes from the cluster as it is."""
        now = state.clock.now
        self.recheck = {n: r for n, r in self.recheck.items() if r[0] > now and n in state.nodes}
        self.unremovable = {}
        owner = {n: g.name for g in groups.values() for n in g.nodes}
        destinations = [n for n in snapshot.order if n in state.nodes and n not in deleting]
        remaining = {
            name: status(state, budgets[name]).disruptions_allowed for name in sorted(budgets)
        }
        found: dict[str, tuple[Removable, int]] = {}
        for name in sorted(owner):
            if name in deleting or name not in state.nodes:
                continue
            verdict = self._verdict(
                state, snapshot, name, budgets, remaining, destinations, settings
            )
            if isinstance(verdict, str):
                self.unremovable[name] = verdict
                continue
            previous = self.unneeded.get(name)
            removable = Removable(name, owner[name], verdict[0], verdict[1])
            found[name] = (removable, previous[1] if previous is not None else now)
        self.unneeded = found

    def _verdict(
        self,
        state: ClusterState,
        snapshot: Snapshot,
        name: str,
        budgets: Mapping[str, PodDisruptionBudget],
        remaining: dict[str, int],
        destinations: list[str],
        settings: AutoscalerSettings,
    ) -> str | tuple[tuple[str, ...], Utilization]:
        now = state.clock.now
        if name in self.recheck:
            return f"RecentlyUnremovable: {self.recheck[name][1]}"
        node = snapshot.nodes[name]  # with the pods earlier candidates would move onto it
        used = utilization(node)
        if used is None:
            return "UnexpectedError: the node has no allocatable cpu or memory"
        if used.value >= settings.scale_down_utilization_threshold:
            percent = f"{used.value * 100:.6g}"
            return (
                f"NotUnderutilized: {used.resource} requested ({percent}% of allocatable) is "
                "above the scale-down utilization threshold"
            )
        pods = sorted(node.pods.values(), key=lambda p: p.seq)
        covering = {p.name: _covering(p, budgets) for p in pods}
        for pod in pods:
            if any(remaining[b] < 1 for b in covering[pod.name]):
                why = f"BlockedByPod: NotEnoughPdb ({pod.name})"
                self.recheck[name] = (now + settings.unremovable_node_recheck_timeout, why)
                return why
        trial = snapshot.fork()
        moved = trial.remove_node(name)
        targets = [n for n in destinations if n != name]
        for pod in moved:
            target, _ = trial.first_fit(pod, targets)
            if target is None:
                why = f"NoPlaceToMovePods ({pod.name})"
                self.recheck[name] = (now + settings.unremovable_node_recheck_timeout, why)
                return why
            trial.place(pod, target)
        snapshot.commit(trial)
        destinations.remove(name)
        for pod in pods:
            for budget in covering[pod.name]:
                remaining[budget] -= 1
        return tuple(p.name for p in pods), used

    def removable_now(
        self,
        state: ClusterState,
        groups: Mapping[str, NodeGroupRecord],
        settings: AutoscalerSettings,
        deleting: Mapping[str, str],
        drains_in_progress: int,
    ) -> list[Removable]:
        """``NodesToDelete``: the unneeded nodes that may be deleted now, empty ones first."""
        now = state.clock.now
        sizes = {g.name: g.target_size for g in groups.values()}
        for owner in deleting.values():
            sizes[owner] -= 1
        chosen: list[Removable] = []
        ordered = sorted(self.unneeded.values(), key=lambda u: (bool(u[0].pods), u[0].node))
        for removable, since in ordered:
            node = state.nodes[removable.node]
            wait = settings.scale_down_unneeded_time
            if not node.ready:
                wait = settings.scale_down_unready_time
            if not since + wait < now:
                self.unremovable[removable.node] = (
                    "NotUnneededLongEnough" if node.ready else "NotUnreadyLongEnough"
                )
                continue
            group = groups[removable.group]
            if sizes[group.name] <= group.spec.min_size:
                self.unremovable[removable.node] = "NodeGroupMinSizeReached"
                continue
            sizes[group.name] -= 1
            chosen.append(removable)
        parallel = settings.max_scale_down_parallelism - len(deleting)
        drain_budget = min(parallel, settings.max_drain_parallelism - drains_in_progress)
        empty = [r for r in chosen if not r.pods][: max(parallel, 0)]
        parallel -= len(empty)
        drain_budget = min(drain_budget, parallel)
        drained = [r for r in chosen if r.pods][: max(drain_budget, 0)]
        return empty + drained


def _covering(pod: PodRecord, budgets: Mapping[str, PodDisruptionBudget]) -> list[str]:
    labels = pod.template.label_map
    return [name for name in sorted(budgets) if budgets[name].selector.matches(labels)]
