"""A check naming an SLO that was declared without a name (runs11, blind batch31): "an SLO for
payments of 99.9% availability …" is named payments-availability, and a later check of
"payments-avail" said only "the SLOs are payments-availability". A name means one thing, so
the check still fails; it now says which line's SLO got that name and how to name it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("declared", "taught"),
    [
        ("And a 99.5% availability objective for orders", True),
        ('And an SLO "orders-slo" of 99.5% over 28 days for the service "orders"', False),
    ],
)
def test_a_check_of_another_name_says_which_line_named_the_slo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, taught: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "orders" serves 40 requests per second',
        declared,
        "When 10 minutes pass",
        'Then the SLO "orders-sla" does not page',
    )
    assert code != 0, out
    assert ('"orders-availability" is the name kubeloop gave the SLO of' in out) is taught, out
    if taught:
        assert 'name it "orders-sla" there' in out and "story.feature:4" in out, out
