"""A node that fails "halfway through" a rollout (runs17, blind batch43): "node-3 fails
halfway through and I reconcile" matched nothing. It fails the node while a rollout is
under way (begun with "I start rolling out …", left to run); after a rollout that ran to its
end in its own step ("When I roll out …") it fails at its own line and says how to begin
one that is left to run, instead of failing a node after the fact."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_matched


@pytest.mark.parametrize(
    "text",
    [
        "node-3 fails halfway through the rollout",
        "node-3 fails halfway through",
        "node-2 dies in the middle of the rollout of web",
        "node-1 crashes mid-rollout",
        "node-3 goes down during the rollout",
    ],
)
def test_a_node_failing_mid_rollout_is_one_step(text: str) -> None:
    load_step_library()
    [match] = REGISTRY.match("when", text)
    assert match.definition.function.__name__ == "node_fails_mid_rollout"


_BEGUN = (
    "Given 3 nodes",
    'And a deployment "ranker" with 6 replicas at v1',
    "When I start rolling out version v2 of ranker with maxSurge 1 and maxUnavailable 1",
    "And node-3 fails halfway through the rollout",
    "And the cluster settles",
)


@pytest.mark.parametrize(
    ("then", "passes"),
    [
        ('Then every pod of "ranker" runs v2', True),
        ("Then no pod is on node-3", True),
        ("Then node-3 is NotReady", True),
        ('Then every pod of "ranker" runs v1', False),
    ],
)
def test_a_node_fails_while_a_begun_rollout_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], then: str, passes: bool
) -> None:
    code, out = run_matched(tmp_path, capsys, *_BEGUN, then)
    assert (code == 0) is passes, out


def test_after_a_whole_rollout_it_fails_at_its_line_and_says_how_to_begin_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_matched(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "ranker" with 6 replicas at v1',
        "When I roll out version v2 of ranker with maxSurge 1 and maxUnavailable 1",
        "And node-3 fails halfway through and I reconcile",
        "Then node-3 is Ready",
    )
    assert code != 0
    assert "✗ And node-3 fails halfway through and I reconcile" in out, out
    assert "When I start rolling out v2 of ranker" in out, out
