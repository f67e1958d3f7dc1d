"""cluster-autoscaler's own test tables: the binpacking estimator, least-waste, utilization.

``estimator/binpacking_estimator_test.go`` (TestBinpackingEstimate), ``expander/waste/
waste_test.go`` (TestLeastWaste). Memory in the estimator table is MiB on nodes and bytes
on pods, as upstream's ``makeNode`` and ``BuildTestPod`` build them.
"""

from __future__ import annotations

import random

import pytest

from kubeloop.cluster.affinity import HOSTNAME, ZONE, TopologySpreadConstraint
from kubeloop.cluster.autoscaler import expander
from kubeloop.cluster.autoscaler.estimator import estimate
from kubeloop.cluster.autoscaler.simulation import Snapshot
from kubeloop.cluster.autoscaler.utilization import Utilization, go_float, utilization
from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.nodes import NodeRecord
from kubeloop.cluster.pods import Container, PodRecord, PodTemplate
from kubeloop.cluster.scheduler import Scheduler

MIB = 1024 * 1024


def make_node(cpu: int, memory_mib: int, pods: int, name: str, zone: str) -> NodeRecord:
    return NodeRecord(name, cpu, memory_mib * MIB, pods, {HOSTNAME: name, ZONE: zone}, [])


def group(
    prefix: str, cpu: int, memory: int, count: int, spread: tuple[int, str, int] | None = None
) -> list[PodRecord]:
    constraints: tuple[TopologySpreadConstraint, ...] = ()
    if spread is not None:
        skew, key, min_domains = spread
        selector = LabelSelector.of({"app": "estimatee"})
        constraints = (TopologySpreadConstraint(skew, key, selector, min_domains=min_domains),)
    template = PodTemplate(
        "v1",
        (Container("c", cpu, memory),),
        labels=(("app", "estimatee"),),
        topology_spread=constraints,
    )
    return [
        PodRecord(f"{prefix}-{i}", "estimatee", "estimatee-rs", template, i, 0)
        for i in range(count)
    ]


UNLIMITED = 10**6

CASES = [
    # name, template (millicores, memory MiB), maxNodes, groups, nodes, pods
    ("simple resource-based binpacking", (350 * 3 - 50, 2 * 1000), 0,
     [group("p", 350, 1000, 10)], 5, 10),
    ("pods-per-node bound binpacking", (10000, 20000), 0, [group("p", 10, 100, 20)], 2, 20),
    ("limiter cuts binpacking", (1000, 5000), 5, [group("p", 500, 1000, 20)], 5, 10),
    ("decreasing ordered pods are processed first", (1000, 5000), 5,
     [group("low", 50, 1000, 10), group("high", 500, 1000, 10)], 5, 10),
    ("hostname topology spreading with maxSkew=2 forces 2 pods/node", (1000, 5000), 0,
     [group("p", 200, 200, 8, (2, HOSTNAME, 1))], 4, 8),
    ("zonal topology spreading with maxSkew=2 only allows 2 pods to schedule", (1000, 5000), 0,
     [group("p", 20, 100, 8, (2, ZONE, 1))], 1, 2),
    ("hostname topology spreading with maxSkew=1 with a large scaleup handles scheduling "
     "pods retroactively", (1000, 5000), 0, [group("p", 20, 100, 12, (1, HOSTNAME, 3))], 3, 12),
]  # fmt: skip


@pytest.mark.parametrize(("name", "template", "limit", "groups", "nodes", "pods"), CASES)
def test_binpacking_estimate(
    name: str,
    template: tuple[int, int],
    limit: int,
    groups: list[list[PodRecord]],
    nodes: int,
    pods: int,
) -> None:
    old = make_node(100, 100, 10, "oldnode", "zone-jupiter")
    snapshot = Snapshot(Scheduler(), {"oldnode": old}, set(), symmetric=False)
    node = make_node(*template, 10, "template", "zone-mars")
    found = estimate(snapshot, groups, node, limit or UNLIMITED)
    assert (found.node_count, len(found.pods)) == (nodes, pods), name
    assert not old.pods, "the estimate never changes the snapshot it was given"


