"""An SLO or a scrape interval said before the service's traffic waits for it: "an SLO
"checkout-availability" of 99.5% over 28 days for the service "checkout"" followed by
"checkout serves 100 requests per second" begins the SLO when the traffic is declared, as an
SLO that names no service already did; "storefront is scraped every 15 seconds and takes 120
requests per second" sets the interval the one service will have. Each failed at its line
with "there are no services". An SLO whose service never comes still fails when checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("slo", "traffic", "check", "passes"),
    [
        (
            'an SLO "checkout-availability" of 99.5% over 28 days for the service "checkout"',
            "checkout serves 100 requests per second",
            'the SLO "checkout-availability" has not paged',
            True,
        ),
        (
            'an SLO "ck" of 99% over 7 days for the service "checkout"',
            "checkout gets 10 requests per second",
            'the SLO "ck" has not paged',
            True,
        ),
        (
            'an SLO "availability" of 99.9% over 30 days for the service "checkout"',
            'the service "search" serves 100 requests per second',
            'the SLO "availability" has not paged',
            False,
        ),
        (
            'an SLO "ck" of 99% over 7 days for the service "checkout"',
            "checkout gets 10 requests per second with 50% errors",
            'the SLO "ck" has not paged',
            False,
        ),
    ],
)
def test_an_slo_waits_for_its_named_service(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    slo: str,
    traffic: str,
    check: str,
    passes: bool,
) -> None:
    code, out = run_matched(
        tmp_path, capsys, f"Given {slo}", f"And {traffic}", "When 1 hour passes", f"Then {check}"
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("service", "given", "times", "passes"),
    [
        (
            "storefront",
            "storefront is scraped every 15 seconds and takes 120 requests per second",
            4,
            True,
        ),
        ("cart", "Prometheus scrapes cart every 30 seconds and cart serves 50 rps", 2, True),
        (
            "storefront",
            "storefront is scraped every 15 seconds and takes 120 requests per second",
            2,
            False,
        ),
    ],
)
def test_a_scrape_interval_before_the_traffic(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    service: str,
    given: str,
    times: int,
    passes: bool,
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {given}",
        "When 1 minute passes",
        f"Then {service} was scraped {times} times in the last minute",
    )
    assert (code == 0) is passes, out
