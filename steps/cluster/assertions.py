"""Plain facts about the cluster now and over its history."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.referents import it, known
from kubeloop.harness.registry import checks_error, then
from kubeloop.harness.text_checks import agrees, expected
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

from .pods import check


def _names(pods: list[Any]) -> str:
    return ", ".join(p.name for p in pods) or "none"


@then("reconciling again changes nothing", "reconciling again changes nothing")
def reconciling_again(world: World) -> None:
    """One more pass creates, deletes and schedules nothing (the loop is idempotent)."""
    result = world.cluster.reconcile()
    changes = {k: list(getattr(result, k)) for k in ("created", "deleted", "scheduled")}
    if any(changes.values()):
        raise world.fail("no change", ", ".join(f"{k} {v}" for k, v in changes.items() if v))


def _pending(world: World) -> list[Any]:
    return [p for p in world.pods() if p.phase == "Pending"]


def _case_hint(text: str, reason: str) -> str:
    if text.lower() in reason.lower() and text not in reason:
        return " (it matches when case is ignored: the message is case-sensitive)"
    return ""


@then(
    "the pending pod's <reason|message> {how:textcheck} {text:text}",
    'the pending pod\'s reason contains "Insufficient cpu"',
    'the pending pod\'s reason is "0/1 nodes are available: 1 Insufficient memory."',
    'the pending pod\'s message starts with "0/3 nodes are available"',
    variants=("<its|the pod's> <reason|message> {how:textcheck} {text:text}",),
)
def pending_reason(world: World, text: str, how: str = "contains") -> None:
    """There is exactly one Pending pod, and its FailedScheduling message is TEXT ("is":
    the whole message), or contains, starts or ends with it."""
    pending = _pending(world)
    if len(pending) != 1:
        raise world.fail("exactly one pending pod", f"{len(pending)}: {_names(pending)}")
    reason = world.attribute(pending[0], "reason")
    if reason is None or not agrees(how, text, reason):
        hint = _case_hint(text, reason or "")
        raise world.fail(
            f"a reason {expected(how, text)}",
            repr(reason) + hint,
            FailedCheck("cluster", str(pending[0].name)),
        )


@then(
    "<every|each> pending pod's <reason|message> {how:textcheck} {text:text}",
    'every pending pod\'s reason is "0/2 nodes are available: 2 Insufficient cpu."',
    'the pending reason mentions "Insufficient memory"',
    'the pending pods\' message starts with "0/3 nodes are available"',
    variants=(
        "the pending <reason|message> {how:textcheck} {text:text}",
        "the pending pods' <reason|reasons|message|messages> {how:textcheck} {text:text}",
        "the <reason|message> <for|of> the pending pods {how:textcheck} {text:text}",
    ),
)
def every_pending_reason(world: World, text: str, how: str = "is") -> None:
    """Every Pending pod (at least one) carries this FailedScheduling message ("is": the
    whole message), or one that contains, starts or ends with it."""
    pending = _pending(world)
    reasons = {p.name: world.attribute(p, "reason") or "" for p in pending}
    wrong = [
        f"{name}: {reason!r}{_case_hint(text, reason)}"
        for name, reason in reasons.items()
        if not agrees(how, text, reason)
    ]
    if not pending or wrong:
        raise world.fail(
            f"every pending pod's reason {expected(how, text)}",
            "; ".join(wrong) or "no pending pods",
        )


def _first_pass(
    world: World, deployment: str, total: str, below: int | None, above: int | None
) -> tuple[int, int] | None:
    """(value, pass) of the first pass that left ``total`` below/above the bound, or None.

    From ``Cluster.extremes`` (exact over the whole run, however long) when the engine keeps
    them; else by reading every record of ``Cluster.history``.
    """
    cluster = world.cluster
    if callable(getattr(cluster, "extremes", None)):
        extremes = cluster.extremes(deployment)
        if extremes is None:
            return None
        extent = getattr(extremes, total)
        mark = extent.first_below(below) if below is not None else extent.first_above(above)
        return None if mark is None else (mark.value, mark.number)
    for record in world.attribute(cluster, "history"):
        totals = record.deployments.get(deployment)
        value = None if totals is None else getattr(totals, total)
        if value is not None and (
            (below is not None and value < below) or (above is not None and value > above)
        ):
            return value, record.number
    return None


_THE_WHOLE_TIME = "<the whole time|all along|all the time|throughout|at every point|at all points>"


@then(
    "at no point were fewer than {count:n} pod(s)[ of {deployment:deployment}] ready",
    'at no point were fewer than 3 pods of "web" ready',
    "at no point were fewer than 5 pods ready",
    "at least 4 web pods were ready the whole time",
    'at least 5 pods of "storefront" stayed ready all along',
    variants=(
        "at no point <were|was> there fewer than {count:n} pod(s)[ of {deployment:deployment}] "
        "ready",
        "at no point <were|was>[ there] fewer than {count:n} {deployment:deployment} pod(s) ready",
        "at least {count:n} {deployment:deployment} pod(s) <were|was|stayed|remained> "
        "<ready|up|healthy|serving> " + _THE_WHOLE_TIME,
        "at least {count:n} pod(s)[ of {deployment:deployment}] <were|was|stayed|remained> "
        "ready " + _THE_WHOLE_TIME,
        "{deployment:deployment} never had fewer than {count:n} ready pod(s)",
        "{deployment:deployment} never had fewer than {count:n} pod(s) ready",
        "{deployment:deployment} never <dropped|went|fell|dipped> below {count:n} ready pod(s)",
        "{deployment:deployment} always had at least {count:n} ready pod(s)",
        "[there <were|was> ]never fewer than {count:n} {deployment:deployment} pod(s) "
        "[<were|was> ]<ready|up|healthy|serving>",
        "never fewer than {count:n} of them <were|was> <ready|up|healthy|serving>",
        "{deployment:deployment} <had|kept|has had|has kept> at least {count:n} "
        "<ready|healthy|serving> pod(s) " + _THE_WHOLE_TIME,
    ),
)
def never_fewer_ready(world: World, deployment: str | None = None, count: int = 0) -> None:
    """After every reconcile pass so far, at least COUNT of the deployment's pods were ready
    (the deployment named last, if none is named)."""
    deployment = deployment or it(world, "deployment")
    found = _first_pass(world, deployment, "ready", below=count, above=None)
    if found is not None:
        raise world.fail(
            f"at least {count} ready after every pass", f"{found[0]} after pass {found[1]}"
        )


_AT_ONCE = "[ <at once|at a time|at any one time|at the same time>]"


@then(
    "{deployment:deployment} never had fewer than {count:n} <available pods|pods available|"
    "available pod|pod available>",
    "api never had fewer than 2 pods available",
    variants=(
        "{deployment:deployment} always had at least {count:n} available pod(s)",
        "at least {count:n} {deployment:deployment} pod(s) <were|was|stayed|remained> available "
        + _THE_WHOLE_TIME,
    ),
)
def never_fewer_available(world: World, deployment: str, count: int) -> None:
    """As ``never_fewer_ready``: a pod is available once Ready when the deployment has no
    minReadySeconds, the only case the history can answer (else the step says so)."""
    deployment = deployment or it(world, "deployment")
    declared = world.declared.deployments.get(deployment)
    if declared is not None and declared[1].get("min_ready_seconds"):
        raise world.fail(
            f"available pods of {deployment} counted after every pass",
            "it has minReadySeconds, so available is not ready and only ready pods are kept "
            f'per pass: say "{deployment} never had fewer than {count} ready pods"',
        )
    never_fewer_ready(world, deployment, count)


@then(
    "at no point did {deployment:deployment} have more than {count:n} pod(s)",
    'at no point did "web" have more than 5 pods',
    "it never goes beyond 12",
    "there were never more than 5 cart pods at once",
    variants=(
        "{deployment:deployment} never <goes beyond|goes above|exceeds|grows beyond|has more "
        "than|had more than|went above|went beyond|went over|grew beyond|grew past|exceeded|"
        "rose above|scaled above|scaled beyond|scaled past|got above> {count:n}"
        "[ <pods|pod|replicas|replica>]" + _AT_ONCE,
        "there <were|was> never more than {count:n} {deployment:deployment} pods" + _AT_ONCE,
        "there <were|was> never more than {count:n} pods of {deployment:deployment}" + _AT_ONCE,
        "<it|the cluster> never ran more than {count:n} pods of {deployment:deployment}" + _AT_ONCE,
        "at no point <were|was> there more than {count:n} {deployment:deployment} pods",
        "{deployment:deployment} <does not|doesn't|did not|didn't> <scale|grow|go> <beyond|above|"
        "past|over> {count:n} <pods|replicas>",
        "{deployment:deployment} <stayed|stays|remained|remains|was|is> <at or below|at or under|"
        "at most> {count:n} <pods|pod|replicas|replica> <the whole time|all along|throughout|"
        "at all times|all the time>",
    ),
)
def never_more_pods(world: World, deployment: str, count: int) -> None:
    """After every reconcile pass so far, the deployment had at most COUNT pods."""
    found = _first_pass(world, deployment, "total", below=None, above=count)
    if found is not None:
        raise world.fail(
            f"at most {count} pods after every pass", f"{found[0]} after pass {found[1]}"
        )


@then(
    "at no point did {deployment:deployment} have fewer than {count:n} pod(s)",
    'at no point did "web" have fewer than 2 pods',
    "api never dropped below 2 replicas",
    variants=(
        "{deployment:deployment} never <dropped|drops|went|goes|fell|falls|dipped|dips|"
        "shrank|scaled> below {count:n} <pods|pod|replicas|replica>",
        "{deployment:deployment} never had fewer than {count:n} <pods|pod|replicas|replica>",
        "{deployment:deployment} <stayed|stays|remained|remains|was|is> <at or above|at least> "
        "{count:n} <pods|pod|replicas|replica> <the whole time|all along|throughout|"
        "at all times|all the time>",
    ),
)
def never_fewer_pods(world: World, deployment: str, count: int) -> None:
    """After every reconcile pass so far, the deployment had at least COUNT pods."""
    found = _first_pass(world, deployment, "total", below=count, above=None)
    if found is not None:
        raise world.fail(
            f"at least {count} pods after every pass", f"{found[0]} after pass {found[1]}"
        )


@then(
    "{deployment:deployment} <stayed|stays|remained|remains|was|is> between {low:n} and "
    "{high:n} <pods|replicas>[ <the whole time|all along|throughout|at all times>]",
    "api stayed between 2 and 8 replicas",
    "web remained between 4 and 6 pods the whole time",
    variants=(
        "{deployment:deployment} always had between {low:n} and {high:n} <pods|replicas>",
        "{deployment:deployment} never left the range of {low:n} to {high:n} <pods|replicas>",
    ),
)
def pods_between(world: World, deployment: str, low: int, high: int) -> None:
    """After every reconcile pass so far, the deployment had between LOW and HIGH pods."""
    never_fewer_pods(world, deployment, low)
    never_more_pods(world, deployment, high)


@then(
    "{deployment:deployment} <stays|stayed|remains|remained|kept|keeps|was kept|is kept> "
    "<under|below> {count:n} <replicas|pods>[ <the whole time|all along|throughout|at all times>]",
    "web stays under 12 replicas",
    "api remained below 9 pods the whole time",
)
def stays_under(world: World, deployment: str, count: int) -> None:
    """After every reconcile pass so far, the deployment had fewer than COUNT pods."""
    never_more_pods(world, deployment, count - 1)


def _extreme(world: World, deployment: str, total: str, highest: bool) -> tuple[int, int]:
    """(value, first pass) of the deployment's highest or lowest ``total`` so far."""
    cluster = world.cluster
    if callable(getattr(cluster, "extremes", None)):
        extremes = cluster.extremes(deployment)
        if extremes is not None:
            extent = getattr(extremes, total)
            mark = extent.high if highest else extent.low
            return mark.value, mark.number
    else:
        seen = [
            (getattr(totals, total), record.number)
            for record in world.attribute(cluster, "history")
            if (totals := record.deployments.get(deployment)) is not None
        ]
        if seen:
            if highest:
                return max(seen, key=lambda found: (found[0], -found[1]))
            return min(seen)
    raise world.fail(f"a reconcile pass that saw {deployment}", "none yet")


