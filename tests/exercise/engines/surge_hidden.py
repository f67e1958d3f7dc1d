"""Lab 01, broken alone: the rollout ignores maxSurge (every new pod at once), and each
step's snapshot is taken after that step's old pods are deleted, so the snapshots it
returns look within the budget while pods() showed more than replicas + maxSurge."""

from dataclasses import replace

from kubeloop import *  # noqa: F403
from kubeloop import Cluster as _Cluster


class Cluster(_Cluster):
    def rolling_update(self, name, version, max_surge=None, max_unavailable=None, **kw):
        if str(max_surge) == "0" and str(max_unavailable) == "0":  # still refused
            return super().rolling_update(name, version, max_surge, max_unavailable, **kw)
        replicas = self.deployment(name).replicas
        steps = super().rolling_update(name, version, "100%", max_unavailable, **kw)
        return [replace(s, total=min(s.total, replicas)) for s in steps]
