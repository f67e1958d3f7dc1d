"""Two clusters in step, one of them the reference: what the scheduler's two differential
machines share (``test_reference_machine.py``, ``test_queue_machine.py``).

Both clusters take every operation; both must accept or refuse it alike, place the same
pods on the same nodes after every step, and every pod the first cluster tried in the
step's latest pass must carry the message the reference gives it. The machines differ in
what they put in the reference cluster and in the shapes they draw: each passes its own
node sizes and workload kinds to ``twin_rules``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

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
    ReconcileResult,
    Requirement,
    Taint,
    Toleration,
    TopologySpreadConstraint,
    WeightedPodAffinityTerm,
)

NODES = [f"node-{i}" for i in range(1, 7)]
APPS = ["a", "b", "c", "d"]
CPUS = ["250m", "500m", "1", "1500m", "3"]
DEDICATED = Taint("dedicated", "x", "NoSchedule")
SPOT = Taint("spot", "", "PreferNoSchedule")
ZONE = "topology.kubernetes.io/zone"
HOSTNAME = "kubernetes.io/hostname"

NodeSize = tuple[str, str, int]
"""cpu, memory, pods."""


def make_node(name: str, size: NodeSize, labelled: bool, taints: Sequence[Taint] = ()) -> Node:
    """Odd nodes have a zone of their own, even ones share ``z0``; ``labelled``: disk=ssd."""
    cpu, memory, pods = size
    labels = {ZONE: "z" + name[-1:] if int(name[-1]) % 2 else "z0"}
    if labelled:
        labels["disk"] = "ssd"
    return Node(name, cpu=cpu, memory=memory, pods=pods, labels=labels, taints=list(taints))


def make_deployment(
    name: str, replicas: int, cpu: str, kind: str, priority: str | None = None
) -> Deployment:
    """A deployment of one placement kind (``plain`` asks nothing but room)."""
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
        # Repels the pods of "a", whatever they ask: their placement then reads this pod.
        repelled = LabelSelector.of({"app": "a"})
        extra["affinity"] = Affinity(anti_required=(PodAffinityTerm(repelled, ZONE),))
    elif kind == "alone":
        # One pod of the app a node: hinted per node while every repeller is by hostname.
        extra["affinity"] = Affinity(anti_required=(PodAffinityTerm(mine, HOSTNAME),))
    elif kind == "host-a":
        # Repels the pods of "a" by hostname: they are hinted per node too.
        repelled = LabelSelector.of({"app": "a"})
        extra["affinity"] = Affinity(anti_required=(PodAffinityTerm(repelled, HOSTNAME),))
    elif kind == "anti-soft":
        term = WeightedPodAffinityTerm(80, PodAffinityTerm(mine, HOSTNAME))
        extra["affinity"] = Affinity(anti_preferred=(term,))
    elif kind == "with-b":
        term = WeightedPodAffinityTerm(60, PodAffinityTerm(LabelSelector.of({"app": "b"}), ZONE))
        extra["affinity"] = Affinity(pod_preferred=(term,))
    if priority is not None:
        extra["priority_class_name"] = priority
    return Deployment(name, replicas=replicas, cpu=cpu, memory="256Mi", **extra)  # type: ignore[arg-type]


class TwinClusters(RuleBasedStateMachine):
    """The clusters (the one under test first, the reference second) and the invariants."""

    def __init__(self) -> None:
        super().__init__()
        self.clusters: list[Cluster] = []
        self.last_pass = 0
        """Where the first cluster's events stood when its latest pass began."""

    def mark_passes(self, cluster: Cluster) -> None:
        """Note where the cluster's events stand as each of its passes begins."""
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

    @invariant()
    def same_placements(self) -> None:
        if not self.clusters:
            return
        tested, reference = ({p.name: p.node for p in c.pods()} for c in self.clusters)
        assert tested == reference

    @invariant()
    def tried_pods_carry_the_reference_message(self) -> None:
        if not self.clusters:
            return
        tested, reference = self.clusters
        # A pod tried in an earlier pass of the step and not since may differ: binds never
        # help a pod kept out by anti-affinity alone, so the hint (as upstream's) does not
        # retry it, though they can change which filter fails first on a node.
        tried = {
            e.object.removeprefix("pod/")
            for e in tested.events[self.last_pass :]
            if e.reason == "FailedScheduling"
        }
        messages = {p.name: p.reason for p in reference.pods()}
        for pod in tested.pods():
            if pod.name in tried and pod.node is None:
                assert pod.reason == messages[pod.name], pod.name


def twin_rules(
    *, node_sizes: st.SearchStrategy[NodeSize], kinds: st.SearchStrategy[str]
) -> type[TwinClusters]:
    """The operations both machines run, drawing nodes and workloads from their strategies."""

    class TwinRules(TwinClusters):
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
                cluster.apply(make_deployment(name, replicas, cpu, kind, priority))
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
            self.both(
                lambda c: (c.delete_pod(name), c.reconcile_until_stable() if settle else None)
            )

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

        @rule(
            node=st.sampled_from(NODES),
            zone=st.sampled_from(["z0", "z1", "z9", None]),
            disk=st.sampled_from(["ssd", "hdd", None]),
        )
        def relabel_node(self, node: str, zone: str | None, disk: str | None) -> None:
            """Move a node to another zone (or out of every zone) and change its disk: the
            domains the topology plugins count and the selectors' verdicts move; its pods stay."""
            labels = {ZONE: zone, "disk": disk}
            self.both(lambda c: (c.label_node(node, labels), c.reconcile()))

        @rule(name=st.sampled_from(NODES), size=node_sizes, labelled=st.booleans())
        def add_node(self, name: str, size: NodeSize, labelled: bool) -> None:
            self.both(lambda c: (c.add_node(make_node(name, size, labelled)), c.reconcile()))

        @rule(seconds=st.sampled_from([15, 299, 300, 600]))
        def advance(self, seconds: int) -> None:
            self.both(lambda c: (c.advance(seconds), c.reconcile()))

        @rule()
        def settle(self) -> None:
            self.both(lambda c: c.reconcile_until_stable())

    return TwinRules
