"""Bounds over a drain said with "never"/"not"/"at no point" ("never more than 1 api pod
was unavailable during the drain", "never fewer than 5 ... ready throughout the drain") and
what replicas ask for said with "asking for"/"needing" and "apiece"/"each"/"per pod". Each
case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_DRAIN = (
    "Given 3 nodes",
    'And a deployment "api" with 6 replicas requesting 1 CPU',
    "And a disruption budget for api with minAvailable 5",
    "When I reconcile until stable",
    "And deployment api takes 30 seconds to become ready",
    "And I drain node-1 waiting up to 5 minutes",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("never more than 1 api pod was unavailable during the drain", True),
        ("not more than 1 api pod was down throughout the drain", True),
        ("at no point more than 1 pod of api was unavailable during the drain", True),
        ("never fewer than 5 api pods were ready throughout the drain", True),
        ("no fewer than 5 api pods stayed ready during the drain", True),
        ("never more than 0 api pods were unavailable during the drain", False),
        ("never fewer than 6 api pods were ready throughout the drain", False),
    ],
)
def test_a_never_bound_over_a_drain(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_DRAIN, f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("deploy", "running"),
    [
        ('I deploy "reports" with 5 replicas asking for 2 CPU apiece', 4),
        ('I deploy "reports" with 5 replicas needing 2 CPU each', 4),
        ('I deploy "reports" with 5 replicas each asking for 2 CPU per pod', 4),
        ('I deploy "reports" with 5 replicas that request 1 CPU apiece', 5),
    ],
)
def test_what_replicas_ask_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], deploy: str, running: int
) -> None:
    steps = ("Given 2 nodes with 4 CPU each", f"When {deploy}", "And the cluster settles")
    code, out = run_scenario(tmp_path, capsys, *steps, f"Then {running} reports pods are running")
    assert "no step matches" not in out, out
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *steps, f"Then {running - 1} reports pods are running"
    )
    assert code != 0, out


_ROLLOUT = (
    'Given 4 nodes and a deployment "catalog" with 8 replicas',
    "When I reconcile until stable",
)


@pytest.mark.parametrize(
    ("rollout", "check", "passes"),
    [
        (
            "maxSurge 2 and maxUnavailable 0",
            "at least 8 catalog pods stayed ready throughout the rollout",
            True,
        ),
        (
            "maxSurge 2 and maxUnavailable 0",
            "at least 8 catalog pods remained available during the rollout",
            True,
        ),
        (
            "maxSurge 0 and maxUnavailable 2",
            "at least 8 catalog pods stayed ready throughout the rollout",
            False,
        ),
    ],
)
def test_pods_that_stayed_ready_over_a_rollout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rollout: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_ROLLOUT,
        f"And I update catalog to v2 with {rollout}",
        "And I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
