"""An alert rule said with a share of a service's requests failing, or with its PromQL after
"the rule": "an alert X fires if over 50% of checkout's requests fail for 3 minutes", "the
rule X fires when "EXPR" for 5 minutes". Each is the rule on the service's 5xx ratio (or
that expression) with that for:; its twin with a higher threshold or a longer for: stays
quiet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("rule", "fires"),
    [
        (
            'an alert "CheckoutDown" fires if over 50% of checkout\'s requests fail for 3 minutes',
            True,
        ),
        ("the rule CheckoutDown fires when more than 20% of checkout's requests fail for 5m", True),
        ('an alert "CheckoutDown" goes off when over 20% of checkout\'s requests fail', True),
        ("a rule CheckoutDown triggers if more than 20% of checkout's requests error for 2m", True),
        ("an alerting rule CheckoutDown that fires when over 20% of checkout requests fail", True),
        (
            'an alert "CheckoutDown" fires if over 50% of checkout\'s requests fail for 15 minutes',
            False,
        ),
        ("the rule CheckoutDown fires when more than 70% of checkout's requests fail", False),
    ],
)
def test_a_share_failing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, fires: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given checkout serves 100 requests per second",
        f"And {rule}",
        "When checkout starts failing 60% of requests",
        "And 10 minutes pass",
        'Then the alert "CheckoutDown" is firing',
    )
    assert (code == 0) is fires, out


_EXPR = "\"sum(rate(http_requests_total{job='api',code='500'}[5m])) > 1\""


@pytest.mark.parametrize(
    ("rule", "fires"),
    [
        (f'the rule "ApiErrors" fires when {_EXPR} for 5 minutes', True),
        (f"a rule ApiErrors fires if {_EXPR}", True),
        (f"rule ApiErrors which fires when {_EXPR} holds for 2m", True),
        (f'the rule "ApiErrors" fires when {_EXPR} for 15 minutes', False),
    ],
)
def test_a_rule_with_its_expression(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, fires: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given api serves 80 requests per second",
        f"And {rule}",
        "When api starts failing 10% of requests",
        "And 10 minutes pass",
        'Then the alert "ApiErrors" is firing',
    )
    assert (code == 0) is fires, out
