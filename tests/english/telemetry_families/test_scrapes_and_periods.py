"""Scrape targets, a budget said loosely or over the whole period, and pages said the way
on-call people say them: "checkout is scraped every 30 seconds", "cart was scraped 4 times in
the last minute", "the checkout target goes down", "roughly 72% of the budget is left",
"we've used about 12% of this month's error budget", "I get paged", "the SLO pages the
on-call", "the page comes from the fast-burn window". A wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_CART = ("Given cart serves 10 requests per second", "And cart is scraped every 15 seconds")


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then cart was scraped 4 times in the last minute", True),
        ("Then Prometheus scraped cart 8 times over the past 2 minutes", True),
        ("Then cart was scraped 4 times in that minute", True),
        ("Then cart was scraped twice in the last minute", False),
        ("Then the cart target was scraped 20 times in the last 5 minutes", True),
        ('Then up{job="cart"} is 1', True),
    ],
)
def test_a_service_scraped_every_interval_counts_its_scrapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_CART, "When 10 minutes pass", check)
    assert (code == 0) is passes, out


def test_one_service_scrape_interval_is_refused_when_there_are_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given cart serves 10 requests per second",
        "And search serves 5 requests per second",
        "And Prometheus scrapes cart every 15 seconds",
    )
    assert code == 1 and "services are scraped every" in out and "search" in out, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then up{job="checkout"} is 0', True),
        ("Then checkout was scraped twice in the last minute", True),
        ("Then the service checkout is down", True),
        ("Then the service checkout is up", False),
    ],
)
def test_a_target_that_goes_down_is_still_scraped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 100 rps",
        "And checkout is scraped every 30 seconds",
        "When 5 minutes pass",
        "And the checkout target goes down",
        "And 2 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


_OUTAGE = (
    "Given the service checkout serves 1000 requests per second",
    'And an SLO "checkout-availability" of 99.9% over 30 days for the service "checkout"',
    "When 1 hour passes",
    "And checkout starts failing 100% of requests for 5 minutes",
    "And 10 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then we've used about 12% of this month's error budget", True),
        ("Then roughly 88% of this month's error budget is still left", True),
        ("Then less than 15% of this month's error budget is gone", True),
        ("Then checkout-availability has used about 12% of the month's budget", True),
        ("Then we've used about 30% of this month's error budget", False),
        ("Then at least 95% of the month's budget remains", False),
        ('Then about 12% of the error budget of "checkout-availability" has been spent', False),
        ("Then roughly 12% of the budget is left", False),
        ("Then almost all of the error budget is left", False),
    ],
)
def test_the_whole_period_budget_is_not_the_ratio_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_OUTAGE, check)
    assert (code == 0) is passes, out


_PARTLY = (
    "Given the service billing serves 1000 requests per second",
    'And an SLO "billing-availability" of 99% over 30 days for the service "billing"',
    "When billing starts failing 0.25% of requests",
    "And 30 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then about 25% of the error budget of "billing-availability" has been spent', True),
        ("Then roughly 75% of the budget is left", True),
        ("Then around 75% of billing-availability's budget is left", True),
        ("Then roughly 50% of the budget is left", False),
        ("Then almost all of billing-availability's error budget is left", False),
    ],
)
def test_about_a_share_of_the_budget_is_within_a_tenth(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_PARTLY, check)
    assert (code == 0) is passes, out


def test_almost_all_of_an_untouched_budget_is_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given the service billing serves 100 requests per second",
        'And an SLO "billing-availability" of 99.9% over 30 days for the service "billing"',
        "When 20 minutes pass",
        "Then almost all of billing-availability's error budget is left",
    )
    assert code == 0, out


_PAGING = (
    "Given the service api serves 100 requests per second",
    'And an SLO "api-availability" of 99.9% over 30 days for the service "api"',
    "When 6 hours pass",
    "And api starts failing 100% of requests for 2 minutes",
)
"""Two minutes of full outage after six quiet hours: the 1h/5m pair burns above 14.4, the
6h/30m pair not above 6 over its long window."""


@pytest.mark.parametrize(
    ("lines", "check", "passes"),
    [
        (_PAGING, "Then I get paged", True),
        (_PAGING, "Then we get paged", True),
        (_PAGING, 'Then the SLO "api-availability" pages the on-call', True),
        (_PAGING, "Then the page comes from the fast-burn window", True),
        (_PAGING, "Then the page comes from the slow-burn window", False),
        (_PAGING[:3], "Then I get paged", False),
        (_PAGING[:3], 'Then the SLO "api-availability" pages the on-call', False),
        (_PAGING[:3], "Then the page comes from the fast burn window", False),
    ],
)
def test_pages_said_by_whoever_is_on_call(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('Then sum(rate(http_requests_total{service="search"}[5m])) is 400', True),
        ("Then \"sum(rate(http_requests_total{service='search',job='search'}[5m]))\" is 400", True),
        ('Then sum(rate(http_requests_total{service="cart"}[5m])) returns nothing', True),
        ('Then count(up{service="search"}) is 2', False),
    ],
)
def test_a_service_label_selects_the_service_as_a_service_monitor_target_has_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, "Given search serves 400 rps", "When 10 minutes pass", check
    )
    assert "no step matches" not in out and "definitions (" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("back", "passes"), [(True, True), (False, False)])
def test_a_target_comes_back_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], back: bool, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 100 rps",
        "When the checkout target goes down",
        "And 2 minutes pass",
        *(["And the checkout target comes back up"] if back else []),
        "And 2 minutes pass",
        "Then the service checkout is up",
    )
    assert (code == 0) is passes, out
