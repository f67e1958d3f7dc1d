"""An SLO said by its kind and its service instead of its name ("the availability SLO of
inventory", "cart's availability SLO", "its availability SLO"): the one SLO of that kind on
that service, found when the step runs; none or several is an error at the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()

_FAILING = (
    'Given the service "inventory" serves 200 requests per second with 0% errors',
    'And an SLO "availability" of 99.9% over 30 days for the service "inventory"',
    "When 5% of inventory's requests start failing",
    "And 20 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the availability SLO of inventory pages", True),
        ("the availability SLO for inventory is still paging", True),
        ("inventory's availability SLO pages the on-call", True),
        ("the availability SLO on inventory does not page", False),
        ("inventory's availability SLO is no longer paging", False),
    ],
)
def test_an_slo_said_by_kind_and_service_is_that_slo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_FAILING, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "saw"),
    [
        ("the latency SLO of inventory does not page", "none; inventory's SLOs: availability"),
        ("the availability SLO of search does not page", "none; the SLOs: availability"),
    ],
)
def test_no_slo_of_that_kind_is_an_error_never_a_guess(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, saw: str
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_FAILING, f"Then {check}")
    assert code != 0 and saw in out, out


def test_two_slos_of_that_kind_on_one_service_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_FAILING[:2],
        'And an SLO "availability-strict" of 99.99% over 30 days for the service "inventory"',
        "Then the availability SLO of inventory does not page",
    )
    assert code != 0 and "several" in out, out


@pytest.mark.parametrize(
    "rule",
    [
        "cart rolls back automatically when its availability SLO pages",
        "cart rolls back when its availability SLO pages",
        "cart is rolled back automatically when the availability SLO of cart starts paging",
    ],
)
@pytest.mark.parametrize(("share", "rolled"), [("25%", True), ("0%", False)])
def test_a_rollback_watches_the_slo_said_by_its_kind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, share: str, rolled: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "cart" with 6 replicas',
        "And cart is handling 240 requests per second",
        "And cart has an availability SLO of 99.9% over 30 days",
        f"And {rule}",
        'And "cart" version "v1" was built as K1, passed every gate and is live in prod',
        'And "cart" version "v2" was built as K2, passed every gate and went through dev, '
        "staging and prod",
        f"And pods running K2 fail {share} of requests",
        "When the promotion of K2 to prod is approved",
        'And K2 is rolled out to "cart" with maxSurge 1 and maxUnavailable 0',
        "And 20 minutes pass",
        "Then an alert rolled prod back 1 time",
    )
    assert (code == 0) is rolled, out


def test_its_slo_with_no_such_slo_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given 3 nodes and a deployment "cart" with 6 replicas',
        "And cart is handling 240 requests per second",
        "And cart has an availability SLO of 99.9% over 30 days",
        "And cart rolls back automatically when its latency SLO pages",
    )
    assert code != 0 and "one latency SLO on cart" in out, out