@then(
    "the most pods {deployment:deployment} ever had was {count:n}",
    'the most pods "web" ever had was 6',
)
def most_pods(world: World, deployment: str, count: int) -> None:
    """The deployment's highest pod count after any pass so far (however long ago)."""
    value, number = _extreme(world, deployment, "total", highest=True)
    if value != count:
        raise world.fail(f"the most pods to be {count}", f"{value}, first after pass {number}")


@then(
    "the fewest ready pods {deployment:deployment} ever had was {count:n}",
    'the fewest ready pods "web" ever had was 2',
)
def fewest_ready(world: World, deployment: str, count: int) -> None:
    """The deployment's lowest ready count after any pass so far (however long ago)."""
    value, number = _extreme(world, deployment, "ready", highest=False)
    if value != count:
        raise world.fail(f"the fewest ready to be {count}", f"{value}, first after pass {number}")


@then(
    "no pod was ever <bound|scheduled> to {node:node} after it failed",
    "no pod was ever bound to node-2 after it failed",
)
def never_bound_after_failure(world: World, node: str) -> None:
    """No Scheduled event names the node after its NodeNotReady event (until it recovered)."""
    failed = False
    for event in world.attribute(world.cluster, "events"):
        if event.object == f"node/{node}":
            failed = event.reason == "NodeNotReady" or (failed and event.reason != "NodeReady")
        elif failed and event.reason == "Scheduled" and event.message.endswith(f" to {node}"):
            raise world.fail(f"nothing bound to {node} while it was down", str(event))


