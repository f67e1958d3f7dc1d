"""Families of SRE sentences beyond the first batches: an error ratio written as a fraction
with its window before or after it, a burn rate "for" an SLO and "about" a value, "no page
went out". Each runs a small scenario through ``kubeloop run`` and checks the value is read
(a wrong value fails the scenario)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.grammar import readings
from tests.harness.one_scenario import run_scenario as _run

_TRAFFIC = (
    "Given the web service is getting 100 requests per second",
    "And 2% of those requests fail with a 500",
    "When 10 minutes go by",
)


@pytest.mark.parametrize(
    "check",
    [
        "Then the error ratio over the last 5 minutes is 0.02",
        "Then the 5m error ratio for web should be 0.02",
        "Then the 5xx ratio of web over 1h is about 0.02",
        "Then the failure ratio for web is below 0.03",
    ],
)
def test_an_error_ratio_as_a_fraction_reads_its_window_and_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str
) -> None:
    code, out = _run(tmp_path, capsys, *_TRAFFIC, check)
    assert code == 0, out


@pytest.mark.parametrize(
    "check",
    [
        "Then the error ratio over the last 5 minutes is 0.04",
        "Then the 5m error ratio for web is about 0.2",
        "Then the failure ratio for web is above 0.03",
    ],
)
def test_a_wrong_error_ratio_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str
) -> None:
    code, out = _run(tmp_path, capsys, *_TRAFFIC, check)
    assert code == 1 and "error ratio of web" in out, out


_BURN = (
    'Given an SLO "checkout" of 99.9% availability over 30 days',
    "And checkout takes 500 requests per second",
    "When checkout starts failing 5% of requests",
    "And an hour passes",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the 1h burn rate for checkout is about 48", True),
        ("Then the 1h burn rate for checkout is 50", True),
        ("Then the 1h burn rate for checkout is around 30", False),
        ("Then the 1h burn rate for checkout is above 60", False),
    ],
)
def test_a_burn_rate_for_an_slo_and_about_a_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_BURN, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("fast", "passes"), [("0.01%", True), ("5%", False)])
def test_no_page_went_out_is_nobody_was_paged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fast: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given an SLO "checkout" of 99.9% availability over 30 days',
        "And it pages on a fast burn and opens a ticket on a slow burn",
        "And checkout takes 500 requests per second",
        f"When checkout starts failing {fast} of requests",
        "And an hour passes",
        "Then no page went out",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("change", "percent"),
    [
        ("When errors jump to 10% of traffic", "10%"),
        ("When the failure rate doubles to 4%", "4%"),
        ("When web starts returning errors on 20% of its requests", "20%"),
        ("When half the requests fail", "50%"),
        ("When the errors for web go up to 8% of requests", "8%"),
    ],
)
def test_errors_said_as_a_subject_set_the_share_of_failing_requests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, percent: str
) -> None:
    lines = (
        "Given web gets steady traffic of 100 requests per second",
        change,
        "And 10 minutes pass",
    )
    code, out = _run(tmp_path, capsys, *lines, f"Then the error rate of web is {percent}")
    assert code == 0, out
    code, out = _run(tmp_path, capsys, *lines, "Then the error rate of web is 1%")
    assert code == 1, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the total request rate for web is about 100 per second", True),
        ("Then the total request rate for web is about 80 per second", False),
        ("Then the error rate for web is back under 1%", True),
        ("Then the error rate for web is back above 3%", False),
    ],
)
def test_a_request_rate_about_a_value_and_a_rate_back_under_a_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given web gets steady traffic of 100 requests per second",
        "When errors jump to 5% of traffic",
        "And 10 minutes pass",
        "And the errors stop",
        "And 10 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("HighErrorRate is inactive right now", "HighErrorRate is inactive"),
        ("prod is currently running R7", "prod is running R7"),
        ("the p99 latency of web is back below 500ms", "the p99 latency of web is below 500ms"),
        ("the error rate for web is back to 0%", "the error rate for web is 0%"),
        ("checkout's error rate stayed below 1%", "the error rate of checkout stayed below 1%"),
        ("all of R2's gates are green", "all the gates of R2 are green"),
        ("prod runs R6's digest", "prod runs the digest of R6"),
    ],
)
def test_back_currently_and_right_now_read_as_the_state_itself(said: str, read: str) -> None:
    assert read in readings(said)


def test_there_is_and_it_is_are_not_read_as_possessives() -> None:
    assert readings("there's a rollback event recorded for prod") == [
        "there is a rollback event recorded for prod"
    ]
    assert readings("it's firing") == ["it is firing"]


@pytest.mark.parametrize(("bound", "passes"), [("below 6%", True), ("below 4%", False)])
def test_a_possessive_reads_as_the_part_of_its_owner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bound: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given web gets steady traffic of 100 requests per second",
        "When errors jump to 5% of traffic",
        "And 10 minutes pass",
        f"Then web's error rate stayed {bound}",
    )
    assert (code == 0) is passes, out


_ALERTED = (
    "Given web gets steady traffic of 100 requests per second",
    'And the alert "WebErrors" fires when the 5xx ratio for web is over 5% for 2 minutes',
    "And the alert SlowWeb fires when the p99 for web goes above 1.5s for 2 minutes",
    "And an alert rule Down with the expression 'up == 0' and for: 5m",
)


@pytest.mark.parametrize(
    ("errors", "check", "passes"),
    [
        ("4%", "Then no alert fired", True),
        ("10%", "Then no alert fired", False),
        ("10%", "Then WebErrors fired", True),
        ("10%", "Then SlowWeb never fired", True),
        ("4%", "Then WebErrors never fired", True),
    ],
)
def test_alert_conditions_in_words_and_no_alert_fired(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, check: str, passes: bool
) -> None:
    lines = (*_ALERTED, f"When errors jump to {errors} of traffic", "And 10 minutes pass")
    code, out = _run(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("latency", "passes"), [("2s", True), ("1s", False)])
def test_a_percentile_without_the_word_latency_is_the_latency_quantile(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], latency: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given web is handling 100 requests per second at around {latency}",
        "And the alert SlowWeb fires when the p99 for web goes above 1.5s for 2 minutes",
        "When 10 minutes pass",
        "Then SlowWeb fired",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("slo", "name"),
    [
        ("Given an availability SLO of 99.9% for checkout", "checkout-availability"),
        (
            "Given an SLO for checkout of 99.9% availability over 30 days with burn rate alerts",
            "checkout-availability",
        ),
    ],
)
def test_an_slo_said_without_a_name_is_named_after_its_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], slo: str, name: str
) -> None:
    lines = (
        "Given checkout takes 500 requests per second",
        slo,
        "And the multi-window burn rate alerts are set up for " + name,
        "When checkout starts failing 5% of requests",
        "And an hour passes",
    )
    code, out = _run(tmp_path, capsys, *lines, f"Then the 1h burn rate for {name} is about 50")
    assert code == 0, out
    code, out = _run(tmp_path, capsys, *lines, f"Then the 1h burn rate for {name} is about 10")
    assert code == 1, out


def test_burn_rate_alerts_for_an_slo_that_is_not_declared_fail(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given an SLO "checkout" of 99.9% availability over 30 days',
        "And checkout takes 500 requests per second",
        "And burn rate alerts for payments with paging and ticketing severities",
    )
    assert code == 1 and 'an SLO named "payments"' in out, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the p99 latency of api is somewhere around 1 second", True),
        ("Then the 99th percentile latency is about 0.85 seconds", True),
        ("Then the 99th percentile latency is about 0.95 seconds", False),
        ("Then the 99th percentile latency is 0.95 seconds", False),
        ("Then the p99 latency of api is around 500ms", False),
    ],
)
def test_a_latency_about_a_value_is_within_a_tenth_of_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    """Every request takes 800ms, a bucket bound (said before the first scrape): the p99
    reads 0.5 + 0.3 × 0.99 = 0.797 s, within a tenth of 0.85 but not of 0.95."""
    code, out = _run(
        tmp_path,
        capsys,
        "Given api is handling 50 requests per second at around 800ms",
        "When 15 minutes pass",
        check,
    )
    assert (code == 0) is passes, out
