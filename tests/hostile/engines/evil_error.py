"""Raises an exception whose str() itself raises."""

from _base import *  # noqa: F403
from _base import BaseCluster


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        class Evil(Exception):
            def __str__(self) -> str:
                raise RuntimeError("no message for you")

        raise Evil
