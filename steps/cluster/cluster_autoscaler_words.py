"""The cluster autoscaler said as people say it: "a cluster autoscaler that can grow the cluster
to 4 nodes" (a node group of the nodes' own shape, named so its nodes follow on as node-3,
node-4), and "the cluster autoscaler runs" (one loop and the nodes it asked for joining)."""

from __future__ import annotations

from kubeloop.core.quantity import format_cpu, format_memory
from kubeloop.harness.amounts import Resources
from kubeloop.harness.nouns import unquote
from kubeloop.harness.params import TYPES, ParamType, TaintText
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .cluster_autoscaler import _add, _spec
from .nodes import nodes

GROUP = "node"
"""The group's name: its nodes are named ``node-<n>``, past the names already taken."""

_GROW = "<can grow|may grow|grows|can scale|may scale|scales|can expand|may expand>"


@given(
    "a cluster autoscaler that " + _GROW + " the cluster [up ]to {high:n} node(s)",
    "a cluster autoscaler that can grow the cluster to 4 nodes",
    "a cluster autoscaler with a maximum of 6 nodes",
    "the cluster can autoscale up to 5 nodes",
    variants=(
        "a cluster autoscaler <with a maximum of|with a max of|capped at|limited to|of up to|"
        "for up to|allowing up to> {high:n} node(s)",
        "the cluster <can grow|may grow|can autoscale|may autoscale|autoscales|can scale|"
        "may scale> [up ]to {high:n} node(s)",
        "cluster autoscaling [up ]to {high:n} node(s)",
    ),
)
def a_cluster_autoscaler(world: World, high: int) -> None:
    """Let the cluster autoscaler add nodes until the cluster has HIGH: an empty node group
    of up to HIGH minus the nodes there are, each node shaped as the nodes already there
    (all alike; else 4 cpu and 8Gi memory)."""
    nodes = world.capability(world.cluster, "nodes")()
    if high <= len(nodes):
        raise world.fail(
            f"room to grow past the {len(nodes)} node(s) there are",
            f"a cluster autoscaler that can grow the cluster to {high} node(s): say more than "
            f"{len(nodes)}",
        )
    spec: dict[str, object] = {"name": GROUP, "min_size": 0, "max_size": high - len(nodes)}
    shapes = {(int(world.attribute(n, "cpu")), int(world.attribute(n, "memory"))) for n in nodes}
    if len(shapes) == 1:
        cpu, memory = shapes.pop()
        spec["cpu"], spec["memory"] = format_cpu(cpu), format_memory(memory)
    _add(world, spec)


@given(
    "a cluster autoscaler that <can|may> add up to {more:n} [<more|extra|new> ]node(s)",
    "a cluster autoscaler that can add up to 2 more nodes",
    "a cluster autoscaler that may add up to 3 nodes",
    variants=(
        "the cluster autoscaler <can|may> add up to {more:n} [<more|extra|new> ]node(s)",
        "a cluster autoscaler <allowed|able> to add up to {more:n} [<more|extra|new> ]node(s)",
    ),
)
def a_cluster_autoscaler_adding(world: World, more: int) -> None:
    """As "a cluster autoscaler that can grow the cluster to N nodes", with N the nodes there
    are and MORE."""
    nodes = world.capability(world.cluster, "nodes")()
    a_cluster_autoscaler(world, len(nodes) + more)


_POOL_GROWS = (
    "[,] <that|which> <can|may|will> <grow|scale|scale up|expand|autoscale> [up ]to {high:n}"
    "[ node(s)]"
)
_EACH = "[,][ each][ <with|of|having> {size:resources}][ each]"
TYPES["poolname"] = ParamType(
    r'"[^"]+"|(?!node\b)[A-Za-z0-9][-A-Za-z0-9._/]*',
    unquote,
    'a node pool\'s name said before "pool": "batch", gpu (never "node": "a node pool" is '
    "a pool said without a name)",
)


@given(
    "a node pool[ {group:name}] <of|with> {low:n} node(s)" + _EACH + _POOL_GROWS,
    'a node pool "general" of 2 nodes that can grow to 5',
    "a node pool of 2 nodes with 8 cpu each, which can scale up to 6 nodes",
    variants=(
        "a[n autoscaled] node pool {group:name} of {low:n} to {high:n} nodes" + _EACH,
        "a node pool[ {group:name}] <of|with> {low:n} node(s)" + _EACH + "[,] <growing|scaling> "
        "[up ]to {high:n}[ node(s)]",
    ),
)
def a_growing_pool(
    world: World,
    low: int,
    high: int,
    group: str | None = None,
    size: Resources | None = None,
) -> None:
    """A node group of LOW nodes (never fewer) the cluster autoscaler may grow to HIGH; with
    no name its nodes are node-1, node-2, … as plain nodes are."""
    _add(world, _spec(group or GROUP, low, high, size, None, None, world))


