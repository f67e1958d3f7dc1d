"""Closes every file descriptor above stderr, the harness's pipes among them."""

import os

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        os.closerange(3, 65536)
