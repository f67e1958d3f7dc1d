"""Lab 03's contract: a ``Telemetry`` engine in the seed's terms, as a ``Protocol``.

The telemetry scenarios talk to one object, ``Telemetry(clock=…)``, built on the world's
logical clock. In the seed's words:

- **counter**: ``add_series`` writes samples of a monotonic counter (resets allowed) or a
  gauge; ``add_service`` makes a service whose ``http_requests_total{job, code}`` counters
  and latency **histogram** are scraped on the clock;
- **rate**, **histogram_quantile**, **sum by**: ``query`` evaluates PromQL text at a time
  — ``rate()`` reads through resets, ``histogram_quantile`` interpolates inside the bucket
  holding the quantile, ``sum by (l)`` keeps only ``l``;
- **the alert state machine**: ``add_alert`` / ``load_rules``; as the clock passes, rules
  are evaluated every evaluation interval; ``alert_state`` is inactive, pending or firing,
  a one-scrape spike never fires, and ``timeline`` lists every change;
- **burn rate**: ``burn_rate(slo, window)`` = error ratio over the window ÷ (1 − SLO);
- **the fast-burn alert**: ``slo_alert_state(slo, "page")`` fires only when a pair's long
  AND short windows both burn above its factor, so an incident that already ended does
  not page.

A learner's module that defines ``Telemetry`` is graded by the telemetry features;
otherwise kubeloop's own engine runs them. ``missing_from(module)`` lists what a module's
``Telemetry`` lacks. ``SKELETON`` is the class ``kubeloop exercise init`` writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

TELEMETRY_METHODS = (
    "add_series",
    "query",
    "add_alert",
    "add_recording",
    "load_rules",
    "set_evaluation_interval",
    "alert_names",
    "alert_state",
    "timeline",
    "add_service",
    "service",
    "services",
    "set_scrape_interval",
    "add_slo",
    "load_sloth",
    "load_openslo",
    "slo",
    "slos",
    "burn_rate",
    "slo_alert_state",
)


@runtime_checkable
class TimelineLike(Protocol):
    changes: Sequence[tuple[int, str]]
    """``(t seconds, state)`` at every evaluation that changed the alert's state."""

    @property
    def states(self) -> list[str]: ...

    @property
    def fired(self) -> bool: ...


@runtime_checkable
class TelemetryLike(Protocol):
    def add_series(
        self, labels: Mapping[str, str], samples: Sequence[tuple[int, float | None]]
    ) -> None:
        """Samples ``(t ms, value)`` of one series; ``None`` is a staleness marker."""

    def query(self, expr: str, at: int | None = None) -> Any:
        """PromQL at ``at`` seconds (now if None): a scalar (``.value``) or samples
        (``.labels``, ``.value``). A function called with the wrong number of arguments
        raises an error whose message names the function (``histogram_quantile``), as
        Prometheus' parser does; ``histogram_quantile`` leaves out series without an
        ``le`` label, so aggregating ``le`` away leaves an empty result."""

    def add_alert(
        self,
        name: str,
        expr: str,
        hold: int = 0,
        labels: Mapping[str, str] | None = None,
        annotations: Mapping[str, str] | None = None,
        keep_firing_for: int = 0,
    ) -> None: ...

    def add_recording(self, name: str, expr: str) -> None: ...

    def load_rules(self, text: str, filename: str = "<rules>") -> None:
        """A Prometheus rule file's groups of record and alert rules. A rule whose ``expr``
        does not parse is refused with an error starting ``FILENAME:LINE`` (the line of
        its ``expr``). As Prometheus does, every evaluation writes ``ALERTS{alertname,
        alertstate, …}`` = 1 for each pending or firing alert, so queries can read it."""

    def set_evaluation_interval(self, seconds: int) -> None: ...

    def alert_names(self) -> list[str]: ...

    def alert_state(self, name: str) -> str: ...

    def timeline(self, name: str) -> TimelineLike: ...

    def add_service(self, name: str, rate: float, error_ratio: float = 0) -> Any:
        """A service whose ``http_requests_total{job, code="200"}`` and ``{job,
        code="500"}`` counters both exist from its first scrape (the 500 one at 0 until a
        request fails: a burn rate over a window that began before the errors reads them
        through ``rate()`` without extrapolating a counter that appeared mid-window), with
        ``up{job}`` and the latency histogram."""

    def service(self, name: str) -> Any: ...

    def services(self) -> list[str]: ...

    def set_scrape_interval(self, seconds: int) -> None: ...

    def add_slo(
        self, name: str, percent: float, period: int, service: str, windows: str = "workbook"
    ) -> Any:
        """``windows``: ``workbook`` (Sloth's: 2% of the budget in 1h/5m and 5% in 6h/30m
        page, 10% in 1d/2h and 3d/6h open a ticket; no ``for:``) or ``pyrra`` (factors 14,
        7, 2, 1 over 1h/5m, 6h/30m, 1d/2h, 4d/6h for 28 days, each pair with Pyrra's
        ``for:`` of 2m, 15m, 1h, 3h; windows and ``for:`` scale with the period)."""

    def load_sloth(self, text: str, filename: str = "<sloth>", windows: str = "workbook") -> None:
        """Every SLO of a Sloth prometheus/v1 spec."""

    def load_openslo(self, text: str, filename: str = "<openslo>") -> None:
        """Every OpenSLO v1 ratio SLO (Occurrences, rolling window) of a file."""

    def slo(self, name: str) -> Any:
        """``.objective.budget_seconds`` and ``.windows.windows`` (long, short, factor)."""

    def slos(self) -> list[str]: ...

    def burn_rate(self, name: str, window: int, at: int | None = None) -> float: ...

    def slo_alert_state(self, name: str, severity: str) -> str:
        """``firing`` once a pair of that severity (``page`` or ``ticket``) has burned above
        its factor over both its windows at the evaluations for its ``for:``, ``pending``
        while it holds, else ``inactive``."""


