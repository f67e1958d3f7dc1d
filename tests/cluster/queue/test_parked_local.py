"""Pods kept apart only by hostname anti-affinity are hinted per node (``parked_local.py``).

A node failing moves none of them (it passes nobody), though they take the message
upstream's retry would give them (``stale_messages.py``); a pod deleted from node N moves the
pods that now fit N; a bind moves nobody. While any repeller is keyed by zone, they move at
every event as every aware pod does. ``tests/properties/test_queue_machine.py`` checks the
placements against the retry-everything reference.
"""

from __future__ import annotations

from kubeloop import (
    Affinity,
    Cluster,
    Deployment,
    LabelSelector,
    Node,
    Pod,
    PodAffinityTerm,
    TopologySpreadConstraint,
)
from kubeloop.cluster.affinity import HOSTNAME
from kubeloop.cluster.queue.parked_local import reads_one_node, repellers_by_host

ZONE = "topology.kubernetes.io/zone"


def _alone(name: str, replicas: int, key: str = HOSTNAME) -> Deployment:
    term = PodAffinityTerm(LabelSelector.of({"app": name}), key)
    affinity = Affinity(anti_required=(term,))
    return Deployment(name, replicas=replicas, cpu="1", memory="256Mi", affinity=affinity)


def _failures(cluster: Cluster, pod: str) -> int:
    return sum(
        e.count for e in cluster.events if e.reason == "FailedScheduling" and e.object == pod
    )


def _pod(cluster: Cluster, name: str) -> Pod:
    return next(p for p in cluster.pods() if p.name == name)


def _three_nodes() -> Cluster:
    nodes = [Node(f"node-{i}", cpu="8", memory="8Gi", labels={ZONE: "z"}) for i in (1, 2, 3)]
    return Cluster(nodes=nodes)


def test_which_templates_read_one_node() -> None:
    by_host, by_zone = _alone("a", 1).template(), _alone("b", 1, ZONE).template()
    spread = Deployment(
        "c", topology_spread=[TopologySpreadConstraint(1, ZONE, LabelSelector.of({"app": "c"}))]
    ).template()
    affine = Deployment(
        "d",
        affinity=Affinity(pod_required=(PodAffinityTerm(LabelSelector.of({"app": "a"})),)),
    ).template()
    assert reads_one_node(by_host) and reads_one_node(Deployment("e").template())
    assert not any(reads_one_node(t) for t in (by_zone, spread, affine))
    assert repellers_by_host([by_host, Deployment("e").template()])
    assert not repellers_by_host([by_host, by_zone])


def test_a_node_failing_moves_no_pod_kept_apart_by_hostname_but_rewrites_its_message() -> None:
    cluster = _three_nodes()
    cluster.apply(_alone("web", 5))
    cluster.reconcile_until_stable()
    pending = sorted(p.name for p in cluster.pods("web") if p.node is None)
    assert len(pending) == 2
    reasons = {p.name: p.reason for p in cluster.pods("web")}
    cluster.fail_node("node-3")
    cluster.reconcile()
    fresh = [p for p in cluster.pods("web") if p.name not in reasons]
    assert len(fresh) == 1 and "untolerated taint" in (fresh[0].reason or "")
    # Not retried (no event), but upstream's InterPodAffinity hint queues them on any node
    # change (every node has the hostname key), and they fail as the replacement did.
    for name in pending:
        assert _pod(cluster, name).node is None
        assert _pod(cluster, name).reason == fresh[0].reason != reasons[name]
        assert _failures(cluster, f"pod/{name}") == 1


def test_a_pod_deleted_from_a_node_moves_the_pods_that_fit_there() -> None:
    cluster = _three_nodes()
    cluster.apply(_alone("web", 4))
    cluster.apply(_alone("api", 4))
    cluster.reconcile_until_stable()
    web_pending = [p.name for p in cluster.pods("web") if p.node is None]
    api_pending = [p.name for p in cluster.pods("api") if p.node is None]
    victim = next(p for p in cluster.pods("web") if p.node == "node-2")
    cluster.delete_pod(victim.name)
    cluster.reconcile()
    assert _pod(cluster, web_pending[0]).node == "node-2"  # the oldest Pending web pod
    for name in api_pending:  # node-2 still holds an api pod: not tried
        assert _failures(cluster, f"pod/{name}") == 1


def test_a_zone_keyed_repeller_moves_them_at_every_event() -> None:
    cluster = _three_nodes()
    cluster.apply(_alone("web", 4))
    cluster.apply(_alone("db", 1, ZONE))
    cluster.reconcile_until_stable()
    pending = next(p for p in cluster.pods("web") if p.node is None)
    cluster.fail_node("node-3")
    cluster.reconcile()
    assert "untolerated taint" in _pod(cluster, pending.name).reason  # tried again


def test_a_zone_keyed_repeller_deleted_frees_its_whole_zone() -> None:
    """db repels web from zone z; deleting db (from node-1, too small for web) lets web onto
    node-2. Asked on node-1 alone, the hint would have missed it: the check that every
    repeller is by hostname keeps web moving at every event."""
    nodes = [Node("node-1", cpu="1", memory="8Gi", labels={ZONE: "z"})]
    nodes.append(Node("node-2", cpu="4", memory="8Gi", labels={ZONE: "z"}))
    cluster = Cluster(nodes=nodes)
    term = PodAffinityTerm(LabelSelector.of({"app": "web"}), ZONE)
    db = Deployment("db", cpu="1", memory="256Mi", affinity=Affinity(anti_required=(term,)))
    cluster.apply(db)
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("web", replicas=1, cpu="2", memory="256Mi"))
    cluster.reconcile_until_stable()
    assert [p.node for p in cluster.pods("db")] == ["node-1"]
    assert [p.node for p in cluster.pods("web")] == [None]
    cluster.scale("db", 0)
    cluster.reconcile()
    assert [p.node for p in cluster.pods("web")] == ["node-2"]
