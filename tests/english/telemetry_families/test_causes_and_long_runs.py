"""Errors said with their cause, a share "of them are 5xx", a service that runs for days with
some requests failing, query answers that "come out at" a value, and trailing words that say
when ("that week", "on Tuesday night") read away. A wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.grammar import readings
from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("change", "check", "passes"),
    [
        (
            "When a bad deploy makes 5% of requests fail for 1 hour",
            "Then the 1h burn rate is about 42",
            True,
        ),
        (
            "When a slow dependency makes 10% of web requests fail",
            "Then the error rate of web is 10%",
            True,
        ),
        ("When a bad deploy makes 5% of requests fail", "Then the error rate of web is 10%", False),
        ("When 1% of them are 5xx", "Then the error rate of web is 1%", True),
        (
            "When it runs for 2 days with 0.05% of requests failing",
            "Then the 1d burn rate is about 0.5",
            True,
        ),
        (
            "When web runs all day with 1% of its requests failing",
            "Then the 1h burn rate is about 1",
            False,
        ),
    ],
)
def test_errors_said_with_their_cause_or_over_a_long_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given web serves 100 rps",
        'And an SLO "web-availability" of 99.9% over 30 days for the service "web"',
        change,
        "And 10 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then sum(rate(http_requests_total{job="web",code=~"5.."}[5m])) comes back as 2', True),
        ("Then the query 'sum(rate(http_requests_total[5m]))' comes out at 200", True),
        ("Then the query 'sum(rate(http_requests_total[5m]))' works out to 100", False),
        ("Then no alert went off at any point that week", True),
    ],
)
def test_query_answers_and_trailing_when_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given web is at 200 rps with no errors",
        'And an alert "WebErrors" when \'sum(rate(http_requests_total{code="500"}[5m])) > 5\'',
        "When web starts failing 1% of requests",
        "And 10 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("no alert went off at any point that week", "no alert went off"),
        ("one of the servers dies on Tuesday night", "one of the servers dies"),
        ("node-2 fails overnight", "node-2 fails"),
    ],
)
def test_when_words_at_the_end_are_read_away(said: str, read: str) -> None:
    assert read in readings(said)
