""" "It" after a node or a service went down is that node or service: "checkout fails every
request for 90 seconds, then it recovers" brings the service back, "node-2 fails, then it
recovers" the node. "It" was read as a node called "it", which failed at run time."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("outage", "back", "passes"),
    [
        ("90 seconds pass", "then it recovers", True),
        ("2 minutes pass", "it comes back", True),
        ("1 minute passes", "then it comes back up", True),
        ("5 minutes pass", "then it recovers", False),
    ],
)
def test_it_is_the_service_that_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], outage: str, back: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given checkout serves 120 requests per second",
        'And an alert "CheckoutDown" fires when the error rate is above 50% for 3 minutes',
        "When checkout starts failing every request",
        f"And {outage}",
        f"And {back}",
        "And 10 minutes pass",
        "Then CheckoutDown never fired",
    )
    assert 'node "it"' not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("back", "check", "passes"),
    [
        ("then it recovers", "node-2 is Ready", True),
        ("it comes back", "node-2 is Ready", True),
        ("then it recovers", "node-2 is NotReady", False),
    ],
)
def test_it_is_the_node_that_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], back: str, check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path, capsys, "Given 3 nodes", "When node-2 fails", f"And {back}", f"Then {check}"
    )
    assert 'node "it"' not in out, out
    assert (code == 0) is passes, out


def test_it_after_a_build_is_no_node(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        "When node-2 fails",
        "And a build of web at 1.0.0 as D1",
        "And it recovers",
    )
    assert code != 0, out
    assert "the build D1 was named last" in out, out
