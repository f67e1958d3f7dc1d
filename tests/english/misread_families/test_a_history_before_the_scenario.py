"""A service's series begin with the scenario, so a window or a period longer than the time
gone by burns as the data there is: a few minutes of errors page on the 6h window and spend
"all" of a 30-day budget by Sloth's measure. Five runs of blind batches 29 and 31 (vocab12)
meant a service that had run cleanly before. The checks still fail, and now give the
sentence for that history, which passes when written before the errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_PAGE = (
    'Given the service "cart" serves 50 requests per second',
    'And an SLO "cart-slo" of 99.5% over 30 days for the service "cart"',
)
_ERRORS = (
    'When the service "cart" starts failing 5% of requests',
    "And 30 minutes pass",
    'Then the SLO "cart-slo" does not page',
)


def test_a_page_on_a_window_longer_than_the_data_gives_the_history_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_PAGE, *_ERRORS)
    assert code != 0, out
    assert "the 6h window of 6h/30m holds only the 30m of data there is" in out, out
    assert '"Given cart has run cleanly for 6 hours"' in out, out


def test_the_page_history_sentence_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path, capsys, *_PAGE, "And cart has run cleanly for 6 hours", *_ERRORS
    )
    assert code == 0, out


_BUDGET = (
    'Given the service "tills" serves 20 requests per second',
    'And an SLO "tills-slo" of 99.9% over 30 days for the service "tills"',
)
_OUTAGE = (
    'When the service "tills" starts failing 100% of requests',
    "And 10 minutes pass",
    'And the service "tills" starts failing 0% of requests',
    "And 10 minutes pass",
    'Then the error budget for "tills-slo" is not spent',
)


@pytest.mark.parametrize("history", [False, True])
def test_a_budget_spent_by_a_short_outage_in_short_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], history: bool
) -> None:
    said = ("And tills has run cleanly for 30 days",) if history else ()
    code, out = run_matched(tmp_path, capsys, *_BUDGET, *said, *_OUTAGE)
    assert (code == 0) is history, out
    if not history:
        assert '"Given tills has run cleanly for 30 days"' in out, out
