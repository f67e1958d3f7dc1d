"""Pods whose selector or tolerations pass over many nodes with room still land first-fit.

Past 32 rejected nodes the batch jumps to the nodes its taints and selectors accept; the
placement must be what walking every node in name order gives.
"""

from __future__ import annotations

import pytest

from kubeloop import Cluster, Deployment, Node, Taint, Toleration


def _first_fit(nodes: list[tuple[str, int, bool]], pods: int, cpu: int) -> list[str | None]:
    """The oracle: each pod to the first node by name that matches and has room."""
    free = {name: room for name, room, _ in nodes}
    placed: list[str | None] = []
    for _ in range(pods):
        node = next((n for n, _, ok in nodes if ok and free[n] >= cpu), None)
        if node is not None:
            free[node] -= cpu
        placed.append(node)
    return placed


@pytest.mark.parametrize("every", [1, 3, 7], ids=["tail", "every-3rd", "every-7th"])
def test_a_selecting_batch_lands_where_walking_every_node_would(every: int) -> None:
    count = 120
    tenant = {i for i in range(count) if (i >= count - 12 if every == 1 else i % every == 0)}
    nodes = [
        Node(
            f"node-{i:03d}",
            cpu="4",
            memory="64Gi",
            labels={"pool": "tenant"} if i in tenant else {},
            taints=[Taint("tenant", "", "NoSchedule")] if i in tenant else [],
        )
        for i in range(count)
    ]
    cluster = Cluster(nodes=nodes)
    cluster.apply(
        Deployment(
            "t",
            replicas=150,
            cpu="1",
            memory="1Gi",
            node_selector={"pool": "tenant"},
            tolerations=[Toleration("tenant", "Exists", "", "NoSchedule")],
        )
    )
    cluster.reconcile_until_stable()
    oracle = _first_fit([(n.name, 4, i in tenant) for i, n in enumerate(nodes)], 150, 1)
    assert [p.node for p in sorted(cluster.pods("t"), key=lambda p: int(p.name[2:]))] == oracle
