"""Pods said by their count: "there are 3 invoices pods running again" (a check) and
"Given 2 nodes and 3 pods of "invoices"" (a deployment of that many replicas)."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .pods import pods_are, there_are
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


@then(
    "{count:n} <of|out of> [the ]{total:n} {deployment:deployment} pods <are|is> {phase:phase}",
    "4 of the 6 web pods are running",
    "6 out of 6 checkout pods are ready",
    "web has 6/6 ready",
    variants=(
        "{count:n}/{total:n} {deployment:deployment} pods <are|is> {phase:phase}",
        "{deployment:deployment} <has|shows|is> {count:n}/{total:n} {phase:phase}",
        "{deployment:deployment} has {count:n} <of|out of> {total:n} pods {phase:phase}",
    ),
)
def some_of_all(world: World, count: int, total: int, deployment: str, phase: str) -> None:
    """The deployment has TOTAL pods and COUNT of them are in that phase ("web has 6/6
    ready", as kubectl's READY column)."""
    there_are(world, PodSet("exactly", total, deployment, None, None))
    pods_are(world, PodSet("exactly", count, deployment, None, None), phase)
