"""Planted bug: a rolling update that ignores maxSurge and surges to twice the replicas."""

from typing import Any

from kubeloop import *  # noqa: F403  (every other contract name is kubeloop's)
from kubeloop import Cluster as _Cluster


class Cluster(_Cluster):
    def rolling_update(self, name: str, version: str, **budget: Any) -> Any:
        budget["max_surge"] = "100%"
        return super().rolling_update(name, version, **budget)
