"""Nodes in zones, said in one breath ("node-1 and node-2 are in zone-a, node-3 and node-4 in
zone-b"; "2 nodes in zone-a and 2 in zone-b"), and pods counted per zone ("each zone has
exactly 2 gateway pods", "zone-a has 3 web pods").

A zone is the node's topology.kubernetes.io/zone label, given when the node is added or
set on a node already there (``kubectl label node``: its pods stay where they run). A zone's
name says it is one: it holds the word zone ("zone-a", "zone 2") or has a cloud zone's shape
("us-east-1a").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.referents import known
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .affinity import ZONE
from .engine_objects import add_node
from .nodes import next_node_names
from .pods import check

_ZONE = r"zone[- ][A-Za-z0-9]+|[a-z]{2,}-[a-z]+-\d+[a-z]"
"""A zone's name: "zone-a" / "zone 2", or a cloud zone's ("us-east-1a")."""
_NODE = r"(?:node )?[A-Za-z][-A-Za-z0-9]*-[A-Za-z0-9]+"
_NODE_LIST = rf"(?:both )?{_NODE}(?:(?:, |,? and ){_NODE})*"
_SIT = r"(?:are|is|sit|sits|live|lives|reside|resides|are placed|is placed)"
"""How nodes are said to be in a zone: "are in", "sit in", "live in"."""
_GROUP = (
    rf"(?:(?P<named>{_NODE_LIST})|(?P<count>\d+)(?: (?:of them|nodes?))?)"
    rf"(?: {_SIT})? in (?P<zone>{_ZONE})"
)
_GROUP_RE = re.compile(_GROUP, re.IGNORECASE)
_SPLIT = r"(?:, and |; and |,? while |,? whereas |, | and |; )"
_PLAIN_GROUP = re.sub(r"\(\?P<\w+>", "(?:", _GROUP)


def zone_name(said: str) -> str:
    """The label value a zone said so names: "zone a" is zone-a (a label holds no space)."""
    return said.replace(" ", "-")


@dataclass(frozen=True)
class ZoneGroup:
    """Nodes said to be in one zone: named, or only counted (then named node-1, …)."""

    zone: str
    nodes: tuple[str, ...]
    count: int


def _groups(text: str) -> tuple[ZoneGroup, ...]:
    found: list[ZoneGroup] = []
    for match in _GROUP_RE.finditer(text):
        zone = zone_name(match.group("zone"))
        if match.group("named"):
            names = re.findall(_NODE, match.group("named").removeprefix("both "), re.IGNORECASE)
            nodes = tuple(n.removeprefix("node ") for n in names)
            found.append(ZoneGroup(zone, nodes, len(nodes)))
        else:
            found.append(ZoneGroup(zone, (), int(match.group("count"))))
    return tuple(found)


TYPES["zoning"] = ParamType(
    rf"(?:{_PLAIN_GROUP})(?:{_SPLIT}(?:{_PLAIN_GROUP}))+",
    _groups,
    "nodes in zones, two groups or more: node-1 and node-2 are in zone-a, node-3 in zone-b "
    "(or 2 in zone-a and 2 in zone-b)",
)
TYPES["countzoning"] = ParamType(
    rf"\d+ nodes? (?:(?:are|is) )?in (?:{_ZONE})(?:{_SPLIT}(?:{_PLAIN_GROUP}))+",
    _groups,
    "nodes counted in zones, two groups or more: 2 nodes in zone-a and 1 in zone-b",
)
_NAMED_GROUP = rf"(?:{_NODE_LIST})(?: {_SIT})? in (?:{_ZONE})"
TYPES["namedzoning"] = ParamType(
    rf"{_NAMED_GROUP}(?:{_SPLIT}{_NAMED_GROUP})*",
    _groups,
    "named nodes in zones: node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b",
)
TYPES["zone"] = ParamType(_ZONE, zone_name, 'a zone: zone-a, "zone a", us-east-1a')


def _add_zoned(world: World, groups: tuple[ZoneGroup, ...], count: int | None) -> None:
    """Add every node of the groups with its zone label; a count said first must be the
    groups' total, checked before any node is added."""
    total = sum(group.count for group in groups)
    if count is not None and count != total:
        raise world.fail(
            f"{count} nodes across the zones", f"the zones list {total}: make the two agree"
        )
    named = [node for group in groups for node in group.nodes]
    taken = [node for node in named if node in world.declared.nodes]
    if taken or len(set(named)) != len(named):
        twice = sorted({n for n in named if named.count(n) > 1} | set(taken))
        raise world.fail("each node once, new", f"{', '.join(twice)} said twice or exists")
    for group in groups:
        names = list(group.nodes) or next_node_names(world, group.count)
        for name in names:
            add_node(world, name, labels={ZONE: group.zone})


