"""Planted bug: draining a node evicts every pod on it without asking its disruption
budgets (as ``kubectl drain --disable-eviction`` would)."""

from typing import Any

from kubeloop import *  # noqa: F403  (every other contract name is kubeloop's)
from kubeloop import Cluster as _Cluster


class Cluster(_Cluster):
    def drain(self, node: str, timeout: int = 0) -> Any:
        budgets = dict(self._budgets)
        self._budgets.clear()  # the dict the cluster's parts share
        try:
            return super().drain(node, timeout)
        finally:
            self._budgets.update(budgets)
