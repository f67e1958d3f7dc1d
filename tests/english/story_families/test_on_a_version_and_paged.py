"""Two story lines said loosely. Given "prod is on version v1 of storefront" is the same
declaration as "prod runs version v1 of storefront" (a Then with the same words stays the
check). "The burn-rate alert for storefront paged" is the SLO's page alert having fired at
some point; a slow-burn alert opens tickets, so saying it paged fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("given", "check", "passes"),
    [
        ('prod is on version v1 of "web" on 2 nodes with 2 replicas', "prod runs v1 of web", True),
        ("prod is at v1 of web on 2 nodes with 2 replicas", "every web pod runs v1", True),
        ("prod is on web at v1 on 2 nodes with 2 replicas", "prod is on version v1 of web", True),
        ('prod is on version v1 of "web" on 2 nodes with 2 replicas', "prod runs v2 of web", False),
    ],
)
def test_prod_is_on_a_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path, capsys, f"Given {given}", "When I reconcile until stable", f"Then {check}"
    )
    assert (code == 0) is passes, out


def test_a_version_other_than_the_one_declared_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given 2 nodes and a deployment "web" with 2 replicas at v2',
        "And prod is on version v1 of web",
    )
    assert code != 0 and "declared at v2" in out, out


@pytest.mark.parametrize(
    ("failing", "check", "passes"),
    [
        (
            "5% of inventory's requests start failing",
            "the burn-rate alert for inventory paged",
            True,
        ),
        ("5% of inventory's requests start failing", "the fast burn alert paged the on-call", True),
        (
            "0% of inventory's requests start failing",
            "the burn-rate alert for inventory paged",
            False,
        ),
        ("5% of inventory's requests start failing", "the slow burn alert paged", False),
    ],
)
def test_the_burn_rate_alert_paged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failing: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "inventory" serves 200 requests per second with 0% errors',
        'And an SLO "availability" of 99.9% over 30 days for the service "inventory"',
        f"When {failing}",
        "And 20 minutes pass",
        "And inventory stops failing",
        "And 2 hours pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out
