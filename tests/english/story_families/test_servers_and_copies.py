"""The cluster as a manager tells it: copies on servers, one of the servers dying, where the
copies are afterwards, and copies serving the whole time of a rollout. A wrong claim fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_DIES = (
    "Given checkout runs 6 copies of v2 across 3 servers",
    "When one of the servers dies",
    "And 1 minute passes",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("Then checkout still has 6 copies running on the other two servers", True),
        ("Then none of them are on the dead server", True),
        ("Then node-1 is NotReady", True),
        ("Then checkout still has 6 copies running on the other three servers", False),
        ("Then checkout still has 5 copies running on the other two servers", False),
    ],
)
def test_one_server_dies_and_the_copies_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_DIES, check)
    assert (code == 0) is passes, out


def test_the_dead_server_must_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout runs 4 copies across 3 servers",
        "When 1 minute passes",
        "Then none of them are on the dead server",
    )
    assert code == 1 and "a node that failed" in out, out


@pytest.mark.parametrize(
    ("surge", "passes"), [("1 and maxUnavailable 0", True), ("0 and maxUnavailable 2", False)]
)
def test_copies_serving_the_whole_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], surge: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout runs 4 copies across 3 servers",
        f'When I roll out version "v2" of "checkout" with maxSurge {surge}',
        "Then at least 4 copies were serving customers the whole time",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("how", "check", "passes"),
    [
        ("one pod at a time", "Then at least 4 pods were ready the whole time", True),
        ("one pod at a time", "Then throughout the rollout there were at most 5 pods", True),
        (
            "one copy at a time, never taking a copy away first",
            "Then at least 4 copies were serving customers the whole time",
            True,
        ),
        (
            "with maxSurge 0 and maxUnavailable 2",
            "Then at least 4 pods were ready the whole time",
            False,
        ),
        ("one pod at a time", "Then throughout the rollout there were at most 4 pods", False),
    ],
)
def test_one_pod_at_a_time_surges_one_and_takes_none_away(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given checkout runs 4 copies across 3 servers",
        f"When I update checkout to v2 {how}",
        check,
    )
    assert (code == 0) is passes, out