@then(
    "the operation fails with {text:text}",
    'the operation fails with "not found"',
    'the deploy fails with "a copied signature"',
    'it fails with "has no signature"',
    variants=(
        "the <deploy|deployment|promotion|release|rollout|rollback|approval|push|request> "
        "<fails|failed|has failed> with {text:text}",
        "<it|that> <fails|failed|has failed> with {text:text}",
    ),
)
@checks_error
def operation_fails(world: World, text: str) -> None:
    """The previous step was rejected, with an error message containing TEXT ("the deploy
    fails with …", "it fails with …": the step before, whatever it was).

    Against another engine, whose wording is its own, an error of the kind the text names
    ("… not found": NotFoundError, "… already exists": AlreadyExistsError) is enough.
    """
    error = world.take_error()
    if text in str(error):
        return
    kind = _kind_named(text)
    if world.engine_name != "kubeloop" and kind and isinstance(error, world.errors(kind)):
        return
    raise world.fail(f"an error containing {text!r}", f"{type(error).__name__}: {error}")


_KINDS = (("not found", "NotFoundError"), ("already exists", "AlreadyExistsError"))


def _kind_named(text: str) -> str | None:
    """The error class a message of kubeloop's wording belongs to, where the words say."""
    lowered = text.lower()
    return next((kind for words, kind in _KINDS if words in lowered), None)


