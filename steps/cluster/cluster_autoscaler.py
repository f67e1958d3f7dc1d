"""The cluster autoscaler: node groups, its flags, and what it did (groups, unneeded nodes)."""

from __future__ import annotations

import difflib
from typing import Any

from kubeloop.harness.amounts import Resources
from kubeloop.harness.params import TaintText, parse_taint
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.steps.cluster.support import taint

_DETAILS = (
    "[,][ <with|of|having> {size:resources}][ each]"
    "[,][ <labelled|labeled|with label> {label:label}]"
    "[,][ <tainted|with the taint|with taint> {taint_spec:taint}]"
    "[,][ starting with {initial:n} node(s)]"
)
_SIZE_ETC = _DETAILS.removesuffix("[,][ starting with {initial:n} node(s)]")
SETTINGS = "cluster autoscaler settings"
"""world.parts key: the AutoscalerSettings keyword arguments the scenario set."""


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


def table_problems(rows: list[list[str]]) -> list[str]:
    """What is wrong with a node groups table's header."""
    problems = []
    names = [" ".join(cell.strip().lower().split()) for cell in rows[0]] if rows else []
    for cell, name in zip(rows[0] if rows else [], names, strict=True):
        if name not in _COLUMNS:
            close = difflib.get_close_matches(name, list(_COLUMNS), n=1, cutoff=0.6)
            hint = f' (did you mean "{close[0]}"?)' if close else ""
            problems.append(
                f'a column "{cell.strip()}"{hint}; the columns are {", ".join(_COLUMNS)}'
            )
    for needed in ("name", "max"):
        if rows and needed not in names and f"{needed} size" not in names:
            problems.append(f"the table needs a '{needed}' column")
    if len(rows) < 2:
        problems.append("a table with a header row and one row per node group")
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
    table = world.datatable or []
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
        _configure(world, **fixture.settings)
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


# --- the autoscaler's flags ------------------------------------------------------------


def _configure(world: World, **changes: Any) -> None:
    current: dict[str, Any] = world.parts.setdefault(SETTINGS, {})
    current.update(changes)
    settings = world.make("AutoscalerSettings", **current)
    world.capability(world.cluster, "configure_autoscaler")(settings)


@given(
    "new nodes take {delay:duration} to <join|become Ready|be provisioned|provision>",
    "new nodes take 2 minutes to become Ready",
    "new nodes take 0 seconds to join",
    variants=("nodes take {delay:duration} to <join|become Ready|be provisioned|provision>",),
)
def provisioning_delay(world: World, delay: int) -> None:
    """How long the cloud takes to bring a node the autoscaler asked for (default 1 minute)."""
    _configure(world, provisioning_delay=delay)


@given(
    "the cluster autoscaler uses the {name:word} expander",
    "the cluster autoscaler uses the most-pods expander",
    'the cluster autoscaler uses the expanders "priority,least-waste"',
    variants=("the cluster autoscaler uses the expanders {name:text}",),
)
def expander(world: World, name: str) -> None:
    """``--expander``: least-waste (default), most-pods, least-nodes, priority, random, or a
    comma-separated chain."""
    _configure(world, expander=name)


@given(
    "the priority expander prefers {high:name} over {low:name}",
    "the priority expander prefers spot over ondemand",
)
def priorities(world: World, high: str, low: str) -> None:
    """The priority expander's ConfigMap: groups named HIGH (a regex) at priority 20, LOW
    at 10; the expander becomes ``priority`` (ties then by least-waste)."""
    _configure(world, priorities={20: (high,), 10: (low,)}, expander="priority,least-waste")


_FLAGS = {
    "scan-interval": ("scan_interval", "duration"),
    "expander": ("expander", "text"),
    "scale-down-enabled": ("scale_down_enabled", "bool"),
    "scale-down-utilization-threshold": ("scale_down_utilization_threshold", "float"),
    "scale-down-unneeded-time": ("scale_down_unneeded_time", "duration"),
    "scale-down-unready-time": ("scale_down_unready_time", "duration"),
    "scale-down-delay-after-add": ("scale_down_delay_after_add", "duration"),
    "scale-down-delay-after-delete": ("scale_down_delay_after_delete", "duration"),
    "scale-down-delay-after-failure": ("scale_down_delay_after_failure", "duration"),
    "unremovable-node-recheck-timeout": ("unremovable_node_recheck_timeout", "duration"),
    "max-pod-eviction-time": ("max_pod_eviction_time", "duration"),
    "max-nodes-total": ("max_nodes_total", "int"),
    "max-scale-down-parallelism": ("max_scale_down_parallelism", "int"),
    "max-drain-parallelism": ("max_drain_parallelism", "int"),
    "provisioning-delay": ("provisioning_delay", "duration"),
}


