"""Nodes and whole clusters: counts, sizes, states, tables, and YAML fixtures."""

from __future__ import annotations

from collections.abc import Sequence

from kubeloop.harness.amounts import Resources
from kubeloop.harness.errors import ScenarioError
from kubeloop.harness.params import TaintText, parse_taint
from kubeloop.harness.referents import known
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .engine_objects import add_node, column_problems, set_node_state, taint
from .fixture import apply_fixture, load

_SIZE = "[,][ each][ <with|of|having> {size:resources}]"

MAX_NODES_AT_ONCE = 100_000


def next_node_names(world: World, count: int) -> list[str]:
    """node-1, node-2, … continuing after the nodes that already exist."""
    if not 0 <= count <= MAX_NODES_AT_ONCE:
        raise ScenarioError(
            f"{world.step.location}: {count} nodes: a step adds 0 to {MAX_NODES_AT_ONCE:,} nodes; "
            "write a count in that range"
        )
    existing = set(world.declared.nodes)
    names: list[str] = []
    number = 1
    while len(names) < count:
        name = f"node-{number}"
        if name not in existing:
            names.append(name)
        number += 1
    return names


@given(
    "{count:n} [worker ]node(s)" + _SIZE,
    "3 nodes",
    "3 nodes with 4 cpu and 8Gi memory",
    "1 node with 2 cpu and 4Gi memory",
    "2 nodes with 2 cpu and 4Gi memory each",
    "a cluster of 3 nodes with 4 CPU and 8Gi memory each",
    "a cluster with three nodes, each with 4 vCPUs and 16GiB of RAM",
    "a single node with 1 CPU and 1Gi memory",
    "a 3-node cluster",
    "there are 2 worker nodes with 8 CPU and 32Gi of memory",
    variants=(
        "a cluster <of|with> {count:n} [worker ]node(s)" + _SIZE,
        "a {count:n}-node cluster" + _SIZE,
        "there <is|are> {count:n} [worker ]node(s)" + _SIZE,
        "a single [worker ]node" + _SIZE,
        "[a cluster <of|with> ]{count:n} [worker ]node(s), {size:resources} <each|apiece>",
    ),
)
def nodes(world: World, count: int = 1, size: Resources | None = None) -> None:
    """Add COUNT nodes named node-1, node-2, … (4 cpu and 8Gi memory each unless given)."""
    for name in next_node_names(world, count):
        add_node(world, name, size.cpu if size else None, size.memory if size else None)


_NODE_DETAILS = (
    _SIZE + "[,][ <labelled|labeled|with label> {label:label}]"
    "[,][ <tainted|with the taint|with taint> {taint_spec:taint}]"
)


@given(
    "a node [<named|called> ]{node:node}" + _NODE_DETAILS,
    'a node "big-1" with 16 cpu and 64Gi memory',
    "a node edge-1",
    "a node named gpu-1 with 8 CPU and 32Gi memory labelled gpu=true",
    "a node gpu-1 tainted gpu=true:NoSchedule",
)
def a_node(
    world: World,
    node: str,
    size: Resources | None = None,
    label: str | None = None,
    taint_spec: TaintText | None = None,
) -> None:
    """Add one node of that name (4 cpu and 8Gi memory unless given), with a label or taint."""
    extra: dict[str, object] = {}
    if label:
        key, value = label.split("=", 1)
        extra["labels"] = {key: value}
    if taint_spec:
        extra["taints"] = [taint(world, taint_spec)]
    add_node(world, node, size.cpu if size else None, size.memory if size else None, **extra)


@when(
    "I add a node {node:node}" + _NODE_DETAILS,
    'I add a node "node-4" with 4 cpu and 8Gi memory',
    "a new node node-5 joins the cluster",
    variants=("a [new ]node {node:node} joins[ the cluster]" + _NODE_DETAILS,),
)
def i_add_a_node(
    world: World,
    node: str,
    size: Resources | None = None,
    label: str | None = None,
    taint_spec: TaintText | None = None,
) -> None:
    """A new node joins the cluster (it takes pods from the next reconcile on)."""
    world.attempt(lambda: a_node(world, node, size, label, taint_spec))


@when(
    "I add {count:n} [more ][new ][worker ]node(s)" + _SIZE,
    "I add 2 nodes",
    "I add 2 more nodes with 8 CPU each",
    "a new node joins the cluster",
    "2 more nodes join the cluster",
    variants=(
        "I add <a|another|one more> [new ][worker ]node" + _SIZE,
        "<a new|another|one more> [worker ]node joins[ the cluster]" + _SIZE,
        "{count:n} <more|new|more new> [worker ]node(s) join[ the cluster]" + _SIZE,
        "we add {count:n} [more ][new ][worker ]node(s)" + _SIZE,
    ),
)
def i_add_nodes(world: World, count: int = 1, size: Resources | None = None) -> None:
    """COUNT more nodes join, named after the ones there (node-4, node-5, …): a node said
    without its name."""
    world.attempt(lambda: nodes(world, count, size))


@given(
    "{nodes:nodes} <is|are> {state:nodestate}",
    "node-1 is cordoned",
    "node-2 is NotReady",
    "node node-3 is unschedulable",
    "node-1 and node-2 are cordoned",
    variants=("{nodes:nodes} <has|have> failed",),
)
def node_is(world: World, nodes: tuple[str, ...], state: str = "NotReady") -> None:
    """The node starts in that state: NotReady (failed), unschedulable (cordoned), or Ready."""
    for node in nodes:
        set_node_state(world, node, state)


