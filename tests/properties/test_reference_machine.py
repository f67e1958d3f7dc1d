"""The production scheduler against the reference scheduler, as a state machine.

Two clusters take every operation in step: one schedules with ``Scheduler`` (batches,
per-class scoring, the capacity index, the queue's hints), the other with
``ReferenceScheduler`` (``reference.py``: every filter plugin on every node, every score
plugin on every feasible node, the first best node by name, bind) on ``ReferenceQueue``
(``queue/reference.py``: every Pending pod retried after any event).
Clusters mix node sizes, labels, taints of both effects, cordons and failures; workloads mix
node selectors, tolerations, node and pod (anti-)affinity of both kinds, topology spread of
both kinds and priorities (so preemption runs). After every step both must have placed the
same pods on the same nodes, and every pod the production cluster tried in that step must
carry the reference's FailedScheduling message.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kubeloop import (
    Affinity,
    Cluster,
    Deployment,
    KubeloopError,
    LabelSelector,
    Node,
    NodeSelectorTerm,
    PodAffinityTerm,
    PreferredSchedulingTerm,
    PriorityClass,
    ReconcileResult,
    Requirement,
    Taint,
    Toleration,
    TopologySpreadConstraint,
    WeightedPodAffinityTerm,
)
from kubeloop.cluster.queue import ReferenceQueue
from kubeloop.cluster.scheduler import ReferenceScheduler

pytestmark = pytest.mark.slow

NODES = [f"node-{i}" for i in range(1, 7)]
APPS = ["a", "b", "c", "d"]
CPUS = ["250m", "500m", "1", "1500m", "3"]
STRATEGIES = ["first-fit", "LeastAllocated", "MostAllocated", "BalancedAllocation"]
DEDICATED = Taint("dedicated", "x", "NoSchedule")
SPOT = Taint("spot", "", "PreferNoSchedule")
ZONE = "topology.kubernetes.io/zone"
HOSTNAME = "kubernetes.io/hostname"

node_sizes = st.sampled_from(
    [("1", "2Gi", 110), ("2", "4Gi", 110), ("4", "8Gi", 3), ("4", "2Gi", 110)]
)
kinds = st.sampled_from(
    [
        "plain",
        "plain",
        "selector",
        "tolerates",
        "prefers-ssd",
        "spread",
        "spread-soft",
        "anti",
        "alone",
        "anti-soft",
        "with-b",
    ]
)


def _node(name: str, size: tuple[str, str, int], labelled: bool, taint: int) -> Node:
    cpu, memory, pods = size
    labels = {ZONE: "z" + name[-1:] if int(name[-1]) % 2 else "z0"}
    if labelled:
        labels["disk"] = "ssd"
    taints = [[], [DEDICATED], [SPOT]][taint]
    return Node(name, cpu=cpu, memory=memory, pods=pods, labels=labels, taints=taints)


def _deployment(
    name: str, replicas: int, cpu: str, kind: str, priority: str | None = None
) -> Deployment:
    mine = LabelSelector.of({"app": name})
    extra: dict[str, object] = {}
    if kind == "selector":
        extra["node_selector"] = {"disk": "ssd"}
    elif kind == "tolerates":
        extra["tolerations"] = [Toleration("dedicated", "Equal", "x", "NoSchedule")]
    elif kind == "prefers-ssd":
        ssd = NodeSelectorTerm((Requirement("disk", "In", ("ssd",)),))
        extra["affinity"] = Affinity(node_preferred=(PreferredSchedulingTerm(50, ssd),))
    elif kind == "spread":
        extra["topology_spread"] = [TopologySpreadConstraint(1, ZONE, mine)]
    elif kind == "spread-soft":
        extra["topology_spread"] = [
            TopologySpreadConstraint(1, HOSTNAME, mine, when_unsatisfiable="ScheduleAnyway")
        ]
    elif kind == "anti":
        repelled = LabelSelector.of({"app": "a"})
        extra["affinity"] = Affinity(anti_required=(PodAffinityTerm(repelled, ZONE),))
    elif kind == "alone":
        extra["affinity"] = Affinity(anti_required=(PodAffinityTerm(mine, HOSTNAME),))
    elif kind == "anti-soft":
        term = WeightedPodAffinityTerm(80, PodAffinityTerm(mine, HOSTNAME))
        extra["affinity"] = Affinity(anti_preferred=(term,))
    elif kind == "with-b":
        term = WeightedPodAffinityTerm(60, PodAffinityTerm(LabelSelector.of({"app": "b"}), ZONE))
        extra["affinity"] = Affinity(pod_preferred=(term,))
    if priority is not None:
        extra["priority_class_name"] = priority
    return Deployment(name, replicas=replicas, cpu=cpu, memory="256Mi", **extra)  # type: ignore[arg-type]


def _use_reference(cluster: Cluster, strategy: str) -> None:
    """The reference scheduler on the reference queue: nothing sped up, nothing hinted."""
    cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(strategy)  # type: ignore[assignment]
    cluster._state.queue = ReferenceQueue(cluster._state.feed)  # type: ignore[assignment]


class SchedulerMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clusters: list[Cluster] = []
        self.last_pass = 0
        """Where the production cluster's events stood when its latest pass began."""

    @initialize(
        sizes=st.lists(node_sizes, min_size=1, max_size=5),
        labelled=st.lists(st.booleans(), min_size=5, max_size=5),
        taints=st.lists(st.integers(0, 2), min_size=5, max_size=5),
        strategy=st.sampled_from(STRATEGIES),
    )
    def start(
        self,
        sizes: list[tuple[str, str, int]],
        labelled: list[bool],
        taints: list[int],
        strategy: str,
    ) -> None:
        for reference in (False, True):
            nodes = [_node(NODES[i], s, labelled[i], taints[i]) for i, s in enumerate(sizes)]
            cluster = Cluster(nodes=nodes, scoring=strategy)
            cluster.add_priority_class(PriorityClass("low", 10))
            cluster.add_priority_class(PriorityClass("high", 1000))
            if reference:
                _use_reference(cluster, strategy)
            else:
                self._mark_passes(cluster)
            self.clusters.append(cluster)

    def _mark_passes(self, cluster: Cluster) -> None:
        passes = cluster._passes
        reconcile = passes.reconcile

        def marked() -> ReconcileResult:
            self.last_pass = len(cluster.events)
            return reconcile()

        passes.reconcile = marked  # type: ignore[method-assign]

    def both(self, operation: Callable[[Cluster], object]) -> None:
        """Run the operation on both clusters: both accept it or both refuse it alike."""
        self.last_pass = len(self.clusters[0].events)
        outcomes = []
        for cluster in self.clusters:
            try:
                operation(cluster)
                outcomes.append(None)
            except KubeloopError as error:
                outcomes.append(str(error))
        assert outcomes[0] == outcomes[1]

    @rule(
        name=st.sampled_from(APPS),
        replicas=st.integers(0, 8),
        cpu=st.sampled_from(CPUS),
        kind=kinds,
        settle=st.booleans(),
        priority=st.sampled_from([None, None, None, "low", "high"]),
    )
    def apply(
        self, name: str, replicas: int, cpu: str, kind: str, settle: bool, priority: str | None
    ) -> None:
        def run(cluster: Cluster) -> None:
            cluster.apply(_deployment(name, replicas, cpu, kind, priority))
            if settle:
                cluster.reconcile_until_stable()

        self.both(run)

    @rule(name=st.sampled_from(APPS), replicas=st.integers(0, 8))
    def scale(self, name: str, replicas: int) -> None:
        self.both(lambda c: (c.scale(name, replicas), c.reconcile()))

    @rule(which=st.integers(0, 40), settle=st.booleans())
    def delete_pod(self, which: int, settle: bool) -> None:
        running = sorted(p.name for p in self.clusters[1].pods() if p.node is not None)
        pods = running or sorted(p.name for p in self.clusters[1].pods())
        if not pods:
            return
        name = pods[which % len(pods)]
        self.both(lambda c: (c.delete_pod(name), c.reconcile_until_stable() if settle else None))

    @rule(
        node=st.sampled_from(NODES),
        action=st.sampled_from(["fail", "recover", "cordon", "uncordon", "taint", "untaint"]),
    )
    def change_node(self, node: str, action: str) -> None:
        operations: dict[str, Callable[[Cluster], object]] = {
            "fail": lambda c: c.fail_node(node),
            "recover": lambda c: c.recover_node(node),
            "cordon": lambda c: c.cordon(node),
            "uncordon": lambda c: c.uncordon(node),
            "taint": lambda c: c.taint(node, DEDICATED),
            "untaint": lambda c: c.untaint(node, DEDICATED.key),
        }
        self.both(lambda c: (operations[action](c), c.reconcile()))

    @rule(name=st.sampled_from(NODES), size=node_sizes, labelled=st.booleans())
    def add_node(self, name: str, size: tuple[str, str, int], labelled: bool) -> None:
        self.both(lambda c: (c.add_node(_node(name, size, labelled, 0)), c.reconcile()))

    @rule(seconds=st.sampled_from([15, 299, 300, 600]))
    def advance(self, seconds: int) -> None:
        self.both(lambda c: (c.advance(seconds), c.reconcile()))

    @rule()
    def settle(self) -> None:
        self.both(lambda c: c.reconcile_until_stable())

    @invariant()
    def same_placements(self) -> None:
        if not self.clusters:
            return
        production, reference = ({p.name: p.node for p in c.pods()} for c in self.clusters)
        assert production == reference

    @invariant()
    def tried_pods_carry_the_reference_message(self) -> None:
        if not self.clusters:
            return
        production, reference = self.clusters
        tried = {
            e.object.removeprefix("pod/")
            for e in production.events[self.last_pass :]
            if e.reason == "FailedScheduling"
        }
        messages = {p.name: p.reason for p in reference.pods()}
        for pod in production.pods():
            if pod.name in tried and pod.node is None:
                assert pod.reason == messages[pod.name], pod.name


SchedulerMachine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSchedulerMatchesTheReference = SchedulerMachine.TestCase
