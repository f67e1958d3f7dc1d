"""Bad calls to the public API: each raises a KubeloopError at the boundary and leaves the
cluster exactly as it was (its fingerprint: every view, event and pass)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import kubeloop
from kubeloop import (
    HPA,
    Behavior,
    Cluster,
    Container,
    Deployment,
    KubeloopError,
    Node,
    ScalingPolicy,
    ScalingRules,
    Taint,
    Toleration,
)

NAN, INF = float("nan"), float("inf")


def build() -> Cluster:
    cluster = Cluster([Node("node-1"), Node("node-2", cpu="2", memory="4Gi")])
    cluster.apply(Deployment("web", replicas=2, cpu="500m", memory="256Mi"))
    cluster.autoscale("web", HPA(1, 5, 50))
    cluster.reconcile_until_stable()
    cluster.taint("node-2", Taint("dedicated", "gpu", "PreferNoSchedule"))
    return cluster


def fingerprint(cluster: Cluster) -> str:
    return repr(
        (
            cluster.clock,
            cluster.scoring,
            cluster.nodes(),
            cluster.pods(),
            cluster.deployments(),
            cluster.replicasets(),
            cluster.autoscaler("web"),
            cluster.events,
            len(cluster.history),
        )
    )


Call = Callable[[Cluster], Any]
CALLS: list[tuple[str, Call]] = [
    # reconciling and time
    ("reconcile_until_stable(0)", lambda c: c.reconcile_until_stable(0)),
    ("reconcile_until_stable(-1)", lambda c: c.reconcile_until_stable(-1)),
    ("reconcile_until_stable('5')", lambda c: c.reconcile_until_stable("5")),
    ("reconcile_until_stable(1.5)", lambda c: c.reconcile_until_stable(1.5)),
    ("reconcile_until_stable(True)", lambda c: c.reconcile_until_stable(True)),
    ("reconcile_until_stable(10**12)", lambda c: c.reconcile_until_stable(10**12)),
    ("advance(-1)", lambda c: c.advance(-1)),
    ("advance('10')", lambda c: c.advance("10")),
    ("advance(1.5)", lambda c: c.advance(1.5)),
    ("advance(nan)", lambda c: c.advance(NAN)),
    ("run_for(-5)", lambda c: c.run_for(-5)),
    ("run_for(10**15)", lambda c: c.run_for(10**15)),
    ("run_for('1m')", lambda c: c.run_for("1m")),
    ("run_for(60, tick=0)", lambda c: c.run_for(60, tick=0)),
    ("run_for(60, tick=1.5)", lambda c: c.run_for(60, tick=1.5)),
    ("set_scoring('best')", lambda c: c.set_scoring("best")),
    ("set_scoring(['x'])", lambda c: c.set_scoring(["x"])),
    ("set_scoring(None)", lambda c: c.set_scoring(None)),
    # nodes
    ("add_node('x')", lambda c: c.add_node("x")),
    ("add_node(None)", lambda c: c.add_node(None)),
    ("add_node({'name': 'x'})", lambda c: c.add_node({"name": "x"})),
    ("add_node(existing)", lambda c: c.add_node(Node("node-1"))),
    ("add_node(taints=[str])", lambda c: c.add_node(Node("n", taints=["a=b:NoSchedule"]))),
    ("add_node(taints=str)", lambda c: c.add_node(Node("n", taints="a=b:NoSchedule"))),
    ("add_node(labels=list)", lambda c: c.add_node(Node("n", labels=[("a", "b")]))),
    ("add_node(labels=str)", lambda c: c.add_node(Node("n", labels="a=b"))),
    ("Node bad label key", lambda c: c.add_node(Node("n", labels={"-a": "b"}))),
    ("Node label value 64", lambda c: c.add_node(Node("n", labels={"a": "x" * 64}))),
    ("Node label value int", lambda c: c.add_node(Node("n", labels={"a": 1}))),
    ("Node label key int", lambda c: c.add_node(Node("n", labels={1: "a"}))),
    ("Node name upper", lambda c: c.add_node(Node("Node-1"))),
    ("Node name empty", lambda c: c.add_node(Node(""))),
    ("Node name None", lambda c: c.add_node(Node(None))),
    ("Node name 254", lambda c: c.add_node(Node("a" * 254))),
    ("Node cpu nan", lambda c: c.add_node(Node("n", cpu=NAN))),
    ("Node cpu inf", lambda c: c.add_node(Node("n", cpu=INF))),
    ("Node cpu 1e999999999", lambda c: c.add_node(Node("n", cpu="1e999999999"))),
    ("Node cpu -1", lambda c: c.add_node(Node("n", cpu="-1"))),
    ("Node cpu list", lambda c: c.add_node(Node("n", cpu=[4]))),
    ("Node memory 12x", lambda c: c.add_node(Node("n", memory="12x"))),
    ("Node memory bool", lambda c: c.add_node(Node("n", memory=True))),
    ("Node pods -1", lambda c: c.add_node(Node("n", pods=-1))),
    ("Node pods 1.5", lambda c: c.add_node(Node("n", pods=1.5))),
    ("Node pods 2**40", lambda c: c.add_node(Node("n", pods=2**40))),
    ("Node unschedulable 'yes'", lambda c: c.add_node(Node("n", unschedulable="yes"))),
    ("fail_node unknown", lambda c: c.fail_node("nope")),
    ("fail_node list", lambda c: c.fail_node(["node-1"])),
    ("recover_node None", lambda c: c.recover_node(None)),
    ("cordon unknown", lambda c: c.cordon("nope")),
    ("uncordon dict", lambda c: c.uncordon({})),
    ("taint str", lambda c: c.taint("node-1", "a=b:NoSchedule")),
    ("taint dict", lambda c: c.taint("node-1", {"key": "a"})),
    ("taint unknown node", lambda c: c.taint("nope", Taint("a"))),
    ("untaint key int", lambda c: c.untaint("node-2", 5)),
    ("untaint unknown node", lambda c: c.untaint("nope", "a")),
    ("node unknown", lambda c: c.node("nope")),
    ("node list", lambda c: c.node(["node-1"])),
    # taints and tolerations
    ("Taint empty key", lambda c: Taint("")),
    ("Taint bad effect", lambda c: Taint("a", "b", "Sometimes")),
    ("Taint key int", lambda c: Taint(5)),
    ("Taint bad key", lambda c: Taint("a b")),
    ("Taint value 64", lambda c: Taint("a", "v" * 64)),
    ("Toleration Exists with value", lambda c: Toleration("a", "Exists", "b")),
    ("Toleration bad operator", lambda c: Toleration("a", "Maybe")),
    ("Toleration empty key Equal", lambda c: Toleration("", "Equal", "b")),
    ("Toleration bad effect", lambda c: Toleration("a", "Equal", "b", "Never")),
    ("Toleration seconds str", lambda c: Toleration("a", "Exists", toleration_seconds="5")),
    # workloads
    ("apply(dict)", lambda c: c.apply({"name": "web", "replicas": 3})),
    ("apply(None)", lambda c: c.apply(None)),
    ("apply('web')", lambda c: c.apply("web")),
    (
        "Deployment revision_history_limit '3'",
        lambda c: Deployment("d", revision_history_limit="3"),
    ),
    ("Deployment node_selector str", lambda c: Deployment("d", node_selector="disk=ssd")),
    ("Deployment node_selector bad", lambda c: Deployment("d", node_selector={"a": "b c"})),
    ("Deployment replicas -1", lambda c: Deployment("d", replicas=-1)),
    ("Deployment replicas 3e9", lambda c: Deployment("d", replicas=3_000_000_000)),
    ("Deployment replicas '3'", lambda c: Deployment("d", replicas="3")),
    ("Deployment replicas 2.0", lambda c: Deployment("d", replicas=2.0)),
    ("Deployment cpu nan", lambda c: Deployment("d", cpu=NAN)),
    ("Deployment cpu 1e-999999999", lambda c: Deployment("d", cpu="1e-999999999")),
    ("Deployment strategy", lambda c: Deployment("d", strategy="BlueGreen")),
    ("Deployment maxSurge -1", lambda c: Deployment("d", max_surge=-1)),
    ("Deployment maxUnavailable 101%", lambda c: Deployment("d", max_unavailable="101%")),
    ("Deployment 0 and 0", lambda c: Deployment("d", max_surge=0, max_unavailable=0)),
    ("Deployment version ''", lambda c: Deployment("d", version="")),
    ("Deployment version int", lambda c: Deployment("d", version=2)),
    ("Deployment progress 0", lambda c: Deployment("d", progress_deadline_seconds=0)),
    ("Deployment containers str", lambda c: Deployment("d", containers=["main"])),
    ("Deployment tolerations dict", lambda c: Deployment("d", tolerations=[{"key": "a"}])),
    ("Deployment name bad", lambda c: Deployment("Web_1")),
    ("Container cpu -1", lambda c: Container("c", cpu=-1)),
    ("Container cpu str", lambda c: Container("c", cpu="500m")),
    ("Container.of memory bad", lambda c: Container.of("c", memory="lots")),
    ("scale -1", lambda c: c.scale("web", -1)),
    ("scale '3'", lambda c: c.scale("web", "3")),
    ("scale 2**40", lambda c: c.scale("web", 2**40)),
    ("scale unknown", lambda c: c.scale("api", 3)),
    ("delete_pod unknown", lambda c: c.delete_pod("web-99")),
    ("delete_pod int", lambda c: c.delete_pod(1)),
    ("pods unknown", lambda c: c.pods("api")),
    ("pods list", lambda c: c.pods(["web"])),
    ("deployment unknown", lambda c: c.deployment("api")),
    ("replicasets unknown", lambda c: c.replicasets("api")),
    # rollouts
    ("rolling_update unknown", lambda c: c.rolling_update("api", "v2")),
    ("rolling_update version int", lambda c: c.rolling_update("web", 2)),
    ("rolling_update version ''", lambda c: c.rolling_update("web", "")),
    ("rolling_update 0 and 0", lambda c: c.rolling_update("web", "v2", 0, 0)),
    ("rolling_update surge -1", lambda c: c.rolling_update("web", "v2", -1)),
    ("rolling_update surge '5'", lambda c: c.rolling_update("web", "v2", "5")),
    ("rollback no history", lambda c: c.rollback("web")),
    ("rollback revision 99", lambda c: c.rollback("web", 99)),
    ("rollback revision '1'", lambda c: c.rollback("web", "1")),
    # autoscaling
    ("autoscale dict", lambda c: c.autoscale("web", {"min": 1})),
    ("autoscale None", lambda c: c.autoscale("web", None)),
    ("autoscale unknown", lambda c: c.autoscale("api", HPA())),
    ("set_cpu_utilization nan", lambda c: c.set_cpu_utilization("web", NAN)),
    ("set_cpu_utilization inf", lambda c: c.set_cpu_utilization("web", INF)),
    ("set_cpu_utilization '90%'", lambda c: c.set_cpu_utilization("web", "90%")),
    ("set_cpu_utilization -5", lambda c: c.set_cpu_utilization("web", -5)),
    ("set_cpu_utilization True", lambda c: c.set_cpu_utilization("web", True)),
    ("set_cpu_utilization 1e300", lambda c: c.set_cpu_utilization("web", 1e300)),
    ("set_cpu_utilization unknown", lambda c: c.set_cpu_utilization("api", 50)),
    ("autoscaler unknown", lambda c: c.autoscaler("api")),
    ("HPA target nan", lambda c: HPA(1, 5, NAN)),
    ("HPA target inf", lambda c: HPA(1, 5, INF)),
    ("HPA target 0", lambda c: HPA(1, 5, 0)),
    ("HPA target str", lambda c: HPA(1, 5, "80")),
    ("HPA min > max", lambda c: HPA(6, 5)),
    ("HPA min str", lambda c: HPA("1", 5)),
    ("HPA max 0", lambda c: HPA(0, 0)),
    ("HPA max float", lambda c: HPA(1, 5.5)),
    ("HPA tolerance nan", lambda c: HPA(1, 5, 50, NAN)),
    ("HPA tolerance 1", lambda c: HPA(1, 5, 50, 1.0)),
    ("HPA behavior dict", lambda c: HPA(1, 5, 50, behavior={"scaleUp": {}})),
    ("HPA.desired_replicas nan", lambda c: HPA(1, 5, 50).desired_replicas(4, NAN)),
    ("HPA.desired_replicas inf", lambda c: HPA(1, 5, 50).desired_replicas(4, INF)),
    ("HPA.desired_replicas str", lambda c: HPA(1, 5, 50).desired_replicas(4, "90")),
    ("HPA.desired_replicas replicas str", lambda c: HPA(1, 5, 50).desired_replicas("4", 90)),
    ("HPA.desired_replicas -1", lambda c: HPA(1, 5, 50).desired_replicas(-1, 90)),
    ("Behavior scale_up dict", lambda c: Behavior(scale_up={"policies": []})),
    ("ScalingRules window 4000", lambda c: ScalingRules(4000)),
    ("ScalingRules window str", lambda c: ScalingRules("60")),
    ("ScalingRules select", lambda c: ScalingRules(0, "Best")),
    ("ScalingRules policies dict", lambda c: ScalingRules(0, "Max", ({"type": "Pods"},))),
    ("ScalingPolicy type", lambda c: ScalingPolicy("Nodes", 1, 15)),
    ("ScalingPolicy value 0", lambda c: ScalingPolicy("Pods", 0, 15)),
    ("ScalingPolicy period 1801", lambda c: ScalingPolicy("Pods", 1, 1801)),
    ("ScalingPolicy value str", lambda c: ScalingPolicy("Pods", "1", 15)),
    # construction
    ("Cluster(nodes=[str])", lambda c: Cluster(["node-1"])),
    ("Cluster(nodes=str)", lambda c: Cluster("node-1")),
    ("Cluster(duplicate nodes)", lambda c: Cluster([Node("a"), Node("a")])),
    ("Cluster(scoring)", lambda c: Cluster(scoring="random")),
    ("Cluster(clock=int)", lambda c: Cluster(clock=5)),
    ("Cluster(events=list)", lambda c: Cluster(events=[])),
]


@pytest.fixture(scope="module")
def cluster_and_print() -> tuple[Cluster, str]:
    cluster = build()
    return cluster, fingerprint(cluster)


@pytest.mark.parametrize("call", [c for _, c in CALLS], ids=[name for name, _ in CALLS])
def test_a_bad_call_raises_a_kubeloop_error_and_changes_nothing(
    call: Call, cluster_and_print: tuple[Cluster, str]
) -> None:
    cluster, before = cluster_and_print
    with pytest.raises(KubeloopError) as caught:
        call(cluster)
    assert str(caught.value), "the error says what is wrong"
    assert fingerprint(cluster) == before


def test_there_are_enough_bad_calls() -> None:
    assert len(CALLS) >= 90


def test_the_error_tree_is_exported() -> None:
    assert issubclass(kubeloop.InvalidSpecError, KubeloopError)
    assert issubclass(kubeloop.NotFoundError, KubeloopError)
