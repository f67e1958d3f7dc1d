"""The production scheduler against the reference scheduler, as a state machine.

Two clusters take every operation in step: one schedules with ``Scheduler`` (batches,
per-class scoring, the capacity index, the queue's hints), the other with
``ReferenceScheduler`` (``reference.py``: every filter plugin on every node, every score
plugin on every feasible node, the first best node by name, bind) on ``ReferenceQueue``
(``queue/reference.py``: every Pending pod retried after any event).
Clusters mix node sizes, labels (changed on running nodes too), taints of both effects,
cordons and failures; workloads mix node selectors, tolerations, node and pod (anti-)affinity
of both kinds, topology spread of both kinds and priorities (so preemption runs). After every
step both must have placed the same pods on the same nodes, and every pod the production
cluster tried in that step must carry the reference's FailedScheduling message.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from kubeloop import Cluster, PriorityClass
from kubeloop.cluster.queue import ReferenceQueue
from kubeloop.cluster.scheduler import ReferenceScheduler
from tests.properties.twin_clusters import (
    DEDICATED,
    NODES,
    SPOT,
    NodeSize,
    make_node,
    twin_rules,
)

pytestmark = pytest.mark.slow

STRATEGIES = ["first-fit", "LeastAllocated", "MostAllocated", "BalancedAllocation"]

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


def _use_reference(cluster: Cluster, strategy: str) -> None:
    """The reference scheduler on the reference queue: nothing sped up, nothing hinted."""
    cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler(strategy)  # type: ignore[assignment]
    cluster._state.queue = ReferenceQueue(cluster._state.feed)  # type: ignore[assignment]


class SchedulerMachine(twin_rules(node_sizes=node_sizes, kinds=kinds)):  # type: ignore[misc]
    @initialize(
        sizes=st.lists(node_sizes, min_size=1, max_size=5),
        labelled=st.lists(st.booleans(), min_size=5, max_size=5),
        taints=st.lists(st.integers(0, 2), min_size=5, max_size=5),
        strategy=st.sampled_from(STRATEGIES),
    )
    def start(
        self, sizes: list[NodeSize], labelled: list[bool], taints: list[int], strategy: str
    ) -> None:
        for reference in (False, True):
            nodes = [
                make_node(NODES[i], s, labelled[i], [[], [DEDICATED], [SPOT]][taints[i]])
                for i, s in enumerate(sizes)
            ]
            cluster = Cluster(nodes=nodes, scoring=strategy)
            cluster.add_priority_class(PriorityClass("low", 10))
            cluster.add_priority_class(PriorityClass("high", 1000))
            if reference:
                _use_reference(cluster, strategy)
            else:
                self.mark_passes(cluster)
            self.clusters.append(cluster)


SchedulerMachine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSchedulerMatchesTheReference = SchedulerMachine.TestCase
