"""PodDisruptionBudgets: disruption_test.go's status rows, the eviction API, kubectl drain."""

from __future__ import annotations

import pytest

from kubeloop import (
    Cluster,
    Deployment,
    EvictionRefusedError,
    LabelSelector,
    Node,
    PodDisruptionBudget,
    Toleration,
)
from kubeloop.errors import InvalidSpecError
from tests.conftest import nodes, running

WEB = LabelSelector.of({"app": "web"})


def status(cluster: Cluster, name: str = "web") -> tuple[int, int, int, int]:
    """``VerifyPdbStatus(allowed, currentHealthy, desiredHealthy, expectedPods)``."""
    info = cluster.disruption_budget(name)
    return (
        info.disruptions_allowed,
        info.current_healthy,
        info.desired_healthy,
        info.expected_pods,
    )


def one_slot_cluster(slots: int) -> Cluster:
    """Nodes that take one pod each, so ``slots`` pods run and the rest stay Pending."""
    return Cluster(nodes=[Node(f"node-{i}", pods=1) for i in range(1, slots + 1)])


@pytest.mark.parametrize(
    ("budget", "scale", "rescale", "before", "after"),
    [
        # TestPercentageMaxUnavailableWithScaling
        (PodDisruptionBudget("web", WEB, max_unavailable="30%"), 7, 3, (0, 1, 4, 7), (0, 1, 2, 3)),
        # TestIntegerMaxUnavailableWithScaling
        (PodDisruptionBudget("web", WEB, max_unavailable=2), 7, 5, (0, 1, 5, 7), (0, 1, 3, 5)),
        # TestReplicaSet: minAvailable 20% of an RS of 10 with one pod
        (
            PodDisruptionBudget("web", WEB, min_available="20%"),
            10,
            10,
            (0, 1, 2, 10),
            (0, 1, 2, 10),
        ),
    ],
)
def test_status_with_scaling(
    budget: PodDisruptionBudget,
    scale: int,
    rescale: int,
    before: tuple[int, ...],
    after: tuple[int, ...],
) -> None:
    cluster = one_slot_cluster(1)
    cluster.apply(Deployment("web", replicas=scale, cpu="100m"))
    cluster.add_disruption_budget(budget)
    cluster.reconcile_until_stable()
    assert status(cluster) == before
    cluster.scale("web", rescale)
    cluster.reconcile_until_stable()
    assert status(cluster) == after


def test_replication_controller_percentage_as_pods_come_up() -> None:
    """TestReplicationController: minAvailable 34% of 3 needs ceil(1.02) = 2."""
    cluster = one_slot_cluster(1)
    cluster.apply(Deployment("web", replicas=3, cpu="100m"))
    cluster.add_disruption_budget(PodDisruptionBudget("web", WEB, min_available="34%"))
    cluster.reconcile_until_stable()
    seen = [status(cluster)]
    for name in ("node-2", "node-3"):
        cluster.add_node(Node(name, pods=1))
        cluster.reconcile_until_stable()
        seen.append(status(cluster))
    assert seen == [(0, 1, 2, 3), (0, 2, 2, 3), (1, 3, 2, 3)]


def test_unavailable_pods_do_not_count_as_healthy() -> None:
    """TestUnavailable: minAvailable 3 over 4 ready pods allows 1; one unready allows 0."""
    stays = Toleration("node.kubernetes.io/unreachable", "Exists", effect="NoExecute")
    cluster = one_slot_cluster(4)
    cluster.apply(Deployment("web", replicas=4, cpu="100m", tolerations=[stays]))
    cluster.add_disruption_budget(PodDisruptionBudget("web", WEB, min_available=3))
    cluster.reconcile_until_stable()
    assert status(cluster) == (1, 4, 3, 4)
    cluster.fail_node("node-4")  # the pod tolerates it forever: it stays, NotReady
    cluster.reconcile_until_stable()
    assert status(cluster) == (0, 3, 3, 4)


def test_a_budget_may_not_set_both_min_and_max() -> None:
    with pytest.raises(InvalidSpecError, match="cannot be both set"):
        PodDisruptionBudget("web", WEB, min_available=1, max_unavailable=1)


def test_a_budget_with_neither_expects_no_pods_and_allows_no_eviction() -> None:
    """policy/v1 accepts it; getExpectedPodCount leaves expectedPods 0, and
    updatePdbStatus allows no disruption while expectedPods <= 0."""
    cluster = packed(budget=PodDisruptionBudget("web", WEB))
    assert status(cluster) == (0, 3, 0, 0)
    with pytest.raises(EvictionRefusedError) as refused:
        cluster.evict("web-1")
    assert refused.value.code == 429
    assert len(running(cluster, "web")) == 3


def packed(replicas: int = 3, budget: PodDisruptionBudget | None = None) -> Cluster:
    """``web`` of ``replicas`` all on node-1 (first fit), two more empty nodes."""
    cluster = Cluster(nodes=nodes(3))
    cluster.apply(Deployment("web", replicas=replicas, cpu="500m", memory="256Mi"))
    if budget is not None:
        cluster.add_disruption_budget(budget)
    cluster.reconcile_until_stable()
    return cluster


