"""Planted bug: failing a node only checks that it exists, so the node stays Ready and
schedulable and new pods keep landing on it."""

from kubeloop import *  # noqa: F403  (every other contract name is kubeloop's)
from kubeloop import Cluster as _Cluster


class Cluster(_Cluster):
    def fail_node(self, name: str) -> None:
        self.node(name)
