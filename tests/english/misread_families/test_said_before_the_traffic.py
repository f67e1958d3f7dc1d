"""An alert on a service's requests, or its latency, said before the service's traffic waits
for it (vocab11, blind batch30): "an alert "WebErrors" fires if over 5% of web's requests
fail for 5 minutes" then "web is taking 200 requests per second", and "checkout responds with
a median of 35ms and a p99 of 180ms" then "checkout serves 120 requests per second", failed
at the first line with "there are no services". A Given is the situation whole, so it is
made true when the traffic comes, as an SLO said first already was; a When still needs the
service there."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


def test_an_error_alert_said_first_fires_once_the_traffic_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given an alert "ApiFailing" fires if over 10% of api\'s requests fail for 2 minutes',
        "And api gets steady traffic of 50 requests per second",
        "When 30% of api's requests fail",
        "And 6 minutes pass",
        'Then "ApiFailing" is firing',
    )
    assert code == 0, out


def test_a_latency_said_first_is_the_latency_of_the_traffic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given search answers in 20ms at p50 and 400ms at p95",
        "And search serves 60 requests per second",
        "When 10 minutes pass",
        "Then search's p95 is between 250ms and 500ms",
        "And search's median is between 10ms and 25ms",
    )
    assert code == 0, out


def test_a_when_naming_a_service_not_there_still_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        "When search answers in 20ms at p50 and 400ms at p95",
        "Then 2 nodes are Ready",
    )
    assert code != 0, out
    assert "there are no services" in out, out


def test_a_check_of_what_still_waits_names_the_lines_and_the_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A service whose traffic no line declares: the check of the alert that waited for it
    says which Givens wait and the sentence that declares the traffic, which then passes."""
    waiting = (
        'Given an alert "CartErrors" fires if over 2% of cart\'s requests fail for 3 minutes',
        "And cart answers in 20ms at p50 and 900ms at p99",
        "When 5 minutes pass",
    )
    code, out = run_matched(tmp_path, capsys, *waiting, 'Then "CartErrors" is firing')
    assert code != 0, out
    assert 'the Givens at lines 3, 4 still wait for the traffic of "cart"' in out, out
    said = 'Given the service "cart" serves 100 requests per second'
    assert said in out, out
    declared = (*waiting[:2], said.replace("Given", "And"), "When 30% of cart's requests fail")
    code, out = run_matched(
        tmp_path, capsys, *declared, "And 5 minutes pass", 'Then "CartErrors" is firing'
    )
    assert code == 0, out


def test_nothing_waiting_adds_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(tmp_path, capsys, "Given 2 nodes", 'Then "Nowhere" is firing')
    assert code != 0, out
    assert "still wait" not in out, out
