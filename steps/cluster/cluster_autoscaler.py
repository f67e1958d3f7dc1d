"""The cluster autoscaler's node groups: in plain English, as a table, from YAML."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kubeloop.harness.amounts import Resources
from kubeloop.harness.params import TaintText, parse_taint
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .cluster_autoscaler_flags import configure
from .engine_objects import column_problems, taint

_DETAILS = (
    "[,][ <with|of|having> {size:resources}][ each]"
    "[,][ <labelled|labeled|with label> {label:label}]"
    "[,][ <tainted|with the taint|with taint> {taint_spec:taint}]"
    "[,][ starting with {initial:n} node(s)]"
)
_SIZE_ETC = _DETAILS.removesuffix("[,][ starting with {initial:n} node(s)]")


def _add(world: World, spec: dict[str, Any]) -> None:
    group = world.make("NodeGroup", **spec)
    world.capability(world.cluster, "add_node_group")(group)


def _spec(
    name: str,
    low: int,
    high: int,
    size: Resources | None,
    label: str | None,
    taint_spec: TaintText | None,
    world: World,
    initial: int | None = None,
) -> dict[str, Any]:
    spec: dict[str, Any] = {"name": name, "min_size": low, "max_size": high}
    if initial is not None:
        spec["initial_size"] = initial
    if size is not None and size.cpu:
        spec["cpu"] = size.cpu
    if size is not None and size.memory:
        spec["memory"] = size.memory
    if label:
        key, value = label.split("=", 1)
        spec["labels"] = {key: value}
    if taint_spec:
        spec["taints"] = [taint(world, taint_spec)]
    return spec


@given(
    "a node group {group:name} of {low:n} to {high:n} nodes" + _DETAILS,
    'a node group "pool" of 1 to 5 nodes with 4 cpu and 8Gi memory',
    "a node group gpu of 0 to 3 nodes with 8 cpu and 32Gi memory labelled accelerator=nvidia",
    "a node group spot of 0 to 2 nodes tainted spot=true:NoSchedule",
    "an autoscaled node group pool of 1 to 10 nodes",
    "a node group pool of 0 to 3 nodes with 4 cpu and 8Gi memory, starting with 1 node",
    'a node pool "pool" that scales between 1 and 5 nodes of 2 cpu and 4Gi memory',
    variants=(
        "an autoscaled node group {group:name} of {low:n} to {high:n} nodes" + _DETAILS,
        "a node <group|pool> {group:name} that <scales|can grow> <between|from> {low:n} "
        "<and|to> {high:n} nodes" + _DETAILS,
    ),
)
def a_node_group(
    world: World,
    group: str,
    low: int,
    high: int,
    size: Resources | None = None,
    label: str | None = None,
    taint_spec: TaintText | None = None,
    initial: int | None = None,
) -> None:
    """A node group the cluster autoscaler grows and shrinks between LOW and HIGH nodes; it
    starts with LOW nodes unless told (4 cpu and 8Gi memory each unless given)."""
    _add(world, _spec(group, low, high, size, label, taint_spec, world, initial))


@given(
    "a node group {group:name} of up to {high:n} nodes" + _SIZE_ETC,
    "a node group pool of up to 10 nodes with 2 cpu and 4Gi memory",
    "an empty node group pool of up to 3 nodes",
    variants=("an empty node group {group:name} of up to {high:n} nodes" + _SIZE_ETC,),
)
def an_empty_node_group(
    world: World,
    group: str,
    high: int,
    size: Resources | None = None,
    label: str | None = None,
    taint_spec: TaintText | None = None,
) -> None:
    """A node group with no nodes yet (min size 0) that may grow to HIGH nodes."""
    _add(world, _spec(group, 0, high, size, label, taint_spec, world))


@when(
    "I add a node group {group:name} of {low:n} to {high:n} nodes" + _DETAILS,
    "I add a node group pool of 3 to 2 nodes",
)
def i_add_a_node_group(
    world: World,
    group: str,
    low: int,
    high: int,
    size: Resources | None = None,
    label: str | None = None,
    taint_spec: TaintText | None = None,
    initial: int | None = None,
) -> None:
    """Add a node group as an event; if the engine rejects it, a Then can check the error."""
    spec = _spec(group, low, high, size, label, taint_spec, world, initial)
    world.attempt(lambda: _add(world, spec))


_COLUMNS = {
    "name": "name",
    "min": "min_size",
    "min size": "min_size",
    "max": "max_size",
    "max size": "max_size",
    "initial": "initial_size",
    "initial size": "initial_size",
    "cpu": "cpu",
    "memory": "memory",
    "pods": "pods",
    "labels": "labels",
    "taints": "taints",
}


def table_problems(rows: Sequence[Sequence[str]]) -> list[str]:
    """What is wrong with a node groups table's header."""
    names, problems = column_problems(rows[0] if rows else [], _COLUMNS, ", ".join(_COLUMNS))
    for needed in ("name", "max"):
        if rows and needed not in names and f"{needed} size" not in names:
            problems.append(f"the table needs a '{needed}' column")
    if len(rows) < 2:
        problems.append("the step needs a table under it: a header row and one row per node group")
    return problems