@then(
    "<each|every> node <has|runs|is running|hosts> {pods:pods}",
    'each node runs exactly 1 "etcd" pod',
    "every node has at most 2 pods",
)
def each_node_has(world: World, pods: PodSet) -> None:
    """Every node of the cluster, one by one, has the pods the set says."""
    for node in known(world, "node"):
        check(world, pods, _on(node), f"on {node}")


def _on(node: str) -> Callable[[Any], bool]:
    return lambda pod: bool(pod.node == node)


@then(
    "no node <has|runs|hosts> more than {count:n} {deployment:deployment} pod(s)",
    "no node runs more than 2 api pods",
    "no node has more than 1 cache pod",
    variants=("no node <has|runs|hosts> more than {count:n} pod(s)",),
)
def no_node_has_more(world: World, count: int, deployment: str | None = None) -> None:
    """Every node of the cluster has at most COUNT pods (of the deployment, if named)."""
    each_node_has(world, PodSet("at most", count, deployment, None, None))


_TWICE = "<scheduled|placed|put|bound|landed>"


@then(
    "nothing <is|was|gets|got|is ever|was ever|ever gets> " + _TWICE + " twice on the same node",
    "nothing is scheduled twice on the same node",
    "no two pods of cache are on the same node",
    "no node got two api pods",
    variants=(
        "no two pods[ of {deployment:deployment}] <are|were|end up|ended up|land|landed|are "
        "scheduled|were scheduled|get scheduled|got scheduled|run> on the same node",
        "no node <gets|got|has|holds|runs|hosts|was given|is given> <two|2> "
        "[{deployment:deployment} ]pods",
        "no node <gets|got|has|holds|runs|hosts|was given|is given> <two|2> pods of "
        "{deployment:deployment}",
    ),
)
def never_two_on_a_node(world: World, deployment: str | None = None) -> None:
    """No node holds two pods (of the deployment, if named): "nothing is scheduled twice on
    the same node" is "no node has more than 1 pod"; a Pending pod is on no node."""
    no_node_has_more(world, 1, deployment)
