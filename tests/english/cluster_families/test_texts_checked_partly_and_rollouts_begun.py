"""Cluster lines said the way operators say them: a text field checked partly ("the
pending reason mentions …", "the reason the rollout stalled starts with …": every Pending
pod's FailedScheduling message, "is" the whole of it), pods never doubled up on a node
("nothing is scheduled twice on the same node": no node holds two), and a rollout begun
but not waited for ("I start rolling out v2 of web with maxSurge 1 and maxUnavailable 0":
the template changes and one pass runs, so a node can fail half-way). Each family has a
twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_TOO_BIG = (
    "Given 2 nodes",
    'And a deployment "batch" with 2 replicas requesting 6 CPU per pod',
    "When I reconcile",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('the pending reason mentions "Insufficient cpu"', True),
        ('the reason for the pending pods is "Insufficient cpu"', False),
        ('the pending pods\' message starts with "0/2 nodes are available"', True),
        ('the pending reason mentions "Insufficient memory"', False),
        ('every pending pod\'s reason contains "Insufficient cpu"', True),
        ('the pending reason ends with "for incoming pod."', True),
    ],
)
def test_every_pending_reason_checked_partly_or_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_TOO_BIG, f"Then {check}")
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ('the stall reason mentions "maxSurge"', True),
        ('the reason the rollout stalled contains "Insufficient cpu"', False),
        ('the stall reason is "maxSurge"', False),
    ],
)
def test_a_stall_reason_checked_partly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a 3-node cluster running 4 replicas of web at v1",
        "When I roll out version v2 of web with maxSurge 0 and maxUnavailable 0",
        "Then the rollout stalls",
        f"And {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("setup", "check", "passes"),
    [
        (
            ('a deployment "job" with 3 replicas requesting 3 CPU per pod',),
            "nothing is scheduled twice on the same node",
            True,
        ),
        (
            ('a deployment "job" with 3 replicas requesting 1 CPU per pod',),
            "no two pods of job are on the same node",
            False,
        ),
        (
            ('a deployment "job" with 3 replicas requesting 3 CPU per pod',),
            "no node got two job pods",
            True,
        ),
        (
            ('a deployment "job" with 4 replicas requesting 1 CPU per pod',),
            "nothing gets placed twice on the same node",
            False,
        ),
    ],
)
def test_no_node_holds_two(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    setup: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 2 nodes",
        *(f"And {line}" for line in setup),
        "When I reconcile",
        f"Then {check}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("after", "check", "passes"),
    [
        (("And node-3 fails", "And the cluster settles"), 'every pod of "web" runs v2', True),
        ((), 'every pod of "web" runs v2', False),
        ((), 'every pod of "web" runs v1', False),
        (("And node-3 fails", "And the cluster settles"), "no pod is on node-3", True),
        ((), "7 pods of web are running", True),
    ],
)
def test_a_rollout_begun_and_left_to_run(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    after: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a 3-node cluster running 6 replicas of web at v1",
        "When I start rolling out version v2 of web with maxSurge 1 and maxUnavailable 0",
        *after,
        f"Then {check}",
    )
    assert (code == 0) is passes, out


def test_a_build_is_rolled_out_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a 3-node cluster running 4 replicas of web at v1",
        'And a manifest "web" version "2.0.0"',
        'When I build "web" as W2',
        "And I begin a rollout of W2 to web",
        'Then every pod of "web" runs v1',
    )
    assert code != 0, out
    assert "When I roll out W2 to web" in out, out
