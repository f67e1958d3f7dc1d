"""Raises KeyboardInterrupt from a step."""

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        raise KeyboardInterrupt
