"""A reliability story told in plain words: time as an SLO's whole window ("the whole month
goes by") or as a quiet stretch ("30 days have passed with no errors", "checkout has run
cleanly for a day"), failures as a share ("half of checkout's requests", "1 in 100
requests", "three quarters") or a total outage ("goes completely down"), the promise kept
or broken, and how long customers saw errors said plainly. Each runs a small scenario; a
wrong count fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_SERVES = "Given checkout serves 100 requests per second with no errors"


@pytest.mark.parametrize(
    ("said", "served"),
    [
        ("When the whole month goes by", "60480000 requests"),
        ("When a full SLO window passes", "60480000 requests"),
        ("When 5 minutes elapse", "30000 requests"),
    ],
)
def test_time_said_as_the_promise_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, served: str
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        _SERVES,
        "And we promise 99.9% availability for checkout over 7 days",
        said,
        f"Then checkout served {served}",
    )
    assert code == 0, out


def test_the_window_of_a_longer_promise_is_longer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        _SERVES,
        "And we promise 99.9% availability for checkout over 30 days",
        "When the whole month goes by",
        "Then checkout served 60480000 requests",
    )
    assert code == 1 and "259200000 requests" in out, out


@pytest.mark.parametrize(
    "lines",
    [
        (
            "Given checkout serves 100 requests per second with 5% errors",
            "And checkout has run cleanly for 1 hour",
            "Then checkout served 360000 requests and 0 errors",
        ),
        (
            "Given checkout serves 100 requests per second with 5% errors",
            "And it has been running without errors for 1 hour",
            "Then checkout served 360000 requests and 0 errors",
        ),
        (
            "Given web serves 10 requests per second with 2% errors",
            "And api serves 10 requests per second with 2% errors",
            "And 10 minutes have passed with no errors",
            "Then web served 6000 requests and 0 errors",
            "And api served 6000 requests and 0 errors",
        ),
    ],
)
def test_a_quiet_stretch_serves_without_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: tuple[str, ...]
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 0, out


@pytest.mark.parametrize(
    ("said", "errors"),
    [
        ("When half of checkout's requests start failing for 10 minutes", 30000),
        ("When checkout fails 1 in 100 requests for 10 minutes", 600),
        ("When three quarters of checkout's requests fail for 10 minutes", 45000),
        ("When a fifth of checkout's requests fail for 10 minutes", 12000),
        ("When checkout goes completely down for 10 minutes", 60000),
    ],
)
def test_failures_said_as_a_share_or_an_outage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, errors: int
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, _SERVES, said, f"Then checkout served 60000 requests and {errors} errors"
    )
    assert code == 0, out


_DOWN = "When checkout goes completely down for 30 minutes"
_HICCUP = "When checkout fails 1 in 10000 requests for 30 minutes"


@pytest.mark.parametrize(
    ("when", "check", "passes"),
    [
        (_HICCUP, "Then we kept the promise", True),
        (_HICCUP, "Then we broke our promise", False),
        (_DOWN, "Then we broke our promise", True),
        (_DOWN, "Then we kept the promise", False),
        (_DOWN, "Then customers saw errors for 30 minutes", True),
        (_DOWN, "Then customers saw errors for about 30 minutes", True),
        (_DOWN, "Then customers saw errors for 20 minutes", False),
        (_DOWN, "Then customers saw errors for 40 minutes", False),
    ],
)
def test_the_promise_kept_and_the_errors_customers_saw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], when: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        _SERVES,
        "And we promise 99.9% availability for checkout over 7 days",
        when,
        "And an hour goes by",
        check,
    )
    assert (code == 0) == passes, out
