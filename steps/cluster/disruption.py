"""Voluntary disruptions: PodDisruptionBudgets, evictions and ``kubectl drain``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World

from .engine_objects import each_node, selector

DRAIN = "drain"


def budget_selector(world: World, deployment: str) -> Any:
    """The pods of a deployment the scenario declared: its labels, or ``app=<name>``."""
    labels = world.declared.deployments.get(deployment, (0, {}))[1].get("labels")
    return selector(world, {"matchLabels": labels or {"app": deployment}})


def add_budget(world: World, budget: Any) -> None:
    world.capability(world.cluster, "add_disruption_budget")(budget)


_PDB = (
    "a <disruption budget|pod disruption budget|PodDisruptionBudget|PDB>[ {budget:name}] "
    "<for|on|covering|protecting> {deployment:name}"
)
_THAT = "[,][ <that|which>] "
_AT_MOST = "[<at most|up to|no more than|only> ]"
_ALLOWS = "<allows|permits|tolerates|allowing|permitting|tolerating>"
"""What a budget allows, said as its verb or as a participle ("a budget allowing at most 1
unavailable pod")."""
_DOWN = "<unavailable|down|disrupted|offline>"
_PODS = "[of ][<its|the|their> ]pod(s)"
_SAYING = (
    "a <disruption budget|pod disruption budget|PodDisruptionBudget|PDB>[ {budget:name}][,] "
    "<saying|that says|which says|stating|that states|requiring|that requires|demanding> [that ]"
)
"""A budget that names its deployment in what it says ("a disruption budget saying at least 5
orders pods must stay available")."""
_MIN = re.compile(
    r"\bminavailable\b|\bat least\b|\b(?:keep|require|guarantee|need)(?:s|ing)?\b", re.IGNORECASE
)
"""minAvailable is said by its name, by "at least", or by a budget that keeps (needs) pods
up."""


@given(
    _PDB + " with <minAvailable|maxUnavailable> {value:intorpercent}",
    'a disruption budget for "web" with minAvailable 3',
    "a disruption budget for web with maxUnavailable 25%",
    'a PodDisruptionBudget "web-pdb" for "web" with minAvailable 6',
    'a disruption budget for "storefront" that allows 1 pod to be unavailable',
    "a disruption budget for web that keeps at least 3 pods available",
    "a PodDisruptionBudget on search that allows at most 1 pod to be unavailable",
    "a disruption budget on storefront allows at most 1 pod down",
    "a PDB for queue that tolerates at most 1 unavailable pod",
    'a disruption budget for "api" allowing at most 1 unavailable pod',
    variants=(
        _PDB
        + _THAT
        + "<allows|lets|permits|tolerates|allowing|letting|permitting|tolerating> "
        + _AT_MOST
        + "{value:intorpercent} "
        + _PODS
        + " <to be|be|being|go|to go> "
        + _DOWN
        + "[ at a time]",
        _PDB
        + _THAT
        + _ALLOWS
        + " "
        + _AT_MOST
        + "{value:intorpercent} "
        + _PODS
        + " "
        + _DOWN
        + "[ at a time]",
        _PDB + _THAT + _ALLOWS + " " + _AT_MOST + "{value:intorpercent} "
        "<unavailable|disrupted> pod(s)[ at a time]",
        _PDB + " with <at most|up to|no more than> {value:intorpercent} pod(s) " + _DOWN,
        _PDB + _THAT + "never <lets|allows> more than {value:intorpercent} pod(s) "
        "<be|go|to be|to go> " + _DOWN,
        _PDB + _THAT + "<keeps|requires|guarantees|keep|require|guarantee|keeping|requiring> "
        "[at least ]{value:intorpercent} [" + _PODS + " ]<available|up|running|ready>",
        _PDB + " with at least {value:intorpercent} pod(s) <available|up>",
        _PDB + _THAT + "<keeps|requires|guarantees|keep|require|guarantee|keeping|requiring|"
        "needs|needing> [at least ]{value:intorpercent} <available|running|ready|healthy> "
        "pod(s)[ at all times]",
        _PDB + " with at least {value:intorpercent} <available|running|ready|healthy> pod(s)",
        _PDB + _THAT + _ALLOWS + " " + _AT_MOST + "{value:intorpercent} "
        "<disruption|disruptions>[ at a time]",
        "{deployment:name} has a <disruption budget|pod disruption budget|PodDisruptionBudget|"
        "PDB> <with|of> <minAvailable|maxUnavailable> {value:intorpercent}",
        "{deployment:name} has a <disruption budget|pod disruption budget|PodDisruptionBudget|"
        "PDB> <of|allowing|that allows|which allows> " + _AT_MOST + "{value:intorpercent} "
        "<unavailable|disrupted> pod(s)",
        "{deployment:name} has a <disruption budget|pod disruption budget|PodDisruptionBudget|"
        "PDB> <that keeps|which keeps|keeping|requiring|that requires> [at least ]"
        "{value:intorpercent} [" + _PODS + " ]<available|up|running|ready>",
        _SAYING + "at least {value:intorpercent} {deployment:name} pod(s) <must|should|have to|"
        "need to|will> <stay|remain|be|be kept> <available|up|running|ready>",
        _SAYING + _AT_MOST + "{value:intorpercent} {deployment:name} pod(s) <may|can|are "
        "allowed to> <be|go> " + _DOWN + "[ <at a time|at once>]",
    ),
)
def a_budget(world: World, deployment: str, value: int | str, budget: str | None = None) -> None:
    """A PodDisruptionBudget over the deployment's pods (named after it unless named): said
    as minAvailable ("keeps at least 3 pods available") or maxUnavailable ("allows at most
    1 pod to be unavailable", "allows 1 pod down")."""
    field = "min_available" if _MIN.search(world.step.text) else "max_unavailable"
    pdb = world.make(
        "PodDisruptionBudget",
        budget or deployment,
        budget_selector(world, deployment),
        **{field: value},
    )
    add_budget(world, pdb)


@dataclass(frozen=True)
class Drains:
    """What ``kubectl drain node-1 node-2`` did: each node drained in turn, results joined."""

    results: tuple[Any, ...]
    began: int | None = None
    """The number of the last pass record when the drain began (None: none yet, or the
    engine keeps no history): the drain's passes are that record's and every later one."""

    @property
    def drained(self) -> bool:
        return all(result.drained for result in self.results)

    @property
    def refused(self) -> tuple[tuple[str, str], ...]:
        return tuple(item for result in self.results for item in result.refused)

    @property
    def evicted(self) -> tuple[str, ...]:
        return tuple(pod for result in self.results for pod in result.evicted)


_FOR = (
    "[ for [<the|a|an|our|its> ][<monthly|weekly|nightly|quarterly|scheduled|planned|routine|"
    "regular> ]<maintenance|patching|patch|an upgrade|upgrades|upgrade|a kernel upgrade|"
    "kernel upgrade|an OS upgrade|OS upgrade|repairs|a reboot|reboot|replacement>"
    "[ <window|work>]]"
)
"""Why a node is drained ("for the monthly patch window"): it changes nothing about the
drain."""
_WAITING = "[ <waiting up to|with a timeout of|with timeout|timing out after> {seconds:duration}]"


@when(
    "I drain {nodes:nodes}" + _FOR + _WAITING,
    "I drain node-1",
    'I drain node "node-1" waiting up to 2 minutes',
    "I drain node-1 and node-2",
    "I drain node-1 with a timeout of 30 seconds",
    "node-1 is drained",
    "node-2 is drained for maintenance",
    variants=(
        "{nodes:nodes} <is|are|gets|get|has been|have been> drained" + _FOR + _WAITING,
        "I take {nodes:nodes} out of <service|rotation>" + _FOR + _WAITING,
        "{nodes:nodes} <is|are> taken out of <service|rotation>" + _FOR + _WAITING,
    ),
)
def i_drain(world: World, nodes: tuple[str, ...], seconds: int | None = None) -> None:
    """``kubectl drain``: cordon, evict every pod, retry what a budget refuses every 5 s.
    Retries run while the cluster does, for the time given, or with none said until the
    node is drained (kubectl's default waits for ever): kubeloop stops waiting once
    ``NO_PROGRESS`` seconds went by without an eviction going through. Several nodes drain
    one after another. A drain that completes ends with one reconcile pass: kubectl
    returns once the evicted pods are gone, and while it waits out their termination the
    ReplicaSet controller and the scheduler replace them (kubeloop's eviction deletes at
    once, so that pass is the wait)."""
    drain = world.capability(world.cluster, "drain")
    records = getattr(world.cluster, "history", None)
    began = records[-1].number if records else None
    results: list[Any] = []
    if seconds is not None:
        each_node(world, nodes, lambda node: results.append(drain(node, timeout=seconds)))
    else:
        each_node(world, nodes, lambda node: results.append(drain_until_done(drain, node)))
    world.parts[DRAIN] = Drains(tuple(results), began) if results else None
    if results and all(result.drained for result in results):
        world.cluster.reconcile()


NO_PROGRESS = 300
"""How long a drain said without a timeout waits with no eviction going through before it
gives up (kubectl would wait for ever; a budget that can never allow one never will)."""


@dataclass(frozen=True)
class NodeDrain:
    """One node's drain over its rounds, in the terms the checks read: kubeloop's own record,
    so an engine's drain result need only carry ``drained``, ``refused`` and ``evicted``."""

    drained: bool
    refused: tuple[tuple[str, str], ...]
    evicted: tuple[str, ...]


def drain_until_done(drain: Any, node: str) -> NodeDrain:
    """Drain NODE in rounds of at most ``NO_PROGRESS`` seconds until it is drained or a round
    evicts nothing; the rounds' evictions joined, the last round's refusals."""
    evicted: list[str] = []
    while True:
        result = drain(node, timeout=NO_PROGRESS)
        evicted += result.evicted
        if result.drained or not result.evicted:
            return NodeDrain(result.drained, tuple(result.refused), tuple(evicted))


@when("I evict pod {pod:name}", "I evict pod web-1", 'I evict pod "web-2"')
def i_evict(world: World, pod: str) -> None:
    """The eviction API: refused (429) while a disruption budget would break."""
    evict = world.capability(world.cluster, "evict")
    world.attempt(lambda: evict(pod))


def _drain(world: World) -> Any:
    result = world.parts.get(DRAIN)
    if result is None:
        raise world.fail("a drain earlier in the scenario", "no drain ran")
    return result


@then("the drain completes", "the drain completes")
def drain_completes(world: World) -> None:
    """Every pod of the drained node was evicted (``node/<n> drained``)."""
    result = _drain(world)
    if not result.drained:
        raise world.fail("the node drained", "; ".join(f"{p}: {m}" for p, m in result.refused))


@then(
    "the drain is refused because {text:text}",
    'the drain is refused because "needs 3 healthy pods and has 3 currently"',
    'the drain fails with "violate the pod\'s disruption budget"',
    variants=(
        "the drain <is refused|fails|is blocked|does not complete> <because|with|saying> "
        "{text:text}",
    ),
)
def drain_refused(world: World, text: str) -> None:
    """Some eviction was still refused when drain gave up, with that text in the reason."""
    result = _drain(world)
    reasons = [m for _, m in result.refused]
    if not reasons or not any(text in m for m in reasons):
        raise world.fail(f'a refused eviction saying "{text}"', "; ".join(reasons) or "none")


@then(
    "the drain <is|was> <blocked|refused|stopped|held up|held back> by the <disruption budget|"
    "pod disruption budget|PodDisruptionBudget|PDB|budget>",
    "the drain was blocked by the disruption budget",
    "the drain is blocked by the PDB",
    variants=(
        "the <disruption budget|pod disruption budget|PodDisruptionBudget|PDB|budget> "
        "<blocks|blocked|stops|stopped|holds up|held up|holds back|held back> the drain",
    ),
)
def drain_blocked_by_budget(world: World) -> None:
    """Some eviction was still refused when the drain gave up, because of a disruption
    budget (the eviction API's 429)."""
    drain_refused(world, "disruption budget")


@then(
    "the drain evicted {count:n} pod(s)",
    "the drain evicted 1 pod",
    "the drain evicted 3 pods",
)
def drain_evicted(world: World, count: int) -> None:
    """Exactly COUNT pods were evicted by the drain."""
    evicted = _drain(world).evicted
    if len(evicted) != count:
        raise world.fail(f"{count} evicted", f"{len(evicted)}: {', '.join(evicted) or 'none'}")


@then(
    "the disruption budget {name:name} allows {count:n} disruption(s)",
    'the disruption budget "web" allows 0 disruptions',
)
def budget_allows(world: World, name: str, count: int) -> None:
    """The budget's status.disruptionsAllowed now."""
    info = world.capability(world.cluster, "disruption_budget")(name)
    if info.disruptions_allowed != count:
        raise world.fail(
            f"{count} disruptions allowed",
            f"{info.disruptions_allowed} ({info.current_healthy} healthy, "
            f"{info.desired_healthy} desired, {info.expected_pods} expected)",
        )


@then(
    "the disruption budget {name:name} has {count:n} healthy pod(s)",
    'the disruption budget "web" has 3 healthy pods',
)
def budget_healthy(world: World, name: str, count: int) -> None:
    """The budget's status.currentHealthy now."""
    info = world.capability(world.cluster, "disruption_budget")(name)
    if info.current_healthy != count:
        raise world.fail(f"{count} healthy", f"{info.current_healthy} healthy")


@then(
    "{node:node} <is|has been|was> [fully ]drained",
    "node-1 is drained",
    "node-2 has been fully drained",
)
def is_drained(world: World, node: str) -> None:
    """The node is cordoned and no pod is bound to it: what a finished ``kubectl drain``
    leaves (a node merely cordoned still runs its pods)."""
    info = world.capability(world.cluster, "node")(node)
    left = [p.name for p in world.pods() if p.node == node]
    if not info.unschedulable or left:
        state = "cordoned" if info.unschedulable else "schedulable"
        raise world.fail(
            f"{node} drained: cordoned, with no pods",
            f"{state}, with pods {', '.join(left) or 'none'}",
        )
