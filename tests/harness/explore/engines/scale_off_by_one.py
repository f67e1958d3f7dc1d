"""Planted bug: scaling keeps one replica fewer than asked (a rule no invariant states,
which only a comparison with the reference shows)."""

from kubeloop import *  # noqa: F403  (every other contract name is kubeloop's)
from kubeloop import Cluster as _Cluster


class Cluster(_Cluster):
    def scale(self, name: str, replicas: int) -> None:
        super().scale(name, max(replicas - 1, 0))
