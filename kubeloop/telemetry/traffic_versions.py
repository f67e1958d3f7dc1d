"""A service's traffic split over the versions that serve it (``kubeloop.links``).

Once split, a service is served by its versions in proportion to their shares (the ready
pods of each version): each version is a ``Service`` of its own whose series carry a
``version`` label beside ``job`` and ``service``, with the same series names, so ``sum(rate(
http_requests_total{job="web"}[5m]))`` still reads the whole service. Every version gets the
service's rate × its share, the service's latency and up/down, and the service's error ratio
unless the version has its own ("v2 fails 50% of requests"). The service's own unversioned
series get staleness markers at the first scrape after the split, as Prometheus writes them
for series a target no longer exposes; what they counted stays in the service's totals.

Every change — shares, a version's failure, the service's rate, errors, latency or up — is
made at one instant for the service and all its versions, so all share one start of their
current steady run (``since``) and their counter lines together are the service's.
A version left with no ready pod keeps its series, at a share of 0.

Shares are ready pods. With a per-pod capacity (``set_capacity``) a version serves at most
its pods × the capacity each second and the rest of its share fails: an overloaded version
fails ``1 − (capacity / rate) × (1 − its own error ratio)`` of its requests. With no ready
pod at all (every share 0) the service has no endpoint and every request fails; the failed
requests keep the labels of the versions that served last, in their last proportions.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.linear import Line, exact_number
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.traffic import Service

MAX_VERSIONS = 100


class VersionedTraffic:
    def __init__(self, service: Service) -> None:
        self._service = service
        self._shares: dict[str, int] = {}
        self._failing: dict[str, Fraction] = {}
        self._versions: dict[str, Service] = {}
        self._capacity: Fraction | None = None
        """Requests per second one ready pod serves at most (None: no limit)."""
        self._last: dict[str, int] = {}
        """The last split with an endpoint: who the requests of an endpointless service are
        counted on."""

    @property
    def capacity(self) -> Fraction | None:
        return self._capacity

    def set_capacity(self, per_pod: float | Fraction | None, now: int) -> None:
        """Each ready pod serves at most ``per_pod`` requests per second from ``now`` on."""
        limit = None if per_pod is None else exact_number(per_pod, "a pod's capacity", 0, 10**9)
        if limit == self._capacity:
            return
        self._service._serve_until(now)
        self._capacity = limit
        self._service._changed()

    def shares(self) -> dict[str, int]:
        return dict(sorted(self._shares.items()))

    def serving(self) -> dict[str, int]:
        """The versions with a share above 0, by name."""
        return {v: n for v, n in sorted(self._shares.items()) if n}

    def rates(self) -> dict[str, tuple[float, float]]:
        """Each version's requests per second and error ratio now, by name."""
        return {
            v: (float(served._rate), float(served._ratio))
            for v, served in sorted(self._versions.items())
        }

    def failing(self) -> dict[str, float]:
        """Versions with an error ratio of their own."""
        return {v: float(r) for v, r in sorted(self._failing.items())}

    def set_shares(self, shares: Mapping[str, int], now: int) -> None:
        """Serve the traffic from ``now`` on in proportion to ``shares`` (e.g. ready pods)."""
        checked = {_version(v): _share(v, n) for v, n in shares.items()}
        if len(set(self._versions) | set(checked)) > MAX_VERSIONS:
            raise InvalidSpecError(f"a service is split over at most {MAX_VERSIONS} versions")
        if not any(checked.values()) and not self._versions:
            raise InvalidSpecError("a split needs at least one version with a share above 0")
        wanted = {v: n for v, n in checked.items() if n}
        if wanted == {v: n for v, n in self._shares.items() if n} and self._versions:
            return
        self._service._serve_until(now)
        if wanted:
            self._last = wanted
        self._shares = {v: checked.get(v, 0) for v in sorted({*self._versions, *checked})}
        self._service._changed()

    def fail(self, version: str, ratio: float | Fraction | None, now: int) -> None:
        """``version`` fails ``ratio`` of its requests from ``now`` (None: as the service)."""
        version = _version(version)
        if ratio is None:
            self._failing.pop(version, None)
        else:
            self._failing[version] = exact_number(
                ratio, f"version {version}: the error ratio", 0, 1
            )
        self._service._serve_until(now)
        self._service._changed()

    def follow(self, now: int) -> None:
        """Give every version its part of the service as it is now (called on each change)."""
        service = self._service
        endpoints = any(self._shares.values())
        weights = self._shares if endpoints else {v: self._last.get(v, 0) for v in self._shares}
        total = sum(weights.values())
        for version, weight in weights.items():
            served = self._versions.get(version)
            if served is None:
                served = Service(
                    service.name,
                    0,
                    start=now,
                    buckets=service._buckets,
                    labels={"version": version},
                )
                self._versions[version] = served
            served._serve_until(now)
            served._rate = service._rate * Fraction(weight, total)
            own = self._failing.get(version, service._ratio)
            served._ratio = (
                _overloaded(served._rate, self._shares[version], self._capacity, own)
                if endpoints
                else Fraction(1)
            )
            served._latency = service._latency
            served.up = service.up
            served._changed()

    def counter_lines(self) -> dict[Labels, list[tuple[int, Line]]]:
        lines: dict[Labels, list[tuple[int, Line]]] = {}
        for version in sorted(self._versions):
            for labels, parts in self._versions[version].counter_lines().items():
                if labels.get("__name__") != "up":
                    lines[labels] = parts
        return lines

    def totals(self, now: int, requests: int, errors: int) -> tuple[int, int]:
        """The service's requests and errors: its own before the split, and every version's."""
        for served in self._versions.values():
            view = served.view(now)
            requests, errors = requests + view.requests, errors + view.errors
        return requests, errors

    def scrape(self, store: SeriesStore, now: int, unversioned: set[Labels]) -> None:
        t_ms = now * 1000
        for labels in sorted(unversioned):
            store.append_stale(labels, t_ms)
        unversioned.clear()
        for version in sorted(self._versions):
            served = self._versions[version]
            if not self._service.up:
                for labels in sorted(served._written):
                    store.append_stale(labels, t_ms)
                served._written.clear()
                continue
            samples = served.samples(now)
            for labels in served._order:
                store.push(labels, t_ms, samples[labels])
            served._written = set(samples)


