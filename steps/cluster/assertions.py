"""Plain facts about the cluster now and over its history."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.registry import checks_error, then
from kubeloop.harness.world import World

PHASES = {"running": "Running", "pending": "Pending"}


def _in_phase(pods: list[Any], phase: str) -> list[Any]:
    if phase == "ready":
        return [p for p in pods if p.ready]
    return [p for p in pods if p.phase == PHASES[phase]]


def _names(pods: list[Any]) -> str:
    return ", ".join(p.name for p in pods) or "none"


@then("no pod is on [node ]{node:name}", "no pod is on node-2")
def no_pod_on(world: World, node: str) -> None:
    """No pod is bound to the node now."""
    there = [p for p in world.pods() if p.node == node]
    if there:
        raise world.fail(f"no pod on {node}", f"{len(there)}: {_names(there)}")


@then(
    "{count:n} pod(s) <is|are> {phase:phase}",
    "4 pods are running",
    "1 pod is pending",
    "4 pods are ready",
)
def pods_in_phase(world: World, count: int, phase: str) -> None:
    """Exactly COUNT pods of any deployment are running (bound), pending, or ready."""
    found = _in_phase(list(world.pods()), phase)
    if len(found) != count:
        raise world.fail(f"{count} {phase}", f"{len(found)} {phase}: {_names(found)}")


@then("{deployment:name} has {count:n} {phase:phase} pod(s)", '"web" has 4 running pods')
def deployment_has(world: World, deployment: str, count: int, phase: str) -> None:
    """Exactly COUNT of the deployment's pods are running, pending, or ready."""
    found = _in_phase(list(world.pods(deployment)), phase)
    if len(found) != count:
        raise world.fail(
            f'{count} {phase} pods of "{deployment}"', f"{len(found)}: {_names(found)}"
        )


@then("node {node:name} has {count:n} pod(s)", 'node "node-1" has 2 pods')
def node_has(world: World, node: str, count: int) -> None:
    """Exactly COUNT pods are bound to the node."""
    there = [p for p in world.pods() if p.node == node]
    if len(there) != count:
        raise world.fail(f"{count} pods on {node}", f"{len(there)}: {_names(there)}")


@then("pod {pod:name} is on [node ]{node:name}", 'pod "web-1" is on node-1')
def pod_on(world: World, pod: str, node: str) -> None:
    """The named pod is bound to that node."""
    found = [p for p in world.pods() if p.name == pod]
    if not found or found[0].node != node:
        raise world.fail(
            f"{pod} on {node}", f"{pod} on {found[0].node}" if found else f"no pod {pod}"
        )


@then("pod {pod:name} is {phase:phase}", 'pod "web-5" is pending')
def pod_phase(world: World, pod: str, phase: str) -> None:
    """The named pod is running, pending, or ready."""
    found = [p for p in world.pods() if p.name == pod]
    if not found or not _in_phase(found, phase):
        raise world.fail(
            f"{pod} {phase}",
            f"{found[0].phase}, ready={found[0].ready}" if found else "no such pod",
        )


@then(
    "the pods of {deployment:name} are spread over {count:n} node(s)",
    'the pods of "web" are spread over 3 nodes',
)
def spread(world: World, deployment: str, count: int) -> None:
    """The deployment's running pods sit on exactly COUNT distinct nodes."""
    used = sorted({p.node for p in world.pods(deployment) if p.node is not None})
    if len(used) != count:
        raise world.fail(f"{count} nodes", f"{len(used)}: {', '.join(used) or 'none'}")


@then("reconciling again changes nothing", "reconciling again changes nothing")
def reconciling_again(world: World) -> None:
    """One more pass creates, deletes and schedules nothing (the loop is idempotent)."""
    result = world.cluster.reconcile()
    changes = {k: list(getattr(result, k)) for k in ("created", "deleted", "scheduled")}
    if any(changes.values()):
        raise world.fail("no change", ", ".join(f"{k} {v}" for k, v in changes.items() if v))


def _pending(world: World) -> list[Any]:
    return [p for p in world.pods() if p.phase == "Pending"]


@then(
    "the pending pod's reason contains {text:text}",
    'the pending pod\'s reason contains "Insufficient cpu"',
)
def pending_reason(world: World, text: str) -> None:
    """There is exactly one Pending pod, and its FailedScheduling message contains TEXT."""
    pending = _pending(world)
    if len(pending) != 1:
        raise world.fail("exactly one pending pod", f"{len(pending)}: {_names(pending)}")
    reason = world.attribute(pending[0], "reason")
    if reason is None or text not in reason:
        raise world.fail(f"a reason containing {text!r}", repr(reason))


@then(
    "every pending pod's reason is {text:text}",
    'every pending pod\'s reason is "0/2 nodes are available: 2 Insufficient cpu."',
)
def every_pending_reason(world: World, text: str) -> None:
    """Every Pending pod (at least one) carries exactly this FailedScheduling message."""
    pending = _pending(world)
    reasons = {p.name: world.attribute(p, "reason") for p in pending}
    wrong = [f"{name}: {reason!r}" for name, reason in reasons.items() if reason != text]
    if not pending or wrong:
        raise world.fail(
            f"every pending pod's reason to be {text!r}", "; ".join(wrong) or "no pending pods"
        )


def _history(world: World) -> list[Any]:
    return list(world.attribute(world.cluster, "history"))


@then(
    "at no point were fewer than {count:n} pod(s) of {deployment:name} ready",
    'at no point were fewer than 3 pods of "web" ready',
)
def never_fewer_ready(world: World, deployment: str, count: int) -> None:
    """After every reconcile pass so far, at least COUNT of the deployment's pods were ready."""
    for record in _history(world):
        totals = record.deployments.get(deployment)
        if totals is not None and totals.ready < count:
            raise world.fail(
                f"at least {count} ready after every pass",
                f"{totals.ready} after pass {record.number}",
            )


@then(
    "at no point did {deployment:name} have more than {count:n} pod(s)",
    'at no point did "web" have more than 5 pods',
)
def never_more_pods(world: World, deployment: str, count: int) -> None:
    """After every reconcile pass so far, the deployment had at most COUNT pods."""
    for record in _history(world):
        totals = record.deployments.get(deployment)
        if totals is not None and totals.total > count:
            raise world.fail(
                f"at most {count} pods after every pass",
                f"{totals.total} after pass {record.number}",
            )


@then(
    "no pod was ever bound to [node ]{node:name} after it failed",
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


@then("the operation fails with {text:text}", 'the operation fails with "not found"')
@checks_error
def operation_fails(world: World, text: str) -> None:
    """The previous step was rejected, with an error message containing TEXT."""
    error = world.take_error()
    if text not in str(error):
        raise world.fail(f"an error containing {text!r}", f"{type(error).__name__}: {error}")
