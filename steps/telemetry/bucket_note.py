"""What a failed latency check adds when the time said and the one read share a bucket.

A latency a Then reads is ``histogram_quantile`` over the service's request histogram, which
keeps counts per bucket, not the requests' own times. A latency said before the service is
first scraped is a bucket bound (latency_bounds.py) and reads back exactly; one said later
(the buckets are fixed by then) reads as Prometheus's estimate, interpolated inside the
bucket that holds it: a p99 said as 180ms mid-run reads 247ms (100ms to 250ms with
client_golang's buckets). The check still fails on the value, and says why: both times sit
in one bucket, so the histogram cannot tell them apart, with the sentence that checks the
bucket instead. It says so only when both do sit in one bucket.
"""

from __future__ import annotations

from kubeloop.harness.world import World

from .telemetry_part import call, result_rows, show


def bucket_note(
    world: World, service: str, said: str, got: float, wanted: float, factor: float
) -> str:
    """The bucket (seconds) holding both ``got`` and ``wanted``, and how to check it; empty
    when they sit in different buckets or the histogram shows none."""
    query = f'count by (le) (http_request_duration_seconds_bucket{{job="{service}"}})'
    try:
        rows = result_rows(call(world, "query", query, None))
    except (ValueError, TypeError):
        return ""
    if isinstance(rows, float):
        return ""
    bounds = sorted(float(labels["le"]) for labels, _ in rows if "le" in labels)
    for low, high in zip([0.0, *bounds], bounds, strict=False):
        if low < got <= high and low < wanted <= high and high != float("inf"):
            lo, hi = (show(low * factor), show(high * factor)) if factor > 1 else (low, high)
            unit = "ms" if factor > 1 else "s"
            return (
                f"; both times sit in the histogram's bucket from {lo}{unit} to {hi}{unit}, "
                f"which keeps how many requests fell in it, not their times, so "
                f"histogram_quantile interpolates inside it as Prometheus does; check the "
                f'bucket instead: "Then {said} is between {lo}{unit} and {hi}{unit}"'
            )
    return ""
