"""The ``Cluster`` façade is composed of parts (``cluster.py``), each handed only the state
and collaborators it needs — never the cluster itself, so nothing in it points back."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from kubeloop import HPA, Cluster, Deployment, LabelSelector, Node, NodeGroup, PodDisruptionBudget


@pytest.fixture
def no_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_dropped_cluster_is_freed_at_once_parts_and_all(no_collector: None) -> None:
    cluster = Cluster(nodes=[Node("node-1")])
    cluster.apply(Deployment("web", replicas=2))
    cluster.autoscale("web", HPA(min_replicas=1, max_replicas=3, target=50))
    cluster.add_disruption_budget(
        PodDisruptionBudget("web", LabelSelector.of({"app": "web"}), min_available=1)
    )
    cluster.add_node_group(NodeGroup("pool", max_size=2))
    cluster.run_for(60)
    ref = weakref.ref(cluster)
    del cluster
    assert ref() is None  # by reference counting alone: no cycle through a part


def test_the_facade_inherits_nothing() -> None:
    assert Cluster.__mro__ == (Cluster, object)
