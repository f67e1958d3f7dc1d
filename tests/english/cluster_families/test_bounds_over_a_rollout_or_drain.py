"""Bounds over the last rollout said with the deployment's pods ("the rollout never had more
than 5 gateway pods") and bounds over a drain ("at least 5 ledger pods were available
throughout the drain"). Each case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_ROLLOUT = (
    "Given 3 nodes",
    'And a deployment "gateway" of 4 replicas at v1 with maxSurge 1 and maxUnavailable 1',
    'And a deployment "cart" with 2 replicas',
    "When I reconcile until stable",
    "And I update gateway to v2",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the rollout never had more than 5 gateway pods", True),
        ("the rollout of gateway never went above 5 pods", True),
        ("during the rollout there were never more than 5 gateway pods", True),
        ("the rollout never dropped below 3 ready gateway pods", True),
        ("the rollout never had more than 4 gateway pods", False),
        ("the rollout never had more than 5 cart pods", False),
        ("the rollout of gateway never went below 4 ready pods", False),
    ],
)
def test_bounds_over_the_rollout_of_a_named_deployment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_ROLLOUT, f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


_DRAIN = (
    "Given 3 nodes",
    'And a deployment "ledger" with 6 replicas requesting 1 CPU',
    "And a disruption budget for ledger with minAvailable 5",
    "When I reconcile until stable",
    "And deployment ledger takes 30 seconds to become ready",
    "And I drain node-1 waiting up to 5 minutes",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("at least 5 ledger pods were available throughout the drain", True),
        ("at least 5 pods of ledger stayed ready during the drain", True),
        ("ledger never had fewer than 5 ready pods during the drain", True),
        ("ledger kept at least 5 pods available throughout the drain", True),
        ("at least 6 ledger pods were available throughout the drain", False),
        ("ledger never had fewer than 6 ready pods during the drain", False),
        ("at least 1 web pod was ready throughout the drain", False),
    ],
)
def test_bounds_over_a_drain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_DRAIN, f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


def test_a_pass_before_the_drain_does_not_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The pods start Pending (no node yet): the whole run had 0 ready, the drain never did."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a deployment "ledger" with 6 replicas requesting 1 CPU',
        "And a disruption budget for ledger with minAvailable 5",
        "When I reconcile",
        "And I add a node node-1",
        "And I add a node node-2",
        "And I add a node node-3",
        "And I reconcile until stable",
        "And I drain node-1 waiting up to 5 minutes",
        "Then at least 5 ledger pods were ready throughout the drain",
        "And at least 5 ledger pods were ready the whole time",
    )
    assert "no step matches" not in out, out
    assert code != 0, out
    assert "✓ Then at least 5 ledger pods were ready throughout the drain" in out, out
    assert "✗ And at least 5 ledger pods were ready the whole time" in out, out
