"""Which pods preemption removes, and from which node (DefaultPreemption's own rules).

``select_victims_on_node`` is ``SelectVictimsOnNode`` (``defaultpreemption``): remove
every pod of lower priority than the preemptor; if the preemptor still does not fit, the
node is no candidate. Otherwise reprieve the removed pods one by one, most important
first (``MoreImportantPod``: higher priority, then earlier start), the ones whose
eviction would break a PodDisruptionBudget before the rest; a pod that does not fit back
stays a victim. ``pick_one_node`` is ``pickOneNodeForPreemption``: fewest PDB violations,
then the lowest highest-victim priority, the smallest sum of (priority + 2^31), the
fewest victims, the latest start among the highest-priority victims, then the first node.
Upstream breaks the last tie (and equal start times) at random; kubeloop takes the first
node by name and the older pod.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler.framework import Status

NO_VICTIMS = Status.unresolvable("No preemption victims found for incoming pod")
MIN_CANDIDATE_NODES_PERCENTAGE = 10
MIN_CANDIDATE_NODES_ABSOLUTE = 100
_PRIORITY_OFFSET = 2**31
"""``math.MaxInt32 + 1``: makes every priority non-negative before summing."""


@dataclass(frozen=True)
class Budget:
    """A PodDisruptionBudget as preemption reads it: its selector and disruptionsAllowed."""

    selector: LabelSelector
    disruptions_allowed: int


@dataclass(frozen=True)
class Candidate:
    """A node where preemption would make room, and the pods it would remove there."""

    node: str
    victims: tuple[PodRecord, ...]
    """Most important first."""
    pdb_violations: int


def start_time(pod: PodRecord, now: int) -> int:
    """``GetPodStartTime``: the pod's start, or now when it has not started."""
    return pod.started_at if pod.started_at is not None else now


def importance(now: int) -> Callable[[PodRecord], tuple[int, int, int]]:
    """Sort key, most important first: higher priority, earlier start, older pod."""
    return lambda pod: (-pod.priority, start_time(pod, now), pod.seq)


def split_by_budget(
    pods: Sequence[PodRecord], budgets: Sequence[Budget]
) -> tuple[list[PodRecord], list[PodRecord]]:
    """``filterPodsWithPDBViolation``: (pods whose removal breaks a budget, the others).

    Each matching budget's allowance is spent in the order given; an empty selector
    matches nothing here, as upstream's preemption code reads it.
    """
    allowed = [b.disruptions_allowed for b in budgets]
    violating: list[PodRecord] = []
    fine: list[PodRecord] = []
    for pod in pods:
        labels = pod.template.label_map
        broken = False
        if labels:
            for i, budget in enumerate(budgets):
                if budget.selector.empty or not budget.selector.matches(labels):
                    continue
                allowed[i] -= 1
                if allowed[i] < 0:
                    broken = True
        (violating if broken else fine).append(pod)
    return violating, fine


class NodeEdit(Protocol):
    """What ``select_victims_on_node`` may do to a node: take a pod off, put it back."""

    def remove(self, pod: PodRecord) -> None: ...

    def add(self, pod: PodRecord) -> None: ...


def select_victims_on_node(
    preemptor: PodRecord,
    pods: Sequence[PodRecord],
    edit: NodeEdit,
    fits: Callable[[], Status | None],
    budgets: Sequence[Budget],
    now: int,
) -> tuple[list[PodRecord], int, Status | None]:
    """(victims most important first, how many break a budget, why not — None: a candidate)."""
    potential = [p for p in pods if p.priority < preemptor.priority]
    if not potential:
        return [], 0, NO_VICTIMS
    for pod in potential:
        edit.remove(pod)
    status = fits()
    if status is not None:
        return [], 0, status
    key = importance(now)
    potential.sort(key=key)
    violating, fine = split_by_budget(potential, budgets)
    victims: list[PodRecord] = []

    def reprieve(pod: PodRecord) -> bool:
        edit.add(pod)
        if fits() is None:
            return True
        edit.remove(pod)
        victims.append(pod)
        return False

    violations = sum(1 for pod in violating if not reprieve(pod))
    for pod in fine:
        reprieve(pod)
    if violating and fine:
        victims.sort(key=key)
    return victims, violations, None


def candidates_wanted(potential_nodes: int) -> int:
    """``calculateNumCandidates``: 10% of the nodes, at least 100, at most all of them."""
    wanted = potential_nodes * MIN_CANDIDATE_NODES_PERCENTAGE // 100
    return min(max(wanted, MIN_CANDIDATE_NODES_ABSOLUTE), potential_nodes)


def pick_one_node(candidates: Sequence[Candidate], now: int) -> Candidate:
    """``pickOneNodeForPreemption`` over candidates in node order (ties: the first)."""

    def earliest_top_start(c: Candidate) -> int:
        top = c.victims[0].priority
        return min(start_time(p, now) for p in c.victims if p.priority == top)

    scores: list[Callable[[Candidate], int]] = [
        lambda c: -c.pdb_violations,
        lambda c: -c.victims[0].priority,
        lambda c: -sum(p.priority + _PRIORITY_OFFSET for p in c.victims),
        lambda c: -len(c.victims),
        earliest_top_start,
    ]
    remaining = list(candidates)
    for score in scores:
        values = [score(c) for c in remaining]
        best = max(values)
        remaining = [c for c, v in zip(remaining, values, strict=True) if v == best]
        if len(remaining) == 1:
            break
    return remaining[0]
