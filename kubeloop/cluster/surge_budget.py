"""The surge budget: how many pods a rolling update may add and take away.

maxSurge rounds up, maxUnavailable rounds down, and when both resolve to 0 maxUnavailable
becomes 1 (the literal 0/0 is refused at validation). Mirrors ``ResolveFenceposts`` and
``MaxUnavailable`` in ``deployment/util/deployment_util.go``.
"""

from __future__ import annotations

from kubeloop.cluster.int_or_percent import scaled_value


def resolve_fenceposts(
    max_surge: int | str, max_unavailable: int | str, replicas: int
) -> tuple[int, int]:
    """(surge, unavailable): surge rounds up, unavailable down; both 0 → unavailable 1."""
    surge = scaled_value(max_surge, replicas, round_up=True)
    unavailable = scaled_value(max_unavailable, replicas, round_up=False)
    if surge == 0 and unavailable == 0:
        unavailable = 1
    return surge, unavailable


def max_unavailable(max_surge: int | str, max_unavailable_: int | str, replicas: int) -> int:
    """``MaxUnavailable``: the resolved budget, capped at replicas, 0 for 0 replicas."""
    if replicas == 0:
        return 0
    return min(resolve_fenceposts(max_surge, max_unavailable_, replicas)[1], replicas)
