"""A node's name is no build's (runs10, blind batch31-32): "node-1 and node-2 are in zone-a,
node-3 and node-4 in zone-b" read as builds node-1 and node-2 running in an environment
"zone-a", and failed with "an artifact node-1 built earlier". A list of names shaped as a
node's (node-2) is never a list of builds, so the line reads as nodes in zones: new nodes
are added there; nodes already added are labelled with their zones (runs11), their pods
staying where they run."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_matched

_ZONES = "node-1 and node-2 are in zone-a, node-3 and node-4 in zone-b"


@pytest.mark.parametrize(
    "text",
    [
        _ZONES,
        "node-1 and node-2 are in zone-a",
        "node-1, node-2 and node-3 are in zone-a, node-4 is in zone-b",
        "node-1 and node-2 passed every gate",
        "node-3 and node-4 are running in prod",
    ],
)
def test_no_node_is_read_as_a_build(text: str) -> None:
    load_step_library()
    functions = {m.definition.function.__name__ for m in REGISTRY.quietly("given", text)}
    assert not functions & {"what_happened_to_each", "what_happened"}, (text, functions)


@pytest.mark.parametrize(
    ("zone", "count", "passes"),
    [("zone-a", 2, True), ("zone-b", 2, True), ("zone-a", 4, False), ("zone-c", 0, False)],
)
def test_new_nodes_go_to_their_zones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], zone: str, count: int, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        f"Given {_ZONES}",
        'And a deployment "search" with 4 replicas spread across zones',
        "When I reconcile",
        f'Then {count} pods of "search" are in {zone}',
    )
    assert "artifact" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("then", "passes"),
    [
        ('Then 3 pods of "search" are in zone-y', True),
        ("Then each zone has exactly 3 search pods", True),
        ('Then 4 pods of "search" are in zone-y', False),
    ],
)
def test_nodes_already_added_take_their_zones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str, passes: bool
) -> None:
    """Zones said after the nodes were added label them: the next pods spread by them (one
    node in zone-x takes as many as the two in zone-y)."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        "And node-3 is in zone-x, node-1 and node-2 are in zone-y",
        'And a deployment "search" with 6 replicas spread across zones',
        "When the cluster settles",
        then,
    )
    assert (code == 0) is passes, out


def test_pods_already_running_stay_when_their_node_changes_zone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A node's new zone moves no pod already there (IgnoredDuringExecution)."""
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given a 2-node cluster running 4 replicas of web at v1",
        "And node-2 is in zone-q, node-1 is in zone-p",
        "When the cluster settles",
        "Then zone-p has 4 web pods",
        "And zone-q runs no web pod",
    )
    assert code == 0, out
