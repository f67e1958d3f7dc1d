"""A node's name is no build's (runs10, blind batch31-32): "node-1 and node-2 are in zone-a,
node-3 and node-4 in zone-b" read as builds node-1 and node-2 running in an environment
"zone-a", and failed with "an artifact node-1 built earlier". A list of names shaped as a
node's (node-2) is never a list of builds, so the line reads as nodes in zones: new nodes
are added there; nodes already added fail with how to say their zones, since a node's zone
is a label it is added with."""

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


def test_nodes_already_added_say_how_to_zone_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path, capsys, "Given 4 nodes", f"And {_ZONES}", "Then 4 nodes are Ready"
    )
    assert code != 0, out
    assert "already added without a zone" in out, out
    assert (
        "Given 4 nodes where node-1 and node-2 are in zone-a, node-3 and node-4 are in zone-b"
        in out
    )
    assert "artifact" not in out, out
