"""Scale-up (``core/scaleup/orchestrator/orchestrator.go``): which group grows, by how much.

1. The pods to help are the Pending pods the scheduler found unschedulable, minus those the
   simulation can still place on existing or upcoming nodes (``FilterOutSchedulable``; the
   placements stay in the snapshot, so nodes already on their way absorb pods).
2. If the oldest of them is under 2 s old, CA waits one loop for more (``allPodsAreNew``).
3. A group at its max size is skipped ("max node group size reached"). For every other
   group, the first pod of each equivalence group (pods of one ReplicaSet) is checked
   against the group's template node with the scheduler's filters; the pods that fit are
   binpacked (``estimator.py``) into an option; the expander picks one option.
4. The group's target size grows (capped at its max and the cluster's node limit), each pod
   the option holds gets ``TriggeredScaleUp "pod triggered scale-up: [{g 1->3 (max: 10)}]"``.
   When no group can help, every pod no template fits gets ``NotTriggerScaleUp "pod didn't
   trigger scale-up: <n> <reason>, …"`` — each rejecting group's filter reasons and each
   skipped group's reason, counted; upstream joins them in map order, kubeloop sorts them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from kubeloop.cluster.autoscaler import expander
from kubeloop.cluster.autoscaler.estimator import estimate
from kubeloop.cluster.autoscaler.groups import NodeGroupRecord, template_node
from kubeloop.cluster.autoscaler.settings import AutoscalerSettings
from kubeloop.cluster.autoscaler.simulation import Snapshot
from kubeloop.cluster.pods import PodRecord, PodTemplate
from kubeloop.cluster.state import ClusterState

STATUS = "configmap/cluster-autoscaler-status"
"""Where CA's LogRecorder writes its cluster-wide events (kube-system)."""
MAX_SIZE_REACHED = "max node group size reached"
MAX_TOTAL_REACHED = "max total nodes in cluster reached"
NEW_POD_BUFFER = 2
"""``unschedulablePodTimeBuffer``: pods younger than this wait one loop."""


@dataclass(frozen=True)
class ScaleUp:
    """One group's resize, as ``ScaleUpInfo`` prints it."""

    group: str
    current: int
    new: int
    max: int

    def __str__(self) -> str:
        return f"{{{self.group} {self.current}->{self.new} (max: {self.max})}}"


@dataclass(frozen=True)
class ScaleUpStatus:
    result: str
    """NotNeeded, InCooldown (pods too new), NoOptionsAvailable, LimitedByMaxNodesTotal or
    Successful, after ``ScaleUpResult``."""
    scale_up: ScaleUp | None = None


def unschedulable(state: ClusterState) -> list[PodRecord]:
    """Pods the scheduler tried and could not place (PodScheduled=False, Unschedulable)."""
    return [p for p in state.queue.pods() if p.message is not None]


def filter_out_schedulable(snapshot: Snapshot, pods: list[PodRecord]) -> list[PodRecord]:
    """Place what fits on the snapshot's nodes (kept there); return the pods that do not.

    Placements only fill nodes, so a node that rejected a pod rejects every later pod of
    the same template unless the pod depends on other pods: the search for such a template
    resumes where it stopped, and a template that fit nowhere is not tried again.
    """
    resume: dict[PodTemplate, int] = {}
    remaining: list[PodRecord] = []
    for pod in pods:
        aware = pod.template.placement_aware or snapshot.symmetric
        start = 0 if aware else resume.get(pod.template, 0)
        node, position = snapshot.first_fit(pod, start=start)
        if not aware:
            resume[pod.template] = position
        if node is None:
            remaining.append(pod)
        else:
            snapshot.place(pod, node)
    return remaining


def equivalence_groups(pods: list[PodRecord]) -> list[list[PodRecord]]:
    """Pods of one ReplicaSet with one template, in order of first appearance."""
    groups: dict[tuple[str, PodTemplate], list[PodRecord]] = {}
    for pod in pods:
        groups.setdefault((pod.replicaset, pod.template), []).append(pod)
    return list(groups.values())


