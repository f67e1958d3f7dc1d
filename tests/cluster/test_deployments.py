"""What each deployment's sync reads is derived once, and derived exactly.

Resolved fenceposts live on the (immutable) spec, ReplicaSet hashes are memoized on the
text they hash, a deployment's ReplicaSets are kept oldest first instead of sorted per
read, and the cordon taint is built once. Each test fails if its cache goes stale or
keeps the wrong order.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from kubeloop import Cluster, Deployment, Node, Toleration
from kubeloop.cluster.deployments import DeploymentRecord, ReplicaSetRecord
from kubeloop.cluster.int_or_percent import percent
from kubeloop.cluster.names import replicaset_name, template_hash
from kubeloop.cluster.state import ClusterState
from kubeloop.cluster.surge_budget import max_unavailable, resolve_fenceposts
from kubeloop.cluster.taints import tolerates_unschedulable
from kubeloop.core import Clock, EventLog
from kubeloop.errors import InvalidSpecError


@pytest.mark.parametrize(
    ("surge", "unavailable", "replicas", "expected"),
    [
        ("25%", "25%", 10, (3, 2)),  # surge rounds up, unavailable down
        ("25%", "25%", 4, (1, 1)),
        (0, "10%", 5, (0, 1)),  # both resolve to 0: unavailable becomes 1
        (2, 7, 5, (2, 5)),  # maxUnavailable is capped at replicas
        ("25%", "25%", 0, (0, 0)),
    ],
)
def test_fenceposts_resolve_once_per_spec_as_upstream(
    surge: int | str, unavailable: int | str, replicas: int, expected: tuple[int, int]
) -> None:
    spec = Deployment("web", replicas=replicas, max_surge=surge, max_unavailable=unavailable)
    assert spec.fenceposts == expected
    oracle_surge = resolve_fenceposts(surge, unavailable, replicas)[0]
    assert spec.fenceposts == (oracle_surge, max_unavailable(surge, unavailable, replicas))


def test_a_new_spec_resolves_its_own_fenceposts() -> None:
    spec = Deployment("web", replicas=4)
    assert replace(spec, replicas=10).fenceposts == (3, 2)
    assert replace(spec, strategy="Recreate").fenceposts == (0, 0)
    assert spec.fenceposts == (1, 1)


def test_scaling_a_deployment_moves_its_budget() -> None:
    cluster = Cluster(nodes=[Node("n1", cpu="8", memory="8Gi")])
    cluster.apply(Deployment("web", replicas=4, cpu="100m"))
    cluster.reconcile_until_stable()
    assert (cluster.deployment("web").surge, cluster.deployment("web").unavailable) == (1, 1)
    cluster.scale("web", 10)
    cluster.reconcile_until_stable()
    assert (cluster.deployment("web").surge, cluster.deployment("web").unavailable) == (3, 2)


def test_percent_is_parsed_exactly_and_rejects_what_is_not_one() -> None:
    assert [percent(text) for text in ("25%", "0%", "100%", "007%")] == [25, 0, 100, 7]
    assert [percent(text) for text in ("25", "%", "-5%", "2.5%", "25% ")] == [None] * 5


def test_replicaset_names_keep_their_upstream_style_values() -> None:
    """Pinned values: the hash is user-visible, so a faster hash must give the same names."""
    template = Deployment("web", cpu="500m", memory="256Mi").template()
    other = Deployment("api", cpu="500m", memory="256Mi", version="v2").template()
    assert template_hash(template) == "6f485d4c57"
    assert template_hash(other) == "555cbf9bfd"  # the memo keeps templates apart
    assert template_hash(template, 1) == "6ddc8474f8"  # a collision hashes again
    assert replicaset_name("web", template, {"web-6f485d4c57"}) == "web-6ddc8474f8"
    cluster = Cluster(nodes=[Node("n1", cpu="4", memory="4Gi")])
    cluster.apply(Deployment("web", replicas=1, cpu="500m", memory="256Mi"))
    cluster.reconcile_until_stable()
    assert [rs.name for rs in cluster.replicasets("web")] == ["web-6f485d4c57"]


def test_templates_that_differ_only_in_labels_share_a_hash() -> None:
    first = Deployment("app-1", cpu="1", memory="1Gi").template()
    second = Deployment("app-2", cpu="1", memory="1Gi").template()
    assert first != second and template_hash(first) == template_hash(second)


def _state_with(seqs: list[int]) -> ClusterState:
    clock = Clock()
    state = ClusterState(clock, EventLog(clock))
    spec = Deployment("web", cpu="100m")
    record = DeploymentRecord(spec, spec.template())
    state.deployments["web"] = record
    for seq in seqs:
        template = replace(spec, version=f"v{seq}").template()
        state.add_replicaset(ReplicaSetRecord(f"web-{seq}", "web", template, 0, seq, seq, 1, 1))
    return state


def test_replicasets_come_oldest_first_even_when_added_out_of_order() -> None:
    state = _state_with([3, 1, 4, 2])
    assert [rs.seq for rs in state.replicasets_of("web")] == [1, 2, 3, 4]
    state.remove_replicaset(state.replicasets["web-2"])
    assert [rs.seq for rs in state.replicasets_of("web")] == [1, 3, 4]
    assert state.replicasets_of("nobody") == []


def test_the_list_handed_out_is_a_copy() -> None:
    state = _state_with([1, 2])
    state.replicasets_of("web").clear()
    assert [rs.name for rs in state.replicasets_of("web")] == ["web-1", "web-2"]


def test_an_equal_template_still_finds_its_replicaset() -> None:
    """Re-applying the same spec builds an equal template object: no new ReplicaSet."""
    cluster = Cluster(nodes=[Node("n1", cpu="4", memory="4Gi")])
    cluster.apply(Deployment("web", replicas=2, cpu="100m"))
    cluster.reconcile_until_stable()
    cluster.apply(Deployment("web", replicas=2, cpu="100m"))
    cluster.reconcile_until_stable()
    assert len(cluster.replicasets("web")) == 1


@pytest.mark.parametrize(
    ("toleration", "expected"),
    [
        (Toleration("node.kubernetes.io/unschedulable", "Exists", "", "NoSchedule"), True),
        (Toleration("node.kubernetes.io/unschedulable", "Equal", "", ""), True),
        (Toleration("", "Exists"), True),
        (Toleration("node.kubernetes.io/unschedulable", "Exists", "", "NoExecute"), False),
        (Toleration("node.kubernetes.io/unschedulable", "Equal", "yes", "NoSchedule"), False),
        (Toleration("dedicated", "Exists"), False),
    ],
)
def test_which_tolerations_tolerate_a_cordon(toleration: Toleration, expected: bool) -> None:
    assert tolerates_unschedulable((toleration,)) is expected
    assert tolerates_unschedulable(()) is False


def test_each_template_derives_its_own_values_once() -> None:
    small = Deployment("small", cpu="1", memory="1Gi").template()
    large = Deployment("large", cpu="2", memory="3Gi").template()
    assert (small.cpu, large.cpu, small.memory, large.memory) == (1000, 2000, 2**30, 3 * 2**30)
    assert vars(small)["cpu"] == 1000  # kept on the instance: the next read is a plain lookup
    assert small == Deployment("small", cpu="1", memory="1Gi").template()  # eq ignores it
    assert repr(small) == repr(Deployment("other", cpu="1", memory="1Gi").template())


def test_node_selectors_select_what_the_template_names() -> None:
    anywhere = Deployment("a", cpu="1").template().node_label_selector
    pinned = Deployment("b", cpu="1", node_selector={"pool": "gpu"}).template()
    assert anywhere.empty and anywhere.matches({})
    assert pinned.node_label_selector.matches({"pool": "gpu", "zone": "z1"})
    assert not pinned.node_label_selector.matches({"pool": "cpu"})


@pytest.mark.parametrize("text", ["1" * 400 + "%", "1" * 5000 + "%", f"{2**63}%"])
def test_a_percentage_beyond_int64_is_refused_with_a_clear_error(text: str) -> None:
    """strconv.Atoi fails past int64 upstream; here the spec is refused, never a traceback."""
    with pytest.raises(InvalidSpecError, match=r"maxSurge .* must be an integer or a percentage"):
        Deployment("web", replicas=5, max_surge=text)


def test_leading_zeros_and_the_int64_edge_are_percentages() -> None:
    assert percent("0" * 40 + "25%") == 25
    assert percent(f"{2**63 - 1}%") == 2**63 - 1
    assert percent("0%") == 0
