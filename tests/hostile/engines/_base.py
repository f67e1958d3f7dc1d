"""Shared by the misbehaving engines: kubeloop's whole API, with a Cluster that calls the
engine's ``misbehave()`` when a node named "boom" is added (and behaves otherwise)."""

from typing import Any

import kubeloop
from kubeloop import *  # noqa: F403  (the engine contract: every public name)


class BaseCluster(kubeloop.Cluster):
    @staticmethod
    def misbehave() -> None:
        """What this engine does wrong."""

    def add_node(self, node: Any) -> None:
        if node.name == "boom":
            type(self).misbehave()
        super().add_node(node)