def scale_up(
    state: ClusterState,
    snapshot: Snapshot,
    groups: Mapping[str, NodeGroupRecord],
    settings: AutoscalerSettings,
    rng: random.Random,
) -> ScaleUpStatus:
    now = state.clock.now
    pods = filter_out_schedulable(snapshot, unschedulable(state))
    if not pods:
        return ScaleUpStatus("NotNeeded")
    if min(p.created_at for p in pods) + NEW_POD_BUFFER > now:
        return ScaleUpStatus("InCooldown")
    ready = sum(1 for n in state.nodes.values() if n.ready)
    if settings.max_nodes_total and ready >= settings.max_nodes_total:
        _not_triggered(state, pods, MAX_TOTAL_REACHED)
        return ScaleUpStatus("LimitedByMaxNodesTotal")
    egs = equivalence_groups(pods)
    options, rejected, skipped = _options(state, snapshot, groups, settings, egs)
    if not options:
        for eg, reasons in zip(egs, rejected, strict=True):
            if reasons is None:
                continue
            counts = reasons + Counter(skipped)
            items = sorted(f"{count} {reason}" for reason, count in counts.items())
            _not_triggered(state, eg, ", ".join(items))
        return ScaleUpStatus("NoOptionsAvailable")
    best = expander.choose(options, settings.expanders, settings.priorities, rng)
    record = groups[best.group]
    new_nodes = best.node_count
    if settings.max_nodes_total:
        new_nodes = min(new_nodes, settings.max_nodes_total - len(state.nodes))
    current = record.target_size
    new = min(current + new_nodes, record.spec.max_size)
    info = ScaleUp(best.group, current, new, record.spec.max_size)
    state.events.normal(
        "ScaledUpGroup",
        STATUS,
        f"Scale-up: setting group {info.group} size to {new} instead of {current} "
        f"(max: {info.max})",
    )
    state.events.normal(
        "ScaledUpGroup",
        STATUS,
        f"Scale-up: group {info.group} size set to {new} instead of {current} (max: {info.max})",
    )
    state.events.normal_many(
        "TriggeredScaleUp",
        ((f"pod/{p.name}", f"pod triggered scale-up: [{info}]") for p in best.pods),
    )
    return ScaleUpStatus("Successful", info)


def _options(
    state: ClusterState,
    snapshot: Snapshot,
    groups: Mapping[str, NodeGroupRecord],
    settings: AutoscalerSettings,
    egs: list[list[PodRecord]],
) -> tuple[list[expander.Option], list[Counter[str] | None], list[str]]:
    """Each group's expansion option; per equivalence group the reasons the groups rejected
    it (None once some group's template fits it); the skipped groups' reasons."""
    skipped: list[str] = []
    rejected: list[Counter[str] | None] = [Counter() for _ in egs]
    options: list[expander.Option] = []
    for name in sorted(groups):
        record = groups[name]
        if record.target_size >= record.spec.max_size:
            skipped.append(MAX_SIZE_REACHED)
            continue
        # Upstream's "template-node-for-<group>-<random>"; "/" keeps it apart from real nodes.
        template = template_node(record.spec, f"template-node-for/{name}")
        probe = snapshot.fork()
        probe.add_node(template)
        fitting: list[list[PodRecord]] = []
        for i, eg in enumerate(egs):
            reasons = probe.reasons(eg[0], template)
            counts = rejected[i]
            if not reasons:
                fitting.append(eg)
                rejected[i] = None
            elif counts is not None:
                counts.update(reasons)
        if not fitting:
            continue
        limit = min(record.spec.max_size - record.target_size, settings.max_nodes_per_scale_up)
        if settings.max_nodes_total:
            limit = min(limit, settings.max_nodes_total - len(state.nodes))
        found = estimate(snapshot, fitting, template, limit)
        if found.node_count and found.pods:
            capacity = record.spec.capacity
            options.append(expander.Option(name, found.node_count, found.pods, capacity))
    return options, rejected, skipped


def _not_triggered(state: ClusterState, pods: list[PodRecord], reasons: str) -> None:
    state.events.normal_many(
        "NotTriggerScaleUp",
        ((f"pod/{p.name}", f"pod didn't trigger scale-up: {reasons}") for p in pods),
    )
