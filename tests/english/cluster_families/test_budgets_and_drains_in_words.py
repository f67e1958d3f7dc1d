"""PodDisruptionBudgets said in words ("on search that allows at most 1 pod to be
unavailable", "allows at most 1 pod down", "keeps at least 50% of its pods available"), and
drains said in the passive ("node-1 is drained [for maintenance]"). Each case has a twin that
must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("budget", "allowed"),
    [
        ("a PodDisruptionBudget on web that allows at most 1 pod to be unavailable", 1),
        ("a disruption budget on web allows at most 2 pods down", 2),
        ("a disruption budget for web that allows at most 1 unavailable pod", 1),
        ("a PDB covering web which tolerates up to 2 pods being disrupted at a time", 2),
        ("a PDB for web with no more than 1 pod down", 1),
        ("a disruption budget on web that keeps at least 3 of its pods available", 1),
        ("a PDB for web, which requires at least 50% of the pods running", 2),
        ("a disruption budget on web that never lets more than 1 pod go down", 1),
    ],
)
@pytest.mark.parametrize("off_by", [0, 1])
def test_a_budget_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], budget: str, allowed: int, off_by: int
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas',
        f"And {budget}",
        "When I reconcile until stable",
        f'Then the disruption budget "web" allows {allowed + off_by} disruptions',
    )
    assert "no step matches" not in out, out
    assert (code == 0) is (off_by == 0), out


@pytest.mark.parametrize(
    ("drain", "check", "passes"),
    [
        ("node-1 is drained", "node-1 is drained", True),
        ("node-1 gets drained for maintenance", "no web pod is on node-1", True),
        ("node-1 and node-2 are drained", "node-2 has been fully drained", True),
        ("node-1 is drained", "node-2 is drained", False),
        ("node-1 is drained for a kernel upgrade", "node-1 has 1 pod", False),
    ],
)
def test_a_drain_in_the_passive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], drain: str, check: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 3 replicas requesting 2 CPU',
        "When I reconcile until stable",
        f"And {drain}",
        "And I reconcile until stable",
        f"Then {check}",
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(("when", "passes"), [("node-2 is drained", True), ("I reconcile", False)])
def test_an_empty_node_is_drained_only_once_cordoned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], when: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path, capsys, "Given 3 nodes", f"When {when}", "Then node-2 is drained"
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
