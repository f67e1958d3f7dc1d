"""Sleeps for a day (the step time limit stops it)."""

import time

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        time.sleep(86_400)
