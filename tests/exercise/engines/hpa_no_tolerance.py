"""Lab 01, broken alone: the HPA ignores its tolerance band (a metric near target thrashes)."""

import math
from dataclasses import dataclass

from kubeloop import *  # noqa: F403
from kubeloop import HPA as _HPA


@dataclass(frozen=True)
class HPA(_HPA):
    def desired_replicas(self, current_replicas, current_value):
        wanted = math.ceil(current_replicas * current_value / self.target)
        return max(self.min_replicas, min(self.max_replicas, wanted))
