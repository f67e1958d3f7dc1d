"""The scheduling queue's hints against the retry-everything reference, as a state machine.

Two clusters take every operation in step: one schedules with the hinted queue, the other
with the reference queue (``queue/reference.py``), which retries every Pending pod after any
event; both schedule with the same scheduler. After every step both must have placed the
same pods on the same nodes, and every pod the hinted cluster tried in that step must carry
the message the reference gives it. A hint that wrongly skips a pod leaves it Pending where
the reference places it; a message replayed over the wrong nodes differs from the walk.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, rule

from kubeloop import Cluster, PriorityClass
from kubeloop.cluster.queue import ReferenceQueue
from tests.properties.twin_clusters import DEDICATED, NODES, NodeSize, make_node, twin_rules

pytestmark = pytest.mark.slow

node_sizes = st.sampled_from([("1", "2Gi", 110), ("2", "4Gi", 110), ("4", "8Gi", 3)])
kinds = st.sampled_from(
    ["plain", "plain", "plain", "selector", "tolerates", "spread", "anti", "alone", "host-a"]
)


class QueueMachine(twin_rules(node_sizes=node_sizes, kinds=kinds)):  # type: ignore[misc]
    @initialize(
        sizes=st.lists(node_sizes, min_size=1, max_size=4),
        labelled=st.lists(st.booleans(), min_size=4, max_size=4),
        strategy=st.sampled_from(["first-fit", "first-fit", "LeastAllocated", "MostAllocated"]),
    )
    def start(self, sizes: list[NodeSize], labelled: list[bool], strategy: str) -> None:
        for reference in (False, True):
            nodes = [
                make_node(NODES[i], s, labelled[i], [DEDICATED] * (i == 1))
                for i, s in enumerate(sizes)
            ]
            cluster = Cluster(nodes=nodes, scoring=strategy)
            cluster.add_priority_class(PriorityClass("low", 10))
            cluster.add_priority_class(PriorityClass("high", 1000))
            if reference:
                cluster._state.queue = ReferenceQueue()  # type: ignore[assignment]
            else:
                self.mark_passes(cluster)
            self.clusters.append(cluster)

    @rule(strategy=st.sampled_from(["first-fit", "LeastAllocated"]))
    def set_scoring(self, strategy: str) -> None:
        self.both(lambda c: (c.set_scoring(strategy), c.reconcile()))


QueueMachine.TestCase.settings = settings(
    max_examples=200,
    stateful_step_count=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
TestQueueMatchesTheReference = QueueMachine.TestCase
