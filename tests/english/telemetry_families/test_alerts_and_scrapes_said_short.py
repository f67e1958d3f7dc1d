"""Telemetry lines SREs write in shorthand: an alert said with what it watches and no verb
("an alert PayErrors on the 5xx ratio above 5% for 5m"), latency percentiles of "its
requests" (the service named last; "at p50" is never a service's name), every service of a
sort scraped at one interval ("every tenant service is scraped every 30 seconds": no
service called tenant), and a burn-rate alert "for" a service whose one SLO has another
name. Each family has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("alert", "passes"),
    [
        ('an alert "PayErrors" on the 5xx ratio above 5% for 5m', True),
        ("an alert PayErrors on the error rate of payments above 5% for 5 minutes", True),
        ('the alert "PayErrors" on the 3m error ratio over 5%, for 5m', True),
        ("an alert PayErrors watching the failure rate being above 5% for 2 minutes", True),
        ('an alert "PayErrors" on the 5xx ratio above 20% for 5m', False),
        ("an alert PayErrors on the error ratio below 5% for 5m", False),
    ],
)
def test_an_alert_said_with_what_it_watches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], alert: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "payments" serves 100 requests per second with 10% errors',
        f"And {alert}",
        "When 15 minutes pass",
        'Then the alert "PayErrors" is firing',
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("alert", "passes"),
    [
        ("an alert PaySlow on the p99 latency above 500ms for 5 minutes", True),
        ('an alert "PaySlow" over the p99 latency above 500ms', True),
        ("an alert PaySlow on the p99 latency above 2s for 5 minutes", False),
    ],
)
def test_a_latency_alert_said_with_what_it_watches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], alert: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "payments" serves 50 requests per second',
        "And its requests take 120ms at p50 and 900ms at p99",
        f"And {alert}",
        "When 15 minutes pass",
        'Then the alert "PaySlow" is firing',
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "check", "passes"),
    [
        (
            "its requests take 120ms at p50 and 800ms at p99",
            "p99 latency of payments is above 500ms",
            True,
        ),
        (
            "its requests take 120ms at p50 and 800ms at p99",
            "p50 latency of payments is below 260ms",
            True,
        ),
        (
            "its calls complete in 40ms at p50 and 300ms at p99",
            "p99 latency of payments is below 500ms",
            True,
        ),
        (
            "its latency is 200ms at the median and 2s at p99",
            "p99 latency of payments is above 1s",
            True,
        ),
        (
            "its requests take 120ms at p50 and 800ms at p99",
            "p99 latency of payments is below 500ms",
            False,
        ),
    ],
)
def test_its_requests_at_percentiles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "payments" serves 50 requests per second',
        f"And {said}",
        "When 15 minutes pass",
        f"Then the {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "scrapes"),
    [
        ("every tenant service is scraped every 30 seconds", 2),
        ("all customer-facing services are scraped every 30s", 2),
        ("each backend service gets scraped every 30 seconds", 2),
        ("all the internal services are scraped every 15 seconds", 2),
    ],
)
def test_every_service_of_a_sort_is_scraped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, scrapes: int
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        f"Given {said}",
        'And the service "search" serves 40 requests per second',
        "When 5 minutes pass",
        f"Then search was scraped {scrapes} times in the last minute",
    )
    assert (code == 0) is ("15" not in said), out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the burn-rate alert for inventory pages the on-call", True),
        ("the fast burn alert for inventory is firing", True),
        ("the burn-rate alert for inventory is not firing", False),
    ],
)
def test_a_burn_rate_alert_for_a_service_whose_slo_has_another_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "inventory" serves 200 requests per second with 0% errors',
        'And an SLO "availability" of 99.9% over 30 days for the service "inventory"',
        "When 5% of inventory's requests start failing",
        "And 20 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("payments errors on 10% of requests", True),
        ("10% of payments's requests fail", True),
        ("payments fails less than 20% of requests", True),
        ("payments returns 5xx for 10% of its requests", True),
        ("payments fails less than 5% of requests", False),
        ('the alert "PayErrors" went from pending to firing', True),
        ("PayErrors fired after being pending", True),
        ("the budget burn rate over the last hour is above 14.4", True),
        ("the budget burn rate over the last hour is below 14.4", False),
    ],
)
def test_errors_and_alert_states_in_other_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "payments" serves 100 requests per second with 10% errors',
        'And an SLO "payments-availability" of 99.9% over 30 days for the service "payments"',
        'And an alert "PayErrors" fires when the error rate is above 5% for 5 minutes',
        "When 15 minutes pass",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_an_alert_that_fired_without_waiting_never_went_from_pending(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        'Given the service "payments" serves 100 requests per second with 10% errors',
        'And an alert "PayErrors" fires when the error rate is above 5%',
        "When 15 minutes pass",
        'Then the alert "PayErrors" went from pending to firing',
    )
    assert code != 0, out
