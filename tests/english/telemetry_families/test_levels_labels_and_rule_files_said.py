"""Telemetry lines as SREs say them: a service "back to hardly any errors" (a level said
loosely after "back to": none fail, as "with hardly any errors" is none in a Given), an
alert's labels said as key=value ("the alert "WebErrors" has label severity=page", several
joined by "and", a value quoted or not), and a rule file given inline by its doc string
after a bare colon ('a rule file "web-rules.yml":'). Each family has a twin that must
fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BLIP = (
    "Given the service web serves 300 requests per second",
    "And an alert HighErrors fires if over 5% of web's requests fail for 5 minutes",
    "When 10% of web's requests fail",
    "And 2 minutes pass",
)


@pytest.mark.parametrize(
    ("back", "passes"),
    [
        ("web is back to hardly any errors", True),
        ("3 minutes pass", False),
        ("web goes back to zero errors", True),
        ("web's error rate drops back to almost nothing", True),
        ("web gets back to being error-free", True),
    ],
)
def test_back_to_a_level_said_loosely(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], back: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_BLIP,
        f"And {back}",
        "And 10 minutes pass",
        "Then HighErrors never went to firing",
    )
    assert (code == 0) is passes, out


_RULES = '''    Given a rule file "web-rules.yml":
      """
      groups:
        - name: web
          rules:
            - alert: WebErrors
              expr: sum(rate(http_requests_total{job="web",code=~"5.."}[5m])) > 1
              for: 5m
              labels:
                severity: page
                team: web
      """
    And the service "web" serves 200 requests per second
    When 10% of web's requests fail
    And 7 minutes pass
    Then "WebErrors" is firing
'''


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('the alert "WebErrors" has label severity=page', True),
        ('the alert "WebErrors" has label severity=ticket', False),
        ('WebErrors carries the labels severity=page and team="web"', True),
        ("it is labelled severity=page, team=payments", False),
        ("WebErrors has severity=page", True),
    ],
)
def test_alert_labels_said_as_key_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_RULES.strip().splitlines(), f"And {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "opening",
    [
        'a rule file "web-rules.yml":',
        'the rule file "web-rules.yml" as follows:',
        "the following alerting rules:",
    ],
)
def test_a_rule_file_given_by_its_doc_string(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], opening: str
) -> None:
    lines = _RULES.strip().splitlines()
    code, out = run_matched(tmp_path, capsys, f"Given {opening}", *lines[1:])
    assert code == 0, out


def test_a_rule_file_opening_needs_its_doc_string(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path, capsys, 'Given a rule file "web-rules.yml":', 'Then "WebErrors" is inactive'
    )
    assert code != 0, out
    assert "doc string" in out, out
