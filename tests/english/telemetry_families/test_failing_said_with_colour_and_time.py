"""A service failing a share of its requests, said with colour or a time around it:
"checkout suddenly fails 5% of requests", "at 14:00 checkout starts failing 30% of
requests", "web quietly fails 2% of its requests for 2 hours". The adverb is colour; the
leading time of day pins the clock the first time one is said (as "it is 14:00" does) and
waits until it afterwards; the trailing duration undoes the failure after that long."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("failing", "rate", "passes"),
    [
        ("pay suddenly fails 30% of requests", "30%", True),
        ("pay quietly starts failing 30% of its requests", "30%", True),
        ("pay then fails 30% of requests", "30%", True),
        ("pay now is failing 30% of all requests", "30%", True),
        ("at 14:00 pay starts failing 30% of requests", "30%", True),
        ("at 14:00, pay abruptly fails 30% of requests", "30%", True),
        ("pay silently fails 30% of requests for 2 days", "0%", True),
        ("pay suddenly fails 30% of requests", "3%", False),
    ],
)
def test_failing_with_colour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failing: str, rate: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "pay" serves 100 requests per second with 0% errors',
        f"When {failing}",
        "And 10 minutes pass",
        f"Then the error rate of pay is {rate}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("given", "check", "passes"),
    [
        ("it is 13:50", "it is 14:10", True),
        ("it is 13:00", "it is 14:10", True),
        ("it is 13:50", "it is 14:00", False),
    ],
)
def test_a_leading_time_of_day_waits_until_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given {given}",
        'And the service "pay" serves 100 requests per second with 0% errors',
        "When at 14:00 pay starts failing 30% of requests",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_a_time_of_day_already_past_fails_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given it is 14:30",
        'And the service "pay" serves 100 requests per second with 0% errors',
        "When at 14:00 pay starts failing 30% of requests",
    )
    assert code != 0 and "it is 14:30 already" in out, out


@pytest.mark.parametrize(
    "line",
    [
        "pay gradually fails 30% of requests",
        "pay slowly starts failing 30% of requests",
        "at noon pay fails 30% of requests",
    ],
)
def test_words_that_change_the_meaning_do_not_match(line: str) -> None:
    assert not REGISTRY.quietly("when", line)


@pytest.mark.parametrize(
    ("given", "rate", "passes"),
    [
        ('"pay" is handling 200 requests per second, 2% of them HTTP 500s', "2%", True),
        ("pay serves 200 requests per second, 2% of them errors", "2%", True),
        ("pay gets 200 requests per second, with 2% errors", "2%", True),
        ("pay serves 200 requests per second, 5% of them 5xx", "5%", True),
        ('"pay" is handling 200 requests per second, 2% of them HTTP 500s', "0%", False),
    ],
)
def test_errors_in_apposition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], given: str, rate: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given {given}",
        "When 10 minutes pass",
        f"Then the error rate of pay is {rate}",
    )
    assert (code == 0) is passes, out


def test_an_apposition_of_other_codes_does_not_match() -> None:
    assert not REGISTRY.quietly("given", "pay serves 200 requests per second, 2% of them 404s")
