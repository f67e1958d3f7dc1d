"""Pod priority and preemption: PriorityClasses, who preempted whom, nominated nodes."""

from __future__ import annotations

import re
from typing import Any

from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World

from .engine_objects import reapply

_CLASS = "[a ]<priority class|PriorityClass> {name:name} <of|with value|valued> {value:priority}"
_OPTIONS = "[ that <never preempts|does not preempt>][ <as the global default|globally by default>]"


def make_class(world: World, name: str, value: int) -> Any:
    """An engine PriorityClass from the phrase (its policy and default from the words)."""
    text = world.step.text
    fields: dict[str, Any] = {}
    if " never preempts" in text or " does not preempt" in text:
        fields["preemption_policy"] = "Never"
    if " as the global default" in text or " globally by default" in text:
        fields["global_default"] = True
    return world.make("PriorityClass", name, value, **fields)


def add_class(world: World, priority_class: Any) -> None:
    world.capability(world.cluster, "add_priority_class")(priority_class)


def class_valued(world: World, value: int) -> str:
    """The PriorityClass a deployment said "at priority VALUE" names: the first, by name, of
    that value, else a new one, ``priority-VALUE`` (as Kubernetes gives pods a priority
    only through a class)."""
    listing = world.capability(world.cluster, "priority_classes")
    found = sorted(c.name for c in listing() if c.value == value)
    if found:
        return str(found[0])
    name = f"priority-{value}".replace("--", "-minus-")
    add_class(world, world.make("PriorityClass", name, value))
    return name


@given(
    _CLASS + _OPTIONS,
    'a priority class "high" of 1000',
    "a PriorityClass batch with value -100",
    'a priority class "best-effort" valued 10 that never preempts',
    'a priority class "standard" of 100 as the global default',
)
def a_priority_class(world: World, name: str, value: int) -> None:
    """A PriorityClass: pods whose deployment names it get VALUE as their priority.

    "that never preempts" sets preemptionPolicy Never; "as the global default" makes it
    the priority of pods that name no class.
    """
    add_class(world, make_class(world, name, value))


_VALUED = (
    r'(?:"[^"]+"|[A-Za-z][-A-Za-z0-9.]*) (?:at|of|with value|valued|=|with a value of) '
    r"[-+]?\d{1,12}"
)
_ONE_VALUED = re.compile(
    r'(?:"(?P<quoted>[^"]+)"|(?P<bare>[A-Za-z][-A-Za-z0-9.]*)) (?:at|of|with value|valued|=|'
    r"with a value of) (?P<value>[-+]?\d{1,12})",
    re.IGNORECASE,
)


def _classes(text: str) -> tuple[tuple[str, int], ...]:
    return tuple(
        (m.group("quoted") or m.group("bare"), int(m.group("value")))
        for m in _ONE_VALUED.finditer(text)
    )


TYPES["classvalues"] = ParamType(
    rf"{_VALUED}(?:(?:, and |, | and ){_VALUED})+",
    _classes,
    'two PriorityClasses or more with their values: "critical" at 1000000 and "batch" at 0',
)


@given(
    "<priority classes|PriorityClasses> {classes:classvalues}",
    'priority classes "critical" at 1000000 and "best-effort" at 0',
    "PriorityClasses high of 1000, medium of 100 and low of 0",
    variants=("the priority classes {classes:classvalues}",),
)
def priority_classes(world: World, classes: tuple[tuple[str, int], ...]) -> None:
    """Each PriorityClass with its value, as "a priority class NAME of VALUE" one by one; all
    are built first, so a value the engine refuses adds none."""
    made = [world.make("PriorityClass", name, value) for name, value in classes]
    for priority_class in made:
        add_class(world, priority_class)


@when(
    "I create " + _CLASS + _OPTIONS,
    'I create a priority class "urgent" of 2000000000',
    "I create a PriorityClass second-default of 5 as the global default",
)
def i_create_a_priority_class(world: World, name: str, value: int) -> None:
    """``kubectl create priorityclass``, which the API server may refuse (kept for a Then)."""
    priority_class = world.attempt(lambda: make_class(world, name, value))
    if priority_class is not None:
        world.attempt(lambda: add_class(world, priority_class))


@when(
    "I delete <the priority class|priority class|PriorityClass> {name:name}",
    'I delete the priority class "high"',
    "I delete PriorityClass system-node-critical",
)
def i_delete_a_priority_class(world: World, name: str) -> None:
    """Delete a PriorityClass; pods already created keep their priority."""
    delete = world.capability(world.cluster, "delete_priority_class")
    world.attempt(lambda: delete(name))


@given(
    "[the ]{deployment:name} pods use <priority class|PriorityClass> {name:name}",
    'the "api" pods use priority class "high"',
    variants=("deployment {deployment:name} uses <priority class|PriorityClass> {name:name}",),
)
def pods_use_class(world: World, deployment: str, name: str) -> None:
    """Set the deployment's priorityClassName (a template change: new pods roll out)."""
    reapply(world, deployment, priority_class_name=name)


def _pod(world: World, name: str) -> Any:
    found = [p for p in world.pods() if p.name == name]
    if not found:
        raise world.fail(f'a pod "{name}"', ", ".join(p.name for p in world.pods()) or "no pods")
    return found[0]


