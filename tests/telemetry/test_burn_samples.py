"""The burn-rate chart's fast path (the SLO's recorded error ratio) against its reference
(the engine's burn_rate at every instant): the same number at every instant, NaN for NaN,
whatever the traffic, the intervals and where the instants fall."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop.render.burn_samples import burn_samples, recorded_burn_samples, snapped
from kubeloop.telemetry.slo.windows import DAY
from kubeloop.telemetry.telemetry import Telemetry


def _same(first: dict[int, list[float]], second: dict[int, list[float]]) -> bool:
    return first.keys() == second.keys() and all(
        len(first[w]) == len(second[w])
        and all(
            a == b or (math.isnan(a) and math.isnan(b))
            for a, b in zip(first[w], second[w], strict=True)
        )
        for w in first
    )


def _world(scrape: int, evaluate: int, rate: float, changes: list[tuple[int, float]]) -> Telemetry:
    t = Telemetry(scrape_interval=scrape, evaluation_interval=evaluate)
    web = t.add_service("web", rate, 0)
    t.add_slo("availability", 99.9, 30 * DAY, "web")
    for wait, ratio in changes:
        t.clock.run_for(wait)
        web.set_error_ratio(ratio, t.clock.now)
    t.clock.run_for(600)
    return t


WINDOWS = [300, 1800, 3600, 7200, 21600]


@pytest.mark.slow  # a differential run of a fast path against its reference
@settings(deadline=None, max_examples=60)
@given(
    scrape=st.sampled_from([15, 30, 60]),
    evaluate=st.sampled_from([15, 30, 60, 120]),
    rate=st.sampled_from([0.0, 1.0, 100.0]),
    changes=st.lists(
        st.tuples(st.integers(1, 3600), st.sampled_from([0.0, 0.001, 0.1, 1.0])), max_size=4
    ),
    points=st.integers(4, 30),
)
def test_the_recorded_ratio_gives_the_burn_rate_the_engine_gives(
    scrape: int, evaluate: int, rate: float, changes: list[tuple[int, float]], points: int
) -> None:
    t = _world(scrape, evaluate, rate, changes)
    now = t.clock.now
    raw = sorted({now * i // points for i in range(1, points + 1)})
    for times in (raw, snapped(raw, t)):
        fast = recorded_burn_samples(t, "availability", WINDOWS, times)
        assert _same(fast, burn_samples(t, "availability", WINDOWS, times))


def test_the_fast_path_reads_the_recording_at_evaluation_instants() -> None:
    """The chart's instants, snapped to the evaluation interval, are read from the store:
    the engine is asked only where the rule has no sample (before the first evaluation)."""
    t = _world(15, 60, 100.0, [(1800, 0.1)])
    asked: list[int] = []
    burn_rate = t.burn_rate

    def counted(name: str, window: int, at: int | None = None) -> float:
        asked.append(window)
        return burn_rate(name, window, at)

    t.burn_rate = counted  # type: ignore[method-assign]
    times = snapped([t.clock.now * i // 24 for i in range(1, 25)], t)
    assert all(time % 60 == 0 for time in times)
    fast = recorded_burn_samples(t, "availability", [300, 3600], times)
    assert asked == [], "every instant read from the recorded ratio"
    assert fast[300][-1] == t.burn_rate("availability", 300, times[-1]) > 0
