"""Errors, recoveries, latency and SLOs in the word orders SREs and app developers use:
"checkout errors on 40% of requests", "5% of cart requests come back as HTTP 500", "it goes
back to failing 0.1% of requests" ("it": the service named last), "I fix it", "requests to
payments take 80ms at the median and 250ms at p99", "a 99.9% availability SLO "x" over 30
days on checkout", "I have an alert X on '…' for 5m". A wrong value fails on the check."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_WEB = ("Given the service web serves 200 requests per second with 1% errors",)


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], *lines: str) -> tuple[int, str]:
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert "no step matches" not in out and "definitions (" not in out, out
    return code, out


@pytest.mark.parametrize(
    ("change", "percent"),
    [
        ("When web errors on 40% of requests", "40%"),
        ("When 5% of web requests come back as HTTP 500", "5%"),
        ("When it goes back to failing 0.1% of requests", "0.1%"),
        ("When a quarter of the calls to web get a 500", "25%"),
        ("When web is erroring on 2% of its requests", "2%"),
        ("When 10% of those come back with an error", "10%"),
        ("When it drops back to 0.5% errors", "0.5%"),
        ("When web throws errors on half of its requests", "50%"),
    ],
)
def test_a_share_of_errors_in_other_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, percent: str
) -> None:
    lines = (*_WEB, change, "And 10 minutes pass")
    code, out = _run(tmp_path, capsys, *lines, f"Then the error rate of web is {percent}")
    assert code == 0, out
    code, out = _run(tmp_path, capsys, *lines, "Then the error rate of web is 7%")
    assert code == 1, out


def test_errors_said_for_a_while_end_after_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (*_WEB, "When web errors on 40% of requests for 3 minutes", "And 10 minutes pass")
    code, out = _run(tmp_path, capsys, *lines, "Then the error rate of web is 1%")
    assert code == 0, out


@pytest.mark.parametrize(
    "fix",
    [
        "When I fix it and the errors go away",
        "When we fix the bug",
        "When the fix goes out",
        "When someone patches web",
        "When a fix is deployed for web",
    ],
)
def test_a_fix_ends_the_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fix: str
) -> None:
    lines = (*_WEB, "When 20% of requests fail", fix, "And 10 minutes pass")
    code, out = _run(tmp_path, capsys, *lines, "Then the error rate of web is 0%")
    assert code == 0, out
    code, out = _run(tmp_path, capsys, *lines, "Then the error rate of web is 20%")
    assert code == 1, out


@pytest.mark.parametrize(
    ("line", "passes"),
    [
        ("Given it serves 200 requests per second with basically no errors", True),
        ("Given web is getting 200 requests per second with next to no errors", True),
        ("Given it serves 200 requests per second with 3% errors", False),
    ],
)
def test_basically_no_errors_is_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, passes: bool
) -> None:
    lines = (*_WEB, line, "When 10 minutes pass")
    code, out = _run(tmp_path, capsys, *lines, "Then the error rate of web is 0%")
    assert (code == 0) is passes, out


def test_it_names_no_service_before_one_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(tmp_path, capsys, "When it goes back to failing 0.1% of requests")
    assert code == 1 and "no service was named yet" in out, out


@pytest.mark.parametrize(
    ("line", "passes"),
    [
        ("When requests to web take 80ms at the median and 900ms at p99", True),
        ("When web requests complete in 80ms at p50 and 900ms at p99", True),
        ("When web's calls take a p50 of 80ms and a p99 of 900ms", True),
        ("When requests to web take 80ms at the median and 200ms at p99", False),
    ],
)
def test_percentiles_said_of_the_requests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, passes: bool
) -> None:
    lines = (*_WEB, line, "And 10 minutes pass")
    code, out = _run(tmp_path, capsys, *lines, "Then the p99 latency of web is above 500ms")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "slo",
    [
        'Given a 99.9% availability SLO "web-slo" over 30 days on web',
        'Given a 99.9% SLO "web-slo" over 30 days for web',
        'Given an availability SLO "web-slo" of 99.9% over 30 days for web',
        "Given a 99.9% monthly SLO web-slo for web",
    ],
)
def test_an_slo_named_after_its_objective(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], slo: str
) -> None:
    lines = (*_WEB, slo, "When 1 hour passes")
    spent = 'And the SLO "web-slo" is breached'  # web's 1% errors, on a budget of 0.1%
    code, out = _run(tmp_path, capsys, *lines, 'Then the objective of "web-slo" is 99.9%', spent)
    assert code == 0, out
    code, out = _run(tmp_path, capsys, *lines, 'Then the objective of "web-slo" is 99%')
    assert code == 1, out


@pytest.mark.parametrize(
    "rule",
    [
        'Given I have an alert "WebErroring" on \'sum(rate(http_requests_total{service="web",'
        'code=~"5.."}[5m])) > 1\' for 5m',
        'Given we have an alert rule WebErroring when \'sum(rate(http_requests_total{code="500"}'
        "[5m])) > 1' for 5 minutes",
        "Given we've got an alert WebErroring that fires when more than 0.5% of web requests are "
        "5xx for 5 minutes",
    ],
)
def test_an_alert_rule_said_as_owned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str
) -> None:
    code, out = _run(
        tmp_path, capsys, *_WEB, rule, "When 10 minutes pass", "Then WebErroring is firing"
    )
    assert code == 0, out
    code, out = _run(
        tmp_path, capsys, *_WEB, rule, "When 3 minutes pass", "Then WebErroring is firing"
    )
    assert code == 1, out


@pytest.mark.parametrize(
    "back",
    [
        "When the error rate drops back to normal",
        "When web's error rate returns to normal",
        "When the failure rate of web goes back to normal",
    ],
)
def test_the_errors_alone_go_back_to_normal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], back: str
) -> None:
    lines = (*_WEB, "When 20% of requests fail", "And traffic doubles to 400 rps", back)
    code, out = _run(
        tmp_path,
        capsys,
        *lines,
        "And 10 minutes pass",
        "Then the error rate is back to normal",
        "And the request rate of web is 400 per second",
    )
    assert code == 0, out
    code, out = _run(
        tmp_path, capsys, *lines, "And 10 minutes pass", "Then the error rate of web is 20%"
    )
    assert code == 1, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the error rate drops back to normal", False),
        ("Then web's error rate is still 20%", True),
        ("Then web's error rate is still 0", False),
    ],
)
def test_errors_not_back_yet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    lines = (*_WEB, "When 20% of requests fail", "And 10 minutes pass")
    code, out = _run(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "change",
    [
        "When traffic goes back down to 400 a second",
        "When traffic to web climbs up to 400 calls per second",
        "When web traffic jumps to 400 per second",
    ],
)
def test_a_rate_said_per_second_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str
) -> None:
    lines = (*_WEB, change, "And 10 minutes pass")
    code, out = _run(tmp_path, capsys, *lines, "Then the request rate of web is 400 per second")
    assert code == 0, out
    code, out = _run(tmp_path, capsys, *lines, "Then the request rate of web is 200 per second")
    assert code == 1, out
