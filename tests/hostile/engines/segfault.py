"""Dereferences a null pointer."""

import ctypes

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        ctypes.string_at(0)