def test_decreasing_order_places_the_large_pods() -> None:
    high = group("high", 500, 1000, 10)
    snapshot = Snapshot(Scheduler(), {}, set(), symmetric=False)
    found = estimate(snapshot, [group("low", 50, 1000, 10), high], make_node(
        1000, 5000, 10, "template", "zone-mars"), 5)  # fmt: skip
    assert [p.name for p in found.pods] == [p.name for p in high]


def option(name: str, cpu: int, memory: int, pods: list[PodRecord]) -> expander.Option:
    return expander.Option(name, 1, tuple(pods), (cpu, memory))


def test_least_waste_upstream_table() -> None:
    cpu, memory = 500, 1000 * MIB
    pod = group("p", cpu, memory, 1)
    balanced = option("balanced", 16 * cpu, 16 * memory, pod)
    assert expander.least_waste([option("balanced", 16 * cpu, 16 * memory, [])]) == [
        option("balanced", 16 * cpu, 16 * memory, [])
    ]
    assert expander.least_waste([balanced]) == [balanced]
    highmem = option("highmem", 16 * cpu, 32 * memory, pod)
    assert expander.least_waste([balanced, highmem]) == [balanced]
    lowcpu = option("lowcpu", 8 * cpu, 16 * memory, pod)
    assert expander.least_waste([balanced, highmem, lowcpu]) == [lowcpu]


def test_chain_stops_at_one_option_and_ties_go_to_the_first_name() -> None:
    pods = group("p", 100, 100, 2)
    a = expander.Option("b-pool", 1, tuple(pods), (1000, 1000))
    b = expander.Option("a-pool", 1, tuple(pods), (1000, 1000))
    assert expander.choose([a, b], ("least-waste",), {}, random.Random(0)).group == "a-pool"
    more = expander.Option("c-pool", 2, tuple(group("q", 100, 100, 3)), (1000, 1000))
    assert expander.choose([a, b, more], ("most-pods",), {}, random.Random(0)) is more
    assert expander.choose([a, b, more], ("least-nodes",), {}, random.Random(0)) is b


def test_priority_expander_highest_matching_priority_wins() -> None:
    pods = tuple(group("p", 100, 100, 1))
    options = [expander.Option(n, 1, pods, (1000, 1000)) for n in ("spot-a", "ondemand", "x")]
    priorities = {10: (".*",), 50: ("^spot-",)}
    chosen = expander.choose(options, ("priority",), priorities, random.Random(0))
    assert chosen.group == "spot-a"
    # No group matches: nothing is filtered, the first by name is taken.
    assert expander.by_priority({5: ("^gpu",)})(options) == options


def test_random_expander_is_seeded() -> None:
    pods = tuple(group("p", 100, 100, 1))
    options = [expander.Option(f"g{i}", 1, pods, (1000, 1000)) for i in range(5)]
    first = [expander.choose(options, ("random",), {}, random.Random(7)).group for _ in "ab"]
    assert first[0] == first[1]


def test_utilization_is_the_larger_of_cpu_and_memory() -> None:
    node = NodeRecord("n", 4000, 16 * 1024 * MIB, 110, {}, [])
    pod = group("p", 1500, 4 * 1024 * MIB, 1)[0]
    node.pods[pod.name] = pod
    used = utilization(node)
    assert used == Utilization(0.375, 0.25)
    assert used is not None and used.resource == "cpu" and used.value == 0.375
    assert used.describe() == "{0.375 0.25 0 0 cpu 0.375}"
    assert Utilization(0.25, 0.25).resource == "memory"  # a tie names memory, as upstream
    assert utilization(NodeRecord("z", 0, 1, 1, {}, [])) is None


