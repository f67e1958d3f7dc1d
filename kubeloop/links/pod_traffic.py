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

from typing import Any

from kubeloop.errors import InvalidSpecError, NotFoundError


class PodTraffic:
    def __init__(self) -> None:
        self.explicit: dict[str, str] = {}
        """service → deployment, as a scenario said it."""
        self.auto = True

    def serve(self, service: str, deployment: str) -> None:
        self.explicit[service] = deployment

    def pairs(self, cluster: Any, telemetry: Any) -> list[tuple[str, dict[str, int]]]:
        """(service, ready pods by version) of every link that applies now, by service name.

        Read from the deployment's ReplicaSets (a version's ready pods are its ReplicaSets'
        ready counts), which costs the number of ReplicaSets, not of pods.
        """
        found: list[tuple[str, dict[str, int]]] = []
        for service in telemetry.services():
            deployment = self.explicit.get(service, service if self.auto else "")
            try:
                replicasets = cluster.replicasets(deployment) if deployment else None
            except NotFoundError:
                continue
            if replicasets is not None:
                ready: dict[str, int] = {}
                for rs in replicasets:
                    ready[rs.version] = ready.get(rs.version, 0) + rs.ready
                found.append((str(service), {v: n for v, n in sorted(ready.items()) if n}))
        return found

    def sync(self, cluster: Any, telemetry: Any, now: int) -> None:
        from kubeloop.telemetry.traffic_versions import split_by_version  # noqa: PLC0415

        for name, ready in self.pairs(cluster, telemetry):
            service = telemetry.service(name)
            if not hasattr(service, "versions"):
                continue  # another engine's service: it cannot be split
            if ready and (service.versions is None or service.versions.serving() != ready):
                split_by_version(service, ready, now)

    def fail(self, telemetry: Any, name: str, version: str, ratio: float | None, now: int) -> None:
        service = telemetry.service(name)
        versions = getattr(service, "versions", None)
        if versions is None:
            raise InvalidSpecError(
                f'the service "{name}" is not served by a cluster deployment\'s pods, so it has '
                f'no versions: declare a deployment "{name}" (or say which one serves it) first'
            )
        versions.fail(version, ratio, now)
