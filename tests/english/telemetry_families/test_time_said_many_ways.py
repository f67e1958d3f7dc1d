"""Time said the ways incident timelines and SREs say it: "we wait another 10 minutes", "an
hour has gone by", "we let it run for an hour", "we fast-forward 30 minutes", and times of
day ("it is 14:00", then "we wait until 14:05", "the clock reaches 14:30"). Each moves the one
logical clock by exactly that much; going back in time fails at the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("waited", "firing"),
    [
        ("we wait another 10 minutes", True),
        ("10 minutes have passed", True),
        ("we let it run for 10 minutes", True),
        ("we fast-forward 10 minutes", True),
        ("I let 10 minutes go by", True),
        ("after a further 10 minutes", True),
        ("we wait another 2 minutes", False),
    ],
)
def test_time_passes_in_other_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], waited: str, firing: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "pay" serves 100 requests per second with 10% errors',
        'And an alert "PayErrors" fires when the error rate is above 5% for 5 minutes',
        f"When {waited}",
        'Then the alert "PayErrors" is firing',
    )
    assert (code == 0) is firing, out


@pytest.mark.parametrize(
    ("later", "check", "passes"),
    [
        ("we wait until 14:10", 'the alert "PayErrors" is firing', True),
        ("the clock reaches 14:10", "it is 14:10", True),
        ("it is 14:03", 'the alert "PayErrors" is firing', False),
        ("it is now 14:10", "it is 14:10", True),
        ("we wait until 14:10", "it is 14:09", False),
    ],
)
def test_times_of_day(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], later: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given it is 14:00",
        'And the service "pay" serves 100 requests per second with 10% errors',
        'And an alert "PayErrors" fires when the error rate is above 5% for 5 minutes',
        f"When {later}",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_going_back_in_time_fails_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path, capsys, "Given it is 14:00", "When 30 minutes pass", "And we wait until 14:10"
    )
    assert code != 0 and "it is 14:30 already" in out, out


def test_a_time_of_day_needs_one_said_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(tmp_path, capsys, "Given 1 node", "When we wait until 14:10")
    assert code != 0 and "no time of day was given" in out, out


def test_the_next_day(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given it is 23:50",
        "When the clock reaches 00:10 the next day",
        "Then it is 00:10",
    )
    assert code == 0, out