@then(
    "{nodes:nodes} <is|are> [still ]{state:nodestate}",
    "node-2 is NotReady",
    "node-1 is Ready",
    "node-1 is unschedulable",
    'node "node-1" is cordoned',
    "node-1 and node-2 are still Ready",
)
def node_is_now(world: World, nodes: tuple[str, ...], state: str) -> None:
    """The node's condition now: Ready or NotReady; unschedulable (cordoned) or schedulable."""
    view = world.capability(world.cluster, "node")
    for node in nodes:
        info = view(node)
        if not _in_state(info, state):
            now = ("Ready" if info.ready else "NotReady") + (
                ", unschedulable" if info.unschedulable else ", schedulable"
            )
            raise world.fail(f"{node} {state}", now, FailedCheck("cluster", node))


@then(
    "there <is|are> {count:n} node(s)",
    "there are 3 nodes",
    "the cluster has 3 nodes",
    "2 nodes are Ready",
    variants=(
        "the cluster has {count:n} node(s)",
        "{count:n} node(s) <is|are> {state:nodestate}",
        "the cluster <has grown|grew|has scaled up|scaled up|has scaled out|scaled out|"
        "has shrunk|shrank|has scaled down|scaled down|is now|is back|is back down> to "
        "{count:n} node(s)",
    ),
)
def node_count(world: World, count: int, state: str | None = None) -> None:
    """Exactly COUNT nodes exist (in that state: Ready, NotReady, unschedulable …)."""
    names = known(world, "node")
    if state is not None:
        view = world.capability(world.cluster, "node")
        names = [n for n in names if _in_state(view(n), state)]
    if len(names) != count:
        raise world.fail(
            f"{count} nodes" + (f" {state}" if state else ""),
            f"{len(names)}: " + (", ".join(names) or "none"),
        )


def _in_state(info: object, state: str) -> bool:
    ready, unschedulable = getattr(info, "ready", True), getattr(info, "unschedulable", False)
    return {
        "Ready": ready,
        "NotReady": not ready,
        "unschedulable": unschedulable,
        "schedulable": not unschedulable,
    }[state]


_COLUMNS = {
    "name": "name",
    "cpu": "cpu",
    "memory": "memory",
    "pods": "pods",
    "max pods": "pods",
    "labels": "labels",
    "taints": "taints",
    "unschedulable": "unschedulable",
    "cordoned": "unschedulable",
}


def table_problems(rows: Sequence[Sequence[str]]) -> list[str]:
    """What is wrong with a nodes table's header: unknown columns, a missing name column."""
    known = ", ".join(sorted(set(_COLUMNS.values())))
    names, problems = column_problems(rows[0] if rows else [], _COLUMNS, known)
    if rows and "name" not in names:
        problems.append("the table needs a 'name' column")
    if len(rows) < 2:
        problems.append("the step needs a table under it: a header row and one row per node")
    return problems


def _header(world: World, rows: Sequence[Sequence[str]]) -> list[str]:
    problems = table_problems(rows)
    if problems:
        raise world.fail("a nodes table kubeloop can read", "; ".join(problems))
    return [_COLUMNS[" ".join(cell.strip().lower().split())] for cell in rows[0]]


def _list(cells: str) -> list[str]:
    return [item.strip() for item in cells.replace(";", ",").split(",") if item.strip()]


@given("the nodes:", "the nodes:")
def the_nodes(world: World) -> None:
    """Add the nodes of the data table: | name | cpu | memory | pods | labels | taints |.

    Only name is required. Labels are key=value and taints key=value:Effect, several
    separated by commas; unschedulable is yes/no. An unknown column is an error.
    """
    table = world.step.datatable or ()
    header = _header(world, table)
    for row in table[1:]:
        cells = dict(zip(header, (c.strip() for c in row), strict=True))
        extra: dict[str, object] = {}
        if cells.get("pods"):
            extra["pods"] = int(cells["pods"])
        if cells.get("labels"):
            extra["labels"] = dict(item.split("=", 1) for item in _list(cells["labels"]))
        if cells.get("taints"):
            extra["taints"] = [taint(world, _taint(world, t)) for t in _list(cells["taints"])]
        if cells.get("unschedulable", "").lower() in ("yes", "true", "y"):
            extra["unschedulable"] = True
        add_node(
            world, cells["name"], cells.get("cpu") or None, cells.get("memory") or None, **extra
        )


def _taint(world: World, text: str) -> TaintText:
    try:
        return parse_taint(text)
    except (ValueError, KeyError):
        raise world.fail(
            "taints written key=value:Effect (NoSchedule, PreferNoSchedule, NoExecute)",
            repr(text),
        ) from None


@given(
    "the cluster from {path:text}",
    'the cluster from "fixtures/three-nodes.yaml"',
    variants=("<a|the> cluster <loaded from|defined in|described in> {path:text}",),
)
def the_cluster_from(world: World, path: str) -> None:
    """Build the cluster a YAML fixture declares (path relative to the feature file)."""
    apply_fixture(world, load(world, path=path))


# kubeloop check validates the fixture a scenario names and the tables it reads:
the_cluster_from.fixture_argument = "path"  # type: ignore[attr-defined]
the_nodes.checks_table = table_problems  # type: ignore[attr-defined]


@given("the cluster:", "the cluster:", variants=("a cluster:",))
def the_cluster(world: World) -> None:
    """Build the cluster the doc string's YAML declares (validated like a fixture file)."""
    if world.step.docstring is None:
        raise world.fail('a doc string (""") holding YAML under this step', "no doc string")
    apply_fixture(world, load(world, text=world.step.docstring))


the_cluster.fixture_argument = "docstring"  # type: ignore[attr-defined]


@when("I load the cluster from {path:text}", 'I load the cluster from "fixtures/bad.yaml"')
def i_load_the_cluster_from(world: World, path: str) -> None:
    """Load a fixture as an event; if it is invalid, a Then can check the error."""
    world.attempt(lambda: apply_fixture(world, load(world, path=path)))
