"""Calls sys.exit(0) from a step."""

import sys

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        sys.exit(0)
