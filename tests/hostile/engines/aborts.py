"""Calls os.abort()."""

import os

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        os.abort()
