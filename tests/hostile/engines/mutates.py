"""Breaks kubeloop's globals (the world's class, the registry) for later scenarios."""

from _base import *  # noqa: F403
from _base import BaseCluster

import kubeloop.harness.registry
import kubeloop.harness.world


class Cluster(BaseCluster):
    @staticmethod
    def misbehave() -> None:
        kubeloop.harness.world.World.run = None  # type: ignore[assignment, method-assign]
        kubeloop.harness.registry.REGISTRY.definitions.clear()
