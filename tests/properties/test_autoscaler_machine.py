"""The cluster autoscaler keeps every node group within [min, max] and never breaks a
disruption budget.

A state machine scales two deployments up and down and lets time pass ten seconds (one
autoscaler loop) at a time. The oracle is independent of the autoscaler's own views: it
finds a group's nodes in the cluster's node list by their ``<group>-<n>`` names, and counts
the Ready pods a budget selects itself, knowing the budget's desired count from its spec
(an integer minAvailable). Between two loops, with no scaling by the user and no node
failing, only the autoscaler's drains take pods away, so the healthy count may not fall
below min(what it was, minAvailable).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from kubeloop import (
    AutoscalerSettings,
    Cluster,
    Deployment,
    LabelSelector,
    Node,
    NodeGroup,
    PodDisruptionBudget,
)

pytestmark = pytest.mark.slow

GROUPS = ("alpha", "beta")


class AutoscalerMachine(RuleBasedStateMachine):
    cluster: Cluster
    bounds: dict[str, tuple[int, int]]
    min_available: int

    @initialize(
        alpha=st.tuples(st.integers(0, 2), st.integers(0, 3)),
        beta=st.tuples(st.integers(0, 1), st.integers(1, 3)),
        delay=st.sampled_from([0, 30, 60]),
        min_available=st.integers(0, 4),
        unneeded=st.sampled_from([60, 600]),
    )
    def start(
        self,
        alpha: tuple[int, int],
        beta: tuple[int, int],
        delay: int,
        min_available: int,
        unneeded: int,
    ) -> None:
        self.cluster = Cluster(nodes=[Node("node-1", cpu="2", memory="4Gi")])
        self.bounds = {}
        for name, (low, extra) in zip(GROUPS, (alpha, beta), strict=True):
            cpu = "4" if name == "alpha" else "2"
            initial = low + (1 if extra else 0)  # one node it may remove, from the start
            self.cluster.add_node_group(
                NodeGroup(
                    name,
                    min_size=low,
                    max_size=low + extra,
                    cpu=cpu,
                    memory="8Gi",
                    initial_size=initial,
                )
            )
            self.bounds[name] = (low, low + extra)
        self.cluster.configure_autoscaler(
            AutoscalerSettings(
                provisioning_delay=delay,
                scale_down_unneeded_time=unneeded,
                scale_down_delay_after_add=unneeded,
            )
        )
        self.cluster.apply(Deployment("web", replicas=2, cpu="700m", memory="512Mi"))
        self.cluster.apply(
            Deployment("api", replicas=3, cpu="200m", memory="256Mi", startup_seconds=20)
        )
        self.min_available = min_available
        selector = LabelSelector.of({"app": "api"})
        self.cluster.add_disruption_budget(
            PodDisruptionBudget("api", selector, min_available=min_available)
        )
        self.cluster.reconcile_until_stable()

    def healthy(self) -> int:
        return sum(1 for p in self.cluster.pods("api") if p.ready)

    def members(self, group: str) -> list[str]:
        pattern = re.compile(rf"{group}-\d+")
        return [n.name for n in self.cluster.nodes() if pattern.fullmatch(n.name)]

    @rule(name=st.sampled_from(["web", "api"]), replicas=st.integers(0, 14))
    def scale(self, name: str, replicas: int) -> None:
        self.cluster.scale(name, replicas)
        self.cluster.reconcile_until_stable()  # the user's change, before any time passes

    @rule(loops=st.integers(1, 70))
    def time_passes(self, loops: int) -> None:
        for _ in range(loops):
            before = self.healthy()
            self.cluster.run_for(10)
            after = self.healthy()
            assert after >= min(before, self.min_available), (
                f"api went from {before} to {after} Ready pods in one loop with "
                f"minAvailable {self.min_available}"
            )

    @invariant()
    def groups_stay_within_their_bounds(self) -> None:
        for name, (low, high) in self.bounds.items():
            members = self.members(name)
            info = self.cluster.node_group(name)
            assert low <= len(members) <= high, (name, members, (low, high))
            assert info.target_size <= high, (name, info.target_size, high)
            assert sorted(info.nodes) == sorted(members)


AutoscalerMachine.TestCase.settings = settings(
    max_examples=20, stateful_step_count=10, deadline=None, derandomize=True
)
TestAutoscalerMachine = AutoscalerMachine.TestCase
