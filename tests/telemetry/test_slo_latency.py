"""Latency SLOs: the good requests are the histogram's bucket at the threshold, so a
threshold off the bucket bounds is refused, naming them."""

from __future__ import annotations

import pytest

from kubeloop import Telemetry
from kubeloop.core import Clock
from kubeloop.errors import InvalidSpecError


def _telemetry() -> Telemetry:
    telemetry = Telemetry(clock=Clock())
    telemetry.add_service("web", 100)
    return telemetry


def test_the_share_of_requests_slower_than_the_threshold_is_the_error_ratio() -> None:
    telemetry = _telemetry()
    telemetry.add_latency_slo("web-latency", 99, 30 * 86400, "web", 0.25)
    telemetry.service("web").set_latency([(0.1, 0.95), (1.0, 0.05)], 0)
    telemetry.clock.run_for(600)
    assert telemetry.burn_rate("web-latency", 300) == pytest.approx(5.0)


def test_requests_all_under_the_threshold_spend_nothing() -> None:
    telemetry = _telemetry()
    telemetry.add_latency_slo("web-latency", 99, 30 * 86400, "web", 1.0)
    telemetry.clock.run_for(600)
    assert telemetry.burn_rate("web-latency", 300) == 0


def test_a_threshold_off_the_bucket_bounds_is_refused_naming_them() -> None:
    telemetry = _telemetry()
    with pytest.raises(InvalidSpecError, match=r"300ms is not a bucket bound.*250ms, 500ms"):
        telemetry.add_latency_slo("web-latency", 99, 30 * 86400, "web", 0.3)
    assert telemetry.slos() == []
