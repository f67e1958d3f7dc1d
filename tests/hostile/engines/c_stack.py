"""Lifts the recursion limit, then recurses until the C stack overflows."""

import sys

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        sys.setrecursionlimit(10**9)

        def deeper(n: int) -> int:
            return deeper(n + 1) + 1

        deeper(0)
