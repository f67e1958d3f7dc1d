"""A deployment and the nodes it runs on said in one sentence, nodes said as servers,
machines or hosts in any phrase, requests said as what a pod asks for, and an HPA's bounds
said "with between 2 and 8 replicas". Each case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("setup", "nodes", "pods"),
    [
        ('a deployment "cart" with 4 replicas at v1 on 3 nodes', 3, 4),
        ('a deployment "cart" of 6 copies across 2 servers', 2, 6),
        ("a deployment cart with 5 replicas on 4 machines with 8 CPU each", 4, 5),
        ("we have 4 servers running 8 copies of cart", 4, 8),
        ("there are 3 machines running 6 instances of cart", 3, 6),
        ("3 hosts running 3 replicas of cart", 3, 3),
    ],
)
@pytest.mark.parametrize("off", [0, 1])
def test_nodes_and_a_deployment_in_one_sentence(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    setup: str,
    nodes: int,
    pods: int,
    off: int,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given {setup}",
        "When I reconcile until stable",
        f"Then there are {nodes + off} servers",
        f"And {pods} cart pods are running",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is (off == 0), out


@pytest.mark.parametrize(
    ("request_said", "running"),
    [
        ("asking for 1 CPU each", 8),
        ("that needs 2 CPU", 4),
        ("needing 500m cpu", 10),
    ],
)
@pytest.mark.parametrize("off", [0, 1])
def test_requests_said_as_what_a_pod_asks_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], request_said: str, running: int, off: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 2 servers",
        f'And a deployment "reports" with 10 replicas {request_said}',
        "When I reconcile until stable",
        f"Then {running + off} reports pods are running",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is (off == 0), out


@pytest.mark.parametrize(
    "hpa",
    [
        "an HPA on api targeting 60% CPU with between 2 and 8 replicas",
        "an autoscaler for api scaling between 2 and 8 replicas at 60% cpu",
    ],
)
@pytest.mark.parametrize(("wants", "passes"), [(8, True), (7, False)])
def test_an_hpa_with_between(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], hpa: str, wants: int, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 4 nodes",
        'And a deployment "api" with 2 replicas',
        f"And {hpa}",
        "When the CPU usage of api rises to 300%",
        f"Then the HPA wants {wants} replicas",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("setup", "nodes", "pods"),
    [
        ("checkout runs on 3 servers with 6 copies", 3, 6),
        ("checkout is running on 2 machines with 4 replicas at v2", 2, 4),
        ('3 nodes running a deployment "checkout" with 5 replicas', 3, 5),
        ("a 4-server cluster and a deployment checkout of 2", 4, 2),
    ],
)
@pytest.mark.parametrize("off", [0, 1])
def test_a_deployment_said_with_the_nodes_it_runs_on(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    setup: str,
    nodes: int,
    pods: int,
    off: int,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        f"Given {setup}",
        "When I reconcile until settled",
        f"Then the cluster has {nodes + off} machines",
        f"And all {pods} checkout copies are running",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is (off == 0), out


@pytest.mark.parametrize(("where", "passes"), [("node-2", True), ("node-1", False)])
def test_the_controllers_catch_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes running a deployment web with 6 replicas",
        "When I reconcile until things settle",
        "And node-2 goes down and the controllers catch up",
        f"Then no web pod is left on {where}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
