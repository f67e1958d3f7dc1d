"""The cluster's invariants, each a named ``@invariant``, checked after every rule.

They read the engine only through its public views and judge it against what the state
machine declared (``ClusterModel``) and the oracles in ``oracles.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis.stateful import RuleBasedStateMachine, invariant

from kubeloop import Cluster, RolloutSnapshot
from kubeloop.harness.explore.invariants import (
    Known,
    Moment,
    no_node_is_overcommitted,
    nothing_new_lands_where_it_may_not,
)
from kubeloop.harness.explore.observe import Observed, observe_cluster
from tests.properties.oracles import (
    UNREACHABLE,
    IntOrPercent,
    NodeModel,
    Resources,
    TaintModel,
    fits_some_node,
    rollout_budget,
    untolerated,
)
from tests.properties.strategies import TOLERATIONS


@dataclass
class Spec:
    """A deployment as the test last declared it."""

    requests: Resources
    version: str
    strategy: str
    max_surge: IntOrPercent
    max_unavailable: IntOrPercent


@dataclass(frozen=True)
class Outcome:
    """One operation's result: was a rejection expected, what was raised, state around it."""

    label: str
    expect_rejection: bool
    error: str | None
    before: tuple[object, ...]
    after: tuple[object, ...]


@dataclass(frozen=True)
class RolloutCheck:
    """A rollout's snapshots and the bounds the rule allows for them."""

    label: str
    replicas: int
    surge: int
    unavailable: int
    snapshots: tuple[RolloutSnapshot, ...]


@dataclass(frozen=True)
class SettleCheck:
    """The state a settle left, and what one more pass did to it."""

    settled: tuple[object, ...]
    after_one_more: tuple[object, ...]
    one_more: str
    changed: bool


@dataclass
class ClusterModel:
    """Everything the test declared, kept by the test: the oracle's inputs."""

    nodes: dict[str, NodeModel] = field(default_factory=dict)
    taints: dict[str, set[TaintModel]] = field(default_factory=dict)
    failed: set[str] = field(default_factory=set)
    cordoned: set[str] = field(default_factory=set)
    specs: dict[str, Spec] = field(default_factory=dict)
    requests: dict[tuple[str, str], Resources] = field(default_factory=dict)
    """Requests of every (deployment, version) ever declared; a version names one template."""
    autoscaled: set[str] = field(default_factory=set)

    def node_taints(self, name: str) -> frozenset[TaintModel]:
        """The declared taints plus the two node failure adds."""
        taints = set(self.taints.get(name, set()))
        if name in self.failed:
            taints |= {
                TaintModel(UNREACHABLE, "", "NoSchedule"),
                TaintModel(UNREACHABLE, "", "NoExecute"),
            }
        return frozenset(taints)


