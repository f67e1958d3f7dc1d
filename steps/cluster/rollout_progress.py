"""What a failed version check adds when the pods are mid-rollout to the version it wants.

A When is an event: "When on-call rolls prod back to v1" changes what the deployment should
run, and its pods roll as passes run, when time passes or the cluster reconciles. A check
right after it ("Then every pod runs v1") sees the old pods still there. The check still
fails, and says why: the deployment already wants that version and its rollout has begun,
with the sentences that let it finish. It says so only when that is true (the deployment's
template runs the version checked and its rollout has not stalled), never as a blanket hint.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from kubeloop.harness.world import World

ADVANCE = '"When 5 minutes pass"'
SETTLE = '"When the cluster settles"'
"""The catalog's sentences that let a rollout run its passes."""


def rollout_note(world: World, others: list[Any], wanted: Callable[[Any], bool], said: str) -> str:
    """Each deployment of ``others`` (pods that do not run the version) whose template
    already runs it (``wanted`` of its view) and whose rollout is not stalled: how many of
    its pods still run something else, and how to let them roll. Empty when none is."""
    deployment = getattr(world.cluster, "deployment", None)
    if deployment is None or not others:
        return ""
    behind = Counter(p.deployment for p in others)
    begun = []
    for name in sorted(behind):
        info = deployment(name)  # a pod's own deployment: there
        if not wanted(info) or _stalled(info):
            continue
        total = len(world.pods(name))
        old = sorted({p.version for p in others if p.deployment == name})
        begun.append(f'{behind[name]} of {total} pods of "{name}" still run {", ".join(old)}')
    if not begun:
        return ""
    return (
        f"; {'; '.join(begun)}: the rollout to {said} has begun, and pods roll when time "
        f"passes ({ADVANCE}) or the cluster reconciles ({SETTLE})"
    )


def _stalled(info: Any) -> bool:
    """The rollout gave up (ProgressDeadlineExceeded): time alone will not finish it."""
    condition = getattr(info, "condition", None)
    found = condition("Progressing") if condition is not None else None
    return found is not None and getattr(found, "reason", "") == "ProgressDeadlineExceeded"
