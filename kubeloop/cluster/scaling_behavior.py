"""An HPA's ``spec.behavior``: how fast it may scale each way, and the API's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kubeloop.cluster import arguments
from kubeloop.errors import InvalidSpecError


@dataclass(frozen=True)
class ScalingPolicy:
    type: Literal["Pods", "Percent"]
    value: int
    period_seconds: int

    def __post_init__(self) -> None:
        if self.type not in ("Pods", "Percent"):
            raise InvalidSpecError(f'scaling policy type "{self.type}" must be Pods or Percent')
        arguments.whole(self.value, "a scaling policy's value", low=-arguments.INT32_MAX)
        arguments.whole(self.period_seconds, "periodSeconds", low=-1800, high=1800)
        if self.value <= 0 or self.period_seconds <= 0:
            raise InvalidSpecError("a scaling policy needs a positive value and periodSeconds")


@dataclass(frozen=True)
class ScalingRules:
    stabilization_window_seconds: int | None
    select_policy: Literal["Max", "Min", "Disabled"] = "Max"
    policies: tuple[ScalingPolicy, ...] = ()

    def __post_init__(self) -> None:
        arguments.optional_whole(
            self.stabilization_window_seconds, "stabilizationWindowSeconds", high=3600
        )
        if self.select_policy not in ("Max", "Min", "Disabled"):
            raise InvalidSpecError(
                f'selectPolicy "{self.select_policy}" must be Max, Min or Disabled'
            )
        policies = arguments.instances(self.policies, ScalingPolicy, "policies")
        object.__setattr__(self, "policies", policies)


SCALE_UP_DEFAULT = ScalingRules(
    0, "Max", (ScalingPolicy("Pods", 4, 15), ScalingPolicy("Percent", 100, 15))
)
SCALE_DOWN_DEFAULT = ScalingRules(None, "Max", (ScalingPolicy("Percent", 100, 15),))


@dataclass(frozen=True)
class Behavior:
    """``spec.behavior``; a missing side takes the API defaults."""

    scale_up: ScalingRules = SCALE_UP_DEFAULT
    scale_down: ScalingRules = SCALE_DOWN_DEFAULT

    def __post_init__(self) -> None:
        arguments.instance(self.scale_up, ScalingRules, "behavior.scaleUp")
        arguments.instance(self.scale_down, ScalingRules, "behavior.scaleDown")
