"""Pure arithmetic of the Deployment controller (``deployment_util.go``, ``sync.go``)."""

from __future__ import annotations

import math
from dataclasses import dataclass


def new_rs_new_replicas(replicas: int, surge: int, all_replicas: int, new_replicas: int) -> int:
    """``NewRSNewReplicas`` for RollingUpdate: grow the new RS as far as the surge allows."""
    max_total = replicas + surge
    if all_replicas >= max_total:
        return new_replicas
    return new_replicas + min(max_total - all_replicas, replicas - new_replicas)


def round_half_away(value: float) -> int:
    """Go's ``math.Round``: halves round away from zero."""
    return math.floor(abs(value) + 0.5) * (1 if value >= 0 else -1)


@dataclass(frozen=True)
class Sized:
    """A ReplicaSet as proportional scaling sees it."""

    name: str
    replicas: int
    max_annotation: int
    seq: int


def proportional_scale(sets: list[Sized], replicas: int, surge: int) -> dict[str, int]:
    """``scale()`` for several active ReplicaSets: share the change by size.

    Returns the new size of every ReplicaSet given.
    """
    allowed = replicas + surge if replicas > 0 else 0
    to_add = allowed - sum(rs.replicas for rs in sets)
    if to_add > 0:
        ordered = sorted(sets, key=lambda rs: (-rs.replicas, -rs.seq))
    else:
        ordered = sorted(sets, key=lambda rs: (-rs.replicas, rs.seq))
    sizes = {rs.name: rs.replicas for rs in sets}
    added = 0
    for rs in ordered:
        if rs.replicas == 0 or to_add in (0, added):
            continue
        if replicas == 0:
            fraction = -rs.replicas
        else:
            fraction = round_half_away(rs.replicas * allowed / rs.max_annotation) - rs.replicas
        step = min(fraction, to_add - added) if to_add > 0 else max(fraction, to_add - added)
        sizes[rs.name] += step
        added += step
    if ordered and to_add != added:
        first = ordered[0].name
        sizes[first] = max(0, sizes[first] + to_add - added)
    return sizes
