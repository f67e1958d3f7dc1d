"""What a failed pod count adds when pods are yet to be replaced or placed.

A When is an event: a drain, an eviction or a deleted pod removes pods at once, and the
ReplicaSet creates their replacements, and the scheduler places them, on the next reconcile.
A count of running pods right after it ("When I drain node-1 / Then 6 pods are running")
sees one short. The check still fails, and says why: the deployment has fewer pods than it
wants, or some of its pods were never tried by the scheduler yet, with the sentence that
runs the passes. It says so only when that is true, never as a blanket hint.
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.world import World

from .rollout_progress import SETTLE


def replacement_note(world: World, deployment: str | None) -> str:
    """For the deployment (every one, if None): pods it wants but has not created yet, and
    Pending pods the scheduler has not tried; empty when there are none."""
    cluster = world.cluster
    look = getattr(cluster, "deployment", None)
    if look is None:
        return ""
    if deployment is not None:
        names = [deployment]
    else:
        listed = getattr(cluster, "deployments", None)
        names = [d.name for d in listed()] if listed is not None else []
    short = []
    for name in names:
        pods = world.pods(name)
        wanted = look(name).replicas
        if len(pods) < wanted:
            short.append(f'"{name}" wants {wanted} pods and has {len(pods)}')
        untried = [p.name for p in pods if p.phase == "Pending" and not _reason(p)]
        if untried:
            short.append(f"{', '.join(untried)} not yet tried by the scheduler")
    if not short:
        return ""
    return (
        f"; {'; '.join(short)}: replacements are created and placed on the next reconcile "
        f'("When I reconcile", or {SETTLE} for every pass it takes)'
    )


def _reason(pod: Any) -> str:
    return str(getattr(pod, "reason", None) or "")
