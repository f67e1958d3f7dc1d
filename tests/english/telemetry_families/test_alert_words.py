"""Alerts as SREs say them: named quoted or bare, written out under their name, counted
("fired exactly once"), stopped, none firing, alerts about one service. Each family runs
sentences of several shapes through ``kubeloop run``; a wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_RULE = (
    'Given the alert rule "HighErrors":',
    '  """',
    '  expr: sum(rate(http_requests_total{job="web",code=~"5.."}[5m])) / '
    'sum(rate(http_requests_total{job="web"}[5m])) > 0.05',
    "  for: 5m",
    '  """',
    "And web gets steady traffic of 100 requests per second",
)
_SPIKE = (
    *_RULE,
    "When 20% of requests fail for 12 minutes",
    "And 10 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then "HighErrors" is resolved', True),
        ('Then "HighErrors" should be firing', False),
        ("Then it fired exactly once", True),
        ("Then HighErrors fired once", True),
        ("Then the alert HighErrors has fired 2 times", False),
        ("Then it fired more than once", False),
        ("Then it has fired at least once", True),
        ("Then HighErrors has stopped firing", True),
        ("Then no alert fired for web", False),
        ("Then the alert should not fire", True),
        ("Then there are no firing alerts", True),
    ],
)
def test_an_alert_written_out_then_counted_and_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SPIKE, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then "HighErrors" should be pending', True),
        ("Then HighErrors is firing", False),
        ("Then there are no pending alerts", False),
        ("Then no alerts fire for web", True),
    ],
)
def test_a_quoted_alert_name_is_the_subject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    lines = (*_RULE, "When web starts returning HTTP 500 for 30% of requests", "And 3 minutes pass")
    code, out = run_scenario(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out


def test_a_quiet_service_has_no_alert_fired_for_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, *_RULE, "When 20 minutes pass", "Then no alert fired for web"
    )
    assert code == 0, out


def test_no_alert_for_a_service_no_alert_is_about_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_RULE,
        "And the service api serves 10 requests per second",
        "When 5 minutes pass",
        "Then no alert fired for api",
    )
    assert code == 1 and "an alert about api" in out, out


def test_it_without_an_alert_named_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given web gets steady traffic of 100 requests per second",
        "Then it fired exactly once",
    )
    assert code == 1, out


def test_nobody_is_paged_for_a_service_reads_the_alerts_about_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (*_RULE, "When web starts failing 20% of requests", "And 10 minutes pass")
    code, out = run_scenario(tmp_path, capsys, *lines, "Then nobody is being paged for web")
    assert code == 1 and "HighErrors" in out, out
    code, out = run_scenario(tmp_path, capsys, *lines, "Then someone is paged for web")
    assert code == 0, out


def test_a_doc_string_rule_is_validated_as_a_rule_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given the alert rule "Broken":',
        '  """',
        "  expr: sum(rate(x[5m]) > ",
        "  for: 5m",
        '  """',
    )
    assert code == 1 and "Broken" in out, out
