"""Bounds over a rollout or an incident said as people say them, recovery said as the
system acting (reconcile until settled), a rollout with its budget said "I roll web out to
v2 with …", and CPU said as use. Each case has a twin that must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_ROLLOUT = (
    "Given 3 nodes",
    'And a deployment "cart" with 4 replicas at v1',
    "When I reconcile until stable",
    "And I roll cart out to v2 with maxSurge 1 and maxUnavailable 0",
    "And the system recovers on its own",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("there were never more than 5 cart pods at once", True),
        ("cart never had more than 5 pods at a time", True),
        ("cart never had fewer than 4 pods available", True),
        ("cart always had at least 4 available pods", True),
        ("all 4 copies run v2", True),
        ("there were never more than 4 cart pods at once", False),
        ("cart never had more than 4 pods at the same time", False),
        ("cart never had fewer than 5 pods available", False),
        ("at least 5 cart pods stayed available the whole time", False),
    ],
)
def test_bounds_over_a_rollout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_ROLLOUT, f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


def test_available_is_refused_where_it_is_not_ready(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        *_ROLLOUT[:2],
        'And deployment "cart" has minReadySeconds 10',
        *_ROLLOUT[2:],
        "Then cart never had fewer than 1 pod available",
    )
    assert code != 0 and "minReadySeconds" in out, out


@pytest.mark.parametrize(
    "recovery",
    ["the system recovers on its own", "the cluster heals itself", "the platform self-heals"],
)
@pytest.mark.parametrize(("where", "passes"), [("node-3", True), ("node-1", False)])
def test_recovery_said_as_the_system_acting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], recovery: str, where: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 6 replicas',
        "When I reconcile until stable",
        "And node-3 fails",
        f"And {recovery}",
        f"Then no web pod is left on {where}",
        "And all 6 copies are running",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("use", "wants"), [("120%", 4), ("30%", 1)])
@pytest.mark.parametrize("off", [0, 1])
def test_cpu_said_as_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], use: str, wants: int, off: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 4 nodes",
        'And a deployment "api" with 2 replicas',
        "And an HPA on api targeting 60% CPU with between 1 and 8 replicas",
        f"When api's CPU use goes to {use}",
        f"Then the HPA wants {wants + off} replicas",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is (off == 0), out


@pytest.mark.parametrize(
    ("said", "wants"), [("api pods run at 90% CPU", 3), ("api pods use 20% cpu", 1)]
)
@pytest.mark.parametrize("off", [0, 1])
def test_cpu_said_of_the_pods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, wants: int, off: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 4 nodes",
        'And a deployment "api" with 2 replicas',
        "And an HPA on api from 1 to 8 replicas targeting 60% CPU",
        f"When {said}",
        f"Then the HPA wants {wants + off} replicas",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is (off == 0), out
