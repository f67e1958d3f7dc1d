"""Pod names are ``<deployment>-<n>`` from the deployment's counter, however they are made."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node
from kubeloop.cluster import pod_state


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    calls=st.lists(st.tuples(st.integers(0, 80), st.integers(0, 40)), max_size=8),
    kept=st.integers(0, 60),
)
def test_names_from_the_table_and_past_it_are_the_formatted_ones(
    calls: list[tuple[int, int]], kept: int
) -> None:
    """Whatever the table holds when asked, and wherever its bound falls in a run."""
    table: list[str] = []
    with (
        mock.patch.object(pod_state, "SUFFIXES_KEPT", kept),
        mock.patch.object(pod_state, "_suffixes", table),
    ):
        for first, count in calls:
            made = pod_state.pod_names("web", first, count)
            assert made == [f"web-{i}" for i in range(first, first + count)]
            assert len(table) <= kept
    assert table == [f"-{i}" for i in range(len(table))]


def test_a_scaled_deployment_names_its_pods_from_one_on() -> None:
    cluster = Cluster(nodes=[Node("node-1", cpu="64", memory="64Gi")])
    cluster.apply(Deployment("web", replicas=3, cpu="1", memory="1Gi"))
    cluster.reconcile_until_stable()
    cluster.scale("web", 5)
    cluster.reconcile_until_stable()
    assert sorted(p.name for p in cluster.pods()) == [f"web-{i}" for i in range(1, 6)]