@pytest.mark.parametrize(
    ("value", "text"),
    [(0.0, "0"), (1.0, "1"), (0.5, "0.5"), (1e-05, "1e-05"), (123456.0, "123456"),
     (1234567.0, "1.234567e+06"), (1 / 3, "0.3333333333333333")],
)  # fmt: skip
def test_floats_print_as_go_prints_them(value: float, text: str) -> None:
    assert go_float(value) == text


CONFIG = {
    5: (r".*t2\.micro.*",),
    10: (r".*t2\.large.*", r".*t3\.large.*"),
    50: (r".*m4\.4xlarge.*",),
}
WILDCARD = {5: (".*",), 10: (r".t2\.large.*",)}
ONE_ENTRY = {10: (r".*t2\.large.*",)}


@pytest.mark.parametrize(
    ("config", "offered", "best"),
    [
        (CONFIG, ["t2.large"], ["t2.large"]),  # SingleMatchingOptionOutOfOne
        (CONFIG, ["t2.large", "m4.4xlarge"], ["m4.4xlarge"]),  # SingleMatchingOptionOutOfMany
        (WILDCARD, ["t2.large", "t2.micro"], ["t2.large"]),  # FiltersToHigherPriorityMatch
        (CONFIG, ["t2.large", "t3.large", "t2.micro"], ["t2.large", "t3.large"]),
        (CONFIG, ["t2.large", "t3.large"], ["t2.large", "t3.large"]),
        (ONE_ENTRY, ["t2.large", "t3.large", "m4.4xlarge"], ["t2.large"]),  # HandlesConfigUpdate
    ],
)
def test_priority_expander_upstream_table(
    config: dict[int, tuple[str, ...]], offered: list[str], best: list[str]
) -> None:
    pods = tuple(group("p", 100, 100, 1))
    options = [expander.Option(f"my-asg.{kind}", 1, pods, (1000, 1000)) for kind in offered]
    chosen = expander.by_priority(config)(options)
    assert [o.group for o in chosen] == [f"my-asg.{kind}" for kind in best]


def planner_verdicts(pods: list[PodRecord], cpu: int = 1000, memory: int = 10) -> dict[str, str]:
    """``eligibility_test.go``'s node "regular" (1000m, 10 bytes) with ``pods`` on it, and a
    roomy node for them to move to."""
    from kubeloop.cluster.autoscaler.groups import NodeGroup, NodeGroupRecord  # noqa: PLC0415
    from kubeloop.cluster.autoscaler.scale_down import Planner  # noqa: PLC0415
    from kubeloop.cluster.autoscaler.settings import AutoscalerSettings  # noqa: PLC0415
    from kubeloop.cluster.state import ClusterState  # noqa: PLC0415
    from kubeloop.core.clock import Clock  # noqa: PLC0415
    from kubeloop.core.events import EventLog  # noqa: PLC0415

    clock = Clock()
    state = ClusterState(clock, EventLog(clock))
    regular = NodeRecord("regular", cpu, memory, 110, {}, [])
    for pod in pods:
        regular.pods[pod.name] = pod.copy_on("regular")
    state.nodes = {"regular": regular, "spare": NodeRecord("spare", 8000, 2**40, 110, {}, [])}
    record = NodeGroupRecord(NodeGroup("g", max_size=3), nodes={"regular"})
    planner = Planner()
    planner.update(state, Snapshot.of(state), {"g": record}, {}, AutoscalerSettings(), set())
    verdicts = dict(planner.unremovable)
    verdicts.update(dict.fromkeys(planner.unneeded, "unneeded"))
    return verdicts


def test_eligibility_upstream_cases() -> None:
    assert planner_verdicts([]) == {"regular": "unneeded"}  # regular node stays
    big = group("bigPod", 600, 0, 1)
    assert planner_verdicts(big)["regular"].startswith("NotUnderutilized: cpu requested (60%")
    assert planner_verdicts(group("smallPod", 100, 0, 1)) == {"regular": "unneeded"}
    broken = planner_verdicts(group("smallPod", 100, 0, 1), cpu=0, memory=0)
    assert broken["regular"].startswith("UnexpectedError")
