"""An SLO declared without a name is named after its service (orders-availability), and a
check may name it by its kind ("availability"). Arming a rollback on its page said it by its
kind too ("orders rolls back on its own when "availability" pages", vocab12, blind batch29)
but looked the word up as a whole name, so it failed with "there are no SLOs" while the SLO
waited for its service's traffic. A check of an SLO still waiting now says the sentence that
declares that traffic."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("armed", "passes"),
    [
        ('And orders rolls back on its own when "availability" pages', True),
        ('And "orders" rolls back when the SLO "availability" pages', True),
        ('And orders rolls back on its own when "latency" pages', False),
    ],
)
def test_a_rollback_armed_on_the_kind_of_an_unnamed_slo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], armed: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given prod runs version v1 of "orders" on 2 nodes with 2 replicas',
        "And a 99.5% availability objective for orders",
        armed,
        'And the service "orders" serves 40 requests per second',
        "When 10 minutes pass",
        "Then an alert rolled prod back 0 times",
    )
    assert (code == 0) is passes, out


def test_a_check_of_an_slo_waiting_for_traffic_gives_the_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        "And an SLO for orders of 99.5% availability over 28 days",
        "When 10 minutes pass",
        'Then the SLO "availability" does not page',
    )
    assert code != 0, out
    assert 'Given the service "orders" serves 100 requests per second' in out, out
