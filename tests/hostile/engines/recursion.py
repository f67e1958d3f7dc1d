"""Recurses without bound."""

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        def deeper(n: int) -> int:
            return deeper(n + 1) + 1

        deeper(0)
