"""Sends itself SIGKILL."""

import os
import signal

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        os.kill(os.getpid(), signal.SIGKILL)
