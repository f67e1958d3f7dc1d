"""Bucket bounds given before a service's first scrape (``Service.add_buckets``): the same
histogram as a service built with them, exact quantiles at them, refused once scraped."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.core.clock import Clock
from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.series import SeriesStore
from kubeloop.telemetry.span.scrapes import note_scraped
from kubeloop.telemetry.telemetry import Telemetry
from kubeloop.telemetry.traffic import BUCKETS, Service

QUANTILE = (
    "histogram_quantile({}, sum by (le) "
    '(rate(http_request_duration_seconds_bucket{{job="web"}}[5m])))'
)
BOUNDS = st.lists(st.sampled_from([0.04, 0.18, 0.3, 0.007, 1.2, 12.0, 0.1, 10.0]), max_size=4)


@settings(max_examples=60, deadline=None)
@given(BOUNDS, st.sampled_from([1, 7, 100]), st.integers(1, 900))
def test_added_bounds_give_the_histogram_of_a_service_built_with_them(
    bounds: list[float], rate: int, now: int
) -> None:
    latency = ((0.04, 0.5), (0.18, 0.49), (0.25, 0.01))
    added = Service("web", rate, latency=latency)
    added.add_buckets(bounds)
    built = Service("web", rate, latency=latency, buckets=sorted({*BUCKETS, *bounds}))
    assert added.buckets == built.buckets
    assert added.samples(now) == built.samples(now)


def test_a_latency_at_an_added_bound_is_read_back_exactly_by_histogram_quantile() -> None:
    clock = Clock()
    telemetry = Telemetry(clock)
    web = telemetry.add_service("web", 100)
    web.set_latency([(0.04, 0.5), (0.18, 0.49), (0.25, 0.01)], 0)
    web.add_buckets([0.04, 0.18, 0.25])
    clock.run_for(600)
    assert telemetry.scalar(QUANTILE.format(0.99)) == 0.18
    assert telemetry.scalar(QUANTILE.format(0.5)) == 0.04


def test_fractional_bands_still_read_back_exactly_under_15_second_scrapes() -> None:
    """150 rps: 73.5 and 1.5 requests a second in the slower bands, so a band's floor alone
    lags by one request at odd seconds; the buckets floor the total at or under each bound,
    so +Inf is the requests served and the median stays on its bound (blind batch44)."""
    clock = Clock()
    telemetry = Telemetry(clock)
    telemetry.set_scrape_interval(15)
    web = telemetry.add_service("web", 150)
    web.set_latency([(0.04, 0.5), (0.18, 0.49), (0.25, 0.01)], 0)
    web.add_buckets([0.04, 0.18, 0.25])
    clock.run_for(600)
    assert telemetry.scalar(QUANTILE.format(0.5)) == 0.04
    for now in range(0, 601, 15):
        samples = {labels.get("le") or labels.name: v for labels, v in web.samples(now).items()}
        served = web.view(now).requests
        assert samples["+Inf"] == samples["http_request_duration_seconds_count"] == served


def test_without_the_bounds_the_same_latencies_are_read_inside_default_buckets() -> None:
    clock = Clock()
    telemetry = Telemetry(clock)
    web = telemetry.add_service("web", 100)
    web.set_latency([(0.04, 0.5), (0.18, 0.49), (0.25, 0.01)], 0)
    clock.run_for(600)
    # half the requests in (0.1, 0.25]: 0.1 + 0.15 × (0.99 - 0.5) / 0.5
    assert telemetry.scalar(QUANTILE.format(0.99)) == pytest.approx(0.247)


def test_bounds_are_refused_after_the_first_scrape_and_nothing_changes() -> None:
    web = Service("web", 100)
    web.scrape(SeriesStore(), 60)
    before = (web.buckets, web.revision, web.samples(120))
    with pytest.raises(InvalidSpecError, match=r"fixed since its first scrape \(at 60 s\)"):
        web.add_buckets([0.18])
    assert (web.buckets, web.revision, web.samples(120)) == before
    assert web.buckets_fixed


def test_a_leap_over_many_scrapes_fixes_the_buckets_as_a_scrape_does() -> None:
    web = Service("web", 100)
    assert not web.buckets_fixed
    note_scraped(web, 120)
    with pytest.raises(InvalidSpecError, match=r"at 120 s"):
        web.add_buckets([0.18])
    assert web.buckets == BUCKETS


def test_bounds_already_there_change_nothing() -> None:
    web = Service("web", 100)
    web.add_buckets([0.25, 1, 10.0])
    assert web.buckets == BUCKETS and web.revision == 0


@pytest.mark.parametrize(
    ("bounds", "says"),
    [([0], "above 0"), ([-1.0], "between 0 and 3600"), ([7200.0], "between"), (["x"], "number")],
)
def test_bad_bounds_are_refused_and_leave_the_buckets(bounds: list[float], says: str) -> None:
    web = Service("web", 100)
    with pytest.raises(InvalidSpecError, match=says):
        web.add_buckets(bounds)
    assert web.buckets == BUCKETS
