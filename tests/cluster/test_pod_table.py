"""The pod table against a plain dict: the same pods by name, the same count, creation order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment
from kubeloop.cluster.pod_table import PodTable, owner_of
from kubeloop.cluster.pods import Container, PodRecord, PodTemplate

TEMPLATE = PodTemplate("v1", (Container("main"),))
OWNERS = ("web", "web-2", "api-v1-2", "x")
"""Owner names that end in a dash and digits, like the pods of another owner do."""


def _pod(owner: str, n: int, seq: int) -> PodRecord:
    return PodRecord(f"{owner}-{n}", owner, f"{owner}-rs", TEMPLATE, seq, 0)


def test_owner_is_everything_before_the_last_dash() -> None:
    assert owner_of("web-2-17") == "web-2"
    assert owner_of("web-17") == "web"
    assert owner_of("nodash") == ""


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(OWNERS), st.integers(0, 2), st.booleans()),
        max_size=40,
    )
)
def test_table_answers_as_a_dict_would(steps: list[tuple[str, int, bool]]) -> None:
    """Pods are added to (or removed from) one of two shelves per owner; every read agrees."""
    table = PodTable()
    shelves: dict[tuple[str, int], dict[str, PodRecord]] = {
        (owner, s): {} for owner in OWNERS for s in (0, 1)
    }
    for (owner, _), shelf in shelves.items():
        table.shelve(owner, shelf)
    oracle: dict[str, PodRecord] = {}
    counter = 0
    for owner, shelf_number, add in steps:
        shelf = shelves[owner, shelf_number % 2]
        if add or not shelf:
            counter += 1
            pod = _pod(owner, counter, counter)
            shelf[pod.name] = oracle[pod.name] = pod
            table.added(1)
        else:
            name = next(iter(shelf))
            del shelf[name], oracle[name]
            table.removed()
        assert len(table) == len(oracle)
        assert list(table) == list(oracle)
        assert table.in_order() == list(oracle.values())
        for name in (*oracle, "web-999", "web-2-1", "nodash"):
            assert table.get(name) is oracle.get(name)
            assert (name in table) == (name in oracle)


def test_an_unshelved_owner_is_gone() -> None:
    table = PodTable()
    first: dict[str, PodRecord] = {"web-1": _pod("web", 1, 1)}
    second: dict[str, PodRecord] = {"web-2": _pod("web", 2, 2)}
    table.shelve("web", first)
    table.shelve("web", second)
    table.added(2)
    table.unshelve("web", first)
    assert "web-1" not in table
    assert table["web-2"] is second["web-2"]
    table.unshelve("web", second)
    assert table.get("web-2") is None


def test_of_groups_pods_by_owner() -> None:
    pods = [_pod("web-2", 1, 3), _pod("web", 1, 1), _pod("web", 2, 2)]
    table = PodTable.of(pods)
    assert len(table) == 3
    assert [p.seq for p in table.in_order()] == [1, 2, 3]
    assert table["web-2-1"] is pods[0]


def test_cluster_finds_pods_of_owners_whose_names_look_like_pods() -> None:
    """``web-2``'s pods and ``web``'s second pod share a prefix; each is found as its own."""
    cluster = Cluster()
    cluster.apply(Deployment("web", replicas=2))
    cluster.apply(Deployment("web-2", replicas=1))
    cluster.reconcile_until_stable()
    assert sorted(p.name for p in cluster.pods()) == ["web-1", "web-2", "web-2-1"]
    cluster.delete_pod("web-2")
    cluster.delete_pod("web-2-1")
    names = {p.name for p in cluster.pods()}
    assert "web-1" in names and "web-2-1" not in names
