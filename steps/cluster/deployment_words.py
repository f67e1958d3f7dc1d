"""A deployment's state said as a whole: "web is fully rolled out", "web scales back down
but not below 4 replicas"."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.nouns import unquote
from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .assertions import _extreme, never_fewer_pods
from .workloads import a_deployment

TYPES["namednotcount"] = ParamType(
    r'"[^"]+"|(?!\d+(?![-\w.]))[A-Za-z0-9][-A-Za-z0-9._/]*',
    unquote,
    'a deployment\'s name after "deployment of": "web", web (never a bare number: "a '
    'deployment of 4" is its replicas)',
)
_FLEET = (
    "[a cluster <of|with> ]{count:n} node(s) <with|running|hosting> a {replicas:n}-<replica|pod> "
)
"""Nodes with a deployment counted as an adjective ("3 nodes with a 4-replica deployment of
web")."""


@given(
    "{count:n} node(s) <with|running|hosting> the {name:name} deployment{options:held}",
    '3 nodes with the "orders" deployment at version v1 and 6 replicas',
    "4 nodes running the web deployment with 8 replicas requesting 1 CPU",
    "3 nodes with a 4-replica deployment of web",
    variants=(
        "a cluster <of|with> {count:n} node(s) <with|running|hosting> the {name:name} "
        "deployment{options:held}",
        "a {count:n}-node cluster <with|running|hosting> the {name:name} deployment{options:held}",
        "{count:n} node(s) <running|hosting> {name:name} <with|at> {replicas:n} <replicas|replica|"
        "pods|pod|copies|instances>{options:held}",
        _FLEET + "deployment <of|for|called|named> {name:namednotcount}{options:held}",
        _FLEET + "{name:name} deployment{options:held}",
    ),
)
def nodes_holding(
    world: World, count: int, name: str, options: dict[str, Any], replicas: int | None = None
) -> None:
    """COUNT more nodes, then the deployment on them (1 replica unless its replicas are said),
    the two said in one sentence."""
    replicas = int(options.pop("replicas", replicas or 1))
    a_deployment(world, replicas, {**options, "nodes": count}, name)


@then(
    "{deployment:deployment} is fully <available|rolled out|up|ready|deployed>",
    "web is fully rolled out",
    "checkout is fully available",
    variants=(
        "{deployment:deployment} is <completely|entirely> <rolled out|up|available|deployed>",
        "{deployment:deployment} is <up to date|up-to-date> and <available|ready>",
    ),
)
def fully_available(world: World, deployment: str) -> None:
    """As many pods as the deployment's desired replicas, every one Ready and at its
    template's version, read from pods() (never from the status the engine wrote)."""
    info = world.capability(world.cluster, "deployment")(deployment)
    pods = list(world.pods(deployment))
    behind = [
        f"{p.name} {p.phase}{'' if p.ready else ', not ready'} at {p.version}"
        for p in pods
        if not p.ready or p.version != info.version
    ]
    if len(pods) != info.replicas or behind:
        raise world.fail(
            f"{info.replicas} pods of {deployment}, all ready at {info.version}",
            f"{len(pods)} pods" + (f"; {', '.join(behind[:8])}" if behind else ""),
        )


@then(
    "{deployment:deployment} <scales|scaled|has scaled|came|comes|has come|goes|went> back down"
    "[,] but <not|never> below {count:n}[ <replicas|pods>]",
    "web scales back down but not below 4 replicas",
    "web scaled back down, but never below 4 pods",
    variants=(
        "{deployment:deployment} <scales|scaled> down to no <fewer|less> than "
        "{count:n}[ <replicas|pods>]",
    ),
)
def back_down_not_below(world: World, deployment: str, count: int) -> None:
    """The deployment now wants fewer replicas than the most pods it had, and never had
    fewer than COUNT pods (after any pass so far), nor wants fewer now."""
    info = world.capability(world.cluster, "deployment")(deployment)
    most, number = _extreme(world, deployment, "total", highest=True)
    if info.replicas >= most:
        raise world.fail(
            f"{deployment} scaled back down from its peak",
            f"{info.replicas} desired replicas; its most was {most} pods "
            f"(first after pass {number})",
        )
    if info.replicas < count:
        raise world.fail(f"at least {count} desired replicas", str(info.replicas))
    never_fewer_pods(world, deployment, count)
