"""An SLO's two burn alerts said together: "both burn alerts are firing", "the fast and slow
burn alerts are both firing", "neither burn alert is firing", "none of the burn-rate alerts
for api-avail are firing". Both is the page alert and the ticket alert firing now; neither is
neither of them firing; each twin sees the other traffic. Two alerts said with one state
("ApiWarn is firing but ApiDown is not") carry the state over to the second."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_BOTH = [
    "both burn alerts are firing",
    "the fast and slow burn alerts are both firing",
    "both of the burn-rate alerts for api-avail are firing",
    "the page and ticket alerts for api-avail are firing",
]
_NEITHER = [
    "neither burn alert is firing",
    "none of the burn-rate alerts for api-avail are firing",
    "neither the fast nor the slow burn alert is firing",
    "no SLO alerts are firing",
]


@pytest.mark.parametrize(
    ("check", "failing"),
    [
        (_BOTH[0], "10%"),
        (_BOTH[0], "0%"),
        (_NEITHER[0], "10%"),
        *((check, "10%") for check in _BOTH[1:]),
        *((check, "0%") for check in _NEITHER),
    ],
)
def test_both_and_neither(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, failing: str
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "api" serves 100 requests per second',
        'And an SLO "api-avail" of 99.9% over 30 days for api',
        f"When api starts failing {failing} of requests",
        "And 30 minutes pass",
        f"Then {check}",
    )
    holds = (check in _BOTH) is (failing == "10%")
    assert (code == 0) is holds, out


@pytest.mark.parametrize(
    ("check", "holds"),
    [
        ("ApiWarn is firing but ApiDown is not", True),
        ("ApiWarn is firing and ApiDown isn't", True),
        ("ApiDown is firing but ApiWarn is not", False),
        ("ApiWarn is firing, but not ApiDown", True),
        ("ApiWarn is firing while ApiDown is not yet", True),
        ("ApiWarn is pending but ApiDown is not", False),
        ("ApiWarn is firing but ApiGone is not", False),
    ],
)
def test_the_state_carried_to_the_other_alert(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, holds: bool
) -> None:
    """The state said once is carried over: "… but ApiDown is not" is "not firing"."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given the service "api" serves 100 requests per second',
        "And an alert ApiWarn fires when more than 5% of api requests fail",
        "And an alert ApiDown fires when more than 50% of api requests fail",
        "When api starts failing 10% of requests",
        "And 10 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is holds, out
