"""A telemetry engine with Lab 03's core members only answers the checks the core can: which
window pair burns above its factor, which windows a page came from, the alerts about a
service (steps/telemetry/slo_judged.py, declared_rules.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from kubeloop.cli import main

CORE_ONLY = """
from kubeloop import Telemetry as _Telemetry
from kubeloop.contract.telemetry import TELEMETRY_METHODS


class Telemetry:
    def __init__(self, clock):
        self._inner = _Telemetry(clock=clock)

    def __getattr__(self, name):
        if name in TELEMETRY_METHODS:
            return getattr(self._inner, name)
        raise AttributeError(name)
"""

ANSWERED = """Feature: Checks the core contract answers
  Scenario: Pyrra's 14x pair fires on 1.42% errors, the Workbook's 14.4x does not
    Given the service "web" serves 100 requests per second with 1.42% errors
    And the service "api" serves 100 requests per second with 1.42% errors
    And an SLO "web-availability" of 99.9% over 28 days for the service "web" with pyrra windows
    And the service "edge" serves 100 requests per second with 1.37% errors
    And an SLO "api-availability" of 99.9% over 30 days for the service "api"
    And an SLO "edge-availability" of 99.9% over 28 days for the service "edge" with pyrra windows
    When 30 minutes pass
    Then the SLO "web-availability" burns over 1 hour and 5 minutes above its threshold
    And the SLO "api-availability" burns over 1 hour and 5 minutes below its threshold
    And the SLO "api-availability" burns over 6 hours and 30 minutes above its threshold
    And the SLO "edge-availability" burns over 1 hour and 5 minutes below its threshold

  Scenario: An outage that ended leaves the short window under the factor
    Given the service "web" serves 100 requests per second
    And an SLO "availability" of 99.9% over 30 days for the service "web"
    When 1 hour passes
    And the service "web" starts failing 100% of requests
    And 5 minutes pass
    Then the SLO "availability" burns over 1 hour and 5 minutes above its threshold
    When the error rate of "web" drops back to 0%
    And 10 minutes pass
    Then the SLO "availability" burns over 1 hour and 5 minutes below its threshold

  Scenario: A fast burn pages from the 1h and 5m windows
    Given the service "payments" serves 200 requests per second
    And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"
    When the service "payments" starts failing 2% of requests
    And 1 hour passes
    Then the page came from the 1h and 5m windows at a burn rate above 14.4
    And the page comes from the fast-burn window
    And the SLO "payments-availability" has paged

  Scenario: The alerts about a service are the rules the scenario gave
    Given services are scraped every 15 seconds
    And the service "payments" serves 200 requests per second with 0.1% errors
    And the alert rule "PaymentsHighErrors" with expr "rate(http_requests_total{job=\\"payments\\",\
code=\\"500\\"}[5m]) > 10" and for: 5m
    And the alert rule "Other":
      \"\"\"
      expr: up{job="other"} == 0
      labels:
        team: payments
      \"\"\"
    When 10 minutes pass
    Then no alert fired for payments
    When the service "payments" starts failing 12% of requests
    And 8 minutes pass
    Then someone is paged for payments
"""

WRONG = {
    "the fast pair said to burn below": (
        'Then the SLO "payments-availability" burns over 1 hour and 5 minutes below its threshold',
        "1h/5m below ×14.4",
    ),
    "a ticket pair for a page": (
        "Then the page came from the 1d and 2h windows",
        "a 86400s/7200s page pair",
    ),
    "no alert about a service without one": (
        "Then no alert fired for web",
        "an alert about web",
    ),
}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.delitem(sys.modules, "core_only", raising=False)
    (tmp_path / "core_only.py").write_text(CORE_ONLY)
    return tmp_path


def _graded(project: Path, feature: str, engine: str) -> list[dict[str, str]]:
    (project / "checks.feature").write_text(feature)
    main(["run", "checks.feature", "--engine", engine, "--report", "out"])
    tests: list[dict[str, str]] = json.loads((project / "out/results.json").read_text())["tests"]
    return tests


@pytest.mark.parametrize("engine", ["core_only", "kubeloop"])
def test_the_core_contract_answers_pairs_windows_and_alerts_about(
    project: Path, engine: str
) -> None:
    tests = _graded(project, ANSWERED, engine)
    assert [t["status"] for t in tests] == ["pass"] * 4, [t["message"] for t in tests]


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_core_only_engine_fails_a_wrong_check(project: Path, case: str) -> None:
    check, expected = WRONG[case]
    feature = (
        "Feature: A wrong check\n  Scenario: Fast burn\n"
        '    Given the service "payments" serves 200 requests per second\n'
        '    And the service "web" serves 100 requests per second\n'
        '    And an SLO "payments-availability" of 99.9% over 30 days for the service '
        '"payments"\n'
        '    And the service "payments" starts failing 2% of requests\n'
        "    When 1 hour passes\n"
        f"    {check}\n"
    )
    (test,) = _graded(project, feature, "core_only")
    assert test["status"] == "fail"
    assert expected in test["message"] and "does not provide" not in test["message"]
