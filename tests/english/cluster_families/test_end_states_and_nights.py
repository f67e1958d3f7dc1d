"""Cluster lines said loosely: "6 api pods end up running" (the pods' phase now), "api had
at least 5 ready pods the whole time" (after every reconcile pass), and a node failing "in
the middle of the night" (the time of day is colour: the node fails now). Each family has a
twin that must fail or must not match."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_matched

_FLEET = (
    "Given 3 nodes",
    'And a deployment "api" with 6 replicas requesting 1 CPU',
    "When I reconcile until stable",
)


_run = run_matched


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("6 api pods end up running", True),
        ("all 6 api pods eventually end up running", True),
        ("the api pods finally wind up ready", True),
        ("no api pod ends up pending", True),
        ("7 api pods end up running", False),
        ("6 api pods end up pending", False),
    ],
)
def test_pods_end_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_FLEET, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("api had at least 5 ready pods the whole time", True),
        ("api kept at least 4 healthy pods throughout", True),
        ("api has had at least 6 ready pods all along", True),
        ("api had at least 7 ready pods the whole time", False),
    ],
)
def test_a_floor_the_whole_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_FLEET, "And 5 minutes pass", f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("failure", "fails_now"),
    [
        ("node-3 goes down in the middle of the night", True),
        ("node-3 fails late at night", True),
        ("node-3 loses power in the early hours of the morning", True),
        ("node-3 goes NotReady during the night", True),
        ("5 minutes pass", False),
    ],
)
def test_a_node_failing_at_night_fails_now(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failure: str, fails_now: bool
) -> None:
    code, out = _run(tmp_path, capsys, *_FLEET, f"And {failure}", "Then node-3 is NotReady")
    assert (code == 0) is fails_now, out


@pytest.mark.parametrize(
    ("keyword", "line"),
    [
        ("when", "node-3 goes down at 3am"),
        ("then", "api had at least 5 ready pods"),
    ],
)
def test_lines_that_say_more_do_not_match(keyword: str, line: str) -> None:
    assert not REGISTRY.quietly(keyword, line)


@pytest.mark.parametrize(
    ("load", "passes"),
    [
        ("worker's pods are using 100% of their CPU", True),
        ("the worker pods use 100% of their CPU", True),
        ("worker pods average 100% of the cpu", True),
        ("worker's pods are using 50% of their CPU", False),
    ],
)
def test_a_share_of_their_cpu_is_utilization(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], load: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 4 nodes",
        'And a deployment "worker" of 3 replicas requesting 500m CPU per pod',
        "And an HPA on worker with min 3, max 10 and a 50% CPU target",
        "When I reconcile until stable",
        f"And {load}",
        "And 2 minutes pass",
        "Then worker has scaled out to 6 replicas",
    )
    assert (code == 0) is passes, out


def test_a_share_of_their_memory_does_not_match() -> None:
    assert not REGISTRY.quietly("when", "worker's pods are using 90% of their memory")
