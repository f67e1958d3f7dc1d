"""Lab 01, broken alone: maxSurge=0 and maxUnavailable=0 is not refused; the rollout just
never starts (a silently stuck rollout instead of RolloutStalledError)."""

from kubeloop import *  # noqa: F403
from kubeloop import Cluster as _Cluster
from kubeloop import RolloutStalledError


class Cluster(_Cluster):
    def rolling_update(self, name, version, max_surge="25%", max_unavailable="25%", **kw):
        try:
            return super().rolling_update(name, version, max_surge, max_unavailable, **kw)
        except RolloutStalledError:
            return []
