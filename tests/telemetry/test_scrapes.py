"""A leap's bulk scrapes (``span/scrapes.py``): the columns continued from their first period
against the plain ones, and the plain ones against ``Service.samples`` at each instant, bit
for bit."""

from __future__ import annotations

import struct

from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.telemetry.series import Labels
from kubeloop.telemetry.span import scrapes
from kubeloop.telemetry.span.scrapes import plain, scrape_values
from kubeloop.telemetry.traffic import Service

RATES = st.sampled_from([0, 1, 0.3, 2.5, 50, 333.333, 7 / 9])
RATIOS = st.sampled_from([0, 0.001, 0.02, 1 / 3, 0.5, 1])
PROFILES = st.sampled_from(
    [
        ((0.05, 0.5), (0.1, 0.4), (0.25, 0.09), (1.0, 0.01)),
        ((0.3, 1.0),),
        ((0.007, 0.25), (12.0, 0.75)),
    ]
)


def bits(columns: dict[Labels, list[float]]) -> dict[Labels, list[bytes]]:
    return {labels: [struct.pack("<d", v) for v in col] for labels, col in columns.items()}


@settings(max_examples=150, deadline=None)
@given(
    RATES,
    RATIOS,
    PROFILES,
    st.lists(st.tuples(st.integers(1, 4000), RATES), max_size=3),
    st.integers(0, 200),
    st.sampled_from([1, 15, 60, 7]),
    st.integers(2, 400),
)
def test_continued_scrapes_are_each_scrape(
    rate: float,
    ratio: float,
    profile: tuple[tuple[float, float], ...],
    changes: list[tuple[int, float]],
    after: int,
    step: int,
    count: int,
) -> None:
    service = Service("api", rate, ratio, latency=profile)
    now = 0
    for wait, new_rate in changes:
        now += wait
        service.set_rate(new_rate, now)
    times = range(now + after, now + after + count * step, step)
    found = scrape_values(service, times)
    assert found is not None
    assert bits(found) == bits(plain(service, times))
    for k in sorted({0, 1, count // 2, count - 1}):
        samples = service.samples(times[k])
        assert bits({labels: [col[k]] for labels, col in found.items() if labels in samples}) == (
            bits({labels: [value] for labels, value in samples.items()})
        )


def test_a_long_run_is_continued_from_its_first_period() -> None:
    service = Service("api", 50, 0.001)
    times = range(0, 15 * 1440, 15)  # 0.75 errors a scrape: the totals repeat every 4
    assert scrapes._period(service, times) == 4
    assert scrapes._continuing(service, times) is not None
    assert bits(scrape_values(service, times) or {}) == bits(plain(service, times))
    assert scrapes._continuing(service, times[:9]) is None  # too short to pay


def test_values_that_could_reach_2_to_the_53_are_not_continued() -> None:
    assert scrapes._continued([0.0, 1.0, 2.0], 2, 10) == [float(k) for k in range(10)]
    assert scrapes._continued([5.0, 5.0, 5.0], 2, 4) == [5.0] * 4
    near = 2.0**53 - 8
    assert scrapes._continued([near, near + 1, near + 2], 2, 10) is None
