"""Story lines of the fifteenth session's blind batch, in other words than its writers': a
fleet said in one line with its replicas bare or "spread over" the nodes ("checkout is
deployed in prod at version v3, 4 replicas spread over 2 nodes"), a build's history said
as the stages it went through ("v2 made it through the gates, signing, approval and
promotion into prod"), a rollback said as what the service is set up to do ("shop will roll
itself back whenever "shop-availability" pages"), and a rate said with a hedge ("about 300
requests a second": the rate as said). Each family has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("fleet", "check", "passes"),
    [
        (
            "checkout is deployed in prod at version v3, 4 replicas spread over 2 nodes",
            "4 checkout pods are running",
            True,
        ),
        ("prod is running v3 of checkout with 4 pods split across 2 nodes", "prod runs v3", True),
        (
            "a cluster of 2 nodes hosting a 3-pod deployment called checkout",
            "node-2 is Ready",
            True,
        ),
        ("2 nodes hosting a 3-pod checkout deployment", "4 checkout pods are running", False),
        ("checkout is live in prod at v3, 4 replicas across 2 nodes", "prod runs v2", False),
    ],
)
def test_a_fleet_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fleet: str, check: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, f"Given {fleet}", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("history", "runs", "passes"),
    [
        ("v2 made it through the gates, signing, approval and promotion into prod", "v2", True),
        (
            "v2 has been through every gate, a sign-off and promotion all the way to prod",
            "v2",
            True,
        ),
        ("v2 was signed, approved and pushed through to prod", "v2", True),
        ("v2 went through signing and promotion to staging", "v2", False),
    ],
)
def test_a_history_said_as_the_stages_it_went_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], history: str, runs: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "shop" on 2 nodes with 2 replicas',
        f"And {history}",
        f"Then prod runs {runs}",
    )
    assert (code == 0) is passes, out


_SHOP = (
    'Given prod runs version v1 of "shop" on 3 nodes with 6 replicas',
    "And shop is taking roughly 300 requests a second with next to no errors",
    'And an SLO "shop-availability" of 99.5% over 30 days for shop',
)


@pytest.mark.parametrize(
    ("policy", "rolled_back"),
    [
        ('shop will roll itself back whenever "shop-availability" pages', True),
        (
            'shop is configured to roll back automatically once the SLO "shop-availability" '
            "starts paging",
            True,
        ),
        ('shop rolls itself back if "shop-availability" pages', True),
        ("shop is taking about 300 requests a second", False),
    ],
)
def test_a_rollback_said_as_what_the_service_is_set_up_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], policy: str, rolled_back: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_SHOP,
        f"And {policy}",
        "And pods running v2 fail 30% of requests",
        "When v2 made it through signing, approval and promotion to prod",
        "And 20 minutes pass",
        "Then prod is back on v1",
    )
    assert (code == 0) is rolled_back, out


@pytest.mark.parametrize(
    ("rate", "check", "passes"),
    [
        ("about 300 requests a second", "the request rate of shop is 300 per second", True),
        ("around 300 rps with almost no errors", "the error rate of shop is 0%", True),
        ("roughly 300 requests a second", "the request rate of shop is 270 per second", False),
    ],
)
def test_a_rate_said_with_a_hedge_is_the_rate_as_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rate: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path, capsys, f"Given shop serves {rate}", "When 10 minutes pass", f"Then {check}"
    )
    assert (code == 0) is passes, out
