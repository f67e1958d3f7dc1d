"""What the names in a step refer to: "it" for the object mentioned last, and no Then about
an object that does not exist.

A Then that names a node, a deployment or a pod's deployment the scenario never had would
otherwise pass quietly ("no pod is on node-9" on a three-node cluster); here it fails and
says what does exist. Given steps may name new objects; When steps reach the engine, which
rejects unknown names itself.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from kubeloop.harness.declared import Declared
from kubeloop.harness.errors import ScenarioAssertionError
from kubeloop.harness.nouns import It, OtherNodes, Owner, PodSet, Release
from kubeloop.harness.params import TYPES

if TYPE_CHECKING:
    from kubeloop.harness.definitions import Match


class World(Protocol):
    """What resolving names reads of the scenario's world (``world.World``)."""

    @property
    def cluster(self) -> Any: ...

    declared: Declared

    def fail(self, expected: str, actual: str) -> ScenarioAssertionError: ...


def known(world: World, kind: str) -> list[str]:
    """The names of the nodes or deployments the world has now (sorted)."""
    return sorted(_names(world, kind))


def _names(world: World, kind: str) -> set[str]:
    listing = getattr(world.cluster, "nodes" if kind == "node" else "deployments", None)
    declared = world.declared.nodes if kind == "node" else world.declared.deployments
    try:
        names = {item.name for item in listing()} if callable(listing) else set()
    except NotImplementedError:  # a learner's optional extra, not written yet
        names = set()
    return names.union(declared)


def _listing(kind: str, names: list[str]) -> str:
    plural = {"node": "nodes", "deployment": "deployments"}[kind]
    return f"{plural}: {', '.join(names)}" if names else f"no {plural} at all"


def _check(world: World, kind: str, name: str) -> None:
    found = _names(world, kind)
    if name in found:
        return  # sorted only for the message
    names = sorted(found)
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    hint = f' (did you mean "{close[0]}"?)' if close else ""
    if kind == "node" and re.fullmatch(r"v\d[\w.-]*", name):
        hint += f" (for a version, write: … run {name})"
    raise world.fail(f'a {kind} named "{name}"', f"there is none{hint}; {_listing(kind, names)}")


def it(world: World, kind: str) -> str:
    """The object of that kind named last (for a phrase that leaves it out)."""
    return _it(world, kind)


def _it(world: World, kind: str) -> str:
    name = world.declared.mentioned.get(kind)
    if name is None:
        article = "an" if kind[0] in "aeiou" else "a"
        raise world.fail(
            f'{article} {kind} mentioned earlier for "it"/"its" to refer to',
            f"no {kind} was named yet",
        )
    return name


def _name(world: World, kind: str, value: str, checking: bool) -> str:
    name = _it(world, kind) if isinstance(value, It) else value
    if checking:
        _check(world, kind, name)
    world.declared.mentioned[kind] = name
    return name


def _owner(world: World, value: Owner, checking: bool) -> Owner:
    if value.kind is not None:
        return Owner(value.kind, _name(world, value.kind, value.name, checking))
    nodes, deployments = known(world, "node"), known(world, "deployment")
    is_node, is_deployment = value.name in nodes, value.name in deployments
    if is_node and is_deployment:
        raise world.fail(
            f'"{value.name}" to name one object',
            f'a node and a deployment are both called "{value.name}"; write node '
            f'{value.name} or deployment "{value.name}"',
        )
    if not (is_node or is_deployment):
        raise world.fail(
            f'a node or a deployment named "{value.name}"',
            f"there is none; {_listing('node', nodes)}; {_listing('deployment', deployments)}",
        )
    kind = "node" if is_node else "deployment"
    world.declared.mentioned[kind] = value.name
    return Owner(kind, value.name)


def _other_nodes(world: World, value: OtherNodes) -> tuple[str, ...]:
    """Every node the world has but the one named last, as many as said."""
    named = _it(world, "node")
    others = tuple(node for node in known(world, "node") if node != named)
    if value.count is not None and value.count != len(others):
        raise world.fail(
            f"{value.count} nodes other than {named}", f"{len(others)}: {', '.join(others)}"
        )
    if not others:
        raise world.fail(f"a node other than {named}", "there is none")
    return others


def _artifact(world: World, value: str) -> str:
    """An artifact's alias; "it" is the one built or named last (the pipeline steps check
    that an alias was bound, and list the ones that were)."""
    name = _it(world, "artifact") if isinstance(value, It) else value
    world.declared.mentioned["artifact"] = name
    return name


def _mentioned(world: World, kind: str, value: str) -> str:
    """An alert's or an SLO's name; "the alert"/"the SLO" is the one named last (the
    telemetry steps check that it exists, and list the ones that do)."""
    name = _it(world, kind) if isinstance(value, It) else value
    world.declared.mentioned[kind] = name
    return name


RESOLVERS: dict[str, Callable[[Any, Any], Any]] = {}
"""Referents only the step library can read, by kind: "release" (``Release``: the new, the
previous, the current version) is registered by kubeloop.steps.links.releases."""


def _release(world: World, value: Release) -> Any:
    resolver = RESOLVERS.get("release")
    if resolver is None:
        raise world.fail(
            f'a step library that knows "the {value} version"', "none registered a release resolver"
        )
    return resolver(world, value)


def _node(world: World, value: str, checking: bool) -> str:
    """A node by its name; "it" is the node named last, or the service when one was named
    after it ("checkout fails …, then it recovers": the step reads a service's name so), and
    never a node when a build was named since ("R1 is deployed and it fails")."""
    if isinstance(value, It):
        latest = world.declared.mentioned.latest("node", "service", "artifact")
        if latest == "service":
            return world.declared.mentioned["service"]
        if latest == "artifact":
            said = world.declared.mentioned["artifact"]
            raise world.fail('a node or a service for "it"', f"the build {said} was named last")
    return _name(world, "node", value, checking)


def resolve(world: World, keyword: str, match: Match) -> dict[str, Any]:
    """The step's arguments with "it" resolved and, in a Then, every name checked."""
    kinds = match.kinds()
    checking = keyword == "then"
    arguments = dict(match.arguments)
    for name, value in arguments.items():
        refers_to = TYPES[kinds[name]].refers_to if name in kinds else None
        if refers_to in ("node", "deployment"):
            arguments[name] = _name(world, refers_to, value, checking)
        elif refers_to == "artifact":
            arguments[name] = _artifact(world, value)
        elif refers_to in ("alert", "slo"):
            arguments[name] = _mentioned(world, refers_to, value)
        elif refers_to == "release" and isinstance(value, Release):
            arguments[name] = _release(world, value)
        elif refers_to == "service" and isinstance(value, It):
            arguments[name] = _it(world, "service")
        elif refers_to == "nodes" and isinstance(value, OtherNodes):
            arguments[name] = _other_nodes(world, value)
        elif refers_to == "nodes":
            arguments[name] = tuple(_node(world, node, checking) for node in value)
        elif refers_to == "owner":
            arguments[name] = _owner(world, value, checking)
        elif refers_to == "pods" and value.deployment is not None:
            deployment = _name(world, "deployment", value.deployment, checking)
            arguments[name] = replace(value, deployment=deployment)
    return arguments


__all__ = ["PodSet", "known", "resolve"]
