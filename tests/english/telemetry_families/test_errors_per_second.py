"""A service's errors counted per second, as a dashboard's 5xx panel shows them: "the 5xx
rate for cart is about 4 per second", "cart's error rate is 4 errors per second", "cart is
returning about 4 errors a second". The check is the 5xx responses a second over the last 5
minutes; "about" is within a tenth, as every "about" of a rate. A rate said as a share ("is
2%") stays the error ratio's check; a service that does not exist fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("check", "holds"),
    [
        ("the 5xx rate for cart is about 4 per second", True),
        ("cart's error rate is 4 errors per second", True),
        ("cart is returning about 4 errors a second", True),
        ("the server error rate of cart is below 5 per second", True),
        ("the 500 rate on cart is about 4.3 /s", True),
        ("the 5xx rate for cart is about 5 per second", False),
        ("cart is returning 3 errors per second", False),
    ],
)
def test_errors_a_second(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, holds: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "cart" serves 200 requests per second with 2% errors',
        "When 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is holds, out


def test_no_errors_is_none_a_second(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "cart" serves 200 requests per second',
        "When 10 minutes pass",
        "Then the 5xx rate for cart is 0 per second",
        "And cart is returning fewer than 1 errors per second",
    )
    assert code == 0, out


def test_an_unknown_service_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "cart" serves 200 requests per second',
        "When 10 minutes pass",
        "Then the 5xx rate for shop is 0 per second",
    )
    assert code != 0 and "shop" in out, out


def test_a_share_is_the_ratio() -> None:
    read = REGISTRY.quietly("then", "the 5xx rate for cart is 2%")
    assert [m.definition.function.__name__ for m in read] != ["errors_per_second"]


@pytest.mark.parametrize(
    ("check", "recovered"),
    [
        ("cart has no errors", True),
        ("cart has no errors", False),
        ("cart is no longer failing", True),
        ("cart is error-free now", True),
        ("cart isn't returning errors any more", True),
        ("cart has stopped failing", False),
    ],
)
def test_no_errors_now(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, recovered: bool
) -> None:
    """ "Has no errors" is the error ratio over the last 5 minutes being 0."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "cart" serves 200 requests per second with 2% errors',
        "When 10 minutes pass",
        "And the errors drop back to zero" if recovered else "And 1 minute passes",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is recovered, out
