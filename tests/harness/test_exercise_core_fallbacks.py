"""The Lab 03 learner (tests/exercise/learners/learner_telemetry.py: the contract's core
members only) answers what the core can: one number read from ``query`` (no ``scalar``), a
change that lasts put back to the setting the scenario gave (no ``ServiceView.rate`` /
``error_ratio``), a page that fired and resolved (sampled ``slo_alert_state``, no SLO
``ALERTS``), the month's budget from the service's requests (no SLO ``spec``), and a report
drawn from the contract (its window pairs have no ``name``). A wrong check still fails with
what was seen, never "does not provide"."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from kubeloop.cli import main

LEARNERS = Path(__file__).parents[1] / "exercise" / "learners"
ENGINE = "learner_telemetry"

ANSWERED = """Feature: Checks the core contract answers
  Scenario: One number read from a query
    Given the service "web" serves 100 requests per second with 2% errors
    When 10 minutes pass
    Then the error rate of web is 2%
    And all targets are up

  Scenario: A blip, then everything goes back to normal
    Given web gets steady traffic of 100 requests per second
    When 20% of requests fail for 3 minutes
    And then everything goes back to normal for 15 minutes
    Then the error rate for web is back to 0
    And the error rate of web rose above 10%

  Scenario: A change that lasts is put back to the setting before it
    Given web gets steady traffic of 100 requests per second
    When web starts failing 5% of requests
    And 20% of requests fail for 3 minutes
    And 10 minutes pass
    Then the error rate of web is 5%

  Scenario: Traffic moves from one rate to another
    Given web gets steady traffic of 50 requests per second
    When traffic to web goes from 50 to 500 requests a second
    And 10 minutes pass
    Then the request rate of web is 500 per second

  Scenario: A page that fired and resolved has paged
    Given the service "payments" serves 200 requests per second
    And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"
    When 1 hour passes
    And the service "payments" fails every request for 10 minutes
    And 2 hours pass
    Then payments-availability is not paging
    But the SLO "payments-availability" has paged

  Scenario: Five minutes of full outage use about 12% of the month's budget
    Given checkout serves 1000 requests per second
    And we promise customers 99.9% availability over 30 days
    When 1 hour passes
    And checkout fails every request for 5 minutes
    Then the page comes from the fast-burn window
    When everything is fine again for 30 minutes
    Then we've used about 12% of this month's error budget
    And the page for "checkout-availability" went off while it was happening
"""

WRONG = {
    "a number the query does not give": (
        'Given the service "web" serves 100 requests per second with 2% errors\n'
        "    When 10 minutes pass\n"
        "    Then the error rate of web is 5%",
        "2",
    ),
    "a rate the service was not set to": (
        "Given web gets steady traffic of 50 requests per second\n"
        "    When traffic to web goes from 60 to 500 requests a second",
        "web serving 60 requests per second",
    ),
    "a blip that did not end": (
        "Given web gets steady traffic of 100 requests per second\n"
        "    When 20% of requests fail for 3 minutes\n"
        "    And 10 minutes pass\n"
        "    Then the error rate of web is 20%",
        "20%",
    ),
    "a page that fired said never to have": (
        'Given the service "payments" serves 200 requests per second\n'
        '    And an SLO "payments-availability" of 99.9% over 30 days for the service '
        '"payments"\n'
        "    When 1 hour passes\n"
        '    And the service "payments" fails every request for 10 minutes\n'
        "    And 2 hours pass\n"
        '    Then the SLO "payments-availability" never paged',
        "it paged",
    ),
}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(LEARNERS), *sys.path])
    monkeypatch.delitem(sys.modules, ENGINE, raising=False)
    return tmp_path


def _graded(project: Path, feature: str) -> list[dict[str, str]]:
    (project / "checks.feature").write_text(feature)
    main(["run", "checks.feature", "--engine", ENGINE, "--report", "out"])
    tests: list[dict[str, str]] = json.loads((project / "out/results.json").read_text())["tests"]
    return tests


def test_the_core_contract_answers_numbers_settings_pages_and_budgets(project: Path) -> None:
    tests = _graded(project, ANSWERED)
    assert [t["status"] for t in tests] == ["pass"] * 6, [t["message"] for t in tests]
    pages = "".join(p.read_text() for p in (project / "out/features").glob("*.html"))
    assert "burn rate of payments-availability" in pages  # its chart, drawn from the core
    assert "payments-availability 1h/5m: burn rate over 1h/5m" in pages


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_core_only_engine_fails_a_wrong_check(project: Path, case: str) -> None:
    steps, expected = WRONG[case]
    (test,) = _graded(project, f"Feature: A wrong check\n  Scenario: Wrong\n    {steps}\n")
    assert test["status"] == "fail"
    assert expected in test["message"] and "does not provide" not in test["message"]
    assert "could not draw" not in test["message"]


UNFINISHED = """
from learner_telemetry import *  # noqa: F403
from learner_telemetry import Telemetry as _Telemetry


class Telemetry(_Telemetry):
    def slo_alert_state(self, name, severity):
        raise NotImplementedError("not implemented yet: Telemetry.slo_alert_state")
"""

BURNS_ONLY = """Feature: An SLO before its alerts are written
  Scenario: A burn rate needs no alert state
    Given the service "payments" serves 200 requests per second
    And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"
    When 1 hour passes
    Then the SLO "payments-availability" burns over 1 hour and 5 minutes below its threshold

  Scenario: A page does
    Given the service "payments" serves 200 requests per second
    And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"
    When 1 hour passes
    Then the SLO "payments-availability" has paged
"""


def test_sampling_pages_fails_only_the_scenario_that_asks_for_them(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "unfinished.py").write_text(UNFINISHED)
    monkeypatch.setattr(sys, "path", [str(project), *sys.path])
    monkeypatch.delitem(sys.modules, "unfinished", raising=False)
    (project / "checks.feature").write_text(BURNS_ONLY)
    main(["run", "checks.feature", "--engine", "unfinished", "--report", "out"])
    burns, page = json.loads((project / "out/results.json").read_text())["tests"]
    assert burns["status"] == "pass", burns["message"]
    assert page["status"] == "fail"
    assert "not implemented yet: Telemetry.slo_alert_state" in page["message"]
