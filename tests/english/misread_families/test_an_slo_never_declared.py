"""A check of an SLO no line declared gives the Given that declares it, for the scenario's
service when it has exactly one (runs13, blind batch36: "the error budget for
"checkout-avail" is not spent" with only checkout's traffic said); with several services
it says which part to change. The sentence given is one Given, and declaring it first
makes the check pass."""

from __future__ import annotations

from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched

_SAID = 'Given an SLO "ledger-ok" of 99.9% over 30 days for the service "ledger"'


def test_the_one_service_is_named_in_the_declaring_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given ledger is getting 30 requests per second",
        "When 20 minutes pass",
        'Then "ledger-ok" still has budget left',
    )
    assert code != 0, out
    assert f"say so before this line: {_SAID}" in out, out
    assert len(REGISTRY.match("given", _SAID.removeprefix("Given "))) == 1


def test_declared_as_told_the_check_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given ledger is getting 30 requests per second",
        "And " + _SAID.removeprefix("Given "),
        "When 20 minutes pass",
        'Then "ledger-ok" still has budget left',
    )
    assert code == 0, out


def test_with_two_services_the_sentence_says_to_name_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given ledger is getting 30 requests per second",
        "And vault is getting 10 requests per second",
        'Then "ledger-ok" still has budget left',
    )
    assert code != 0, out
    assert 'for the service "web" (with your service for "web")' in out, out


def test_a_rollback_armed_on_it_names_the_one_service_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "ledger" with 2 replicas',
        "And ledger is getting 30 requests per second",
        'And "ledger" rolls back when the SLO "ledger-ok" pages',
    )
    assert code != 0, out
    assert "story.feature:6" in out, out
    assert f"say so before this line: {_SAID}" in out, out


def test_a_rollback_armed_before_no_given_declares_it_fails_at_the_givens_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Givens may declare the SLO after the rollback names it (runs14, blind batch38); when
    none of them does, the first When fails naming the line that armed it."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "ledger" with 2 replicas',
        'And "ledger" rolls back when the SLO "ledger-ok" pages',
        "And ledger is getting 30 requests per second",
        "When 5 minutes pass",
        "Then ledger has 2 replicas",
    )
    assert code != 0, out
    assert "for the rollback armed at" in out and "story.feature:5" in out, out
    assert f"say so before this line: {_SAID}" in out, out


@pytest.mark.parametrize("declared", [True, False])
def test_a_rollback_on_an_alert_a_later_given_declares_is_armed_at_the_givens_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: bool
) -> None:
    """An alert too may be declared after the rollback names it (runs15); none declared:
    the first When fails naming the line that armed it and how to declare the alert."""
    alert = 'And an alert "LedgerErrors" fires if over 10% of ledger\'s requests fail for 1 minute'
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "ledger" with 2 replicas',
        "And when the alert LedgerErrors fires, roll back ledger",
        "And ledger is getting 30 requests per second",
        alert if declared else "And ledger is getting 30 requests per second",
        "When 5 minutes pass",
        "Then ledger has 2 replicas",
    )
    assert (code == 0) is declared, out
    if not declared:
        assert 'an alert "LedgerErrors" for the rollback armed at' in out, out
        assert "story.feature:5" in out and 'declare it in a Given (an alert "LedgerErrors"' in out
