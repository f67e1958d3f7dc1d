"""Synthetic traffic: exact counters, histogram buckets, staleness when a service is down."""

from __future__ import annotations

from fractions import Fraction

import pytest

from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.series import Labels, SeriesStore
from kubeloop.telemetry.traffic import Service, format_le


def value(store: SeriesStore, **labels: str) -> list[tuple[int, float]]:
    return [(p.t_ms, p.value) for p in store.points(Labels.of(labels))]


def scrape_every(service: Service, store: SeriesStore, interval: int, until: int) -> None:
    for t in range(0, until + 1, interval):
        service.scrape(store, t)


def test_100_requests_per_second_at_2_percent_is_exactly_2_errors_a_second() -> None:
    store = SeriesStore()
    scrape_every(Service("web", 100, Fraction(2, 100)), store, 15, 60)
    ok = value(store, __name__="http_requests_total", job="web", service="web", code="200")
    errors = value(store, __name__="http_requests_total", job="web", service="web", code="500")
    assert ok == [(0, 0.0), (15000, 1470.0), (30000, 2940.0), (45000, 4410.0), (60000, 5880.0)]
    assert errors == [(0, 0.0), (15000, 30.0), (30000, 60.0), (45000, 90.0), (60000, 120.0)]


def test_a_changed_error_ratio_applies_from_that_instant() -> None:
    store = SeriesStore()
    web = Service("web", 10, 0)
    web.scrape(store, 0)
    web.set_error_ratio(0.5, 10)
    web.scrape(store, 20)
    assert value(store, __name__="http_requests_total", job="web", service="web", code="500")[
        -1
    ] == (20000, 50)
    assert web.view(20).requests == 200


def test_fractional_rates_count_whole_requests_deterministically() -> None:
    web = Service("web", Fraction(1, 3), Fraction(1, 10))
    assert [web.view(t).requests for t in (1, 2, 3, 30)] == [0, 0, 1, 10]
    assert web.view(30).errors == 1


def test_histogram_is_cumulative_and_count_equals_the_inf_bucket() -> None:
    store = SeriesStore()
    web = Service("web", 100, 0, latency=[(0.05, 0.5), (0.3, 0.4), (2.0, 0.1)])
    web.scrape(store, 10)
    buckets = {
        labels.get("le"): store.points(labels)[-1].value
        for labels in store.series()
        if labels.name == "http_request_duration_seconds_bucket"
    }
    assert buckets["0.05"] == 500 and buckets["0.25"] == 500
    assert buckets["0.5"] == 900 and buckets["1.0"] == 900 and buckets["2.5"] == 1000
    assert buckets["+Inf"] == 1000
    assert value(
        store, __name__="http_request_duration_seconds_count", job="web", service="web"
    ) == [(10000, 1000)]
    assert value(store, __name__="http_request_duration_seconds_sum", job="web", service="web") == [
        (10000, 500 * 0.05 + 400 * 0.3 + 100 * 2.0)
    ]


def test_a_service_that_is_down_serves_nothing_and_its_series_go_stale() -> None:
    store = SeriesStore()
    web = Service("web", 10, 0)
    web.scrape(store, 0)
    web.set_up(False, 5)
    web.scrape(store, 15)
    assert value(store, __name__="up", job="web", service="web") == [(0, 1.0), (15000, 0.0)]
    points = store.points(
        Labels.of(__name__="http_requests_total", job="web", service="web", code="200")
    )
    assert points[-1].stale
    web.set_up(True, 30)
    web.scrape(store, 45)
    assert web.view(45).requests == 50 + 150


@pytest.mark.parametrize(
    ("bound", "text"), [(1.0, "1.0"), (0.25, "0.25"), (10, "10.0"), (float("inf"), "+Inf")]
)
def test_le_is_written_in_prometheus_3_normalized_form(bound: float, text: str) -> None:
    assert format_le(bound) == text


@pytest.mark.parametrize(
    ("rate", "ratio", "says"),
    [
        (-1, 0, "requests per second"),
        (float("nan"), 0, "finite"),
        (10, 1.5, "error ratio"),
        (10, True, "number"),
        (2_000_000, 0, "between"),
    ],
)
def test_bad_traffic_is_refused(rate: float, ratio: float, says: str) -> None:
    with pytest.raises(InvalidSpecError, match=says):
        Service("web", rate, ratio)


def test_latency_shares_must_add_up() -> None:
    with pytest.raises(InvalidSpecError, match="100%"):
        Service("web", 1, 0, latency=[(0.1, 0.5)])


def test_a_refused_change_leaves_the_service_as_it_was() -> None:
    web = Service("web", 10, 0.1)
    with pytest.raises(InvalidSpecError):
        web.set_error_ratio(2, 10)
    assert web.view(10).errors == 10


@pytest.mark.parametrize("name", ["", 'we"b', "web{}", "x" * 64, "-web"])
def test_service_names_are_job_label_values(name: str) -> None:
    with pytest.raises(InvalidSpecError, match="service name"):
        Service(name, 1)


def test_every_series_carries_the_target_labels_of_a_service_monitor() -> None:
    """``job`` and ``service`` are both the service's name, as the Prometheus Operator
    relabels a ServiceMonitor's targets; no per-pod label (one target per service)."""
    store = SeriesStore()
    Service("checkout", 10, 0).scrape(store, 0)
    labelled = {
        (labels.get("job"), labels.get("service"), labels.get("pod")) for labels in store.series()
    }
    assert labelled == {("checkout", "checkout", "")}
    assert len(store.series()) == 2 + 12 + 2 + 1  # 2 codes, 12 buckets, _sum, _count, up