class ClusterInvariants(RuleBasedStateMachine):
    """Invariants over ``self.cluster`` and ``self.model``; the rules live in the subclass."""

    def __init__(self) -> None:
        super().__init__()
        self.cluster = Cluster()
        self.model = ClusterModel()
        self.placed: dict[str, str] = {}
        """Pod → the node it was bound to when the invariants last ran."""
        self.no_execute_mark: int | None = None
        """The latest pass's number when the last NoExecute taint was added."""
        self.outcome: Outcome | None = None
        self.rollout: RolloutCheck | None = None
        self.settle: SettleCheck | None = None
        self.seen = Observed()
        """The cluster as ``kubeloop explore`` saw it when the invariants last ran."""

    def latest_pass(self) -> int:
        """The latest pass's number (the history keeps only its latest records)."""
        history = self.cluster.history
        return history[-1].number + history[-1].repeats - 1 if history else 0

    @invariant()
    def explore_finds_nothing_broken(self) -> None:
        """The rules ``kubeloop explore`` checks, stated once, hold here too (judged on the
        nodes this machine failed and cordoned, never on the engine's word)."""
        now = observe_cluster(self.cluster)
        known = Known(
            set(self.model.failed), set(self.model.failed), False, set(self.model.cordoned)
        )
        moment = Moment("", self.seen, now, False, ())
        for rule in (no_node_is_overcommitted, nothing_new_lands_where_it_may_not):
            broken = rule(moment, known)
            assert broken is None, f"{broken.rule}: {broken.detail}"
        self.seen = now

    @invariant()
    def views_match_what_was_declared(self) -> None:
        model = self.model
        assert [n.name for n in self.cluster.nodes()] == sorted(model.nodes)
        for node in self.cluster.nodes():
            declared = model.nodes[node.name]
            assert (node.cpu, node.memory, node.max_pods) == (
                declared.cpu,
                declared.memory,
                declared.pods,
            )
            assert node.ready == (node.name not in model.failed), node
            assert node.unschedulable == (node.name in model.cordoned), node
            seen = {TaintModel(t.key, t.value, t.effect) for t in node.taints}
            assert seen == model.node_taints(node.name), (node.name, seen)
        for pod in self.cluster.pods():
            request = model.requests[(pod.deployment, pod.version)]
            assert (pod.cpu, pod.memory) == (request.cpu, request.memory), pod

    @invariant()
    def no_node_is_overcommitted(self) -> None:
        """Requests on a node never exceed its cpu, memory or pod count."""
        on_node: dict[str, list[Resources]] = {name: [] for name in self.model.nodes}
        for pod in self.cluster.pods():
            if pod.node is not None:
                on_node[pod.node].append(self.model.requests[(pod.deployment, pod.version)])
        for name, requests in on_node.items():
            node = self.model.nodes[name]
            assert sum(r.cpu for r in requests) <= node.cpu, f"{name}: cpu over-committed"
            assert sum(r.memory for r in requests) <= node.memory, f"{name}: memory over-committed"
            assert len(requests) <= node.pods, f"{name}: more pods than it allows"

    @invariant()
    def failed_nodes_hold_no_pods(self) -> None:
        for pod in self.cluster.pods():
            assert pod.node not in self.model.failed, f"{pod.name} is on failed {pod.node}"

    @invariant()
    def nothing_new_lands_where_it_may_not(self) -> None:
        """A pod bound since the last check went to a Ready, uncordoned node it tolerates.

        Nodes change only at the start of a rule, so the node as it is now is the node the
        scheduler saw. A bound pod never moves to another node.
        """
        placed = {p.name: p.node for p in self.cluster.pods() if p.node is not None}
        for pod in self.cluster.pods():
            if pod.node is None:
                continue
            before = self.placed.get(pod.name)
            if before is not None:
                assert before == pod.node, f"{pod.name} moved from {before} to {pod.node}"
                continue
            assert pod.node not in self.model.failed, f"new pod {pod.name} on failed {pod.node}"
            assert pod.node not in self.model.cordoned, f"new pod {pod.name} on cordoned {pod.node}"
            taints = self.model.node_taints(pod.node)
            refused = untolerated(taints, TOLERATIONS[pod.deployment], {"NoSchedule", "NoExecute"})
            assert not refused, f"new pod {pod.name} on {pod.node} despite taints {refused}"
        self.placed = {name: node for name, node in placed.items() if node is not None}

    @invariant()
    def no_execute_taints_respected_after_a_pass(self) -> None:
        if self.no_execute_mark is not None and self.latest_pass() <= self.no_execute_mark:
            return  # no pass since the taint went on: eviction is the next pass's job
        for pod in self.cluster.pods():
            if pod.node is None:
                continue
            taints = self.model.node_taints(pod.node)
            refused = untolerated(taints, TOLERATIONS[pod.deployment], {"NoExecute"})
            assert not refused, f"{pod.name} still on {pod.node} despite {refused}"

    @invariant()
    def pods_that_fit_nowhere_are_pending(self) -> None:
        """Unschedulable is an outcome: Pending with the scheduler's reason, never an error."""
        for pod in self.cluster.pods():
            assert (pod.node is None) == (pod.phase == "Pending"), pod
            if pod.node is None:
                assert pod.reason, f"{pod.name} is Pending without a reason"
            request = self.model.requests[(pod.deployment, pod.version)]
            if not fits_some_node(request, self.model.nodes):
                assert pod.node is None, f"{pod.name} fits no node but is on {pod.node}"

    @invariant()
    def rollout_stays_within_budget(self) -> None:
        """Every pass: ready >= replicas - maxUnavailable and total <= replicas + maxSurge."""
        check = self.rollout
        if check is None:
            return
        for step in check.snapshots:
            assert step.total <= check.replicas + check.surge, (check.label, step, check)
            assert step.ready >= check.replicas - check.unavailable, (check.label, step, check)

    @invariant()
    def invalid_operations_are_rejected(self) -> None:
        outcome = self.outcome
        if outcome is not None and outcome.expect_rejection:
            assert outcome.error is not None, f"{outcome.label} was accepted"

    @invariant()
    def valid_operations_are_accepted(self) -> None:
        outcome = self.outcome
        if outcome is not None and not outcome.expect_rejection:
            assert outcome.error is None, f"{outcome.label} was rejected: {outcome.error}"

    @invariant()
    def rejected_operations_change_nothing(self) -> None:
        outcome = self.outcome
        if outcome is not None and outcome.error is not None:
            assert outcome.before == outcome.after, f"{outcome.label} failed but changed state"

    @invariant()
    def a_settled_cluster_stays_settled(self) -> None:
        """After a settle returns, one more pass changes nothing (issue 12)."""
        check, self.settle = self.settle, None
        if check is None:
            return
        assert not check.changed, f"one more pass after settling: {check.one_more}"
        assert check.after_one_more == check.settled, "one more pass after settling changed state"

    @invariant()
    def autoscalers_recommend_within_bounds(self) -> None:
        for name in sorted(self.model.autoscaled):
            info = self.cluster.autoscaler(name)
            recommendation = info.recommendation
            if recommendation is not None and recommendation != 0:
                assert info.min_replicas <= recommendation <= info.max_replicas, info


def bounds(spec: Spec, replicas: int) -> tuple[int, int]:
    """The rule's (surge, unavailable) for a spec at ``replicas``."""
    return rollout_budget(spec.max_surge, spec.max_unavailable, replicas)
