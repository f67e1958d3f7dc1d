"""Which ReplicaSets' batches first fit places as one (``batch_runs.joined``).

The placements themselves are checked against placing each ReplicaSet alone in
``test_pod_runs.py``; here, what may be joined: batches whose pods the scheduling queue
would park in one group (``asks_of``), never tried, in order.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Toleration
from kubeloop.cluster.affinity import Affinity, NodeSelectorTerm, Requirement
from kubeloop.cluster.pods import Container, PodRecord, PodTemplate
from kubeloop.cluster.queue.hinted import asks_of
from kubeloop.cluster.scheduler import batch_runs

ZONE_B = Affinity(node_required=(NodeSelectorTerm((Requirement("zone", "In", ("b",)),)),))
VALUES: dict[str, list[Any]] = {
    "version": ["v1", "v2"],
    "containers": [(Container("main", 1000, 0),), (Container("main", 1000, 0),), ()],
    "init_containers": [(), (Container("init", 2000, 0),)],
    "tolerations": [(), (Toleration("spot", "Exists", "", "NoSchedule"),)],
    "node_selector": [(), (("zone", "b"),)],
    "labels": [(), (("app", "a"),)],
    "startup_seconds": [0, 3],
    "affinity": [None, ZONE_B],
    "topology_spread": [()],
    "priority_class_name": [None, "low"],
    "digest": [None, "sha256:" + "a" * 64],
}
templates = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in VALUES.items()}).map(
    lambda kwargs: PodTemplate(**kwargs)
)


def _pod(template: PodTemplate, rs: str, seq: int, priority: int = 0) -> PodRecord:
    pod = PodRecord(f"{rs}-{seq}", rs, rs, template, seq, 0)
    if priority:
        pod.priority = priority
    return pod


def test_every_template_field_is_weighed() -> None:
    """A field added to PodTemplate must be sorted into asked or not asked here."""
    assert {f.name for f in fields(PodTemplate)} == set(VALUES)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(templates, templates, st.sampled_from([0, 5]))
def test_batches_join_exactly_when_their_pods_park_in_one_group(
    a: PodTemplate, b: PodTemplate, priority: int
) -> None:
    first, second = [_pod(a, "a", 1)], [_pod(b, "b", 2, priority)]
    runs = list(batch_runs.joined(iter([first, second]), lambda batch: True))
    same_group = asks_of(a) == asks_of(b) and priority == 0
    assert [[p.name for p in run] for run in runs] == (
        [["a-1", "b-2"]] if same_group else [["a-1"], ["b-2"]]
    )


def test_only_batches_first_fit_places_and_never_tried_pods_join() -> None:
    template = PodTemplate("v1", (Container("main", 1000, 0),))
    a, b, c, d = ([_pod(template, rs, i)] for i, rs in enumerate("abcd"))
    b[0].parked_at = 0  # tried and parked at time 0
    runs = list(batch_runs.joined(iter([a, b, c, d]), lambda batch: batch is not d))
    assert [[p.name for p in run] for run in runs] == [["a-0"], ["b-1"], ["c-2"], ["d-3"]]
    e, f, g = ([_pod(template, rs, i)] for i, rs in enumerate("efg"))
    assert [len(run) for run in batch_runs.joined(iter([e, f, g]), lambda _: True)] == [3]


def test_a_joined_batch_binds_each_replicaset_on_its_own() -> None:
    """Twelve deployments of three, one batch: each ReplicaSet counts its own ready pods."""
    cluster = Cluster(nodes=[Node(f"n{i}", cpu="4", memory="4Gi") for i in range(1, 5)])
    for i in range(12):
        cluster.apply(Deployment(f"d{i:02d}", replicas=3, cpu="1", memory="256Mi"))
    cluster.reconcile()
    placed = {d.name: d.ready for d in cluster.deployments()}
    assert placed == {f"d{i:02d}": 3 if i < 5 else (1 if i == 5 else 0) for i in range(12)}
    assert [rs.ready for rs in cluster.replicasets()] == list(placed.values())
