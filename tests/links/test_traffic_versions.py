"""A service split over versions: the same traffic as unsplit, exact shares, and replayed
rule answers bit for bit equal to evaluating every rule (``Telemetry.replay = False``)."""

from __future__ import annotations

import math
import struct
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kubeloop import Telemetry
from kubeloop.core.clock import Clock
from kubeloop.errors import InvalidSpecError
from kubeloop.telemetry.traffic import Service
from kubeloop.telemetry.traffic_versions import split_by_version

SHARES = st.dictionaries(st.sampled_from(["v1", "v2", "v3"]), st.integers(0, 5), min_size=1)
STEPS = st.lists(
    st.tuples(st.integers(1, 400), SHARES, st.sampled_from([None, 0, 0.25, 1])), max_size=6
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(rate=st.integers(1, 500), ratio=st.sampled_from([0, 0.01, 0.5]), steps=STEPS)
def test_a_split_service_serves_what_the_unsplit_one_serves(
    rate: int, ratio: float, steps: list[tuple[int, dict[str, int], float | None]]
) -> None:
    split, reference = Service("web", rate, ratio), Service("web", rate, ratio)
    now = 0
    versions = None
    for seconds, shares, fail in steps:
        now += seconds
        if any(shares.values()):
            versions = split_by_version(split, shares, now)
        if fail is not None and versions is not None:
            versions.fail("v2", fail, now)
    now += 60
    got, want = split.view(now), reference.view(now)
    parts = 1 + (len(versions.shares()) if versions else 0)
    assert want.requests - parts < got.requests <= want.requests
    if versions is None or not versions.failing():
        assert want.errors - parts < got.errors <= want.errors


def test_each_version_serves_its_share_and_fails_only_its_own() -> None:
    service = Service("web", 100)
    versions = split_by_version(service, {"v1": 3, "v2": 1}, 0)
    versions.fail("v2", 0.5, 0)
    samples = {str(k): v for k, v in service_samples(service, 60).items()}
    assert (
        samples['http_requests_total{code="200", job="web", service="web", version="v1"}'] == 4500
    )
    assert samples['http_requests_total{code="500", job="web", service="web", version="v1"}'] == 0
    assert samples['http_requests_total{code="200", job="web", service="web", version="v2"}'] == 750
    assert samples['http_requests_total{code="500", job="web", service="web", version="v2"}'] == 750
    assert service.view(60).requests == 6000 and service.view(60).errors == 750


def service_samples(service: Service, now: int) -> dict[object, float]:
    telemetry = Telemetry(clock=Clock())
    service.scrape(telemetry.store, now)
    return {labels: telemetry.store.points(labels)[-1].value for labels in telemetry.store.series()}


def test_bad_splits_are_refused_and_change_nothing() -> None:
    service = Service("web", 100)
    for shares in ({"v1": 0}, {"": 1}, {"v1": -1}, {"v1": True}):
        with pytest.raises(InvalidSpecError):
            split_by_version(service, shares, 10)  # type: ignore[arg-type]
    assert service.versions is None
    assert service.view(10).requests == 1000


def bits(value: float) -> int:
    return int(struct.unpack("<q", struct.pack("<d", value))[0])


def run(replay: bool) -> dict[str, list[tuple[int, int]]]:
    clock = Clock()
    telemetry = Telemetry(clock=clock)
    telemetry.replay = replay
    service = telemetry.add_service("web", 50, 0.001)
    telemetry.add_slo("availability", 99.5, 30 * 86400, "web")
    clock.run_for(3600)
    versions = split_by_version(service, {"v1": 4}, clock.now)
    clock.run_for(2 * 3600)
    split_by_version(service, {"v1": 3, "v2": 4}, clock.now)  # 150/7 rps: a 7-scrape period
    versions.fail("v2", Fraction(1, 3), clock.now)
    clock.run_for(3600)
    split_by_version(service, {"v2": 4, "v1": 0}, clock.now)
    clock.run_for(4 * 3600)
    return {
        str(labels): [(p.t_ms, bits(p.value)) for p in telemetry.store.points(labels)]
        for labels in telemetry.store.series()
    }


@pytest.mark.slow
def test_replayed_answers_equal_evaluated_ones_on_a_split_service() -> None:
    replayed, evaluated = run(True), run(False)
    assert replayed == evaluated
    burn = [k for k in replayed if "slo:sli_error:ratio_rate5m" in k]
    assert burn and any(
        not math.isnan(struct.unpack("<d", struct.pack("<q", v))[0]) for _, v in replayed[burn[0]]
    )
