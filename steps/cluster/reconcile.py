"""Letting the control loop run: one pass, or until nothing changes."""

from __future__ import annotations

from kubeloop.harness.registry import when
from kubeloop.harness.world import World


@when(
    "I reconcile",
    "I reconcile",
    "the scheduler runs",
    "the controllers reconcile",
    "the HPA acts",
    variants=(
        "<the controllers|the controller manager|the cluster> <reconcile|reconciles|run|runs>",
        "<the scheduler|the control loop|a reconcile pass|one reconcile pass> runs[ once]",
        "I run <the scheduler|the controllers|a reconcile pass|one reconcile pass|"
        "the control loop>",
        "<the HPA|the autoscaler|the horizontal pod autoscaler|the HorizontalPodAutoscaler|"
        "the pod autoscaler> <acts|syncs|reconciles|runs|kicks in|has run|has acted|has synced|"
        "has reconciled|has kicked in|ran|acted|synced|reacts|has reacted|reacted>",
        "I reconcile once",
        "<the scheduler|the control loop|the controllers> <has|have> run",
    ),
)
def i_reconcile(world: World) -> None:
    """One level-triggered pass of every controller, the HPA and the scheduler."""
    world.cluster.reconcile()


@when(
    "I reconcile until <stable|settled|it settles|things settle>[ within {passes:n} passes]",
    "I reconcile until stable",
    "I reconcile until stable within 5 passes",
    "the scheduler has placed everything it can",
    "the rollout runs to completion",
    "the cluster settles",
    "the system recovers on its own",
    variants=(
        "the scheduler has placed <everything|every pod|all pods> it can",
        "the scheduler places <everything|every pod|all pods> it can",
        "the scheduler <places|schedules|binds|has placed|has scheduled|has bound|assigns|"
        "has assigned> <the pods|them|the pending pods|all the pods|every pod|all pods|"
        "everything>",
        "the rollout <runs to completion|completes|finishes|is done|has finished|has completed>",
        "<the cluster|everything> <settles|has settled|is stable|converges|has converged|"
        "has reconciled|is reconciled>",
        "I wait for <reconciliation|the controllers|the scheduler|things to settle>",
        "I let <the cluster|everything|things|the controllers> <settle|converge|catch up>",
        "the controllers have <reconciled|settled|finished>",
        "<the controllers|the control loop|the cluster> <catch up|catches up|have caught up|"
        "has caught up>",
        "<the cluster|the system|the platform> <recovers|heals|self-heals|heals itself|"
        "repairs itself|sorts itself out>[ <on its own|by itself|automatically>]",
        "<everything|every pod|all pods> <has been|have been|is|are> <scheduled|placed>",
        "I wait <for the cluster to settle|until the cluster is stable|for the rollout to finish|"
        "for the rollout to complete>",
        "I <reconcile|keep reconciling|run the controllers> until <nothing changes|nothing more "
        "changes|nothing changes any more|nothing changes anymore|things stop changing|the "
        "cluster stops changing|everything stops changing>",
    ),
)
def i_reconcile_until_stable(world: World, passes: int = 100) -> None:
    """Reconcile until a pass changes nothing; fail with the last change after PASSES (100).

    The engine's ``reconcile_until_stable`` when it has one (no part of Lab 01's contract),
    else the core ``reconcile()`` called pass by pass until one creates, deletes and
    schedules nothing, as the contract defines a pass that changes nothing."""
    if not hasattr(world.cluster, "reconcile_until_stable"):
        _core_until_stable(world, passes)
        return
    until_stable = world.capability(world.cluster, "reconcile_until_stable")
    try:
        until_stable(passes)
    except world.errors("NotConvergedError") as error:
        raise world.fail(f"the cluster settles within {passes} passes", str(error)) from None


def _core_until_stable(world: World, passes: int) -> None:
    last = ""
    for _ in range(passes):
        result = world.cluster.reconcile()
        changed = {
            what: list(getattr(result, what))
            for what in ("created", "deleted", "scheduled")
            if list(getattr(result, what))
        }
        if not changed:
            return
        last = "; ".join(f"{what} {', '.join(map(str, pods))}" for what, pods in changed.items())
    raise world.fail(
        f"the cluster settles within {passes} passes", f"pass {passes} still changed: {last}"
    )
