"""Which parked pods upstream's hints would retry after a cycle's events
(``stale_messages.retried_upstream``), rule by rule from upstream's hint functions."""

from __future__ import annotations

from operator import attrgetter
from types import SimpleNamespace

import pytest

from kubeloop import Affinity, Cluster, Deployment, LabelSelector, Node, PodAffinityTerm
from kubeloop.cluster.pods import PodRecord
from kubeloop.cluster.scheduler import ReferenceScheduler
from kubeloop.cluster.scheduler.stale_messages import StaleMessages, retried_upstream

HOSTNAME = "kubernetes.io/hostname"
ANTI = "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules."
EXISTING = "0/1 nodes are available: 1 node(s) didn't satisfy existing pods anti-affinity rules."
ROOM = "0/1 nodes are available: 1 Insufficient cpu."


def _records() -> dict[str, PodRecord]:
    """One pod each: "alone" (anti-affinity to its own app by host), "other" (plain), and
    "repelled" (no terms of its own; "guard"'s anti-affinity repels it)."""
    cluster = Cluster(nodes=[Node("node-1", cpu="8", memory="8Gi")])
    own = Affinity(anti_required=(PodAffinityTerm(LabelSelector.of({"app": "alone"}), HOSTNAME),))
    guard = Affinity(
        anti_required=(PodAffinityTerm(LabelSelector.of({"app": "repelled"}), HOSTNAME),)
    )
    cluster.apply(Deployment("alone", replicas=1, cpu="1", affinity=own))
    cluster.apply(Deployment("other", replicas=1, cpu="1"))
    cluster.apply(Deployment("guard", replicas=1, cpu="1", affinity=guard))
    cluster.apply(Deployment("repelled", replicas=1, cpu="1"))
    cluster.reconcile_until_stable()
    return {p.deployment: p for p in cluster._state.pods.values()}


@pytest.fixture
def pods() -> dict[str, PodRecord]:
    return _records()


def _with(pod: PodRecord, message: str) -> PodRecord:
    pod.message = message
    return pod


def test_a_deleted_pod_its_own_term_matches_retries_it(pods: dict[str, PodRecord]) -> None:
    alone = _with(pods["alone"], ANTI)
    assert retried_upstream(alone, [pods["alone"]], node_event=False)
    assert not retried_upstream(alone, [pods["other"]], node_event=False)


def test_any_node_event_retries_a_pod_with_hostname_anti_affinity(
    pods: dict[str, PodRecord],
) -> None:
    assert retried_upstream(_with(pods["alone"], ANTI), [], node_event=True)
    assert not retried_upstream(_with(pods["alone"], ROOM), [], node_event=True)


def test_a_pod_repelled_only_by_others_terms_is_not_retried(pods: dict[str, PodRecord]) -> None:
    repelled = _with(pods["repelled"], EXISTING)
    assert not retried_upstream(repelled, [pods["guard"]], node_event=True)


def test_a_room_rejection_is_retried_on_any_bound_pods_deletion(
    pods: dict[str, PodRecord],
) -> None:
    other = _with(pods["other"], ROOM)
    assert retried_upstream(other, [pods["guard"]], node_event=False)
    assert not retried_upstream(other, [], node_event=True)


@pytest.mark.parametrize("reference", [False, True], ids=["production", "reference"])
def test_a_renewed_message_sees_the_cluster_at_the_pods_turn_not_after_the_cycle(
    reference: bool,
) -> None:
    """``big`` fits nowhere; a bound pod's deletion retries it upstream (NodeResourcesFit's
    hint), and it is popped before the pods created since: its message is the one of the
    cluster before ``mid-1`` fills node b's only pod slot later in the same cycle."""
    cluster = Cluster(nodes=[Node("a", cpu="1", memory="4Gi"), Node("b", cpu="4", pods=1)])
    if reference:
        cluster._scheduler = cluster._passes.scheduler = ReferenceScheduler()  # type: ignore[assignment]
    cluster.apply(Deployment("small", replicas=1, cpu="1", memory="256Mi"))
    cluster.apply(Deployment("big", replicas=1, cpu="5", memory="256Mi"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("mid", replicas=1, cpu="2", memory="256Mi"))
    cluster.delete_pod("small-1")
    cluster.reconcile()
    placed = {p.name: p.node for p in cluster.pods()}
    assert placed == {"small-2": "a", "mid-1": "b", "big-1": None}
    (big,) = cluster.pods("big")
    assert big.reason == (
        "0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: "
        "2 No preemption victims found for incoming pod."
    )


def test_each_parked_pod_is_renewed_at_its_turn_between_batches() -> None:
    """Pods 2, 5 and 9 are parked; batches start at pods 4 and 7. The first renewal is
    asked before batch 4 (for pod 2), the second, after a bind, before batch 7 (for 5), and
    9 is renewed at the end without a new walk (nothing bound since)."""
    parked = [SimpleNamespace(seq=seq, message="old") for seq in (9, 2, 5)]
    walks: list[str] = []

    def renewal() -> str:
        walks.append(f"walk {len(walks) + 1}")
        return walks[-1]

    stale = StaleMessages(attrgetter("seq"))
    stale.add(parked, renewal)  # type: ignore[arg-type]
    stale.renew_before(SimpleNamespace(seq=4), binds=0)  # type: ignore[arg-type]
    assert [p.message for p in parked] == ["old", "walk 1", "old"]
    stale.renew_before(SimpleNamespace(seq=7), binds=1)  # type: ignore[arg-type]
    assert [p.message for p in parked] == ["old", "walk 1", "walk 2"]
    stale.renew_before(None, binds=1)
    assert [p.message for p in parked] == ["walk 2", "walk 1", "walk 2"]
    assert walks == ["walk 1", "walk 2"]


def test_pods_upstream_would_not_retry_keep_their_message() -> None:
    parked = [SimpleNamespace(seq=seq, message="old") for seq in (1, 2)]
    stale = StaleMessages(attrgetter("seq"))
    stale.add(parked, lambda: None)  # type: ignore[arg-type]
    stale.renew_before(None, binds=0)
    assert [p.message for p in parked] == ["old", "old"]
