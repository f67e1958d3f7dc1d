"""Every bind records the Scheduled event kubectl shows, in the order the pods were bound."""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Node
from kubeloop.cluster.scheduled_events import scheduled_text


def _cluster(scoring: str, ttl: int | None = None) -> Cluster:
    nodes = [Node(f"node-{i}", cpu="4", memory="16Gi") for i in range(3)]
    cluster = Cluster(nodes=nodes, scoring=scoring, event_ttl=ttl)
    cluster.apply(Deployment("web", replicas=7, cpu="1", memory="1Gi"))
    cluster.apply(Deployment("api", replicas=3, cpu="1", memory="1Gi"))
    return cluster


@pytest.mark.parametrize("scoring", ["first-fit", "LeastAllocated", "MostAllocated"])
def test_each_bound_pod_has_its_scheduled_event_in_bind_order(scoring: str) -> None:
    """First-fit binds runs of pods to a node at once, scoring one pod at a time."""
    cluster = _cluster(scoring)
    result = cluster.reconcile()
    where = {pod.name: pod.node for pod in cluster.pods()}
    scheduled = [e for e in cluster.events if e.reason == "Scheduled"]
    assert [e.object for e in scheduled] == [f"pod/{name}" for name in result.scheduled]
    assert len(scheduled) == 10 and all(e.type == "Normal" for e in scheduled)
    for event in scheduled:
        name = event.object.removeprefix("pod/")
        assert event.message == f"Successfully assigned default/{name} to {where[name]}"
        assert (event.count, event.first_time, event.time) == (1, 0, 0)
    assert [e for e in result.events if e.reason == "Scheduled"] == scheduled
    assert [e.seq for e in cluster.events] == list(range(1, len(cluster.events) + 1))


def test_a_pod_bound_later_gets_the_next_numbers_and_the_pass_slice_shows_them() -> None:
    cluster = _cluster("first-fit")
    cluster.reconcile_until_stable()
    before = len(cluster.events)
    cluster.advance(30)
    victim = cluster.pods("web")[0].name
    cluster.delete_pod(victim)
    result = cluster.reconcile()
    (replacement,) = result.created
    (event,) = [e for e in result.events if e.reason == "Scheduled"]
    node = cluster.pods()[[p.name for p in cluster.pods()].index(replacement)].node
    assert (event.object, event.time, event.first_time) == (f"pod/{replacement}", 30, 30)
    assert event.message == f"Successfully assigned default/{replacement} to {node}"
    assert event.seq > before and cluster.events[-len(result.events) :] == list(result.events)


def test_scheduled_events_expire_with_the_event_ttl() -> None:
    cluster = _cluster("first-fit", ttl=60)
    cluster.reconcile_until_stable()
    assert sum(e.reason == "Scheduled" for e in cluster.events) == 10
    cluster.advance(59)
    assert sum(e.reason == "Scheduled" for e in cluster.events) == 10
    cluster.advance(1)
    assert not [e for e in cluster.events if e.reason == "Scheduled"]


def test_the_text_is_the_one_kubectl_shows() -> None:
    assert scheduled_text("web-1", "node-7") == (
        "pod/web-1",
        "Successfully assigned default/web-1 to node-7",
    )
