"""Lab 01, broken alone: the HPA does not clamp its recommendation to [min, max]."""

from dataclasses import dataclass

from kubeloop import *  # noqa: F403
from kubeloop import HPA as _HPA


@dataclass(frozen=True)
class HPA(_HPA):
    def desired_replicas(self, current_replicas, current_value):
        return self.recommend(current_replicas, current_value)