# --- extensions (optional: a scenario that uses one says "does not provide" without it) --


@runtime_checkable
class BurnWindowLike(Protocol):
    """One row of an SLO's alert table: windows in seconds, the burn-rate ``factor``, and
    ``label`` as the scenarios write it (``1h/5m``)."""

    long: int
    short: int
    factor: float

    @property
    def label(self) -> str: ...


@runtime_checkable
class PairVerdictLike(Protocol):
    """One pair now: the burn over each window, and whether both exceed the factor."""

    window: BurnWindowLike
    long_burn: float
    short_burn: float

    @property
    def fires(self) -> bool: ...


@runtime_checkable
class VerdictLike(Protocol):
    """An SLO's alert table evaluated now: every pair, and the whole in words (shown
    under a failed check)."""

    pairs: Sequence[PairVerdictLike]

    def explain(self) -> str: ...


@runtime_checkable
class ServiceViewLike(Protocol):
    """What a service has served until ``now``: requests and errors since it started."""

    name: str
    requests: int
    errors: int


@runtime_checkable
class ServiceSettingsLike(Protocol):
    """An extension of ``ServiceViewLike``: what the service is set to at ``now``, read to
    put a change back once its duration ends ("fails 20% of requests for 3 minutes")."""

    rate: float
    error_ratio: float


@runtime_checkable
class ServiceLike(Protocol):
    """``Telemetry.service(name)``: a synthetic service on the clock."""

    def set_error_ratio(self, ratio: float, now: int) -> None: ...
    def set_rate(self, rate: float, now: int) -> None: ...
    def set_up(self, up: bool, now: int) -> None: ...
    def view(self, now: int) -> ServiceViewLike: ...


@runtime_checkable
class ServiceLatencyLike(Protocol):
    """An extension of ``ServiceLike``: the latencies a service's requests take, which its
    ``http_request_duration_seconds`` histogram observes. Every latency scenario sets one."""

    def set_latency(self, latency: Sequence[tuple[float, float]], now: int) -> None:
        """``(seconds, share)`` pairs from ``now`` on: that share of the requests takes that
        long (shares sum to 1), each counted in the first bucket whose ``le`` holds it."""


@runtime_checkable
class TelemetryExtensionsLike(Protocol):
    """Members beyond Lab 03's contract that richer scenarios read; each is optional."""

    def verdict(self, name: str, at: int | None = None) -> VerdictLike:
        """The SLO's alert table at ``at`` seconds (now if None)."""

    def add_latency_slo(
        self,
        name: str,
        percent: float,
        period: int,
        service: str,
        threshold: float,
        windows: str = "workbook",
    ) -> Any:
        """A latency SLO: ``percent`` of the service's requests take at most ``threshold``
        seconds (a bucket bound of its histogram); the errors are the slower ones."""


def missing_from(module: ModuleType) -> list[str]:
    """What ``module.Telemetry`` lacks of the contract (everything if it has none)."""
    engine = getattr(module, "Telemetry", None)
    if engine is None:
        return ["Telemetry"]
    return [f"Telemetry.{name}" for name in TELEMETRY_METHODS if not hasattr(engine, name)]


