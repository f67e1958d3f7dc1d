"""A rollback armed on an SLO said before its service's traffic (runs10, batch32): the SLO
waits for that traffic (slos.service_added), and "web rolls back when the SLO "availability"
pages" failed with "there are no SLOs" although the scenario had declared one. The rollback
now arms when the SLO begins; with no traffic ever said the SLO never begins, so nothing
pages and nothing rolls back; an SLO nobody declared is still an error at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_RELEASED = (
    "Given 3 nodes",
    'And a deployment "web" with 4 replicas requesting 500m CPU per pod',
    'And an SLO "availability" of 99.9% over 30 days for the service "web"',
)
_RELEASES = (
    "And v1 is signed, approved and promoted all the way to prod",
    "And v2 is signed, approved and promoted all the way to prod",
    "And pods running v2 fail 25% of requests",
    'When I roll out v2 to "web" with maxSurge 1 and maxUnavailable 0',
    "And 15 minutes pass",
)


@pytest.mark.parametrize(
    ("hook", "check", "passes"),
    [
        (
            '"web" rolls back when the SLO "availability" pages',
            "an alert rolled prod back 1 time",
            True,
        ),
        ('web rolls back on its own when "availability" pages', "prod runs v2", False),
        ('"web" rolls back when the SLO "availability" pages', "prod runs v1", True),
    ],
)
def test_the_rollback_arms_when_the_traffic_comes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hook: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_RELEASED,
        f"And {hook}",
        'And the service "web" serves 100 requests per second',
        *_RELEASES,
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("slo", "passes"),
    [("availability", True), ("latency", False)],
)
def test_without_traffic_nothing_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], slo: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_RELEASED,
        f'And "web" rolls back when the SLO "{slo}" pages',
        "And v1 is signed, approved and promoted all the way to prod",
        "When 1 hour passes",
        "Then an alert rolled prod back 0 times",
        "And prod runs v1",
    )
    assert (code == 0) is passes, out
