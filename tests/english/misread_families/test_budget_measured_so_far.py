"""A budget check early in an SLO's period (runs11, blind batch31): 1% errors for 2 hours on
a 99.5% SLO over 28 days, "the error budget … is not spent", saw "200% spent". That is
Sloth's measure (the error ratio over the data so far ÷ the budget), kept; the check now
says so and gives the sentence for the share of the whole period's budget, which holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_STORY = (
    'Given the service "ledger" serves 80 requests per second',
    'And an SLO "ledger-slo" of 99% over 14 days for the service "ledger"',
    'When the service "ledger" starts failing 3% of requests',
    "And 90 minutes pass",
)
_NOTE = "that is Sloth's measure, the error ratio over the data the period holds so far"


@pytest.mark.parametrize(
    "then",
    [
        'Then "ledger-slo" still has some budget left',
        'Then the error budget of "ledger-slo" is at most 50% spent',
    ],
)
def test_a_budget_check_early_in_the_period_names_its_measure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str
) -> None:
    code, out = run_matched(tmp_path, capsys, *_STORY, then)
    assert code != 0, out
    assert _NOTE in out and "(at most 90m of its 14d)" in out, out


def test_the_sentence_it_offers_measures_the_whole_period(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path, capsys, *_STORY, "Then less than 100% of the period's error budget is gone"
    )
    assert code == 0, out


@pytest.mark.slow  # three days of samples
def test_no_note_once_a_whole_period_has_passed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "ledger" serves 80 requests per second',
        'And an SLO "ledger-slo" of 99% over 3 days for the service "ledger"',
        'When the service "ledger" starts failing 3% of requests',
        "And 73 hours pass",
        'Then "ledger-slo" still has some budget left',
    )
    assert code != 0, out
    assert _NOTE not in out, out
