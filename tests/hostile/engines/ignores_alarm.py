"""Ignores SIGALRM and spins forever."""

import signal

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        signal.signal(signal.SIGALRM, signal.SIG_IGN)
        while True:
            pass
