"""Forks a process that outlives it and holds the pipes open; carries on."""

import os
import time

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        if os.fork() == 0:
            time.sleep(3600)
            os._exit(0)
