"""An HPA without a behavior climbs in steps (runs13, blind batch36: "When web's CPU
utilization goes to 400% / And I reconcile / Then web has 8 replicas" saw 4). Upstream's
legacy rate limit lets one sync grow to at most max(2 × current, 4), and the HPA syncs every
15 s, so one reconcile is one step. Kept as upstream; the failure says so and gives the wait
that reaches the count, and that sentence passes. No hint when the HPA does not want the
count, or when nothing limited it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_GIVEN = (
    "Given 4 nodes",
    'And a deployment "queue" with 1 replica requesting 250m CPU per pod',
    "And queue autoscales between 1 and 20 replicas at 50% CPU",
    "When queue's CPU utilization goes to 900%",
    "And I reconcile",
)


def test_a_count_the_hpa_climbs_to_later_gives_the_wait(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_GIVEN, "Then queue has 16 replicas")
    assert code != 0, out
    assert "ScaleUpLimit" in out, out
    assert 'say "When 30 seconds pass" before the check' in out, out


def test_the_wait_the_failure_gives_reaches_the_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path, capsys, *_GIVEN, "When 30 seconds pass", "Then queue has 16 replicas"
    )
    assert code == 0, out


def test_a_count_beyond_what_the_hpa_wants_gives_no_wait(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(tmp_path, capsys, *_GIVEN, "Then queue has 19 replicas")
    assert code != 0, out
    assert "ScaleUpLimit" not in out, out
