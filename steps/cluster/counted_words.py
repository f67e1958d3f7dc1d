"""Pods said by their count: "there are 3 invoices pods running again" (a check) and
"Given 2 nodes and 3 pods of "invoices"" (a deployment of that many replicas)."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .pods import pods_are
from .workloads import a_deployment


@then(
    "there <is|are|was|were>[ still] {pods:pods} [still ]{phase:phase}[ again]",
    "there are 3 invoices pods running again",
    "there is 1 pod pending",
    'there are no pods of "web" pending',
)
def there_are_in_phase(world: World, pods: PodSet, phase: str) -> None:
    """As "3 invoices pods are running": the pods are in that phase, as many as said."""
    pods_are(world, pods, phase)


_PODS = "<pods|pod|replicas|replica|copies|copy|instances|instance>"


@given(
    "{replicas:n} " + _PODS + " of {name:name}{options:declared}",
    '3 pods of "invoices"',
    "4 copies of cart requesting 1 CPU each",
    "3 invoices pods",
    variants=("{replicas:n} {name:name} " + _PODS + "{options:declared}",),
)
def pods_of(world: World, replicas: int, name: str, options: dict[str, Any]) -> None:
    """A deployment NAME of that many replicas (as "a deployment NAME with 3 replicas")."""
    a_deployment(world, replicas, options, name)
