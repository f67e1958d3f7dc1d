"""A latency SLO over a service's request histogram: "99% of requests finish within 250ms".

The good events are the requests in the histogram's bucket at the threshold (``le``), the
total its ``_count``, as one writes such an SLO for Sloth; the errors are the difference.
A threshold that is not one of the histogram's bucket bounds cannot be counted exactly, so
it is refused, naming the bounds there are.
"""

from __future__ import annotations

from collections.abc import Sequence

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.linear import format_le
from kubeloop.telemetry.slo.budget import Objective
from kubeloop.telemetry.slo.spec import SLOSpec


def latency(
    name: str,
    percent: float,
    period: int,
    service: str,
    threshold: float,
    buckets: Sequence[float],
) -> SLOSpec:
    """An SLO that PERCENT of SERVICE's requests take at most THRESHOLD seconds."""
    if threshold not in buckets:
        shown = ", ".join(f"{b * 1000:g}ms" if b < 1 else f"{b:g}s" for b in buckets)
        raise InvalidSpecError(
            f'SLO "{name}": {threshold * 1000:g}ms is not a bucket bound of the request '
            f"histogram of {service} ({shown}); a latency SLO counts the requests in a "
            "bucket, so its threshold must be one of them"
        )
    histogram = "http_request_duration_seconds"
    job = f'job="{service}"'
    total = f"sum(rate({histogram}_count{{{job}}}[{{{{.window}}}}]))"
    good = f'sum(rate({histogram}_bucket{{{job},le="{format_le(threshold)}"}}[{{{{.window}}}}]))'
    words = "".join(p.capitalize() for p in _words(f"{service} {name}"))
    return SLOSpec(
        service=service,
        name=name,
        objective=Objective(percent, period),
        error_query=f"({total} - {good})",
        total_query=total,
        alert_name=f"{words}LatencyBudgetBurn",
    )


def _words(text: str) -> list[str]:
    return "".join(c if c.isalnum() else " " for c in text).split()
