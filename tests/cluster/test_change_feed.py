"""The cluster's change feed (``cluster/change_feed.py``): records in the order things
happened, kept for every cursor until it has read them, and no read that takes anything
from another reader."""

from __future__ import annotations

import gc

from kubeloop import Cluster, Deployment, LabelSelector, Node, TopologySpreadConstraint
from kubeloop.cluster.change_feed import (
    BINDS,
    ChangeFeed,
    NodeAdded,
    NodeChanged,
    NodeRemoved,
    PodDeleted,
)

ZONE = "topology.kubernetes.io/zone"


def test_a_cursor_keeps_every_change_until_it_has_read_them() -> None:
    feed = ChangeFeed()
    cursor = feed.cursor()
    for i in range(500):
        feed.append(NodeChanged(f"node-{i}"), 1)
    position = feed.end
    read = feed.read(cursor)
    assert [change.node for change in read] == [f"node-{i}" for i in range(500)]
    assert cursor.read_to == position
    assert feed.read(cursor) == []


def test_a_plain_reader_is_told_to_start_over_once_the_names_outgrow_the_cluster() -> None:
    feed = ChangeFeed()
    cursor = feed.cursor()
    feed.append(NodeAdded("a"), 1)
    assert feed.nodes_since(0) == {"a"}
    for _ in range(200):
        feed.append(NodeChanged("b"), 1)
    assert feed.nodes_since(0) is None  # more names than a one-node cluster warrants
    assert feed.nodes_since(feed.end - 1) == {"b"}
    assert len(feed.since(0) or []) == 201  # the cursor has not read them: records kept
    assert len(feed.read(cursor)) == 201


def test_a_dropped_cursor_holds_nothing() -> None:
    feed = ChangeFeed()
    cursor = feed.cursor()
    feed.append(NodeRemoved("a"), 1)
    del cursor
    gc.collect()
    for _ in range(200):
        feed.append(NodeChanged("b"), 1)
    assert feed.since(0) is None


def test_one_reader_reading_leaves_the_changes_for_another() -> None:
    feed = ChangeFeed()
    first, second = feed.cursor(), feed.cursor()
    feed.append(NodeAdded("a"), 1)
    assert len(feed.read(first)) == 1
    for _ in range(200):
        feed.append(NodeChanged("b"), 1)
    assert feed.read(second)[0] == NodeAdded("a")


def _spread_cluster() -> Cluster:
    nodes = [Node(f"node-{i}", labels={ZONE: f"z{i % 3}"}) for i in range(6)]
    return Cluster(nodes=nodes, scoring="LeastAllocated")


def _spread(name: str, replicas: int) -> Deployment:
    constraint = TopologySpreadConstraint(1, ZONE, LabelSelector.of({"app": name}))
    return Deployment(name, replicas=replicas, cpu="100m", topology_spread=[constraint])


def test_binds_are_recorded_in_the_order_the_pods_were_placed() -> None:
    cluster = _spread_cluster()
    state = cluster._state
    start = state.feed.end
    cluster.apply(_spread("web", 9))
    cluster.reconcile()
    changes = state.feed.since(start)
    assert changes is not None
    bound = [p.name for c in changes if isinstance(c, BINDS) for p in c.pods]
    assert bound == [f"web-{i}" for i in range(1, 10)]  # spread decides them in order
    scheduled = [e.object.removeprefix("pod/") for e in cluster.events if e.reason == "Scheduled"]
    assert scheduled == bound


def test_recording_the_scheduled_events_leaves_the_binds_for_the_pod_counts() -> None:
    cluster = _spread_cluster()
    cluster.apply(_spread("web", 6))
    cluster.reconcile()
    counts = cluster._scheduler.counts  # type: ignore[union-attr]
    generation = counts.generation
    cluster.apply(_spread("api", 6))
    cluster.reconcile()  # its Scheduled events are recorded after the cycle: read, not taken
    cluster.apply(_spread("db", 3))
    cluster.reconcile()
    assert counts.generation == generation  # caught up from the feed: never counted afresh
    counts.sync()
    on_nodes = sum(sum(c.values()) for c in counts.on_node.values())
    assert on_nodes == sum(1 for p in cluster.pods() if p.node is not None) == 15


def test_a_deleted_bound_pod_is_recorded_with_its_node() -> None:
    cluster = _spread_cluster()
    cluster.apply(_spread("web", 3))
    cluster.reconcile()
    pod = next(p for p in cluster.pods("web") if p.node is not None)
    state = cluster._state
    start = state.feed.end
    cluster.delete_pod(pod.name)
    changes = state.feed.since(start)
    assert changes is not None
    assert [(c.node, c.pod.name) for c in changes if isinstance(c, PodDeleted)] == [
        (pod.node, pod.name)
    ]


def test_the_last_cursor_to_read_lets_the_records_go_and_keeps_the_names() -> None:
    feed = ChangeFeed()
    first, second = feed.cursor(), feed.cursor()
    feed.append(NodeChanged("a"), 100)
    feed.append(NodeChanged("b"), 100)
    feed.read(first)
    assert len(feed.since(0) or []) == 2  # the second cursor has not read them
    feed.read(second)
    assert feed.since(0) is None
    assert feed.since(feed.end) == []
    assert feed.nodes_since(0) == {"a", "b"}  # a plain reader need not start over
