""" "prod is empty" is about what prod runs: nothing. It was read as the cluster's check that
no pod is on a node called "prod" (failing: there is no such node). An environment's name
is never a node's bare name; a node named after one keeps its suffix ("prod-1")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    ("check", "promoted", "passes"),
    [
        ("prod is empty", "", True),
        ("staging is empty", "", True),
        ("prod remains empty", "staging", True),
        ("staging is empty", "staging", False),
        ("dev is left empty", "dev", False),
    ],
)
def test_an_empty_environment_runs_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, promoted: str, passes: bool
) -> None:
    moves = {"": (), "dev": ("When I promote R1 to dev",)}
    moves["staging"] = (*moves["dev"], "And I promote R1 to staging")
    code, out = run_matched(
        tmp_path,
        capsys,
        'Given a manifest "shop" version "1.0.0" built as R1 that passed every gate',
        *moves[promoted],
        f"Then {check}",
    )
    assert 'node named "' not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize("text", ["prod is empty", "production is empty", "dev remains empty"])
def test_never_the_node_check(text: str) -> None:
    load_step_library()
    found = REGISTRY.quietly("then", text)
    assert [m.definition.function.__name__ for m in found] == ["env_runs"], found


def test_a_node_named_after_an_environment_keeps_its_suffix(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a node prod-1",
        'And a deployment "web" with 2 replicas',
        "When I reconcile",
        "Then prod-1 is empty",
    )
    assert code != 0, out
    assert "2 on prod-1" in out, out
