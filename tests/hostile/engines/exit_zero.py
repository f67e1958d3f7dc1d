"""Calls os._exit(0) in the middle of a scenario: must not read as a pass."""

import os

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        os._exit(0)
