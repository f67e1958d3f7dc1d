"""DefaultPreemption, the PostFilter that runs when a pod fits no node.

``Evaluator.Preempt`` (``framework/preemption/preemption.go``): a pod whose
preemptionPolicy is Never preempts nothing ("not eligible due to
preemptionPolicy=Never."); only nodes whose filter said Unschedulable are tried —
UnschedulableAndUnresolvable ones (taints, affinity, cordon, …) become "Preemption is not
helpful for scheduling"; on each, ``select_victims_on_node`` (``victims.py``) dry-runs the
removal; with no candidate the FailedScheduling message gains ``preemption: 0/N nodes are
available: …`` over those per-node answers, with a candidate the best node's victims are
deleted (``Normal Preempted "Preempted by pod <uid> on node <node>"``) and the pod is
nominated to that node. kubeloop deletes at once (no graceful termination), so the
preemptor is retried straight away and binds to its nominated node in the same cycle.

When every pod ever admitted has the same priority no pod can be a victim, and the
suffix follows from the filter answers alone: one walk over the nodes, as before.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from functools import partial

from kubeloop.cluster.disruption import status as budget_status
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.priority import MAX_RECORDS, NEVER, Preemption
from kubeloop.cluster.scheduler.cycle import CycleResult
from kubeloop.cluster.scheduler.fit_error import NO_NODES, fit_error_message
from kubeloop.cluster.scheduler.framework import Code, FilterPlugin, Status
from kubeloop.cluster.scheduler.victims import (
    NO_VICTIMS,
    Budget,
    Candidate,
    candidates_wanted,
    pick_one_node,
    select_victims_on_node,
)
from kubeloop.cluster.state import ClusterState

NOT_HELPFUL = "Preemption is not helpful for scheduling"
NEVER_MESSAGE = "not eligible due to preemptionPolicy=Never."
_UIDS = uuid.UUID("6f1c1d52-7d6b-4c4e-9a51-0b8f3c2a9e10")


Recount = Callable[[ClusterState], None]
"""The plugins that count other pods count them again (a simulated eviction moved pods)."""
Place = Callable[[ClusterState, PodRecord, NodeRecord, CycleResult], None]
"""Bind the pod to the node and note it in the result, as the scheduler does."""
Park = Callable[[ClusterState, PodRecord, str, CycleResult], None]
"""Leave the pod Pending with the message and park it, as the scheduler does."""


def pod_uid(pod: PodRecord) -> str:
    """A deterministic stand-in for the pod's UID (kubeloop pods have none of their own)."""
    return str(uuid.uuid5(_UIDS, f"{pod.name}/{pod.seq}"))


def first_failure(pod: PodRecord, node: NodeRecord, filters: list[FilterPlugin]) -> Status | None:
    for plugin in filters:
        status = plugin.filter(pod, node)
        if status is not None:
            return status
    return None


def failure_message(state: ClusterState, pod: PodRecord, filters: list[FilterPlugin]) -> str:
    """The FailedScheduling text when no pod can be a victim (equal priorities, or Never).

    One walk over the nodes: each node's first failing filter gives its reasons, and its
    code says what preemption would answer there (no victims, or not helpful).
    """
    main: list[tuple[str, ...]] = []
    resolvable = 0
    unschedulable = Code.UNSCHEDULABLE
    for node in state.nodes_in_order():
        for plugin in filters:  # first_failure, inlined: this walk is the hot one
            status = plugin.filter(pod, node)
            if status is not None:
                main.append(status.reasons)
                if status.code is unschedulable:
                    resolvable += 1
                break
    total = len(state.nodes)
    if total == 0:
        return NO_NODES
    return fit_error_message(total, main) + suffix(pod, total, resolvable, len(main))


def suffix(pod: PodRecord, total: int, resolvable: int, failing: int) -> str:
    """What preemption adds when no pod can be a victim: ``failing`` of the ``total``
    nodes rejected the pod, ``resolvable`` of them as Unschedulable (no victims there)."""
    if pod.preemption_policy == NEVER:
        return f" preemption: {NEVER_MESSAGE}"
    counts = ((resolvable, NO_VICTIMS.reasons[0]), (failing - resolvable, NOT_HELPFUL))
    items = sorted(f"{count} {reason}" for count, reason in counts if count)
    if not items:  # some node fits after all: nothing for preemption to say
        return ""
    return f" preemption: 0/{total} nodes are available: {', '.join(items)}."


def needed(state: ClusterState) -> bool:
    """Pods of different priorities (or preemption policies) have existed: failures need
    the dry run, or at least answers per pod, not one shared message."""
    priorities = state.priorities
    return priorities.varied or len(priorities.policies) > 1


