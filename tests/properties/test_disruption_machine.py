"""No drain and no eviction ever breaks a disruption budget that held.

A state machine scales, adds nodes, uncordons, evicts and drains in any order. The
oracle counts Ready pods itself and knows the budget's desired count from its spec
(an integer minAvailable, or replicas - maxUnavailable), independently of the engine's
status computation: a voluntary eviction may never take the healthy count below it.
"""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kubeloop import (
    Cluster,
    Deployment,
    EvictionRefusedError,
    LabelSelector,
    Node,
    PodDisruptionBudget,
)

NODES = ["node-1", "node-2", "node-3", "node-4"]


class DisruptionMachine(RuleBasedStateMachine):
    cluster: Cluster
    replicas: int
    budget: tuple[str, int]

    @initialize(
        replicas=st.integers(1, 8),
        kind=st.sampled_from(["minAvailable", "maxUnavailable"]),
        value=st.integers(0, 8),
        nodes=st.integers(1, 3),
    )
    def start(self, replicas: int, kind: str, value: int, nodes: int) -> None:
        self.cluster = Cluster(nodes=[Node(n, cpu="2") for n in NODES[:nodes]])
        self.replicas = replicas
        self.cluster.apply(Deployment("web", replicas=replicas, cpu="500m"))
        field = "min_available" if kind == "minAvailable" else "max_unavailable"
        selector = LabelSelector.of({"app": "web"})
        self.cluster.add_disruption_budget(
            PodDisruptionBudget("web", selector, **{field: value})  # type: ignore[arg-type]
        )
        self.budget = (kind, value)
        self.cluster.reconcile_until_stable()

    def desired(self) -> int:
        kind, value = self.budget
        if kind == "minAvailable":
            return value
        expected = self.replicas if self.cluster.pods("web") else 0  # the pods' controller
        return max(0, expected - value)

    def healthy(self) -> int:
        return sum(1 for p in self.cluster.pods("web") if p.ready)

    def check_voluntary(self, before: int) -> None:
        """Evictions alone may not take the healthy count below min(before, desired)."""
        assert self.healthy() >= min(before, self.desired()), (
            f"healthy {before} → {self.healthy()} with budget {self.budget} "
            f"(desired {self.desired()})"
        )

    @rule(replicas=st.integers(0, 8))
    def scale(self, replicas: int) -> None:
        self.cluster.scale("web", replicas)
        self.replicas = replicas

    @rule()
    def reconcile(self) -> None:
        self.cluster.reconcile_until_stable()

    @rule(node=st.sampled_from(NODES))
    def add_node(self, node: str) -> None:
        if node not in {n.name for n in self.cluster.nodes()}:
            self.cluster.add_node(Node(node, cpu="2"))

    @rule(node=st.sampled_from(NODES))
    def uncordon(self, node: str) -> None:
        if node in {n.name for n in self.cluster.nodes()}:
            self.cluster.uncordon(node)

    @rule(index=st.integers(0, 7))
    def evict(self, index: int) -> None:
        self.cluster.reconcile_until_stable()  # only the eviction changes what follows
        pods = self.cluster.pods("web")
        if not pods:
            return
        before = self.healthy()
        try:
            self.cluster.evict(pods[index % len(pods)].name)
        except EvictionRefusedError as error:
            assert error.code == 429
            assert self.healthy() == before
        self.check_voluntary(before)

    @rule(node=st.sampled_from(NODES), timeout=st.sampled_from([0, 5, 20]))
    def drain(self, node: str, timeout: int) -> None:
        if node not in {n.name for n in self.cluster.nodes()}:
            return
        self.cluster.reconcile_until_stable()  # then only the drain takes pods away
        before = self.healthy()
        result = self.cluster.drain(node, timeout=timeout)
        self.check_voluntary(before)
        assert result.drained == (not self.cluster.node(node).pods)
        assert self.cluster.node(node).unschedulable

    @invariant()
    def status_agrees_with_the_oracle(self) -> None:
        info = self.cluster.disruption_budget("web")
        assert info.current_healthy == self.healthy()
        assert info.desired_healthy == self.desired()
        if info.expected_pods > 0:
            assert info.disruptions_allowed == max(0, self.healthy() - self.desired())


DisruptionMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=15, deadline=None, derandomize=True
)
TestDisruptionMachine = DisruptionMachine.TestCase
