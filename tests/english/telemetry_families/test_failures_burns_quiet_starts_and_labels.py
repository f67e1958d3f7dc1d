"""Telemetry lines of the fifteenth session's blind batch, in other words than its writers':
requests that "start returning HTTP 503" (a share failing), a burn rate said as a multiple
of the allowed rate ("burning faster than 14.4 times the allowed rate": the burn rate now,
over 5 minutes), a page said not to have come early ("did not page in the first hour":
none in that long after the errors began), and an alert's labels ("its labels include
severity=page"). Each family has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_PAY = 'Given the service "pay" serves 100 requests per second with no errors'


@pytest.mark.parametrize(
    ("failing", "firing"),
    [
        ("8% of pay requests start returning HTTP 503", True),
        ("12% of pay's requests start returning 500s", True),
        ("3% of pay requests start erroring", False),
    ],
)
def test_requests_that_start_returning_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failing: str, firing: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        _PAY,
        'And an alert "PayErrors" fires when more than 5% of pay requests fail for 5 minutes',
        f"When {failing}",
        "And 10 minutes pass",
        'Then "PayErrors" is firing',
    )
    assert (code == 0) is firing, out


_SLO = 'And an SLO "pay-avail" of 99.9% over 30 days for the service "pay"'


@pytest.mark.parametrize(
    ("errors", "check", "passes"),
    [
        ("20%", "the SLO pay-avail is burning faster than 14.4 times the allowed rate", True),
        ("1%", "pay-avail's budget is burning slower than 14.4 times its sustainable rate", True),
        ("1%", 'the SLO "pay-avail" is burning faster than 14.4 times the allowed rate', False),
        ("20%", 'the SLO "pay-avail" is burning slower than 14.4 times the allowed rate', False),
        ("20%", "pay-avail burns through its budget 200 times faster than allowed", True),
        ("20%", "pay-avail is burning its error budget about 20 times faster than allowed", False),
    ],
)
def test_a_burn_rate_said_as_a_multiple_of_the_allowed_rate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        _PAY,
        _SLO,
        f"When pay starts failing {errors} of its requests",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("errors", "check", "passes"),
    [
        ("0.5%", 'the SLO "pay-avail" did not page in the first hour', True),
        ("0.5%", "pay-avail never paged within the first 90 minutes", True),
        ("20%", 'the SLO "pay-avail" did not page in the first hour', False),
    ],
)
def test_no_page_in_the_first_stretch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        _PAY,
        _SLO,
        f"When pay starts failing {errors} of its requests",
        "And 2 hours pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


_RULE = (
    'And the alert rule "PayDown":',
    '  """',
    '  expr: up{job="pay"} == 0',
    "  for: 1m",
    "  labels:",
    "    severity: page",
    '  """',
)


@pytest.mark.parametrize(
    ("checks", "passes"),
    [
        (("Then the labels of PayDown contain severity=page",), True),
        (
            (
                "When pay goes down",
                "And 5 minutes pass",
                'Then "PayDown" is firing',
                "And its labels include severity=page",
            ),
            True,
        ),
        (
            (
                "When pay goes down",
                "And 5 minutes pass",
                "Then PayDown carries the label team=search",
            ),
            False,
        ),
    ],
)
def test_an_alerts_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], checks: tuple[str, ...], passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, _PAY, *_RULE, *checks)
    assert (code == 0) is passes, out


def test_a_pace_check_that_fails_says_which_window_it_read_and_how_to_name_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    check = 'Then the SLO "pay-avail" is burning faster than 14.4 times the allowed rate'
    ended = ("When pay starts failing 20% of its requests", "And 10 minutes pass")
    recovered = ('And the service "pay" recovers', "And 10 minutes pass")
    code, out = run_matched(tmp_path, capsys, _PAY, _SLO, *ended, *recovered, check)
    assert code != 0, out
    assert "0 over 5m (no window said: the burn now)" in out and "over 1h" in out, out
    assert "allowed rate over the last 1h" in out, out
    code, out = run_matched(tmp_path, capsys, _PAY, _SLO, *ended, *recovered, check + " over 1h")
    assert code == 0, out