def test_eviction_without_a_budget_deletes_the_pod() -> None:
    cluster = packed()
    cluster.evict("web-1")
    assert "web-1" not in {p.name for p in cluster.pods()}


def test_eviction_refused_with_429_while_the_budget_would_break() -> None:
    cluster = packed(budget=PodDisruptionBudget("web", WEB, min_available=3))
    with pytest.raises(EvictionRefusedError) as refused:
        cluster.evict("web-1")
    assert refused.value.code == 429
    assert refused.value.message == (
        "Cannot evict pod as it would violate the pod's disruption budget."
    )
    assert refused.value.cause == (
        "DisruptionBudget: The disruption budget web needs 3 healthy pods and has 3 currently"
    )
    assert len(running(cluster, "web")) == 3  # nothing changed


def test_eviction_spends_the_budget() -> None:
    cluster = packed(budget=PodDisruptionBudget("web", WEB, max_unavailable=1))
    cluster.evict("web-1")
    with pytest.raises(EvictionRefusedError, match="429"):
        cluster.evict("web-2")
    cluster.reconcile_until_stable()  # the replacement is up: budget again
    cluster.evict("web-2")


def test_two_budgets_over_one_pod_is_a_500() -> None:
    cluster = packed(budget=PodDisruptionBudget("web", WEB, max_unavailable=1))
    cluster.add_disruption_budget(PodDisruptionBudget("web-too", WEB, max_unavailable=1))
    with pytest.raises(EvictionRefusedError, match="more than one PodDisruptionBudget") as error:
        cluster.evict("web-1")
    assert error.value.code == 500


def test_a_pending_pod_bypasses_the_budget() -> None:
    cluster = Cluster(nodes=[Node("node-1", pods=1)])
    cluster.apply(Deployment("web", replicas=2, cpu="100m"))
    cluster.add_disruption_budget(PodDisruptionBudget("web", WEB, min_available=2))
    cluster.reconcile_until_stable()
    pending = next(p.name for p in cluster.pods() if p.phase == "Pending")
    cluster.evict(pending)
    assert pending not in {p.name for p in cluster.pods()}


def test_an_unready_pod_is_evicted_without_spending_a_met_budget() -> None:
    stays = Toleration("node.kubernetes.io/unreachable", "Exists", effect="NoExecute")
    cluster = one_slot_cluster(4)
    cluster.apply(Deployment("web", replicas=4, cpu="100m", tolerations=[stays]))
    cluster.add_disruption_budget(PodDisruptionBudget("web", WEB, min_available=3))
    cluster.reconcile_until_stable()
    cluster.fail_node("node-4")
    unready = next(p.name for p in cluster.pods() if not p.ready)
    assert cluster.disruption_budget("web").disruptions_allowed == 0
    cluster.evict(unready)  # IfHealthyBudget: 3 healthy >= 3 desired
    with pytest.raises(EvictionRefusedError):
        cluster.evict("web-1")


def test_drain_without_time_evicts_what_the_budget_allows_and_reports_the_rest() -> None:
    cluster = packed(budget=PodDisruptionBudget("web", WEB, min_available=2))
    result = cluster.drain("node-1")
    assert result.evicted == ("web-1",)
    assert [pod for pod, _ in result.refused] == ["web-2", "web-3"]
    assert "needs 2 healthy pods and has 2 currently" in result.refused[0][1]
    assert not result.drained
    assert cluster.node("node-1").unschedulable


def test_drain_retries_every_5_seconds_until_the_budget_allows() -> None:
    cluster = packed(budget=PodDisruptionBudget("web", WEB, min_available=2))
    result = cluster.drain("node-1", timeout=60)
    assert result.drained
    assert result.evicted == ("web-1", "web-2", "web-3")
    assert result.waited == 10
    assert result.output[-1] == "node/node-1 drained"
    assert cluster.node("node-1").pods == ()
    budget = cluster.disruption_budget("web")
    assert budget.current_healthy >= budget.desired_healthy


def test_node_failure_is_involuntary_and_ignores_the_budget() -> None:
    cluster = packed(budget=PodDisruptionBudget("web", WEB, min_available=3))
    cluster.fail_node("node-1")
    assert cluster.disruption_budget("web").current_healthy == 0
    cluster.reconcile_until_stable()
    assert cluster.disruption_budget("web").current_healthy == 3


def test_a_rolling_update_follows_max_unavailable_not_the_budget() -> None:
    cluster = Cluster(nodes=nodes(2, cpu="2"))
    cluster.apply(Deployment("web", replicas=4, cpu="500m", max_surge=0, max_unavailable=1))
    cluster.add_disruption_budget(PodDisruptionBudget("web", WEB, min_available=4))
    cluster.reconcile_until_stable()
    snapshots = cluster.rolling_update("web", "v2")
    assert min(s.ready for s in snapshots) == 3  # below the budget's 4, as upstream
    assert cluster.deployment("web").version == "v2"
