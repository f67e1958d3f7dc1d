"""Alert states looked back on, and services that recover, said as on-call people say them:
"fired for at least 10 minutes", "went pending at some point", "nothing is left pending",
"nothing was sent to the pager", "the page for X went off", "a ticket is open", "isn't
paging by the end", "everything is fine again for 30 minutes", "recovers completely", "the
error rate settles at 0.7%". A wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_ALERT = (
    "Given search serves 100 rps",
    'And an alert "SearchErrors" fires when search\'s 5m error ratio is above 5% for 2 minutes',
    "When 10 minutes pass",
    "And search starts failing 20% of requests for 15 minutes",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then SearchErrors fired for at least 10 minutes", True),
        ("Then SearchErrors fired for less than 5 minutes", False),
        ("Then SearchErrors went pending at some point", True),
        ("Then SearchErrors is still firing", True),
        ("Then nothing is left pending", True),
        ("Then nothing is still firing", False),
    ],
)
def test_an_alert_looked_back_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_ALERT, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then SearchErrors isn't firing by the end", True),
        ("Then nothing is still firing", True),
        ("Then SearchErrors is firing", False),
        ("Then the error rate of search is 0%", True),
        ("Then the p99 latency of search is below 300ms", True),
    ],
)
def test_everything_fine_again_for_a_while(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_ALERT,
        "And requests to search take 2 seconds",
        "And everything is fine again for 30 minutes",
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("change", "check", "passes"),
    [
        ("When search recovers completely", "Then the p99 latency of search is below 300ms", True),
        ("When search recovers", "Then the p99 latency of search is below 300ms", False),
        (
            "When the error rate of search settles at 0.7%",
            "Then the error rate of search is 0.7%",
            True,
        ),
        (
            "When the error rate of search settles at 0.7%",
            "Then the error rate of search is 0%",
            False,
        ),
    ],
)
def test_recovering_completely_or_partly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given search serves 100 rps with 10% errors",
        "When requests to search take 2 seconds",
        "And 10 minutes pass",
        change,
        "And 10 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


_SLO = (
    "Given checkout serves 1000 rps",
    "And we promise customers 99.9% availability over 30 days",
    "When 6 hours pass",
)


@pytest.mark.parametrize(
    ("incident", "check", "passes"),
    [
        (False, "Then nothing was sent to the pager", True),
        (True, "Then nothing was sent to the pager", False),
        (True, 'Then the page for "checkout-availability" went off while it was happening', True),
        (False, "Then the page for checkout-availability went off", False),
        (True, "Then checkout-availability isn't paging by the end", True),
        (True, "Then the SLO is not being met", True),
        (False, "Then the SLO is not being met", False),
    ],
)
def test_pages_looked_back_on(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    incident: bool,
    check: str,
    passes: bool,
) -> None:
    outage = ("And checkout fails every request for 10 minutes", "And 1 hour passes")
    code, out = run_scenario(tmp_path, capsys, *_SLO, *(outage if incident else ()), check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("errors", "passes"), [("0.7%", True), ("0.05%", False)])
def test_a_ticket_is_open(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], errors: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_SLO,
        f"And the error rate of checkout settles at {errors} for 6 hours",
        "Then a ticket is open for checkout-availability",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("when", "check", "passes"),
    [
        ("When 1 minute passes", "Then it isn't firing yet", True),
        ("When 1 minute passes", "Then it shouldn't be firing yet", True),
        ("When 1 minute passes", "Then it is pending", True),
        ("When 1 minute passes", "Then it is not pending either", False),
        ("When 5 minutes pass", "Then it isn't firing yet", False),
    ],
)
def test_it_is_the_alert_named_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], when: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given search at 400 rps",
        'And an alert "SearchDown" when \'up{job="search"} == 0\' for 2 minutes',
        "When 5 minutes pass",
        "And the target goes down",
        when,
        check,
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("recovery", "passes"),
    [
        ("And then recovers completely", True),
        ("And then everything's fine again for 30 minutes", True),
        ("And the target comes back up", False),
    ],
)
def test_recovering_said_without_a_subject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], recovery: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given search serves 400 rps cleanly",
        "When 10 minutes pass",
        "And search starts failing 10% of requests",
        "And requests to search take 2 seconds",
        recovery,
        "And 10 minutes pass",
        "Then the p99 latency of search is below 300ms",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("down", "up", "check", "passes"),
    [
        ("payments crashes", "payments comes back", "Then the service payments is up", True),
        ("payments goes down", "payments comes back up", "Then PaymentsDown is resolved", True),
        ("payments crashes", "2 minutes pass", "Then the service payments is up", False),
    ],
)
def test_a_service_said_where_a_node_could_be(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    down: str,
    up: str,
    check: str,
    passes: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given payments serves 100 rps",
        "And an alert PaymentsDown fires when payments is down for 1 minute",
        "When 5 minutes pass",
        f"And {down}",
        "And 3 minutes pass",
        "Then PaymentsDown is firing",
        f"When {up}",
        "And 3 minutes pass",
        check,
    )
    assert (code == 0) is passes, out


def test_a_node_named_like_nothing_still_fails_naming_the_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, "Given payments serves 100 rps", "When billing crashes"
    )
    assert code == 1 and 'node "billing" not found' in out, out
