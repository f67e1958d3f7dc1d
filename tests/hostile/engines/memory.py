"""Allocates without bound."""

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        hoard = []
        while True:
            hoard.append(bytearray(50_000_000))