_LABELS = (
    "[,][ <labelled|labeled|with label|with the label> {label:label}]"
    "[,][ <tainted|with the taint|with taint> {taint_spec:taint}]"
)


@given(
    "a node pool {group:name} <of|with> {count:n} node(s)" + _EACH + _LABELS,
    'a node pool "general" with 3 nodes of 4 CPU and 16Gi memory',
    'a node pool "gpu" with 2 nodes of 8 CPU and 32Gi memory labeled accelerator=nvidia',
    "a node pool spot of 2 nodes tainted spot=true:NoSchedule",
    variants=(
        "a {group:name} node pool <of|with> {count:n} node(s)" + _EACH + _LABELS,
        "a {group:poolname} pool <of|with> {count:n} node(s)" + _EACH + _LABELS,
        "a [node ]pool <named|called> {group:name} <of|with> {count:n} node(s)" + _EACH + _LABELS,
    ),
)
def a_named_pool(
    world: World,
    group: str,
    count: int,
    size: Resources | None = None,
    label: str | None = None,
    taint_spec: TaintText | None = None,
) -> None:
    """A named pool of COUNT nodes that does not grow: a node group of exactly COUNT nodes
    (named after it: gpu-1, gpu-2, …), each with the size, label and taint said."""
    _add(world, _spec(group, count, count, size, label, taint_spec, world))


@given(
    "a [node ]pool of {count:n} node(s)" + _EACH,
    "a node pool of 3 nodes",
    "a pool of 4 nodes with 8 cpu each",
)
def a_fixed_pool(world: World, count: int, size: Resources | None = None) -> None:
    """A pool said without a name or a way to grow: that many nodes, node-1, node-2, …"""
    nodes(world, count, size)


@when(
    "the cluster autoscaler <runs|has run|acts|has acted|kicks in|has kicked in|reacts|"
    "has reacted|does its job|has done its job|scales up|has scaled up|scales the cluster up|"
    "has scaled the cluster up|adds the nodes it needs|has added the nodes it needs>",
    "the cluster autoscaler runs",
    "the cluster autoscaler has run",
)
def the_cluster_autoscaler_runs(world: World) -> None:
    """One loop of the cluster autoscaler (its scan interval passes), then, if it asked for
    nodes, the time they take to join (its provisioning delay), on the one clock."""
    status = world.capability(world.cluster, "cluster_autoscaler")
    settings = status().settings
    world.advance(settings.scan_interval)
    waited = 0
    while any(group.upcoming for group in status().groups):
        if waited > settings.provisioning_delay:
            raise world.fail(
                "the nodes the cluster autoscaler asked for to join",
                f"still provisioning after {waited} s",
            )
        world.advance(settings.scan_interval)
        waited += settings.scan_interval


_SIZE = "[,][ each][ <with|of|having> {size:resources}][ each]"


@given(
    "a cluster <of|with> {count:n} node(s)" + _SIZE + "[,] <where|that|which> [the cluster "
    "autoscaler ]<can|may|will|is allowed to|is able to> <grow|scale|expand|autoscale> "
    "[<it|the cluster> ][up ]to {high:n}[ node(s)]",
    "a cluster of 2 nodes where the cluster autoscaler may grow to 5 nodes",
    "a cluster of 2 nodes that the cluster autoscaler may grow up to 5",
    "a cluster of 3 nodes with 4 cpu each that can grow to 6 nodes",
    variants=(
        "{count:n} node(s)" + _SIZE + "[,] <where|that|which> [the cluster autoscaler ]<can|may|"
        "will|is allowed to|is able to> <grow|scale|expand|autoscale> [<it|the cluster> ][up ]to "
        "{high:n}[ node(s)]",
        "a {count:n}-node cluster" + _SIZE + "[,] <where|that|which> [the cluster autoscaler ]"
        "<can|may|will|is allowed to|is able to> <grow|scale|expand|autoscale> [<it|the "
        "cluster> ][up ]to {high:n}[ node(s)]",
    ),
)
def nodes_that_may_grow(world: World, count: int, high: int, size: Resources | None = None) -> None:
    """COUNT nodes, then a cluster autoscaler that may grow the cluster to HIGH nodes, each
    shaped as these (the two said in one sentence)."""
    nodes(world, count, size)
    a_cluster_autoscaler(world, high)
