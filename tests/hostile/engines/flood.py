"""Writes 50 MB to stdout and stderr, then carries on."""

import os

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        chunk = b"x" * 1_000_000
        for _ in range(25):
            os.write(1, chunk)
            os.write(2, chunk)
