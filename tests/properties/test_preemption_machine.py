"""No pod is ever preempted by a pod of equal or lower priority; a Never pod preempts nothing.

A state machine declares PriorityClasses (some with preemptionPolicy Never), creates
deployments naming them (each keeps its class for life), scales them, adds and fails
nodes, deletes pods and reconciles, in any order. Its oracle knows every pod's priority
and policy from what it declared — the class its deployment named, 0 and
PreemptLowerPriority for none — not from the engine, and judges every preemption the
engine records against it: the victim's priority is strictly lower than the
preemptor's, the preemptor may preempt, and the preemptor went to the victim's node.
The engine's own priority for each live pod must agree with the oracle too.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kubeloop import Cluster, Deployment, Node, PriorityClass

NODES = ["node-1", "node-2", "node-3"]
DEPLOYMENTS = ["alpha", "bravo", "charlie", "delta"]
CLASSES = {
    "low": (-10, "PreemptLowerPriority"),
    "mid": (100, "PreemptLowerPriority"),
    "high": (1000, "PreemptLowerPriority"),
    "high-never": (1000, "Never"),
    "top-never": (5000, "Never"),
    "top": (5000, "PreemptLowerPriority"),
}
NO_CLASS = (0, "PreemptLowerPriority")


class PreemptionMachine(RuleBasedStateMachine):
    cluster: Cluster
    classes: dict[str, str | None]
    """The class each deployment named when the test created it (None: none)."""
    checked: int

    @initialize(nodes=st.integers(1, 3))
    def start(self, nodes: int) -> None:
        self.cluster = Cluster(nodes=[Node(n, cpu="2", memory="8Gi") for n in NODES[:nodes]])
        for name, (value, policy) in CLASSES.items():
            self.cluster.add_priority_class(
                PriorityClass(name, value, preemption_policy=policy)  # type: ignore[arg-type]
            )
        # A full cluster of priority-0 pods to begin with: later pods must preempt to run.
        self.classes = {"base": None}
        self.cluster.apply(Deployment("base", replicas=2 * nodes, cpu="1"))
        self.cluster.reconcile_until_stable()
        self.checked = 0

    def oracle(self, pod_name: str) -> tuple[int, str]:
        """(priority, preemptionPolicy) of a pod, from the deployment its name carries."""
        deployment = pod_name.rsplit("-", 1)[0]
        class_name = self.classes[deployment]
        return NO_CLASS if class_name is None else CLASSES[class_name]

    @rule(
        name=st.sampled_from(DEPLOYMENTS),
        class_name=st.sampled_from([None, *CLASSES]),
        replicas=st.integers(0, 5),
        cpu=st.sampled_from(["250m", "500m", "1", "2"]),
    )
    def create(self, name: str, class_name: str | None, replicas: int, cpu: str) -> None:
        if name in self.classes:
            return
        self.classes[name] = class_name
        self.cluster.apply(
            Deployment(name, replicas=replicas, cpu=cpu, priority_class_name=class_name)
        )

    @rule(name=st.sampled_from(DEPLOYMENTS), replicas=st.integers(0, 6))
    def scale(self, name: str, replicas: int) -> None:
        if name in self.classes:
            self.cluster.scale(name, replicas)

    @rule()
    def reconcile(self) -> None:
        self.cluster.reconcile_until_stable()

    @rule()
    def one_pass(self) -> None:
        self.cluster.reconcile()

    @rule(node=st.sampled_from(NODES))
    def add_node(self, node: str) -> None:
        if node not in {n.name for n in self.cluster.nodes()}:
            self.cluster.add_node(Node(node, cpu="2", memory="8Gi"))

    @rule(node=st.sampled_from(NODES), fail=st.booleans())
    def fail_or_recover(self, node: str, fail: bool) -> None:
        if node in {n.name for n in self.cluster.nodes()}:
            (self.cluster.fail_node if fail else self.cluster.recover_node)(node)

    @rule(index=st.integers(0, 30))
    def delete_pod(self, index: int) -> None:
        pods = self.cluster.pods()
        if pods:
            self.cluster.delete_pod(pods[index % len(pods)].name)

    @invariant()
    def every_preemption_is_by_a_strictly_higher_priority_pod_that_may_preempt(self) -> None:
        if not hasattr(self, "cluster"):
            return
        records = self.cluster.preemptions()
        for record in records[self.checked :]:
            preemptor, policy = self.oracle(record.preemptor)
            victim, _ = self.oracle(record.victim)
            assert victim < preemptor, (
                f"{record.victim} (priority {victim}) preempted by {record.preemptor} "
                f"(priority {preemptor})"
            )
            assert policy != "Never", f"{record.preemptor} preempts though its policy is Never"
            assert record.victim != record.preemptor
        self.checked = len(records)

    @invariant()
    def preemptors_went_where_they_made_room(self) -> None:
        if not hasattr(self, "cluster"):
            return
        live = {p.name: p for p in self.cluster.pods()}
        for record in self.cluster.preemptions():
            assert record.victim not in live, f"{record.victim} was preempted yet still exists"
            pod = live.get(record.preemptor)
            if pod is not None:  # kubeloop binds a preemptor at once, where it made room
                assert (pod.node, pod.nominated_node) == (record.node, record.node), pod

    @invariant()
    def every_pod_has_the_priority_admission_gave_it(self) -> None:
        if not hasattr(self, "cluster"):
            return
        for pod in self.cluster.pods():
            assert pod.priority == self.oracle(pod.name)[0], pod


PreemptionMachine.TestCase.settings = settings(
    max_examples=40, stateful_step_count=20, deadline=None, derandomize=True
)
TestPreemptionMachine = PreemptionMachine.TestCase