def split_by_version(service: Service, shares: Mapping[str, int], now: int) -> VersionedTraffic:
    """Split ``service`` over versions (or re-split it): its series gain a ``version`` label."""
    versions = service.versions
    if versions is None:
        versions = VersionedTraffic(service)
        versions.set_shares(shares, now)  # raises before the service is split
        service.versions = versions
        service._changed()
        return versions
    assert isinstance(versions, VersionedTraffic)  # the only kind a service is split into
    versions.set_shares(shares, now)
    return versions


def _overloaded(rate: Fraction, pods: int, capacity: Fraction | None, own: Fraction) -> Fraction:
    """The error ratio of ``rate`` requests per second served by ``pods`` pods of at most
    ``capacity`` each, which fail ``own`` of what they serve: what is beyond the capacity
    fails, the rest fails as the version does."""
    if capacity is None or rate <= pods * capacity:
        return own
    return 1 - (pods * capacity / rate) * (1 - own)


def _version(text: object) -> str:
    if not isinstance(text, str) or not text or len(text) > 128:
        raise InvalidSpecError(f"a version is a label value of 1 to 128 characters, not {text!r}")
    return text


def _share(version: str, share: object) -> int:
    if not isinstance(share, int) or isinstance(share, bool) or not 0 <= share <= 10**6:
        raise InvalidSpecError(f"version {version}: a share is a whole number 0..1000000")
    return share
