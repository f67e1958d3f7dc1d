"""PromQL quoted as a sentence's subject in every quoting SREs use, with the verbs they
use: "sum(rate(x{service='payments'}[5m]))" equals 200 (double quotes, single inside),
"up{job="auth"}" is 1 (double inside double: Gherkin has no escapes), '…' comes out around
10, … stays under 100, … never goes above 2. A wrong claim fails on the check, never on
matching; a quoted plain name is never read as a query."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kubeloop.harness.params import TYPES
from tests.harness.one_scenario import run_scenario

_PAYMENTS = (
    'Given the service "payments" serves 200 requests per second with 2% errors',
    "And services are scraped every 15 seconds",
    "When 10 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then \"sum(rate(http_requests_total{job='payments'}[5m]))\" is 200", True),
        ("Then \"sum(rate(http_requests_total{job='payments'}[5m]))\" equals 150", False),
        ('Then "sum(rate(http_requests_total{job="payments"}[5m]))" returns 200', True),
        ('Then "sum(rate(http_requests_total{job=\\"payments\\"}[5m]))" is 200', True),
        ('Then "up{job="payments", code="500"}" returns nothing', True),
        ("Then \"up{job='payments'}\" is below 1", False),
        ("Then \"up{job='payments'}\" is at most 1", True),
        ("Then 'sum(rate(http_requests_total{code=\"500\"}[5m]))' comes out around 4", True),
        ("Then 'sum(rate(http_requests_total{code=\"500\"}[5m]))' comes out around 9", False),
        ("Then `sum(rate(http_requests_total[5m]))` sits at about 200", True),
        ('Then "job_errors:missing_rule" is 1', False),
        ('Then "sum(rate(http_requests_total[5m]))" > 150', True),
        ('Then "sum(rate(http_requests_total[5m]))" < 150', False),
        ('Then "sum(rate(http_requests_total[5m]))" ≈ 200', True),
        ('Then "sum(rate(http_requests_total[5m]))" is 200 requests per second', True),
        ('Then "sum(rate(http_requests_total[5m]))" does not exceed 199', False),
        ('Then "sum(rate(http_requests_total[5m]))" is no higher than 200', True),
        ('Then "sum(rate(http_requests_total[5m]))" is not below 201', False),
        ('Then the result of "sum(rate(http_requests_total[5m]))" is 200', True),
        ("Then evaluating 'sum(rate(http_requests_total[5m]))' gives 100", False),
        ("Then \"up{job='gone'}\" returns no data", True),
        ("Then \"up{job='gone'}\" is empty", True),
        ("Then \"up{job='payments'}\" has no results", False),
        ('Then the query "up{job="payments"}" returns 1', True),
    ],
)
def test_a_quoted_query_and_its_verb(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_PAYMENTS, check)
    assert (
        "no step matches" not in out
        and "definitions (" not in out
        and "more than one way" not in out
    ), out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then 'sum(rate(http_requests_total[5m]))' stays under 201", True),
        ("Then 'sum(rate(http_requests_total[5m]))' stayed below 199 the whole time", False),
        ("Then \"up{job='payments'}\" never drops below 1", True),
        ("Then \"sum(rate(http_requests_total{code='500'}[5m]))\" never goes above 2", False),
        ("Then \"sum(rate(http_requests_total{code='500'}[5m]))\" never went above 5", True),
        ("Then 'sum(rate(nothing_total[5m]))' stays under 5", False),
    ],
)
def test_a_query_held_over_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    """Errors start late: a bound now is not a bound the whole time."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given the service "payments" serves 200 requests per second',
        "When 10 minutes pass",
        "And payments starts failing 2% of requests",
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
    ("text", "read"),
    [
        ("\"up{service='auth'}\"", True),
        ('"up{job="auth"}"', True),
        ('"job:errors:ratio5m"', True),
        ('"payments"', False),
        ('"checkout-availability"', False),
    ],
)
def test_a_double_quoted_name_is_not_a_query(text: str, read: bool) -> None:
    pattern = re.compile(TYPES["quotedpromql"].regex, re.IGNORECASE)
    assert (pattern.fullmatch(text) is not None) is read
