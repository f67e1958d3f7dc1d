"""A PodDisruptionBudget's spec (``policy/v1``): what the disruption controller
(``disruption.py``), eviction and preemption read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kubeloop.cluster.int_or_percent import IntOrPercent, validate_int_or_percent
from kubeloop.cluster.labels import LabelSelector
from kubeloop.cluster.names import validate_name
from kubeloop.errors import InvalidSpecError

EvictionPolicy = Literal["IfHealthyBudget", "AlwaysAllow"]


@dataclass(frozen=True)
class PodDisruptionBudget:
    """``policy/v1`` PodDisruptionBudget: at most one of ``min_available`` and
    ``max_unavailable`` (a count or a percentage) over the pods ``selector`` matches.

    With neither, upstream's disruption controller expects 0 pods, and a budget that
    expects none allows no disruption: every eviction it covers is refused."""

    name: str
    selector: LabelSelector
    min_available: IntOrPercent | None = None
    max_unavailable: IntOrPercent | None = None
    unhealthy_pod_eviction_policy: EvictionPolicy = "IfHealthyBudget"

    def __post_init__(self) -> None:
        validate_name("disruption budget", self.name)
        where = f'disruption budget "{self.name}"'
        if not isinstance(self.selector, LabelSelector):
            raise InvalidSpecError(f"{where}: selector must be a LabelSelector")
        if self.min_available is not None and self.max_unavailable is not None:
            raise InvalidSpecError(
                f"{where}: minAvailable and maxUnavailable cannot be both set; keep one"
            )
        for value, field_name in (
            (self.min_available, "minAvailable"),
            (self.max_unavailable, "maxUnavailable"),
        ):
            if value is not None:
                validate_int_or_percent(value, field_name, where, at_most_100=True)
        if self.unhealthy_pod_eviction_policy not in ("IfHealthyBudget", "AlwaysAllow"):
            raise InvalidSpecError(
                f"{where}: unhealthyPodEvictionPolicy must be IfHealthyBudget or AlwaysAllow"
            )