SKELETON = '''

# --- Lab 03: telemetry ---------------------------------------------------------------------
# Define Telemetry and the telemetry scenarios grade it; delete the class to let kubeloop's
# own engine run them while you work on the cluster. Rules the scenarios check:
# - A counter only goes up except on reset; rate(x[5m]) reads through resets and
#   extrapolates to the window's edges (Prometheus' extrapolatedRate).
# - histogram_quantile walks the cumulative le buckets and interpolates inside the one
#   holding the quantile; sum by (l) keeps only the label l.
# - An alert is inactive -> pending -> firing once pending for its for:; a one-scrape spike
#   goes pending and clears without firing; for: restarts when the condition clears.
# - Error budget = 1 - SLO; burn rate = error ratio / (1 - SLO); the fast-burn page fires
#   only when the long AND the short window both burn above the factor (14.4 over 1h and
#   5m, 6 over 6h and 30m), so an incident that already ended does not page.
# You may parse PromQL with kubeloop.telemetry.promql.parse and evaluate the AST yourself.


class Telemetry:
    """Series, PromQL, alert rules and SLOs on the world's logical clock.

    clock.now is the time in seconds; clock.every(interval, task, name=..., order=...)
    runs task(now) every interval seconds as scenarios let time pass (order 200 for
    scrapes, 300 for rule evaluation).
    """

    def __init__(self, clock) -> None:
        self.clock = clock

    def add_series(self, labels, samples) -> None:
        """Samples (t in ms, value) of one series; a value of None is a staleness marker."""
        raise NotImplementedError("not implemented yet: Telemetry.add_series")

    def query(self, expr, at=None):
        """Evaluate PromQL at `at` seconds (now if None): a float, or a list of samples
        with .labels (a dict) and .value."""
        raise NotImplementedError("not implemented yet: Telemetry.query")

    def add_alert(self, name, expr, hold=0, labels=None, annotations=None, keep_firing_for=0):
        """An alerting rule: pending while expr returns a series, firing after `hold` s."""
        raise NotImplementedError("not implemented yet: Telemetry.add_alert")

    def add_recording(self, name, expr) -> None:
        raise NotImplementedError("not implemented yet: Telemetry.add_recording")

    def load_rules(self, text, filename="<rules>") -> None:
        """A Prometheus rule file: groups of record and alert rules."""
        raise NotImplementedError("not implemented yet: Telemetry.load_rules")

    def set_evaluation_interval(self, seconds) -> None:
        raise NotImplementedError("not implemented yet: Telemetry.set_evaluation_interval")

    def alert_names(self) -> list:
        raise NotImplementedError("not implemented yet: Telemetry.alert_names")

    def alert_state(self, name) -> str:
        """'inactive', 'pending' or 'firing' after the last evaluation."""
        raise NotImplementedError("not implemented yet: Telemetry.alert_state")

    def timeline(self, name):
        """An object with .changes [(t seconds, state)], .states and .fired."""
        raise NotImplementedError("not implemented yet: Telemetry.timeline")

    def add_service(self, name, rate, error_ratio=0):
        """A service serving `rate` requests/s, failing `error_ratio` of them, exposing
        http_requests_total{job, code} scraped every scrape interval."""
        raise NotImplementedError("not implemented yet: Telemetry.add_service")

    def service(self, name):
        """The service: .set_error_ratio(ratio, now), .set_rate(rate, now)."""
        raise NotImplementedError("not implemented yet: Telemetry.service")

    def services(self) -> list:
        raise NotImplementedError("not implemented yet: Telemetry.services")

    def set_scrape_interval(self, seconds) -> None:
        raise NotImplementedError("not implemented yet: Telemetry.set_scrape_interval")

    def add_slo(self, name, percent, period, service, windows="workbook"):
        """An availability SLO over the service's requests (5xx are errors)."""
        raise NotImplementedError("not implemented yet: Telemetry.add_slo")

    def load_sloth(self, text, filename="<sloth>", windows="workbook") -> None:
        raise NotImplementedError("not implemented yet: Telemetry.load_sloth")

    def load_openslo(self, text, filename="<openslo>") -> None:
        raise NotImplementedError("not implemented yet: Telemetry.load_openslo")

    def slo(self, name):
        """.objective.budget_seconds, .windows.windows (each .long .short .factor)."""
        raise NotImplementedError("not implemented yet: Telemetry.slo")

    def slos(self) -> list:
        raise NotImplementedError("not implemented yet: Telemetry.slos")

    def burn_rate(self, name, window, at=None) -> float:
        """Error ratio over `window` seconds / (1 - objective)."""
        raise NotImplementedError("not implemented yet: Telemetry.burn_rate")

    def slo_alert_state(self, name, severity) -> str:
        """The state of the SLO's 'page' or 'ticket' alert."""
        raise NotImplementedError("not implemented yet: Telemetry.slo_alert_state")
'''
