"""Pods a zone spread holds Pending after a whole zone fails: kube-scheduler still counts the
failed zone (taints are ignored when domains are counted), so the surviving zone may not
take the pods past maxSkew. The failed count says so, with the skew, and the sentence that
lets the pods run where there is room; a spread said "when possible" does let them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


def _zone_lost(tmp_path: Path, capsys: pytest.CaptureFixture[str], spread: str) -> tuple[int, str]:
    return run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes in zone-a and 2 in zone-b",
        f'And a deployment "api" of 6 replicas requesting 250m CPU {spread}',
        "When I reconcile",
        "And node-3 and node-4 fail",
        "And I reconcile",
        "Then all 6 api pods are running",
    )


def test_a_lost_zone_still_counts_and_the_failure_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _zone_lost(tmp_path, capsys, "spread evenly over zones with maxSkew 2")
    assert code != 0
    held = re.search(
        r"its pods per domain are zone-a (\d+), zone-b 0, so one more in zone-a "
        r"makes a skew of (\d+) \((\d+) - 0\)",
        out,
    )
    assert held is not None, out
    assert int(held.group(2)) == int(held.group(3)) == int(held.group(1)) + 1 > 2
    assert "zone-b can take no pod (node-3 NotReady, node-4 NotReady)" in out
    assert 'spread them "across zones when possible"' in out


def test_the_sentence_it_teaches_lets_the_pods_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _zone_lost(tmp_path, capsys, "spread across zones with maxSkew 2 when possible")
    assert code == 0, out


def test_pods_short_of_room_get_no_word_about_the_spread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes in zone-a and 2 in zone-b",
        'And a deployment "api" of 6 replicas requesting 3 CPU spread across zones',
        "When I reconcile",
        "Then all 6 api pods are running",
    )
    assert code != 0
    assert "Insufficient cpu" in out
    assert "makes a skew" not in out, out


@pytest.mark.parametrize(
    "then",
    ["Then no api pod is pending", "Then exactly 1 api pod is Pending", "Then 1 pod is stuck"],
)
def test_a_pending_count_that_finds_too_many_says_the_spread_holds_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str
) -> None:
    """runs13: a check counting Pending pods, not running ones, fails with more pods Pending
    than it allows; the Pending pods are the ones held, and the note says so too."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes in zone-a and 2 in zone-b",
        'And a deployment "api" of 6 replicas requesting 250m CPU spread across zones',
        "When I reconcile",
        "And node-3 and node-4 fail",
        "And I reconcile",
        then,
    )
    assert code != 0, out
    assert "makes a skew of" in out, out
    assert 'spread them "across zones when possible"' in out, out
