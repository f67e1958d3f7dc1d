"""Traffic and failures said as moves: "jumps to", "drops back to", "starts returning HTTP
500 for 30% of requests", "goes back to 0.1% errors", "everything goes back to normal for
15 minutes", "traffic goes from 50 to 500"; and the error rate checked now, the whole time
and at some point. A wrong value fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_WEB = ("Given the service web serves 200 requests per second with 1% errors",)


@pytest.mark.parametrize(
    ("change", "percent"),
    [
        ("When web starts returning HTTP 500 for 30% of requests", "30%"),
        ('When "web" starts throwing 503s on 10% of its requests', "10%"),
        ("When web goes back to 0.5% errors", "0.5%"),
        ("When the error rate of web drops back to 0%", "0%"),
        ("When the failures drop to 0.2% of requests", "0.2%"),
        ("When server errors for web shoot up to 5% of traffic", "5%"),
        ("When 1 in 100 requests fail", "1%"),
        ("When the error percentage for web goes back down to 2%", "2%"),
    ],
)
def test_a_change_of_errors_said_as_a_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, percent: str
) -> None:
    lines = (*_WEB, change, "And 10 minutes pass")
    code, out = run_scenario(tmp_path, capsys, *lines, f"Then the error rate of web is {percent}")
    assert code == 0, out
    code, out = run_scenario(tmp_path, capsys, *lines, "Then the error rate of web is 7%")
    assert code == 1, out


@pytest.mark.parametrize(
    "back",
    [
        "When everything goes back to normal for 15 minutes",
        "When then things return to normal for 15 minutes",
        "When web is back to normal for 15 minutes",
        "When traffic for web comes back to normal for 15 minutes",
    ],
)
def test_back_to_normal_is_what_the_service_was_declared_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], back: str
) -> None:
    lines = (*_WEB, "When 20% of requests fail", "And traffic doubles to 400 rps", back)
    code, out = run_scenario(tmp_path, capsys, *lines, "Then the error rate of web is 1%")
    assert code == 0, out
    code, out = run_scenario(
        tmp_path, capsys, *lines, "Then the request rate of web is 200 per second"
    )
    assert code == 0, out
    code, out = run_scenario(tmp_path, capsys, *lines, "Then the error rate of web is 20%")
    assert code == 1, out


def test_back_to_normal_without_a_service_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(tmp_path, capsys, "When everything goes back to normal")
    assert code == 1 and "no service was declared" in out, out


@pytest.mark.parametrize(
    ("change", "passes"),
    [
        ("When traffic to web goes from 200 to 500 requests a second", True),
        ("When web jumps from 200 rps to 500 rps", True),
        ("When traffic to web rises from 50 to 500 rps", False),
    ],
)
def test_traffic_from_one_rate_to_another_checks_the_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, passes: bool
) -> None:
    lines = (*_WEB, change, "And 10 minutes pass", "Then the request rate of web is 500 per second")
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert (code == 0) is passes, out


def test_traffic_from_a_rate_declares_a_service_that_serves_nothing_yet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (
        "When traffic to api goes from 50 to 500 requests a second for 5 minutes",
        "And 5 minutes pass",
        "Then the request rate of api is 50 per second",
    )
    code, out = run_scenario(tmp_path, capsys, *lines)
    assert code == 0, out


_SPIKE = (*_WEB, "When 20% of requests fail for 5 minutes", "And 10 minutes pass")


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the error rate of web rose above 15%", True),
        ("Then the error rate of web has climbed past 25%", False),
        ("Then the error rate of web never went above 25%", True),
        ("Then the error rate of web never went above 15%", False),
        ("Then the error rate for web is back to 1%", True),
        ("Then the error rate of web stays at 1%", False),
        ("Then the error rate of web drops below 2%", True),
        ("Then the error percentage of web climbs above 15%", False),
        ("Then the availability of web is 99%", True),
        ("Then web's success rate is at least 99.5%", False),
        ("Then web is serving 200 requests per second", True),
        ("Then web gets about 180 rps", False),
    ],
)
def test_the_error_rate_now_the_whole_time_and_at_some_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_SPIKE, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the error rate of web stays at 0%", True),
        ("Then the error rate for web is back to 0", True),
        ("Then the error rate of web stayed at zero the whole time", True),
    ],
)
def test_an_error_rate_of_zero_said_bare(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    lines = ("Given web gets steady traffic of 100 requests per second", "When 10 minutes pass")
    code, out = run_scenario(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out
    code, out = run_scenario(
        tmp_path, capsys, *lines, "When 2% of requests fail", "And 5 minutes pass", check
    )
    assert code == 1, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the request counter for web keeps going up", True),
        ('Then http_requests_total{job="web"} keeps increasing', True),
        ("Then the error counter for web has stopped growing", False),
        ("Then the error counter for web is growing", True),
    ],
)
def test_a_counter_that_keeps_going_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_WEB, "When 10 minutes pass", check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then the error rate for web is 10 percent", True),
        ("Then the availability of web is 90 per cent", True),
        ("Then the error rate for web is 20 percent", False),
    ],
)
def test_a_percentage_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    lines = (
        "Given web gets steady traffic of 100 requests per second",
        "When 10 percent of requests fail",
        "And 10 minutes pass",
    )
    code, out = run_scenario(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out
