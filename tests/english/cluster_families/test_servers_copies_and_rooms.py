"""Nodes said as servers, machines or hosts and pods as copies or instances, in every
sentence shape; a pod waiting for room is Pending, and "for lack of CPU" is the scheduler's
"Insufficient cpu". Each case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("failure", "check", "passes"),
    [
        ("the server node-2 dies", "all 6 copies are running again", True),
        ("one machine, node-2, fails", "no web instance is left on node-2", True),
        ("a host, node-2, crashes", "none of the web copies are on node-2", True),
        ("the machine node-2 goes down", "all 7 copies are running again", False),
        ("one server, node-2, dies", "no web copy is left on node-1", False),
        ("node-2 fails", "2 instances are running on the remaining 2 servers", False),
    ],
)
def test_servers_and_copies_in_any_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failure: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 6 replicas',
        "When I reconcile until stable",
        f"And {failure}",
        "And I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("2 copies are waiting for room", True),
        ("only 8 instances are running", True),
        ("2 web pods are stuck pending for lack of CPU", True),
        ("2 copies are pending because there isn't enough cpu", True),
        ("3 copies are waiting for room", False),
        ("2 web pods are stuck pending for lack of memory", False),
        ("only 9 copies are running", False),
    ],
)
def test_copies_waiting_for_room(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 nodes",
        'And a deployment "web" with 10 replicas requesting 1 CPU',
        "When I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("none of them are on node-2", True),
        ("none of its copies are left on node-2", True),
        ("all of them are running", True),
        ("all of them run v2", True),
        ("none of its pods run v1", True),
        ("none of them are on node-1", False),
        ("all of its pods are on node-1", False),
    ],
)
def test_them_is_the_deployment_named_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 servers",
        'And a deployment "other" with 3 replicas',
        "And checkout needs 6 copies at 1 CPU each at v2",
        "When I reconcile until stable",
        "And node-2 dies",
        "And the cluster heals itself",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("said", "passes"), [("needs 10 copies", True), ("wants 9 copies", False)])
def test_a_deployment_said_as_what_it_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given 2 servers and checkout {said} at 1 CPU each",
        "When I reconcile until stable",
        "Then only 8 copies are running",
        "And 2 copies are waiting for room",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("none of web's pods are left on node-2", True),
        ("each of web's pods is running", True),
        ("none of web's copies are on node-1", False),
        ("each of other's pods is on node-2", False),
    ],
)
def test_a_deployments_pods_said_with_an_apostrophe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes running a deployment web with 6 replicas",
        'And a deployment "other" with 2 replicas',
        "When I reconcile until stable",
        "And node-2 dies",
        "And the system recovers on its own",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
