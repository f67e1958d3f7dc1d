"""Invariants that must hold after every step of any sequence of operations."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Cluster, Deployment, KubeloopError, Node, RolloutStalledError, Taint
from kubeloop.cluster.intstr import max_unavailable, resolve_fenceposts
from tests.properties.strategies import Op, clusters, operations

POD_CPU = 500


def fingerprint(cluster: Cluster) -> tuple[object, ...]:
    return (
        tuple((p.name, p.node, p.version, p.ready) for p in cluster.pods()),
        tuple((n.name, n.ready, n.unschedulable) for n in cluster.nodes()),
        tuple((d.name, d.replicas, d.version) for d in cluster.deployments()),
        tuple((rs.name, rs.replicas, rs.revision) for rs in cluster.replicasets()),
    )


def check_no_overcommit(cluster: Cluster) -> None:
    pods = {p.name: p for p in cluster.pods()}
    for node in cluster.nodes():
        assert sum(pods[name].cpu for name in node.pods) <= node.cpu
        assert sum(pods[name].memory for name in node.pods) <= node.memory
        assert len(node.pods) <= node.max_pods


def check_no_execute_respected(cluster: Cluster) -> None:
    """After a pass, no pod (none tolerates anything here) sits on a NoExecute-tainted node."""
    for node in cluster.nodes():
        if any(t.effect == "NoExecute" for t in node.taints):
            assert not node.pods, f"{node.name} is tainted NoExecute but holds {node.pods}"


def apply_op(cluster: Cluster, op: Op, versions: dict[str, int]) -> None:
    """Run one operation; check the rollout budget while it runs."""
    match op.kind:
        case "apply":
            cluster.apply(Deployment(op.target, replicas=op.number, cpu="500m", memory="256Mi"))
        case "scale":
            cluster.scale(op.target, op.number)
        case "delete_pod":
            cluster.delete_pod(f"{op.target}-{op.number}")
        case "fail":
            cluster.fail_node(op.target)
        case "recover":
            cluster.recover_node(op.target)
        case "cordon":
            cluster.cordon(op.target)
        case "uncordon":
            cluster.uncordon(op.target)
        case "add_node":
            cluster.add_node(Node(op.target, cpu=op.number, memory="8Gi"))
        case "rollout":
            check_rollout(cluster, op, versions)
        case "rollback":
            cluster.rollback(op.target)
        case "taint":
            cluster.taint(op.target, Taint("maintenance", "true", "NoExecute"))
        case "untaint":
            cluster.untaint(op.target, "maintenance")
        case "reconcile":
            cluster.reconcile()


def check_rollout(cluster: Cluster, op: Op, versions: dict[str, int]) -> None:
    info = cluster.deployment(op.target)
    replicas = info.replicas
    fully_available = info.ready == replicas and info.pods == replicas
    versions[op.target] = versions.get(op.target, 1) + 1
    steps = cluster.rolling_update(
        op.target, f"v{versions[op.target]}", max_surge=op.surge, max_unavailable=op.unavailable
    )
    surge, _ = resolve_fenceposts(op.surge, op.unavailable, replicas)
    unavailable = max_unavailable(op.surge, op.unavailable, replicas)
    for step in steps:
        assert step.total <= replicas + surge, (step, replicas, surge)
        if fully_available:
            assert step.ready >= replicas - unavailable, (step, replicas, unavailable)


@settings(max_examples=500, deadline=None, derandomize=True, database=None)
@given(sizes=clusters, ops=st.lists(operations, min_size=4, max_size=30))
def test_invariants_hold_after_every_step(sizes: list[int], ops: list[Op]) -> None:
    cluster = Cluster(
        nodes=[Node(f"node-{i}", cpu=c, memory="8Gi") for i, c in enumerate(sizes, 1)]
    )
    versions: dict[str, int] = {}
    off_limits: dict[str, set[str]] = {}
    for op in ops:
        if op.kind == "rollout":
            cluster.reconcile_until_stable()
        before = fingerprint(cluster)
        try:
            apply_op(cluster, op, versions)
        except RolloutStalledError as error:
            if "both 0" in error.reason:
                assert fingerprint(cluster) == before, f"{op} was rejected but changed the cluster"
        except KubeloopError:
            assert fingerprint(cluster) == before, f"{op} failed but changed the cluster"
        for node in cluster.nodes():
            if not node.ready or node.unschedulable:
                allowed = off_limits.setdefault(node.name, set(node.pods))
                if not node.ready:
                    assert not node.pods, f"{node.name} failed but still holds {node.pods}"
                assert set(node.pods) <= allowed, f"new pod bound to cordoned/failed {node.name}"
            else:
                off_limits.pop(node.name, None)
        check_no_overcommit(cluster)
        if op.kind in ("reconcile", "rollout", "rollback"):
            check_no_execute_respected(cluster)
    cluster.reconcile_until_stable(max_passes=60)
    check_no_overcommit(cluster)
    again = cluster.reconcile()
    assert (again.created, again.deleted, again.scheduled) == ((), (), ())