@then(
    "<every|each> {deployment:name} pod has priority {value:priority}",
    'every "api" pod has priority 1000',
    "each batch pod has priority -100",
    "every pod of payments has priority 1000000",
    "all batch pods run at priority 100",
    variants=(
        "<every|each> pod of {deployment:name} has [a ]priority [of ]{value:priority}",
        "<all|all the|the> {deployment:name} pods <have|run at|run with> [a ]priority [of ]"
        "{value:priority}",
        "<all|all the> pods of {deployment:name} <have|run at|run with> [a ]priority [of ]"
        "{value:priority}",
    ),
)
def every_pod_has_priority(world: World, deployment: str, value: int) -> None:
    """Every pod of the deployment was admitted with that priority (``spec.priority``)."""
    pods = world.pods(deployment)
    wrong = [f"{p.name}: {p.priority}" for p in pods if p.priority != value]
    if not pods or wrong:
        raise world.fail(f"priority {value}", ", ".join(wrong) or "no pods")


def _preemptions(world: World) -> list[Any]:
    return list(world.capability(world.cluster, "preemptions")())


def _shown(records: list[Any]) -> str:
    return ", ".join(f"{r.victim} by {r.preemptor} on {r.node}" for r in records) or "none"


@then(
    "pod {victim:name} was preempted by {preemptor:name}[ on {node:name}]",
    'pod "batch-2" was preempted by "api-1"',
    "pod batch-1 was preempted by api-1 on node-1",
)
def was_preempted(world: World, victim: str, preemptor: str, node: str | None = None) -> None:
    """The scheduler deleted VICTIM to make room for PREEMPTOR (on NODE)."""
    records = _preemptions(world)
    if not any(
        r.victim == victim and r.preemptor == preemptor and node in (None, r.node) for r in records
    ):
        where = f" on {node}" if node else ""
        raise world.fail(f"{victim} preempted by {preemptor}{where}", _shown(records))


@then(
    "{count:n} pod(s) <were|was> preempted[ by {preemptor:name}]",
    "2 pods were preempted",
    "1 pod was preempted by api-1",
    'no pod was preempted by "api-1"',
    "no pods were preempted",
    variants=("no <pod was|pods were> preempted[ by {preemptor:name}]",),
)
def count_preempted(world: World, count: int = 0, preemptor: str | None = None) -> None:
    """How many pods preemption removed (by one preemptor, if named)."""
    records = [r for r in _preemptions(world) if preemptor in (None, r.preemptor)]
    if len(records) != count:
        raise world.fail(f"{count} preempted", f"{len(records)}: {_shown(records)}")


def _of(pod: str) -> str:
    """The deployment a pod belongs to: its name is the deployment's, a dash and a counter."""
    return pod.rpartition("-")[0]


@then(
    "[exactly ]{count:n} {owner:deployment} pod(s) <were|was|got|have been|has been> preempted"
    "[ by {preemptor:name}]",
    "2 crawler pods were preempted",
    "2 pods of crawler got preempted by checkout",
    "no checkout pods were preempted",
    variants=(
        "[exactly ]{count:n} pod(s) of {owner:deployment} <were|was|got|have been|has been> "
        "preempted[ by {preemptor:name}]",
        "no {owner:deployment} <pod was|pods were|pod got|pods got> preempted"
        "[ by {preemptor:name}]",
    ),
)
def count_preempted_of(
    world: World, owner: str, count: int = 0, preemptor: str | None = None
) -> None:
    """How many pods of the deployment OWNER preemption removed; "by checkout": by a pod of
    that deployment (or the pod so named)."""
    records = [
        r
        for r in _preemptions(world)
        if _of(r.victim) == owner and preemptor in (None, r.preemptor, _of(r.preemptor))
    ]
    if len(records) != count:
        by = f" by {preemptor}" if preemptor else ""
        raise world.fail(
            f"{count} pod(s) of {owner} preempted{by}",
            f"{len(records)}; every preemption: {_shown(_preemptions(world))}",
        )


@then(
    "pod {pod:name} <is|was> nominated to {node:name}",
    'pod "api-1" is nominated to "node-1"',
    "pod api-1 was nominated to node-2",
)
def nominated(world: World, pod: str, node: str) -> None:
    """The pod's ``status.nominatedNodeName``: where preemption made room for it."""
    found = _pod(world, pod).nominated_node
    if found != node:
        raise world.fail(f"nominated to {node}", str(found or "no nominated node"))


@then(
    "pod {pod:name} is not nominated to any node",
    'pod "api-1" is not nominated to any node',
)
def not_nominated(world: World, pod: str) -> None:
    """The pod has no ``status.nominatedNodeName``."""
    found = _pod(world, pod).nominated_node
    if found is not None:
        raise world.fail("no nominated node", str(found))


@then(
    "the priority class {name:name} has value {value:priority}",
    'the priority class "system-node-critical" has value 2000001000',
)
def class_has_value(world: World, name: str, value: int) -> None:
    """``kubectl get priorityclass NAME``: its value."""
    found = world.capability(world.cluster, "priority_class")(name)
    if found.value != value:
        raise world.fail(f"value {value}", str(found.value))
