"""A rollback on a page said as what the service does (story_readings._POLICY): "notify rolls
back when "notify-slo" pages", "shop rolls back whenever its SLO pages" ("its SLO": the
service's own one), "… as soon as checkout-availability starts paging". Before, only "rolls
back automatically when …" or "by itself" read. And time said to pass after a recovery
("1 hour passes after it recovers", distribute.py): the recovery, then the time."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_SHOP = (
    'Given prod runs version v1 of "shop" on 3 nodes with 6 replicas',
    "And shop serves 300 requests per second",
    'And an SLO "shop-availability" of 99.5% over 30 days for shop',
)


@pytest.mark.parametrize(
    ("policy", "rolled_back"),
    [
        ('shop rolls back when "shop-availability" pages', True),
        ("shop rolls back whenever its SLO pages", True),
        ("shop rolls back as soon as shop-availability starts paging", True),
        ("shop rolls back if its SLO is paging", True),
        ("shop serves 300 requests per second", False),
    ],
)
def test_a_rollback_policy_said_as_what_the_service_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], policy: str, rolled_back: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_SHOP,
        f"And {policy}",
        "And pods running v2 fail 30% of requests",
        "When v2 is signed, approved and promoted all the way to prod",
        "And 20 minutes pass",
        "Then prod is back on v1",
    )
    assert (code == 0) is rolled_back, out


@pytest.mark.parametrize(
    ("passing", "check", "passes"),
    [
        ("1 hour passes after it recovers", "the error rate of shop is 0%", True),
        ("2 hours pass after shop recovers", "the error rate of shop is 0%", True),
        ("1 hour passes", "the error rate of shop is 0%", False),
    ],
)
def test_time_after_a_recovery(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], passing: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given shop serves 300 requests per second",
        "When shop starts failing 5% of requests",
        f"And {passing}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
