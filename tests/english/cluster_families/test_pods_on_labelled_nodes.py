"""Where pods are, checked by their nodes' labels ("every ml pod is on a node labelled
gpu=true", "no ml pod runs on nodes with label gpu=true"), and a node selector said as what
the pods need or select ("that needs gpu=true", "selecting gpu=true"). The check reads each
pod's node and that node's labels: a deployment declared without the selector lands
elsewhere and fails the same check, and a label no node carries is an error, never a pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_NODES = ("Given 2 nodes", 'And a node "node-9" labelled gpu=true')


@pytest.mark.parametrize(
    ("declared", "checked", "passes"),
    [
        (
            'a deployment "ml" with 2 replicas that needs gpu=true',
            "every ml pod is on a node labelled gpu=true",
            True,
        ),
        (
            'a deployment "ml" of 2 replicas requesting 1 CPU per pod, selecting gpu=true',
            "all 2 ml pods run on nodes with the label gpu=true",
            True,
        ),
        (
            'a deployment "ml" with 2 replicas which requires gpu=true',
            "no ml pod is on a node labeled gpu=true",
            False,
        ),
        ('a deployment "ml" with 2 replicas', "every ml pod is on a node labelled gpu=true", False),
        ('a deployment "ml" with 2 replicas', "no ml pod runs on nodes labeled gpu=true", True),
        (
            'a deployment "ml" with 2 replicas that needs gpu=true',
            "at least 1 ml pod landed on a node with label gpu=true",
            True,
        ),
    ],
)
def test_pods_checked_by_their_nodes_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], declared: str, checked: str, passes: bool
) -> None:
    code, out = run_matched(
        tmp_path, capsys, *_NODES, f"And {declared}", "When I reconcile", f"Then {checked}"
    )
    assert (code == 0) is passes, out


def test_a_pod_on_an_unlabelled_node_is_named_with_its_nodes_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_NODES,
        'And a deployment "ml" with 1 replica',
        "When I reconcile",
        "Then every ml pod is on a node labelled gpu=true",
    )
    assert code != 0
    assert "on a node labeled gpu=true (node-9)" in out
    assert "ml-1 on node-1 (" in out, out


def test_a_label_no_node_carries_fails_and_lists_the_labels_there_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        *_NODES,
        'And a deployment "ml" with 2 replicas',
        "When I reconcile",
        "Then no ml pod is on a node labelled tier=batch",
    )
    assert code != 0
    assert "no node carries it" in out
    assert "gpu=true" in out, out
