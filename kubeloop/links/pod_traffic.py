"""Cluster → telemetry: a service's requests are served by its deployment's ready pods.

A telemetry service linked to a cluster deployment — the one of its name, when the world
holds both, or the one a scenario names — is split over the versions its ready pods run,
in proportion to their count (``kubeloop/telemetry/traffic_versions.py``): its series gain
a ``version`` label, names and ``job`` unchanged, and a failure given to one version hits
only that version's share. The split is re-read from the cluster's public view before every
scrape-time check (every reconcile period, and at the start and end of every span); while
the deployment has no ready pod the last split is kept.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kubeloop.errors import InvalidSpecError


class PodTraffic:
    def __init__(self) -> None:
        self.explicit: dict[str, str] = {}
        """service → deployment, as a scenario said it."""
        self.auto = True

    def serve(self, service: str, deployment: str) -> None:
        self.explicit[service] = deployment

    def pairs(self, cluster: Any, telemetry: Any) -> list[tuple[str, str]]:
        """(service, deployment) of every link that applies now, by service name."""
        deployments = {d.name for d in cluster.deployments()}
        found: list[tuple[str, str]] = []
        for service in telemetry.services():
            deployment = self.explicit.get(service, service if self.auto else "")
            if deployment in deployments:
                found.append((str(service), deployment))
        return found

    def sync(self, cluster: Any, telemetry: Any, now: int) -> None:
        from kubeloop.telemetry.traffic_versions import split_by_version  # noqa: PLC0415

        for name, deployment in self.pairs(cluster, telemetry):
            service = telemetry.service(name)
            if not hasattr(service, "versions"):
                continue  # another engine's service: it cannot be split
            ready = Counter(p.version for p in cluster.pods(deployment) if p.ready)
            if ready:
                split_by_version(service, dict(sorted(ready.items())), now)

    def fail(self, telemetry: Any, name: str, version: str, ratio: float | None, now: int) -> None:
        service = telemetry.service(name)
        versions = getattr(service, "versions", None)
        if versions is None:
            raise InvalidSpecError(
                f'the service "{name}" is not served by a cluster deployment\'s pods, so it has '
                f'no versions: declare a deployment "{name}" (or say which one serves it) first'
            )
        versions.fail(version, ratio, now)
