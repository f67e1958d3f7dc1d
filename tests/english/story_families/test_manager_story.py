"""The one-world story as a manager tells it: a service live in prod, a promise to
customers that rolls back on a page, a release that goes bad, how long customers saw errors,
a version no customer ever saw, and the incident replayed. Each sentence does what it says;
a wrong claim fails the scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()

_LIVE = (
    "Given checkout v1 is live in prod taking 300 requests a second",
    "And we promise customers 99.9% availability over 30 days",
    "And checkout is rolled back automatically when that promise starts paging",
    "When 1 hour passes",
)
_BAD_RELEASE = (
    *_LIVE,
    "And we ship v2 of checkout",
    "And v2 fails a quarter of customer requests",
    "And 20 minutes pass",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then we got paged", True),
        ("Then prod is rolled back to v1", True),
        ("Then checkout was automatically rolled back to v1", True),
        ("Then prod is rolled back to v2", False),
        ("Then every pod of checkout runs v1", True),
        ("Then customers saw errors for less than 10 minutes", True),
        ("Then customers saw errors for at least 1 minute", True),
        ("Then customers saw errors for less than 1 minute", False),
        ("Then no customer ever saw v2", False),
        ("Then if we replay the incident we get exactly the same timeline", True),
    ],
)
def test_a_bad_release_pages_and_is_rolled_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_BAD_RELEASE, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then no customer ever sees v3", True),
        ("Then no customer ever sees v1", False),
        ("Then customers saw errors for at most 0 minutes", True),
        ("Then nobody was paged", True),
        ('Then the error budget of "checkout-availability" is 43.2 minutes', True),
        ("Then prod is rolled back to v1", False),
        ("Then every pod of checkout runs v1", True),
    ],
)
def test_a_live_service_and_its_promise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_LIVE, check)
    assert (code == 0) is passes, out


def test_no_customer_sees_needs_requests_told_apart_by_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout serves 100 rps",
        "When 10 minutes pass",
        "Then no customer ever sees v3",
    )
    assert code == 1 and "not split by version" in out, out


def test_shipping_rolls_the_deployment_to_the_new_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_LIVE,
        "And we ship checkout v2",
        "And 10 minutes pass",
        "Then every pod of checkout runs v2",
    )
    assert code == 0, out


@pytest.mark.parametrize(
    "said",
    [
        "if we replay the incident we get exactly the same timeline",
        "replaying the story gives the same timeline",
    ],
)
def test_replaying_is_the_told_again_check(said: str) -> None:
    (match,) = REGISTRY.match("then", said)
    assert match.definition.function.__name__ == "same_story_again"


@pytest.mark.parametrize(("failing", "passes"), [("25%", True), ("0%", False)])
def test_pods_on_a_version_fail_their_share(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failing: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout v1 is live in prod taking 300 requests a second",
        f"And pods on v2 fail {failing} of requests",
        "When we ship v2 of checkout",
        "And 10 minutes pass",
        "Then the error rate of checkout is above 20%",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("lines", "check", "passes"),
    [
        (_BAD_RELEASE, "Then the rollback happened before this month's budget ran out", True),
        (_BAD_RELEASE, "Then the rollback happened before the budget ran out", False),
        (_LIVE, "Then the rollback happened before this month's budget ran out", False),
        (_LIVE, "Then checkout-availability still has budget left", True),
        (_BAD_RELEASE, "Then checkout-availability still has budget left", False),
    ],
)
def test_the_budget_when_the_rollback_came(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    """The rollback came early for the month's budget, not for Sloth's ratio over the
    little data a young service has (every budget phrase without a period word)."""
    code, out = run_scenario(tmp_path, capsys, *lines, check)
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("before", "down", "check", "passes"),
    [
        ("30 days", "30 minutes", "Then customers saw errors for 30 minutes", True),
        ("30 days", "30 minutes", "Then customers saw errors for less than 20 minutes", False),
        ("4425 minutes", "30 minutes", "Then customers saw errors for 30 minutes", True),
        ("4425 minutes", "30 minutes", "Then customers saw errors for 31 minutes", True),
        ("4425 minutes", "30 minutes", "Then customers saw errors for 33 minutes", False),
        ("4425 minutes", "30 minutes", "Then customers saw errors for at least 30 minutes", True),
        ("4425 minutes", "30 minutes", "Then customers saw errors for at most 30 minutes", True),
    ],
)
def test_how_long_customers_saw_errors_in_a_long_world(
    before: str,
    down: str,
    check: str,
    passes: bool,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Past the points one query may read (11,000 scrape steps: a week at the default
    minute), the time is read span by span; the 4425-minute world puts a span's first
    point inside the outage (it ends 10,000 minutes before the check), where a point
    counted twice or left out shows."""
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given the service "web" serves 100 requests per second',
        f"When {before} pass",
        f"And web goes completely down for {down}",
        "And web recovers",
        "And 9985 minutes pass" if before == "4425 minutes" else "And 10 minutes pass",
        check,
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