@given(
    "{count:n} node(s)[,] <where|with|of which> {groups:zoning}",
    "6 nodes where node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b, node-5 and "
    "node-6 in zone-c",
    "3 nodes where node-1 and node-2 are in zone-a and node-3 is in zone-b",
    "2 nodes in zone-a and 2 in zone-b",
    "4 nodes, 2 in zone-a and 2 in zone-b",
    variants=(
        "[a cluster <of|with> ]{count:n} node(s)[,] {groups:zoning}",
        "[a cluster <of|with> ]{groups:countzoning}",
    ),
)
def nodes_in_zones(world: World, groups: tuple[ZoneGroup, ...], count: int | None = None) -> None:
    """Nodes in zones (each labelled topology.kubernetes.io/zone), 4 cpu and 8Gi memory each;
    nodes only counted are named node-1, node-2, … after the nodes there are."""
    _add_zoned(world, groups, count)


@given(
    "{groups:namedzoning}",
    "node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b",
    "node-1 is in zone-a",
    "node-1 and node-2 sit in zone-a while node-3 lives in zone-b",
)
def named_nodes_in_zones(world: World, groups: tuple[ZoneGroup, ...]) -> None:
    """Named nodes in their zones. A node not there yet is added in its zone; a node already
    added is labelled with it (``kubectl label node``), its pods staying where they run, as
    a node's labels bind only pods scheduled after them (IgnoredDuringExecution)."""
    named = [node for group in groups for node in group.nodes]
    if len(set(named)) != len(named):
        twice = sorted({n for n in named if named.count(n) > 1})
        raise world.fail("each node in one zone", f"{', '.join(twice)} said twice")
    there = set(known(world, "node"))
    existing = [(name, g.zone) for g in groups for name in g.nodes if name in there]
    if existing:
        label = world.capability(world.cluster, "label_node")
        for name, zone in existing:
            label(name, {ZONE: zone})
    fresh = tuple(
        ZoneGroup(g.zone, new, len(new))
        for g in groups
        if (new := tuple(name for name in g.nodes if name not in there))
    )
    if fresh:
        _add_zoned(world, fresh, None)


@given(
    "{count:n} node(s) in {zone:zone}",
    "3 nodes in zone-a",
    "a node in us-east-1b",
    variants=("a node in {zone:zone}",),
)
def nodes_in_a_zone(world: World, zone: str, count: int = 1) -> None:
    """COUNT nodes (node-1, … after those there are) in one zone."""
    _add_zoned(world, (ZoneGroup(zone, (), count),), None)


def _zones(world: World) -> dict[str, list[str]]:
    """Every zone the nodes are in, with its nodes, in name order."""
    found: dict[str, list[str]] = {}
    node = world.capability(world.cluster, "node")
    for name in known(world, "node"):
        zone = node(name).labels.get(ZONE)
        if zone is not None:
            found.setdefault(zone, []).append(name)
    return dict(sorted(found.items()))


@then(
    "<each|every> zone <has|runs|hosts|gets|got> {pods:pods}",
    "each zone has exactly 2 gateway pods",
    "every zone runs at least 1 web pod",
    "there are 2 gateway pods in each zone",
    variants=("there <are|is> {pods:pods} in <each|every> zone",),
)
def each_zone_has(world: World, pods: PodSet) -> None:
    """Every zone the nodes are in, one by one, has the pods the set says bound to its nodes;
    with no node in any zone the check fails."""
    zones = _zones(world)
    if not zones:
        raise world.fail("nodes in zones", f"no node has a {ZONE} label")
    for zone, nodes in zones.items():
        check(world, pods, _in(nodes), f"in {zone}")


@then(
    "{zone:zone} <has|runs|hosts|gets|got> {pods:pods}",
    "zone-a has 2 gateway pods",
    "zone-c runs no web pod",
    '2 pods of "search" are in zone-a',
    variants=(
        "there <are|is> {pods:pods} in {zone:zone}",
        "{pods:pods} <is|are> [<running|scheduled|placed> ]in {zone:zone}",
    ),
)
def zone_has(world: World, zone: str, pods: PodSet) -> None:
    """The zone's nodes have the pods the set says; a zone no node is in fails."""
    zones = _zones(world)
    if zone not in zones:
        raise world.fail(f"a node in {zone}", f"the zones are {', '.join(zones) or 'none'}")
    check(world, pods, _in(zones[zone]), f"in {zone}")


def _in(nodes: list[str]) -> Callable[[Any], bool]:
    return lambda pod: pod.node in nodes
