"""Events that upstream's hints answer with a retry the exact hints spare, against the
reference.

Upstream's NodeResourcesFit hint (``isSchedulableAfterPodEvent``) queues every pod it
rejected whenever a bound pod is deleted, and InterPodAffinity's queue a pod with required
anti-affinity by hostname on any node event and on the deletion of a pod its term matches;
a pod that fits none of the touched nodes fails again and takes that failure's message.
kubeloop's exact hint does not retry it but gives it that message. The oracle is the
reference scheduler on the reference queue (``scheduler/reference.py``,
``queue/reference.py``), which retries every Pending pod after any event and walks every
node for each message: after one pass that follows such an event, every Pending pod
upstream would retry must carry the reference's message, the one its turn in the queue's
order gave it, before the binds of the pods after it (upstream pops one pod at a time).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kubeloop import (
    Affinity,
    Cluster,
    Deployment,
    LabelSelector,
    Node,
    PodAffinityTerm,
    Taint,
    Toleration,
)
from kubeloop.cluster.queue import ReferenceQueue
from kubeloop.cluster.scheduler import ReferenceScheduler, messages

pytestmark = pytest.mark.slow

TAINT = Taint("dedicated", "x", "NoSchedule")
OTHER = Taint("other", "y", "NoSchedule")
HOSTNAME = "kubernetes.io/hostname"
ROOM = ("Insufficient", "Too many pods")
INTER_POD = ("didn't match pod anti-affinity rules", "didn't satisfy existing pods anti-affinity")
sizes = st.sampled_from([("1", "2Gi", 110), ("2", "4Gi", 110), ("4", "8Gi", 3)])
kinds = st.sampled_from(["plain", "plain", "selector", "tolerates", "alone"])
cpus = st.sampled_from(["250m", "500m", "1", "1500m", "3"])


def _cluster(nodes: list[tuple[tuple[str, str, int], bool, bool]], reference: bool) -> Cluster:
    built = [
        Node(
            f"node-{i}",
            cpu=cpu,
            memory=memory,
            pods=pods,
            labels={"disk": "ssd"} if labelled else {},
            taints=[TAINT] if tainted else [],
        )
        for i, ((cpu, memory, pods), labelled, tainted) in enumerate(nodes, 1)
    ]
    cluster = Cluster(nodes=built)
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler()  # type: ignore[assignment]
        cluster._state.queue = ReferenceQueue(cluster._state.feed)  # type: ignore[assignment]
    return cluster


def _deployment(name: str, replicas: int, cpu: str, kind: str) -> Deployment:
    extra: dict[str, object] = {}
    if kind == "selector":
        extra["node_selector"] = {"disk": "ssd"}
    elif kind == "tolerates":
        extra["tolerations"] = [Toleration("dedicated", "Equal", "x", "NoSchedule")]
    elif kind == "alone":  # one pod of the app a node: hinted per node (``parked_local.py``)
        mine = LabelSelector.of({"app": name})
        extra["affinity"] = Affinity(anti_required=(PodAffinityTerm(mine, HOSTNAME),))
    return Deployment(name, replicas=replicas, cpu=cpu, memory="256Mi", **extra)  # type: ignore[arg-type]


cases = {
    "nodes": st.lists(st.tuples(sizes, st.booleans(), st.booleans()), min_size=1, max_size=4),
    "apps": st.lists(st.tuples(st.integers(1, 8), cpus, kinds), min_size=1, max_size=4),
    "action": st.sampled_from(["fail", "delete", "scale", "cordon then delete", "cordon", "taint"]),
    "which": st.integers(0, 40),
}
Nodes = list[tuple[tuple[str, str, int], bool, bool]]
Apps = list[tuple[int, str, str]]


@settings(max_examples=300, deadline=None)
@given(**cases)
def test_a_delete_gives_the_pods_it_does_not_help_the_message_upstream_retries_give(
    nodes: Nodes, apps: Apps, action: str, which: int
) -> None:
    _check(nodes, apps, action, which)


@settings(max_examples=150, deadline=None)
@given(**cases)
def test_so_it_does_for_groups_whose_histogram_is_gone(
    nodes: Nodes, apps: Apps, action: str, which: int
) -> None:
    """One histogram kept: the other groups are walked by node class (``by_class``)."""
    kept = messages.LIMIT
    messages.LIMIT = 1
    try:
        _check(nodes, apps, action, which)
    finally:
        messages.LIMIT = kept


def _check(nodes: Nodes, apps: Apps, action: str, which: int) -> None:
    clusters = [_cluster(nodes, reference) for reference in (False, True)]
    for cluster in clusters:
        for index, (replicas, cpu, kind) in enumerate(apps):
            cluster.apply(_deployment(f"app-{index}", replicas, cpu, kind))
        cluster.reconcile_until_stable()
    hinted, reference = clusters
    running = sorted(p.name for p in reference.pods() if p.node is not None)
    assume(running and any(p.node is None for p in reference.pods()))
    victim = running[which % len(running)]
    node = next(p.node for p in reference.pods() if p.name == victim)
    results, old = [], {p.name: p.reason or "" for p in hinted.pods()}
    bound = {p.name: p.deployment for p in reference.pods() if p.node is not None}
    for cluster in clusters:
        if action == "fail":
            cluster.fail_node(node or "")
        elif action == "scale":
            owner = next(p.deployment for p in cluster.pods() if p.name == victim)
            cluster.scale(owner, len(cluster.pods(owner)) - 1)
        elif action in ("cordon", "taint"):  # a node event, and no pod leaves
            cluster.cordon(node or "") if action == "cordon" else cluster.taint(node or "", OTHER)
        else:
            if action == "cordon then delete":
                cluster.cordon(node or "")
                cluster.reconcile()
                old = {p.name: p.reason or "" for p in hinted.pods()}
            cluster.delete_pod(victim)
        results.append(cluster.reconcile())
    assert [r.scheduled for r in results] == [results[1].scheduled] * 2
    left = {p.name for p in reference.pods()}
    gone = {bound[name] for name in bound if name not in left}  # a scale-down's may be Pending
    node_event = action in ("fail", "cordon", "taint")
    assume(gone or node_event)
    expected = {p.name: p.reason for p in reference.pods()}
    alone = {f"app-{i}" for i, (*_, kind) in enumerate(apps) if kind == "alone"}
    for pod in hinted.pods():
        message = expected[pod.name] or ""
        room_rejected = any(r in message for r in ROOM)
        if pod.node is None and pod.deployment not in alone and gone and room_rejected:
            assert pod.reason == message, pod.name
        if pod.node is None and pod.deployment in alone and pod.name in old:
            # Upstream's hints: NodeResourcesFit on a bound pod's deletion; InterPodAffinity
            # on any node event (every node has the hostname key) or on the deletion of a
            # pod its own term matches (one of its own app).
            room = bool(gone) and any(r in old[pod.name] for r in ROOM)
            repelled = any(r in old[pod.name] for r in INTER_POD)
            if room or (repelled and (node_event or pod.deployment in gone)):
                assert pod.reason == message, pod.name