class _Simulation:
    """Takes pods off one node and puts them back, restoring it exactly afterwards."""

    def __init__(self, state: ClusterState, node: NodeRecord, recount: Recount) -> None:
        self.state, self.node, self.recount = state, node, recount
        self.saved = list(node.pods.items())
        self.cpu, self.memory = node.allocated_cpu, node.allocated_memory

    def remove(self, pod: PodRecord) -> None:
        del self.node.pods[pod.name]
        self.node.allocated_cpu -= pod.template.cpu
        self.node.allocated_memory -= pod.template.memory
        pod.node = None
        self.recount(self.state)

    def add(self, pod: PodRecord) -> None:
        self.node.pods[pod.name] = pod
        self.node.allocated_cpu += pod.template.cpu
        self.node.allocated_memory += pod.template.memory
        pod.node = self.node.name
        self.recount(self.state)

    def restore(self) -> None:
        self.node.pods.clear()
        self.node.pods.update(self.saved)
        for _, pod in self.saved:
            pod.node = self.node.name
        self.node.allocated_cpu, self.node.allocated_memory = self.cpu, self.memory
        self.recount(self.state)


def _budgets(state: ClusterState) -> list[Budget]:
    budgets = state.priorities.budgets
    return [
        Budget(budgets[n].selector, budget_status(state, budgets[n]).disruptions_allowed)
        for n in sorted(budgets)
    ]


def dry_run(
    state: ClusterState,
    pod: PodRecord,
    potential: list[NodeRecord],
    filters: list[FilterPlugin],
    recount: Recount,
) -> tuple[list[Candidate], list[tuple[str, ...]]]:
    """``DryRunPreemption`` from the first node by name (upstream: a random offset);
    ``filters`` are every filter the pod is asked."""
    budgets = _budgets(state)
    now = state.clock.now
    wanted = candidates_wanted(len(potential))
    fine: list[Candidate] = []
    violating: list[Candidate] = []
    failed: list[tuple[str, ...]] = []
    for node in potential:
        edit = _Simulation(state, node, recount)
        try:
            victims, broken, status = select_victims_on_node(
                pod,
                list(node.pods.values()),
                edit,
                partial(first_failure, pod, node, filters),
                budgets,
                now,
            )
        finally:
            edit.restore()
        if status is not None:
            failed.append(status.reasons)
            continue
        if not victims:
            failed.append((f'expected at least one victim pod on node "{node.name}"',))
            continue
        (violating if broken else fine).append(Candidate(node.name, tuple(victims), broken))
        if fine and len(fine) + len(violating) >= wanted:
            break
    return fine[:wanted] + violating[:wanted], failed


def _evict(state: ClusterState, pod: PodRecord, chosen: Candidate) -> None:
    uid = pod_uid(pod)
    records = state.priorities.preemptions
    for victim in chosen.victims:
        name = f"pod/{victim.name}"
        state.events.normal("Preempted", name, f"Preempted by pod {uid} on node {chosen.node}")
        state.delete_pod(victim)
        state.events.normal("Killing", name, f"Stopping container {victim.name}")
        records.append(Preemption(pod.name, uid, victim.name, chosen.node, state.clock.now))
    del records[:-MAX_RECORDS]


def _attempt(
    state: ClusterState, pod: PodRecord, filters: list[FilterPlugin], recount: Recount
) -> tuple[str, Candidate | None]:
    """``Preempt`` for one pod: (FailedScheduling message, the candidate acted on)."""
    nodes = list(state.nodes_in_order())
    if not nodes:
        return NO_NODES, None
    statuses = [(node, first_failure(pod, node, filters)) for node in nodes]
    main = fit_error_message(len(nodes), (s.reasons for _, s in statuses if s is not None))
    if pod.preemption_policy == NEVER:
        return f"{main} preemption: {NEVER_MESSAGE}", None
    potential = [n for n, s in statuses if s is not None and s.code is Code.UNSCHEDULABLE]
    candidates, failed = dry_run(state, pod, potential, filters, recount) if potential else ([], [])
    if not candidates:
        pod.nominated_node = None
        absent = [(NOT_HELPFUL,)] * (len(nodes) - len(failed))
        return f"{main} preemption: {fit_error_message(len(nodes), [*failed, *absent])}", None
    chosen = pick_one_node(candidates, state.clock.now)
    _evict(state, pod, chosen)
    pod.nominated_node = chosen.node
    return main, chosen


def handle_failures(
    state: ClusterState,
    pods: list[PodRecord],
    result: CycleResult,
    *,
    filters: Callable[[PodRecord], list[FilterPlugin]],
    recount: Recount,
    place: Place,
    park: Park,
) -> list[PodRecord]:
    """PostFilter for pods that fit nowhere: preempt for those that can, fail the rest.
    ``filters`` gives the filters a pod is asked.

    Pods of one priority and policy share an answer while nothing changes. A preemption
    changes the cluster, so the pods after it are known to fit nowhere no longer: upstream
    gives each its own scheduling cycle, filter and score first. They are handed back
    untried, for the caller to schedule again.
    """
    answers: dict[tuple[int, str], str] = {}
    for i, pod in enumerate(pods):
        key = (pod.priority, pod.preemption_policy)
        known = answers.get(key)
        if known is not None:
            park(state, pod, known, result)
            continue
        message, chosen = _attempt(state, pod, filters(pod), recount)
        if chosen is None:
            answers[key] = message
            park(state, pod, message, result)
            continue
        state.events.warning("FailedScheduling", f"pod/{pod.name}", message)
        place(state, pod, state.nodes[chosen.node], result)
        result.preempted.extend(v.name for v in chosen.victims)
        return pods[i + 1 :]
    return []
