"""What is true of pods now: sentences made of a pod set and what is said about it.

Every phrase here takes a pod set ("6 pods of "api"", "every "web" pod", "no pod", "at
least 3 ready pods") and a predicate (a phase, a node, a version, a pending reason), so
the quantifiers, owners and states combine freely without a phrase for each combination.

The read path: a phrase (``pods_are``) hands its pod set and predicate to ``check``, which
takes the set's pods from ``members`` — ``World.pods`` filtered, the engine's own views from
the cluster's public ``pods()``, read afresh at each step — and judges the quantifier,
naming the pods that break it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kubeloop.errors import InvalidSpecError
from kubeloop.harness.nouns import Owner, PodSet
from kubeloop.harness.registry import then
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .replacements import replacement_note
from .rollout_progress import rollout_note
from .spread_note import spread_note

Predicate = Callable[[Any], bool]

_IN_STATE: dict[str, Predicate] = {
    "running": lambda p: p.phase == "Running",
    "pending": lambda p: p.phase == "Pending",
    "ready": lambda p: bool(p.ready),
    "updated": lambda p: True,
}


def _names(pods: list[Any]) -> str:
    return ", ".join(p.name for p in pods[:12]) + (" …" if len(pods) > 12 else "") or "none"


def members(world: World, pods: PodSet, deployment: str | None = None) -> list[Any]:
    """The pods the set names: of its deployment, in its state, at its version."""
    owner = deployment or pods.deployment
    if deployment and pods.deployment and deployment != pods.deployment:
        raise world.fail(f'pods of "{deployment}"', f'pods of "{pods.deployment}" named as well')
    found = list(world.pods(owner))
    if pods.state is not None:
        found = [p for p in found if _IN_STATE[pods.state](p)]
    if pods.version is not None:
        from ..links.links_part import artifact_named  # noqa: PLC0415  (one world)

        try:
            digest = artifact_named(world, pods.version)
        except InvalidSpecError as error:
            raise world.fail(f'"{pods.version}" to name one thing', str(error)) from None
        if digest is None:
            found = [p for p in found if p.version == pods.version]
        else:  # an artifact's pods: its very digest
            found = [p for p in found if getattr(p, "digest", None) == digest]
    return found


def holds(pods: PodSet, population: int, matching: int) -> bool:
    """Does the quantifier hold, with ``matching`` of the ``population`` pods satisfying?"""
    count = pods.count
    match pods.quantifier:
        case "all":
            return population > 0 and matching == population and count in (None, population)
        case "not all":
            return population > 0 and matching < population
        case "none":
            return matching == 0
        case "some":
            return matching > 0
        case "at least":
            return matching >= (count or 0)
        case "at most":
            return matching <= (count or 0)
        case _:
            return matching == count


def check(
    world: World,
    pods: PodSet,
    predicate: Predicate,
    said: str,
    deployment: str | None = None,
    detail: Callable[[Any], str] | None = None,
    note: Callable[[list[Any]], str] | None = None,
) -> None:
    """Fail unless the pod set, with the predicate applied, satisfies its quantifier;
    ``note`` of the pods that fail the predicate ends the message (why, what to write)."""
    population = members(world, pods, deployment)
    matching = [p for p in population if predicate(p)]
    if holds(pods, len(population), len(matching)):
        return
    subject = pods.describe()
    if deployment and not pods.deployment:
        subject += f' of "{deployment}"'
    others = [p for p in population if p not in matching]
    seen = f"{len(matching)} {said}".rstrip() + f": {_names(matching)}"
    if not population:
        where = f' of "{deployment}"' if deployment else ""
        seen = f"no pods{where} at all, so nothing to hold it (an empty set is never a pass)"
    elif len(population) != len(matching):
        seen += f" (of {len(population)} pods)"
    if others and detail is not None:
        seen += "; the others: " + ", ".join(detail(p) for p in others[:8])
    if note is not None:
        seen += note(others)
    too_many = pods.quantifier in ("none", "at most") or (
        pods.quantifier == "exactly" and len(matching) > (pods.count or 0)
    )
    offenders = matching if too_many else others
    drawn = FailedCheck("cluster", offenders[0].name if offenders else "")
    raise world.fail(f"{subject} {said}".strip(), seen, drawn)


def _describe_pod(pod: Any) -> str:
    where = pod.node or "no node"
    digest = getattr(pod, "digest", None)
    at = f"{pod.version}@{digest[:19]}…" if digest else pod.version
    return f"{pod.name} {pod.phase} on {where} at {at}"


@then(
    "{pods:pods} <is|are> [all ][still ][stuck ][in ]{phase:phase}[ again]",
    "4 pods are running",
    "the web pods are all running",
    "1 pod is pending",
    "4 pods are ready",
    '6 pods of "api" are Running',
    'every "web" pod is ready',
    "no pod is pending",
    "all 4 pods of web are still Running",
    "2 api pods remain unscheduled",
    "2 api pods can't be scheduled",
    variants=(
        "{pods:pods} [still ]<stay|stays|remain|remains> [stuck ][in ]{phase:phase}",
        "{pods:pods} [still ]<sit|sits> [stuck ]in {phase:phase}",
        "{pods:pods} <is|are> [still ]<sitting|waiting|stuck> in {phase:phase}",
        "{pods:pods} <can't|cannot|can not|couldn't|could not> be <scheduled|placed>",
        "{pods:pods} <is|are> [still ]stuck",
        "{pods:pods} <got|have been|has been|have all been|all got> {phase:phase}[ again]",
        "{pods:pods} <failed|fail|fails> to <schedule|be scheduled|be placed>",
        "{pods:pods} [<all|eventually|finally> ]<end up|ends up|wind up|winds up> [all ]"
        "{phase:phase}",
    ),
)
def pods_are(world: World, pods: PodSet, phase: str = "pending") -> None:
    """The pods are Running (bound to a node), Pending, or Ready, as many as the set says
    ("can't be scheduled": Pending)."""
    few = pods.quantifier not in ("none", "at most")

    def note(others: list[Any]) -> str:
        """Why pods wait: the Pending pods a spread holds, whichever way the count missed
        (a Pending check counts them, the others are the pods that are not)."""
        replacing = replacement_note(world, pods.deployment) if few else ""
        if phase == "pending":
            waiting = [p for p in members(world, pods) if _IN_STATE["pending"](p)]
            return replacing + spread_note(world, waiting)
        return replacing + spread_note(world, others) if few else ""

    check(world, pods, _IN_STATE[phase], f"{phase}", detail=_describe_pod, note=note)


@then(
    "{pods:pods} <is|are> [still ]{phase:phase} "
    "<because of|because|with|due to|with reason|saying> {text:text}",
    '4 "api" pods are Pending with "Insufficient cpu"',
    '1 pod of "cache" is pending because of "Insufficient memory"',
)
def pods_are_because(world: World, pods: PodSet, phase: str, text: str) -> None:
    """The pods are in that phase and their scheduling message contains TEXT."""

    def reason(pod: Any) -> str:
        return str(world.attribute(pod, "reason") or "")

    check(
        world,
        pods,
        lambda p: _IN_STATE[phase](p) and text in reason(p),
        f"{phase} with {text!r}",
        detail=lambda p: f"{p.name} {p.phase} {reason(p)!r}",
    )


_SHORT_OF = {"cpu": "Insufficient cpu", "memory": "Insufficient memory"}


_LACKING = (
    "<for lack of|for want of|short of|without enough|because there is not enough|"
    "because there isn't enough|because there's not enough|because of insufficient|"
    "due to insufficient|because of a lack of|because of lack of|due to a lack of|"
    "due to lack of|with insufficient|for insufficient|as there is not enough|"
    "because no node has enough|since no node has enough|as no node has enough|"
    "because the nodes lack|because no node has room for their|out of|on insufficient|"
    "on a lack of|on lack of|on not enough|over insufficient|with reason insufficient|"
    "with the reason insufficient|with reason: insufficient|for reason insufficient|"
    "saying insufficient|with the message insufficient>"
)
"""Why a pod waits, in words: the scheduler found no node with enough of a resource."""


@then(
    "{pods:pods} <is|are> [still ][stuck ]{phase:phase} " + _LACKING + " {resource:resourcename}",
    "1 reports pod is stuck pending for lack of CPU",
    "2 copies are waiting for room for lack of memory",
    "all 3 web pods are pending without enough cpu",
    "2 ingest pods are Pending because of insufficient cpu",
    "2 pods stay pending because no node has enough memory",
    "the pending pods say there is not enough cpu",
    variants=(
        "{pods:pods} [still ]<stay|stays|remain|remains|sit|sits> [stuck ]{phase:phase} "
        + _LACKING
        + " {resource:resourcename}",
        "{pods:pods} <can't|cannot|can not|couldn't|could not> be <scheduled|placed> "
        + _LACKING
        + " {resource:resourcename}",
        "{pods:pods} <say|says|report|reports|show|shows> [that ]"
        "<there is not enough|there isn't enough|there's not enough|there is no room for|"
        "insufficient|they lack|it lacks|no node has enough> {resource:resourcename}",
    ),
)
def pods_short_of(world: World, pods: PodSet, resource: str, phase: str = "pending") -> None:
    """The pods are in that phase because no node has enough of the resource: the scheduler's
    message says "Insufficient cpu" (or memory)."""
    pods_are_because(world, pods, phase, _SHORT_OF[resource])


@then(
    "{pods:pods} <is|are> [still ][<running|scheduled|placed|bound|left> ]<on|to> "
    "{nodes:wherenodes}",
    "no pod is on node-2",
    "2 pods run on node-1",
    'every "trainer" pod is on gpu-1',
    'no "web" pod is on gpu-1',
    "2 pods are running on node-1",
    "all 6 api pods are running on node-2 and node-3",
    "no pod is on node-1, node-2 or node-3",
    "there are no pods left on node-2",
    variants=(
        "{pods:pods} [still ]<run|runs> on {nodes:wherenodes}",
        "{pods:pods} <landed|land|lands|ended up|end up|ends up|went|were placed|got placed|"
        "was placed> on {nodes:wherenodes}",
        "{nodes:wherenodes} <carry|carries|hold|holds|now carry|now carries|now hold|now holds> "
        "{pods:pods}",
        "there <is|are> {pods:pods} [still ]<left|remaining|running|scheduled|placed|bound> on "
        "{nodes:wherenodes}",
    ),
)
def pods_on(world: World, pods: PodSet, nodes: tuple[str, ...]) -> None:
    """The pods are bound to that node (to one of those nodes), as many as the set says."""
    where = " or ".join(nodes)
    check(world, pods, lambda p: p.node in nodes, f"on {where}", detail=_describe_pod)


@then(
    "{pods:pods} <moved|have moved|has moved|were moved|was moved|got moved|were rescheduled|"
    "was rescheduled|have been moved|has been moved> <off|away from|off of> {nodes:nodes}",
    "checkout's pods moved off node-2",
    "all 4 web pods have moved away from node-1",
    variants=(
        "{deployment:its} pods <moved|have moved|were moved|got moved|were rescheduled|"
        "have been moved> <off|away from|off of> {nodes:nodes}",
    ),
)
def moved_off(
    world: World,
    nodes: tuple[str, ...],
    pods: PodSet | None = None,
    deployment: str | None = None,
) -> None:
    """The pods are bound to another node now, as many as the set says ("checkout's pods
    moved off node-2": every one of them runs on some other node; a Pending pod has not
    moved anywhere)."""
    where = " or ".join(nodes)
    check(
        world,
        pods or PodSet("all", None, deployment, None, None),
        lambda p: p.node is not None and p.node not in nodes,
        f"on a node other than {where}",
        detail=_describe_pod,
    )


@then(
    "{pods:pods} [still ]<run|runs> {version:version}",
    "every pod runs v2",
    "all pods still run v1",
    'all 10 "web" pods run v2',
    'every pod of "web" runs version "v2"',
    variants=(
        "{pods:pods} <is|are> [still ]<at|on|running> version {version:version}",
        "{pods:pods} <is|are> [still ]running {version:version}",
        "{pods:pods} <is|are> [all ][still ][now ]<at|on> {version:vnumber}",
        "{pods:pods} <ends up|end up|ended up|has ended up|have ended up> <on|at|running> "
        "{version:vnumber}",
    ),
)
def pods_run(world: World, pods: PodSet, version: str) -> None:
    """The pods run that version (their template's version label or image); an artifact's
    alias (D2) means that artifact: the pods run its very digest, not just its version."""
    from ..links.links_part import artifact_named  # noqa: PLC0415  (one world)

    try:
        digest = artifact_named(world, version)
    except InvalidSpecError as error:
        raise world.fail(f'"{version}" to name one thing', str(error)) from None
    if digest is None:
        runs: Predicate = lambda p: p.version == version  # noqa: E731  (pods and templates)
        said = f"at {version}"
    else:
        runs, said = lambda p: getattr(p, "digest", None) == digest, f"running {version}"
    check(
        world,
        pods,
        runs,
        said if digest is None else f"{said} ({digest[:19]}…)",
        detail=_describe_pod,
        note=lambda others: rollout_note(world, others, runs, version),
    )


@then(
    "there <is|are> {pods:pods}",
    "there are no pods",
    "there are 4 running pods",
    'there are 6 pods of "web"',
    variants=("{pods:pods} exist(s)", "{pods:pods} <is|are> left"),
)
def there_are(world: World, pods: PodSet) -> None:
    """That many pods exist (Running or Pending)."""
    check(world, pods, lambda p: True, "", detail=_describe_pod)


@then(
    "{owner:owner} [still ]<has|runs|is running|hosts> {pods:pods}",
    "node-1 has 4 pods",
    'node "node-1" has 2 pods',
    'node-1 is running 2 "web" pods',
    '"web" has 4 running pods',
    "node-3 has no pods",
    'node-1 still runs 6 "web" pods',
    variants=("{owner:owner} [still ]<has|have> {pods:pods} left",),
)
def owner_has(world: World, owner: Owner, pods: PodSet) -> None:
    """A node's pods (bound to it) or a deployment's pods, as many as the set says."""
    if owner.kind == "node":
        check(world, pods, lambda p: p.node == owner.name, f"on {owner.name}")
    else:
        check(world, pods, lambda p: True, "", deployment=owner.name, detail=_describe_pod)


@then(
    "{pods:pods} <say|says|report|reports|mention|mentions> {text:text}",
    'the pending pods say "Insufficient cpu"',
)
def pods_say(world: World, pods: PodSet, text: str) -> None:
    """The pods' scheduling messages contain TEXT (as many pods as the set says)."""
    check(
        world,
        pods,
        lambda p: text in str(world.attribute(p, "reason") or ""),
        f"saying {text!r}",
        detail=lambda p: f"{p.name} {p.phase} {world.attribute(p, 'reason')!r}",
    )


@then("nothing is pending", "nothing is pending", variants=("no pods are left pending",))
def nothing_pending(world: World) -> None:
    """No pod is Pending: everything the deployments asked for is placed."""
    check(world, PodSet("none", None, None, "pending", None), lambda p: True, "")


@then(
    "{nodes:nodes} <is|are> empty",
    "node-1 is empty",
    "node-1 and node-2 are empty",
    variants=(
        "{nodes:nodes} <ends up|end up|ended up|is left|are left|was left|were left> <empty|"
        "with no pods|with nothing on it|with nothing on them>",
        "{nodes:nodes} <has|have> nothing on <it|them>",
        "{nodes:nodes} <has been|have been|is|are|was|were> <emptied|cleared|emptied out|"
        "cleared out>",
    ),
)
def node_empty(world: World, nodes: tuple[str, ...]) -> None:
    """No pod is bound to the node (to any of those nodes) now."""
    nobody = PodSet("none", None, None, None, None)
    check(world, nobody, lambda p: p.node in nodes, f"on {' or '.join(nodes)}")


@then(
    "{pods:pods} <is|are> spread <over|across> {count:n} node(s)",
    'the pods of "web" are spread over 3 nodes',
    "api's pods are on 3 different nodes",
    variants=(
        "{pods:pods} <is|are|run|runs> on {count:n} <different|distinct|separate> node(s)",
        "{deployment:its} pods <are|run> on {count:n} <different|distinct|separate> node(s)",
    ),
)
def spread(
    world: World, count: int, pods: PodSet | None = None, deployment: str | None = None
) -> None:
    """The set's pods that are bound sit on exactly COUNT distinct nodes."""
    said = pods or PodSet("all", None, deployment, None, None)
    used = sorted({p.node for p in members(world, said) if p.node is not None})
    if len(used) != count:
        raise world.fail(f"{count} nodes", f"{len(used)}: {', '.join(used) or 'none'}")


def _pod(world: World, name: str) -> Any:
    found = [p for p in world.pods() if p.name == name]
    if not found:
        names = [p.name for p in world.pods()]
        raise world.fail(f'a pod named "{name}"', f"none; pods: {_names_of(names)}")
    return found[0]


def _names_of(names: list[str]) -> str:
    return ", ".join(names[:12]) + (" …" if len(names) > 12 else "") if names else "none at all"


@then(
    "[the ]pod {pod:name} is [still ][<running|scheduled|placed|bound> ]<on|to> {node:node}",
    'pod "web-1" is on node-1',
)
def pod_on(world: World, pod: str, node: str) -> None:
    """The named pod is bound to that node."""
    found = _pod(world, pod)
    if found.node != node:
        raise world.fail(f"{pod} on {node}", f"{pod} on {found.node or 'no node (Pending)'}")


@then(
    "[the ]pod {pod:name} is [still ]{phase:phase}",
    'pod "web-5" is pending',
    "pod web-1 is Running",
)
def pod_phase(world: World, pod: str, phase: str) -> None:
    """The named pod is Running, Pending, or Ready."""
    found = _pod(world, pod)
    if not _IN_STATE[phase](found):
        raise world.fail(f"{pod} {phase}", f"{found.phase}, ready={found.ready}")


@then(
    "[the ]pod {pod:name} <no longer exists|does not exist|is gone|was deleted|has been deleted>",
    'pod "web-1" no longer exists',
)
def pod_gone(world: World, pod: str) -> None:
    """The pod existed (an event names it) and does not now (deleted, evicted, scaled away)."""
    found = [p for p in world.pods() if p.name == pod]
    if found:
        raise world.fail(f"no pod {pod}", _describe_pod(found[0]))
    events = getattr(world.cluster, "events", None)
    if events is not None and not any(e.object == f"pod/{pod}" for e in events):
        names = [p.name for p in world.pods()]
        raise world.fail(
            f'a pod "{pod}" that existed earlier',
            f"no pod of that name ever did; pods now: {_names_of(names)}",
        )


@then("pod {pod:name} [still ]exists", 'pod "web-1" still exists')
def pod_exists(world: World, pod: str) -> None:
    """A pod of that name exists now."""
    _pod(world, pod)
