"""Lines moved along an axis, run: each does what its plain twin does, in every mechanism,
and a twin with another value fails, so a reading that dropped a word that mattered shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("exactly 4 web pods are already running", True),
        ("4 web pods have been running", True),
        ("exactly 5 web pods are already running", False),
        ("web has a minimum of 4 replicas", True),
        ("web has a minimum of 5 replicas", False),
    ],
)
def test_cluster_counts_on_an_axis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas',
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("a minimum of 5 api pods stayed ready during drain", True),
        ("no fewer than 5 api pods have stayed ready during drain", True),
        ("api never had under 5 ready pods during the drain", True),
        ("a minimum of 6 api pods stayed ready during drain", False),
        ("api never had under 6 ready pods during the drain", False),
    ],
)
def test_cluster_bounds_over_a_drain_on_an_axis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "api" with 6 replicas requesting 1 CPU',
        "And a disruption budget for api with minAvailable 5",
        "When I reconcile until stable",
        "And deployment api takes 30 seconds to become ready",
        "And I drain node-1 waiting up to 5 minutes",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("coverage", "check", "passes"),
    [
        (80, "the pipeline got blocked at the unit test gate", True),
        (90, "S1 has already passed every gate", True),
        (90, "the pipeline got blocked at the unit test gate", False),
        (80, "S1 has already passed every gate", False),
        (90, "pipeline has passed for S1", True),
    ],
)
def test_pipeline_verdicts_on_an_axis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], coverage: int, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "orders" version "3.3.0"',
        'When I build "orders" as S1',
        "Given the coverage threshold is 85%",
        f"And the unit tests of S1 pass with {coverage}% coverage",
        "And the integration tests of S1 pass",
        "And the scan of S1 finds nothing",
        "When I run the pipeline for S1",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("move", "check", "passes"),
    [
        ("I promote S1 into dev", "S1 is already running on dev", True),
        ("I promote S1 onto dev", "dev is running the digest for S1", True),
        ("I promote S1 into dev", "S1 is already running on staging", False),
        ("I promote S1 into dev", "staging is running the digest for S1", False),
    ],
)
def test_promotions_on_an_axis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], move: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "orders" version "3.3.0"',
        'When I build "orders" as S1',
        "Given the unit tests of S1 pass with 90% coverage",
        "And the integration tests of S1 pass",
        "And the scan of S1 finds nothing",
        "When I run the pipeline for S1",
        f"And {move}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("minutes", "check", "passes"),
    [
        (20, '"PayErrors" is still firing', True),
        (20, "the error rate for payments is already above 50%", True),
        (5, '"PayErrors" is still firing', False),
        (20, "the error rate for payments is already below 50%", False),
    ],
)
def test_telemetry_checks_on_an_axis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], minutes: int, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "payments" is handling 100 requests per second',
        'And an alert "PayErrors" fires when more than 10% of payments requests fail for 10m',
        f"When payments fails every request for {minutes} minutes",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("automation", "bad"),
    [
        ('shop rolls back when the SLO "shop-availability" has paged', True),
        ('shop rolls back when the SLO "shop-availability" has paged', False),
    ],
)
def test_a_story_rule_on_an_axis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], automation: str, bad: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a 3-node cluster running 6 replicas of "shop" at v1',
        "And shop is getting 300 requests per second",
        'And an SLO "shop-availability" of 99.5% over 30 days for shop',
        f"And {automation}",
        "And prod is running v1 of shop",
        f"And pods running v2 fail {30 if bad else 0}% of requests",
        "When v2 of shop is built, passes every gate and is promoted to prod with approval",
        "And 20 minutes pass",
        "Then prod is already back on v1",
    )
    assert (code == 0) is bad, out


@pytest.mark.parametrize(("fails", "holds"), [(False, True), (True, False)])
def test_a_never_said_in_the_present(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fails: bool, holds: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "payments" is handling 100 requests per second',
        "When the service payments goes down" if fails else "When 5 minutes pass",
        "And 5 minutes pass",
        "Then payments never goes down",
    )
    assert (code == 0) is holds, out


def test_a_node_is_no_service_that_never_went_down() -> None:
    assert not REGISTRY.quietly("then", "node-2 never goes down")
    assert not REGISTRY.quietly("then", "node-2 never went down")
