"""Alert rules given in words with the service in the condition ("the alert "CheckoutErrors"
fires when more than 2% of checkout requests are 5xx for 5 minutes", "… when over 20% of
requests to cart fail for 2m", "… when the 1m error ratio of cart stays over 2% …", "… when
cart fails more than 5% of requests"), and a service recovering to a share of errors
("checkout recovers to 0% errors"). The rule is about the service it names, not the one named
last; its threshold and for: are the ones said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_TWO = (
    "Given checkout serves 100 requests per second",
    "And cart serves 100 requests per second",
    "And services are scraped every 15 seconds",
)
"""Scraped every 15 seconds: a rate over 1m needs two samples in its window."""


@pytest.mark.parametrize(
    ("rule", "check", "passes"),
    [
        (
            'the alert "E" fires when more than 2% of cart requests are 5xx for 5 minutes',
            "Then E is firing",
            True,
        ),
        (
            'the alert "E" fires when more than 20% of cart requests are 5xx for 5 minutes',
            "Then E is firing",
            False,
        ),
        (
            'the alert "E" fires when more than 2% of checkout requests fail for 5 minutes',
            "Then E is firing",
            False,
        ),
        (
            'an alert "E" fires when over 5% of requests to cart fail for 2m',
            "Then E is firing",
            True,
        ),
        (
            'the alert "E" fires when the 1m error ratio of cart stays over 2% for 5 minutes',
            "Then E is firing",
            True,
        ),
        (
            'the alert "E" fires when cart fails more than 5% of requests for 20 minutes',
            "Then E is pending",
            True,
        ),
    ],
)
def test_an_alert_on_the_service_its_condition_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, check: str, passes: bool
) -> None:
    """checkout is named last; only cart fails, 10% of its requests, for 10 minutes."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_TWO,
        f"And {rule}",
        "When cart starts failing 10% of requests",
        "And 10 minutes pass",
        check,
    )
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("recovery", "check", "passes"),
    [
        ("When checkout recovers to 0% errors", "Then CheckoutErrors has resolved", True),
        ("When checkout recovers to 1% errors", "Then CheckoutErrors has resolved", True),
        ("When checkout improves to 5% errors", "Then CheckoutErrors has resolved", False),
        (
            "When checkout recovers to an error rate of 0.5%",
            "Then the error rate of checkout is 0.5%",
            True,
        ),
    ],
)
def test_recovering_to_a_share_of_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], recovery: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 100 requests per second",
        'And the alert "CheckoutErrors" fires when more than 2% of checkout requests are 5xx '
        "for 5 minutes",
        "When checkout fails 10% of requests for 15 minutes",
        "Then CheckoutErrors is firing",
        recovery,
        "And 10 minutes pass",
        check,
    )
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then someone is paged for checkout's error budget burn", True),
        ("Then no ticket is opened for checkout's error budget", False),
        ("Then nobody is paged for checkout's budget", False),
        ("Then the error rate of checkout is 20%", True),
    ],
)
def test_pages_for_a_services_budget_and_errors_said_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    """ "About 20%" sets 20%: a Given says what the service does, the word is the speaker's."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 100 requests per second",
        'And an SLO "checkout-availability" of 99.9% over 30 days for checkout',
        "When checkout starts failing about 20% of requests",
        "And 10 minutes pass",
        check,
    )
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    assert (code == 0) is passes, out
