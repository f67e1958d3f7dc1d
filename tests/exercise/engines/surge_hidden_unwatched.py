"""Lab 01, broken alone, in an engine without ``watch``: applying a new version rolls it out
ignoring maxSurge (every new pod at once), and ``rolling_update`` returns snapshots taken
after each step's old pods are deleted. The harness drives the passes itself and counts
the pods."""

from dataclasses import replace

from surge_hidden import Cluster as _Hidden

from kubeloop import *  # noqa: F403


class Cluster(_Hidden):
    watch = None  # offers no watch: the scenarios drive the rollout pass by pass

    def apply(self, deployment):
        if str(deployment.max_surge) == "0" and str(deployment.max_unavailable) == "0":
            return super().apply(deployment)  # still refused
        return super().apply(replace(deployment, max_surge="100%"))
