"""Sentences two telemetry phrases both read, each given to the one that means it, and
budget shares said in words or vaguely: "2 alert is firing" is a count (never an alert
named "2"), "10% of requests return 500s" errors (never a latency of 500 seconds), "has
blown its error budget" exhausted, "some of the error budget is gone" a real check (more
than none, less than all)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_scenario

_SLO = (
    'Given the service "checkout" serves 100 requests per second with 0% errors',
    'And an SLO "checkout-availability" of 99.9% over 30 days for the service "checkout"',
    "When 30 days pass",
)
_OUTAGE = (*_SLO, "And checkout fails every request for 30 minutes")
"""30 minutes of 43.2 allowed: about 69% of the budget spent, 31% left."""


@pytest.mark.parametrize(
    ("keyword", "line", "reading"),
    [
        ("then", "2 alert is firing", "alerts_counted"),
        ("when", "10% of requests return 500s", "starts_failing"),
        ("then", '"availability" has blown its error budget', "budget_exhausted"),
        ("then", "the SLO is out of its budget", "budget_exhausted"),
        ("then", '"availability" has gone over its error budget', "slo_breached"),
        ("then", "the fast burn alert has fired", "slo_alert_fired"),
        ("then", "the ticket is firing", "slo_alert_firing"),
        ("then", "the p95 has been above 1.5s", "latency_stayed"),
        ("then", "the p95 has been above 1.5s at some point", "latency_went"),
        ("then", "nothing is still firing", "nothing_left"),
        ("when", "10% of requests return in 500ms", "latencies_are"),
        ("when", "search starts failing all of its requests", "starts_failing"),
        ("given", "Prometheus scrapes happen every 15 seconds", "scrape_every"),
        ("given", "we scrape everything every 30 seconds", "scrape_every"),
        ("when", "it recovers fully", "back_to_normal"),
        ("when", "it is back to normal for 5 minutes", "back_to_normal"),
        ("when", "recovers fully", "recovers_completely"),
    ],
)
def test_a_sentence_two_phrases_read_has_one_reading(keyword: str, line: str, reading: str) -> None:
    found = REGISTRY.match(keyword, line)
    assert [m.definition.function.__name__ for m in found] == [reading]


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> tuple[int, str]:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert "no step matches" not in out and "definitions (" not in out, out
    return code, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then some of the error budget for checkout-availability is gone", True),
        ('Then half of the error budget of "checkout-availability" is spent', False),
        ("Then most of it has been spent", True),
        ("Then most of it is left", False),
        ("Then more than half of the error budget for checkout-availability is spent", True),
        ("Then a good chunk of checkout-availability's budget is used up", True),
        ("Then some of the budget remains", True),
        (
            "Then less than a third of the error budget of the SLO checkout-availability is left",
            True,
        ),
        ("Then checkout-availability has blown its error budget", False),
    ],
)
def test_a_share_said_in_words_after_an_outage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_OUTAGE, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then some of the error budget is gone", False),
        ("Then most of it is left", True),
        ("Then some of it is left", False),
        ("Then all of the error budget of checkout-availability is left", True),
    ],
)
def test_a_vague_share_is_a_real_check_in_a_clean_month(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_SLO, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("when", "passes"),
    [
        ("When checkout fails every request for 50 minutes", True),
        ("When checkout fails every request for 40 minutes", False),
    ],
)
def test_a_blown_budget_is_one_used_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], when: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_SLO, when, "Then checkout-availability blew its budget")
    assert (code == 0) is passes, out
