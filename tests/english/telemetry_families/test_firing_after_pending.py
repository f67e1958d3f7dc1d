"""How long an alert was pending before it fired, said as SREs say it: "it started firing
10 minutes after it went pending", "PayErrors paged 5 minutes after going pending", "it was
pending for 5 minutes before it fired". The firing instant minus the pending instant that led
to it must equal the duration; an alert that never fired fails, never passes vacuously."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_ALERT = (
    'Given the service "pay" serves 100 requests per second with 0% errors',
    'And an alert "PayErrors" fires when the error rate is above 5% for 5 minutes',
)


_run = run_matched


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("it started firing 5 minutes after it went pending", True),
        ('the alert "PayErrors" fired 5 minutes after going pending', True),
        ("PayErrors paged 5 minutes after it became pending", True),
        ("it was pending for 5 minutes before it fired", True),
        ("it started firing 10 minutes after it went pending", False),
        ("it was pending for 4 minutes before firing", False),
    ],
)
def test_the_time_from_pending_to_firing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        *_ALERT,
        "When pay starts failing 30% of requests",
        "And 20 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_an_alert_that_never_fired_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        *_ALERT,
        "When 20 minutes pass",
        "Then it started firing 5 minutes after it went pending",
    )
    assert code != 0 and "pending, then firing" in out, out