def _items(cells: str) -> list[str]:
    return [item.strip() for item in cells.replace(";", ",").split(",") if item.strip()]


@given("the node groups:", "the node groups:", variants=("node groups:",))
def the_node_groups(world: World) -> None:
    """Add the node groups of the data table:
    | name | min | max | initial | cpu | memory | pods | labels | taints |.

    name and max are required; labels are key=value and taints key=value:Effect, several
    separated by commas.
    """
    table = world.step.datatable or ()
    problems = table_problems(table)
    if problems:
        raise world.fail("a node groups table kubeloop can read", "; ".join(problems))
    header = [_COLUMNS[" ".join(cell.strip().lower().split())] for cell in table[0]]
    for row in table[1:]:
        cells = {k: v.strip() for k, v in zip(header, row, strict=True) if v.strip()}
        spec: dict[str, Any] = {"name": cells["name"]}
        for key in ("min_size", "max_size", "initial_size", "pods"):
            if key in cells:
                spec[key] = _whole(world, key, cells[key])
        for key in ("cpu", "memory"):
            if key in cells:
                spec[key] = cells[key]
        if "labels" in cells:
            spec["labels"] = dict(item.split("=", 1) for item in _items(cells["labels"]))
        if "taints" in cells:
            spec["taints"] = [taint(world, _taint(world, t)) for t in _items(cells["taints"])]
        _add(world, spec)


the_node_groups.checks_table = table_problems  # type: ignore[attr-defined]


def _whole(world: World, column: str, text: str) -> int:
    if not text.isdigit() or len(text) > 9:
        raise world.fail(f"a whole number in the {column.replace('_', ' ')} column", repr(text))
    return int(text)


def _taint(world: World, text: str) -> TaintText:
    try:
        return parse_taint(text)
    except (ValueError, KeyError):
        raise world.fail("taints written key=value:Effect", repr(text)) from None


def apply_node_groups(world: World, fixture: Any) -> None:
    """Configure the autoscaler and add the groups a NodeGroup fixture declares."""
    if fixture.settings is not None:
        configure(world, **fixture.settings)
    for group in fixture.groups:
        spec: dict[str, Any] = {
            "name": group.name,
            "min_size": group.min_size,
            "max_size": group.max_size,
            "labels": group.labels,
            "taints": [taint(world, t) for t in group.taints],
        }
        if group.initial_size is not None:
            spec["initial_size"] = group.initial_size
        for key in ("cpu", "memory", "pods"):
            if key in group.allocatable:
                spec[key] = group.allocatable[key]
        for key in ("cpu", "memory"):
            if key in group.capacity:
                spec[f"capacity_{key}"] = group.capacity[key]
        _add(world, spec)


@given(
    "the node groups from {path:text}",
    'the node groups from "../fixtures/node-groups.yaml"',
    variants=("node groups <loaded from|defined in> {path:text}",),
)
def the_node_groups_from(world: World, path: str) -> None:
    """Add the node groups (and cluster autoscaler flags) a NodeGroup YAML file declares."""
    from kubeloop.fixtures.node_groups import read_node_groups_file  # noqa: PLC0415

    apply_node_groups(world, read_node_groups_file(world.resolve(path)))


@when("I load the node groups from {path:text}", 'I load the node groups from "bad.yaml"')
def i_load_the_node_groups_from(world: World, path: str) -> None:
    """Load a node groups file as an event; if it is invalid, a Then can check the error."""
    from kubeloop.fixtures.node_groups import read_node_groups_file  # noqa: PLC0415

    world.attempt(lambda: apply_node_groups(world, read_node_groups_file(world.resolve(path))))
