"""Cluster → telemetry: a service's requests are served by its deployment's ready pods.

A telemetry service linked to a cluster deployment — the one of its name, when the world
holds both, or the one a scenario names — is split over the versions its ready pods run,
in proportion to their count (``kubeloop/telemetry/traffic_versions.py``): its series gain
a ``version`` label, names and ``job`` unchanged, and a failure given to one version hits
only that version's share. A pod that is not Ready serves nothing; a deployment with a
per-pod capacity serves at most its ready pods × that capacity, and the rest fails; once
split, a service whose deployment has no ready pod fails every request (no endpoint).

The split is re-read from the cluster's public view after every reconcile pass (the
cluster's ``watch``; another engine without it: every reconcile period) and at the start
and end of every span, so it follows every pod change on the logical clock.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from kubeloop.errors import InvalidSpecError, NotFoundError
from kubeloop.telemetry.linear import exact_number

MAX_CAPACITY = 10**9
MAX_VERSION_LENGTH = 128


class PodTraffic:
    def __init__(self) -> None:
        self.explicit: dict[str, str] = {}
        """service → deployment, as a scenario said it."""
        self.auto = True
        self.capacity: dict[str, Fraction] = {}
        """deployment → requests per second one ready pod serves at most."""
        self.faults: dict[str, Fraction | None] = {}
        """version → the share of requests its pods fail (None: as the service), said before
        a service was split: given to each service when its pods first serve it."""

    def serve(self, service: str, deployment: str) -> None:
        self.explicit[service] = deployment

    def limit(self, deployment: str, per_pod: float | Fraction) -> None:
        """Each ready pod of ``deployment`` serves at most ``per_pod`` requests per second."""
        self.capacity[deployment] = exact_number(
            per_pod, f'deployment "{deployment}": a pod\'s requests per second', 0, MAX_CAPACITY
        )

    def hold(self, version: str, ratio: float | Fraction | None) -> None:
        """Pods running ``version`` fail ``ratio`` of what they serve in every service split
        from now on (None: as the service); checked before anything changes."""
        if not isinstance(version, str) or not 0 < len(version) <= MAX_VERSION_LENGTH:
            raise InvalidSpecError(
                f"a version is a label value of 1 to 128 characters, not {version!r}"
            )
        self.faults[version] = (
            None
            if ratio is None
            else exact_number(ratio, f"version {version}: the error ratio", 0, 1)
        )

    def pairs(self, cluster: Any, telemetry: Any) -> list[tuple[str, str, dict[str, int]]]:
        """(service, deployment, ready pods by version) of every link that applies now, by
        service name.

        Read from the deployment's ReplicaSets (a version's ready pods are its ReplicaSets'
        ready counts), which costs the number of ReplicaSets, not of pods.
        """
        found: list[tuple[str, str, dict[str, int]]] = []
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
                found.append(
                    (str(service), deployment, {v: n for v, n in sorted(ready.items()) if n})
                )
        return found

    def services_of(self, cluster: Any, telemetry: Any, deployment: str) -> list[str]:
        """The services ``deployment``'s pods serve, by name."""
        return [s for s, d, _ in self.pairs(cluster, telemetry) if d == deployment]

    def sync(self, cluster: Any, telemetry: Any, now: int) -> list[tuple[str, str, dict[str, int]]]:
        """Split every linked service by its deployment's ready pods now; returns the links
        (``pairs``)."""
        from kubeloop.telemetry.traffic_versions import split_by_version  # noqa: PLC0415

        pairs = self.pairs(cluster, telemetry)
        for name, deployment, ready in pairs:
            service = telemetry.service(name)
            if not hasattr(service, "versions"):
                continue  # another engine's service: it cannot be split
            versions = service.versions
            if versions is None and not ready:
                continue  # never served yet: nothing to split
            if versions is None:
                versions = split_by_version(service, ready, now)
                for version, ratio in sorted(self.faults.items()):
                    versions.fail(version, ratio, now)
            elif versions.serving() != ready:
                # no ready pod left: every share 0, no endpoint, every request fails
                shares = ready or dict.fromkeys(versions.shares(), 0)
                versions = split_by_version(service, shares, now)
            versions.set_capacity(self.capacity.get(deployment), now)
        return pairs

    def fail(self, telemetry: Any, name: str, version: str, ratio: float | None, now: int) -> None:
        service = telemetry.service(name)
        versions = getattr(service, "versions", None)
        if versions is None:
            raise InvalidSpecError(
                f'the service "{name}" is not served by a cluster deployment\'s pods, so it has '
                f'no versions: declare a deployment "{name}" (or say which one serves it) first'
            )
        versions.fail(version, ratio, now)
