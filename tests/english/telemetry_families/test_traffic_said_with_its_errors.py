"""A service's errors said the way SREs say them: "5% of its requests come back with HTTP
500", "5% of its responses are 500s"; traffic said clean in apposition ("80 requests per
second, all of them successful", "…, none of them failing"); and a stretch of health ("then
payments is healthy again for an hour", "an hour passes with no errors"). Each sets the
service's 5xx ratio (and lets the time pass); each twin sees the other ratio or span."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_RATIO = (
    "\"sum(rate(http_requests_total{job='payments',code='500'}[5m])) / "
    "sum(rate(http_requests_total{job='payments'}[5m]))\""
)


@pytest.mark.parametrize(
    ("errors", "ratio"),
    [
        ("5% of its requests come back with HTTP 500", "0.05"),
        ("5% of payments's requests come back with HTTP 503", "0.05"),
        ("5% of its responses are 500s", "0.05"),
        ("10% of its requests come back with a 5xx", "0.1"),
        ("5% of its calls are server errors", "0.05"),
        ("5% of its requests come back with HTTP 500", "0.1"),
    ],
)
def test_a_share_coming_back_as_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, ratio: str
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "payments" is handling 200 requests per second',
        f"And {errors}",
        "When 10 minutes pass",
        f"Then {_RATIO} is {ratio}",
    )
    assert (code == 0) is (ratio == "0.05" or "5xx" in errors), out


@pytest.mark.parametrize(
    ("traffic", "clean"),
    [
        ("payments receives 80 requests per second, all of them successful", True),
        ("payments serves 80 rps, none of them failing", True),
        ("payments handles 80 requests per second and all of them succeed", True),
        ("payments gets 80 rps with every request succeeding", True),
        ("payments serves 80 rps with a 100% success rate", True),
        ("payments serves 80 rps with 5% errors", False),
    ],
)
def test_traffic_said_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], traffic: str, clean: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {traffic}",
        'And an alert "Errors" fires when more than 1% of payments requests fail',
        "When 10 minutes pass",
        'Then "Errors" never fired',
        "And the request rate for payments is 80 per second",
    )
    assert (code == 0) is clean, out


@pytest.mark.parametrize(
    ("stretch", "calm"),
    [
        ("then payments is healthy again for an hour", True),
        ("payments recovers for an hour", True),
        ("payments is error-free for 60 minutes", True),
        ("an hour passes with no errors", True),
        ("payments runs cleanly for an hour", True),
        ("payments is healthy again for 10 minutes", False),
    ],
)
def test_a_stretch_of_health(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stretch: str, calm: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given it is 00:00",
        'And "payments" is handling 100 requests per second',
        'And an alert "Errors" fires when more than 1% of payments requests fail',
        "When payments fails every request for 10 minutes",
        f"And {stretch}",
        'Then "Errors" is resolved',
        "And it is now 01:10",
    )
    assert (code == 0) is calm, out


@pytest.mark.parametrize(
    ("recovery", "quiet"),
    [
        ("And then it recovers", True),
        ("And it recovers", True),
        ("And it comes back", True),
        ("And 1 minute passes", False),
    ],
)
def test_it_recovers_is_the_service(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], recovery: str, quiet: bool
) -> None:
    """With services and no nodes, "it" is the service named last, never a node "it"."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given checkout serves 120 requests per second",
        "And an alert CheckoutDown fires if over 50% of checkout's requests fail for 3 minutes",
        "When checkout starts failing 60% of requests",
        "And 1 minute passes",
        recovery,
        "And 10 minutes pass",
        "Then CheckoutDown never fired",
    )
    assert (code == 0) is quiet, out


@pytest.mark.parametrize(
    ("said", "ratio", "holds"),
    [
        ("customers see errors on 5% of requests", "0.05", True),
        ("users get 500s for 5% of their requests", "0.05", True),
        ("our clients are seeing server errors on 10% of requests", "0.1", True),
        ("customers see errors on 10% of requests", "0.05", False),
    ],
)
def test_errors_said_by_who_sees_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, ratio: str, holds: bool
) -> None:
    """Errors customers see are the service named last failing that share."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "payments" is handling 200 requests per second',
        f"When {said}",
        "And 10 minutes pass",
        f"Then {_RATIO} is {ratio}",
    )
    assert (code == 0) is holds, out


@pytest.mark.parametrize(
    ("stretch", "holds"),
    [
        ("30 minutes pass with payments failing 10% of requests", True),
        ("an hour goes by with payments returning 500s for 10% of its requests", True),
        ("30 minutes pass with payments failing 1% of requests", False),
    ],
)
def test_time_passing_with_a_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stretch: str, holds: bool
) -> None:
    """Time said to pass with a service failing: it fails that share for that long, then as
    before (so the alert fired and is resolved again)."""
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given "payments" is handling 100 requests per second',
        'And an alert "Errors" fires when more than 5% of payments requests fail for 5m',
        f"When {stretch}",
        "And 10 minutes pass",
        'Then "Errors" fired',
        'And "Errors" is not firing',
    )
    assert (code == 0) is holds, out
