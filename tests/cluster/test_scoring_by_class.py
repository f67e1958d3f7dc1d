"""The scoring fast path (one representative per class of identical nodes) picks exactly
the node that scoring every node would pick, for any cluster and any sequence of pods."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, Node, Taint, Toleration
from kubeloop.cluster.scheduler import Scheduler

TAINTS = [
    Taint("spot", "true", "PreferNoSchedule"),
    Taint("gpu", "", "PreferNoSchedule"),
    Taint("dedicated", "db", "NoSchedule"),
]

Shape = list[tuple[str, str, int, list[Taint], bool]]

nodes = st.lists(
    st.builds(
        lambda cpu, memory, pods, taints, ssd: (cpu, memory, pods, taints, ssd),
        st.sampled_from(["1", "2", "4"]),
        st.sampled_from(["1Gi", "2Gi", "4Gi"]),
        st.integers(2, 6),
        st.lists(st.sampled_from(TAINTS), max_size=2, unique=True),
        st.booleans(),
    ),
    min_size=1,
    max_size=12,
)
deployments = st.lists(
    st.tuples(
        st.integers(0, 12),
        st.sampled_from(["0", "100m", "250m", "500m", "1"]),
        st.sampled_from(["0", "128Mi", "512Mi"]),
        st.booleans(),
        st.booleans(),
    ),
    min_size=1,
    max_size=5,
)


def build(
    shape: list[tuple[str, str, int, list[Taint], bool]], strategy: str, reference: bool
) -> Cluster:
    cluster = Cluster(
        nodes=[
            Node(
                f"node-{i:02d}",
                cpu=cpu,
                memory=mem,
                pods=pods,
                taints=taints,
                labels={"disk": "ssd"} if ssd else {},
            )
            for i, (cpu, mem, pods, taints, ssd) in enumerate(shape)
        ],
        scoring=strategy,
    )
    if reference:
        cluster._scheduler = cluster._passes.scheduler = Scheduler(strategy, reference=True)
    return cluster


def placements(cluster: Cluster) -> list[tuple[str, str | None, str | None]]:
    return [(p.name, p.node, p.reason) for p in cluster.pods()]


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(
    shape=nodes,
    workload=deployments,
    strategy=st.sampled_from(["first-fit", "LeastAllocated", "MostAllocated"]),
    deletions=st.lists(st.integers(1, 12), max_size=4),
)
def test_the_fast_path_places_every_pod_where_the_reference_does(
    shape: Shape,
    workload: list[tuple[int, str, str, bool, bool]],
    strategy: str,
    deletions: list[int],
) -> None:
    clusters = [build(shape, strategy, reference) for reference in (False, True)]
    for cluster in clusters:
        for d, (replicas, cpu, memory, tolerates, selects) in enumerate(workload):
            cluster.apply(
                Deployment(
                    f"app-{d}",
                    replicas=replicas,
                    cpu=cpu,
                    memory=memory,
                    tolerations=[Toleration("spot", "Exists", "", "PreferNoSchedule")]
                    if tolerates
                    else [],
                    node_selector={"disk": "ssd"} if selects else {},
                )
            )
        cluster.reconcile_until_stable()
    fast, reference = clusters
    assert placements(fast) == placements(reference)
    for n in deletions:
        for cluster in clusters:
            running = [p.name for p in cluster.pods() if p.node is not None]
            if running:
                cluster.delete_pod(running[n % len(running)])
                cluster.reconcile_until_stable()
        assert placements(fast) == placements(reference)
