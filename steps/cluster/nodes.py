"""Nodes and whole clusters: counts, sizes, tables, and YAML fixtures."""

from __future__ import annotations

from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World
from kubeloop.steps.cluster.support import add_node, apply_fixture, load, next_node_names


@given(
    "{count:n} node(s)[ with {cpu:quantity} cpu and {memory:quantity} memory]",
    "3 nodes",
    "3 nodes with 4 cpu and 8Gi memory",
    "1 node with 2 cpu and 4Gi memory",
)
def nodes(world: World, count: int, cpu: str | None = None, memory: str | None = None) -> None:
    """Add COUNT nodes named node-1, node-2, … (4 cpu and 8Gi memory each unless given)."""
    for name in next_node_names(world, count):
        add_node(world, name, cpu, memory)


@given(
    "a node {name:name}[ with {cpu:quantity} cpu and {memory:quantity} memory]",
    'a node "big-1" with 16 cpu and 64Gi memory',
    "a node edge-1",
)
def a_node(world: World, name: str, cpu: str | None = None, memory: str | None = None) -> None:
    """Add one node of that name (4 cpu and 8Gi memory unless given)."""
    add_node(world, name, cpu, memory)


@when(
    "I add a node {name:name}[ with {cpu:quantity} cpu and {memory:quantity} memory]",
    'I add a node "node-4" with 4 cpu and 8Gi memory',
)
def i_add_a_node(
    world: World, name: str, cpu: str | None = None, memory: str | None = None
) -> None:
    """A new node joins the cluster (it takes pods from the next reconcile on)."""
    world.attempt(lambda: add_node(world, name, cpu, memory))


@given("the nodes:", "the nodes:")
def the_nodes(world: World) -> None:
    """Add the nodes of the data table: | name | cpu | memory | (optional: pods, labels).

    Labels are written key=value, several separated by commas.
    """
    table = world.datatable
    if not table or len(table) < 2:
        raise world.fail("a table with a header row and one row per node", "no table rows")
    header = [cell.strip().lower() for cell in table[0]]
    if "name" not in header:
        raise world.fail("a 'name' column in the table header", f"columns {header}")
    for row in table[1:]:
        cells = dict(zip(header, (c.strip() for c in row), strict=True))
        extra: dict[str, object] = {}
        if cells.get("pods"):
            extra["pods"] = int(cells["pods"])
        if cells.get("labels"):
            extra["labels"] = dict(item.split("=", 1) for item in cells["labels"].split(","))
        add_node(
            world, cells["name"], cells.get("cpu") or None, cells.get("memory") or None, **extra
        )


@given("the cluster from {path:text}", 'the cluster from "fixtures/three-nodes.yaml"')
def the_cluster_from(world: World, path: str) -> None:
    """Build the cluster a YAML fixture declares (path relative to the feature file)."""
    apply_fixture(world, load(world, path=path))


@given("the cluster:", "the cluster:")
def the_cluster(world: World) -> None:
    """Build the cluster the doc string's YAML declares (validated like a fixture file)."""
    if world.docstring is None:
        raise world.fail('a doc string (""") holding YAML under this step', "no doc string")
    apply_fixture(world, load(world, text=world.docstring))


@when("I load the cluster from {path:text}", 'I load the cluster from "fixtures/bad.yaml"')
def i_load_the_cluster_from(world: World, path: str) -> None:
    """Load a fixture as an event; if it is invalid, a Then can check the error."""
    world.attempt(lambda: apply_fixture(world, load(world, path=path)))