@given(
    "the cluster autoscaler runs with {flags:text}",
    'the cluster autoscaler runs with "--scale-down-unneeded-time=5m --expander=most-pods"',
)
def flags(world: World, flags: str) -> None:
    """The autoscaler's command-line flags, upstream's names and Go durations (10s, 5m)."""
    from kubeloop.fixtures.node_groups import seconds_of  # noqa: PLC0415

    changes: dict[str, Any] = {}
    for item in flags.split():
        name, _, value = item.removeprefix("--").partition("=")
        if name not in _FLAGS or not value:
            close = difflib.get_close_matches(name, list(_FLAGS), n=1)
            hint = f' (did you mean "--{close[0]}"?)' if close else ""
            raise world.fail(f"--flag=value with a flag of {', '.join(_FLAGS)}", item + hint)
        field, kind = _FLAGS[name]
        parsed: Any = value
        if kind == "duration":
            parsed = seconds_of(value)
        elif kind == "int":
            parsed = int(value) if value.isdigit() and len(value) < 10 else None
        elif kind == "float":
            parsed = _float(value)
        elif kind == "bool":
            parsed = {"true": True, "false": False}.get(value.lower())
        if parsed is None:
            raise world.fail(f"a {kind} for --{name}", repr(value))
        changes[field] = parsed
    _configure(world, **changes)


def _float(text: str) -> float | None:
    try:
        return float(text) if len(text) < 20 else None
    except ValueError:
        return None


# --- what the autoscaler did -------------------------------------------------------------


def _group(world: World, name: str) -> Any:
    return world.capability(world.cluster, "node_group")(name)


@then(
    "node group {group:name} has {count:n} node(s)",
    'node group "pool" has 3 nodes',
    "the node group pool has grown to 3 nodes",
    "node group pool has shrunk back to 1 node",
    variants=(
        "the node group {group:name} has {count:n} node(s)",
        "[the ]node group {group:name} has <grown|shrunk>[ back] to {count:n} node(s)",
    ),
)
def group_size(world: World, group: str, count: int) -> None:
    """The group's registered nodes now (nodes still being provisioned do not count)."""
    info = _group(world, group)
    if info.size != count:
        upcoming = f", {len(info.upcoming)} provisioning" if info.upcoming else ""
        raise world.fail(
            f"{count} node(s) in {group}",
            f"{info.size}: {', '.join(info.nodes) or 'none'}{upcoming}",
        )


@then(
    "node group {group:name} is provisioning {count:n} node(s)",
    "node group pool is provisioning 2 nodes",
)
def group_provisioning(world: World, group: str, count: int) -> None:
    """Nodes the autoscaler asked for that have not joined yet."""
    info = _group(world, group)
    if len(info.upcoming) != count:
        raise world.fail(f"{count} node(s) provisioning", f"{len(info.upcoming)}")


@then(
    "node group {group:name} has a target size of {count:n}",
    "node group pool has a target size of 3",
)
def group_target(world: World, group: str, count: int) -> None:
    """Registered plus provisioning nodes: what the cloud provider has been asked for."""
    info = _group(world, group)
    if info.target_size != count:
        raise world.fail(f"target size {count}", f"{info.target_size}")


def _status(world: World) -> Any:
    return world.capability(world.cluster, "cluster_autoscaler")()


@then(
    "node {node:name} is <unneeded|not unneeded>",
    "node pool-2 is unneeded",
    "node pool-1 is not unneeded",
)
def node_unneeded(world: World, node: str) -> None:
    """Whether the autoscaler's last loop found the node unneeded (removable)."""
    status = _status(world)
    wanted = "not unneeded" not in world.step_text
    since = status.unneeded_since(node)
    if (since is not None) != wanted:
        why = status.unremovable.get(node, "it is not a node of any node group")
        seen = f"unneeded since {since}s" if since is not None else f"not unneeded: {why}"
        raise world.fail("unneeded" if wanted else "not unneeded", seen)


@then(
    "node {node:name} has been unneeded for {duration:duration}",
    "node pool-2 has been unneeded for 5 minutes",
)
def unneeded_for(world: World, node: str, duration: int) -> None:
    """The node has been unneeded, continuously, for exactly DURATION (since the loop that
    first found it so)."""
    status = _status(world)
    since = status.unneeded_since(node)
    now = world.attribute(world.cluster, "clock")
    if since is None or now - since != duration:
        seen = "not unneeded" if since is None else f"unneeded for {now - since} s"
        raise world.fail(f"unneeded for {duration} s", seen)


@then(
    "node {node:name} is kept because {text:text}",
    'node pool-1 is kept because "NotEnoughPdb"',
)
def kept_because(world: World, node: str, text: str) -> None:
    """The autoscaler's reason for not removing the node contains TEXT."""
    reason = _status(world).unremovable.get(node)
    if reason is None or text not in reason:
        raise world.fail(f'a reason containing "{text}"', reason or "no reason recorded")


@then(
    "node {node:name} was removed by the cluster autoscaler",
    "node pool-2 was removed by the cluster autoscaler",
    variants=("the cluster autoscaler removed node {node:name}",),
)
def removed(world: World, node: str) -> None:
    """The autoscaler deleted the node (it is gone from the cluster)."""
    status = _status(world)
    names = [n.name for n in world.capability(world.cluster, "nodes")()]
    if node not in status.removed or node in names:
        raise world.fail(
            f"{node} removed", f"removed so far: {', '.join(status.removed) or 'none'}"
        )


@then(
    "the cluster autoscaler removed {count:n} node(s)",
    "the cluster autoscaler removed 0 nodes",
    variants=("the cluster autoscaler has removed {count:n} node(s)",),
)
def removed_count(world: World, count: int) -> None:
    """How many nodes the autoscaler has deleted so far."""
    removed_nodes = _status(world).removed
    if len(removed_nodes) != count:
        raise world.fail(f"{count} removed", f"{len(removed_nodes)}: {', '.join(removed_nodes)}")
