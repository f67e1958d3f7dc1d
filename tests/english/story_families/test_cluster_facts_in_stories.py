"""Cluster facts as a story tells them: "at least 4 web pods were ready the whole time",
"nothing is scheduled on node-3", "prod was rolled back by the alert once", and lists in a
check that keep their order ("the history of prod is R1 then R3")."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.errors import UndefinedStepError
from kubeloop.harness.registry import REGISTRY, load_step_library
from tests.harness.one_scenario import run_scenario

load_step_library()


@pytest.mark.parametrize(
    "said",
    [
        "at least 4 web pods were ready the whole time",
        'at least 4 pods of "web" stayed ready all along',
        "at least 4 pods were ready throughout",
        "at no point were fewer than 4 pods ready",
        "web never had fewer than 4 ready pods",
    ],
)
@pytest.mark.parametrize(("unavailable", "passes"), [(0, True), (1, False)])
def test_ready_the_whole_time_is_every_pass_so_far(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    said: str,
    unavailable: int,
    passes: bool,
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        f'And a deployment "web" with 4 replicas at v1 with maxSurge 1 and maxUnavailable '
        f"{unavailable}",
        'When I roll out version "v2" of "web"',
        f"Then {said}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    "said",
    ["nothing is scheduled on", "nothing is left on", "nothing remains on", "nothing runs on"],
)
@pytest.mark.parametrize(("node", "passes"), [("node-3", True), ("node-1", False)])
def test_nothing_on_a_node_is_no_pod_on_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, node: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas',
        "When node-3 fails and I reconcile",
        "And 10 minutes pass",
        f"Then {said} {node}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"), [("R1 then R2", True), ("R2 then R1", False), ("R1 then R2 then R1", False)]
)
def test_a_history_said_with_then_keeps_its_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        'Given a manifest "web" version "1.0.0"',
        'When I build "web" as R1',
        "Given R1 passed every gate",
        "And R1 was promoted to dev",
        'Given a manifest "web" version "1.0.1"',
        'When I build "web" as R2',
        "Given R2 passed every gate",
        "And R2 was promoted to dev",
        f"Then dev's history is {said}",
    )
    assert (code == 0) is passes, out


def test_a_check_is_never_split_at_then() -> None:
    """Split at "then", "dev runs R1 then R2" would read as two checks of one moment."""
    with pytest.raises(UndefinedStepError):
        REGISTRY.match("then", "dev runs R1 then R2")
    said = REGISTRY.match("when", "I promote R1 to dev then staging")  # one chain, or two
    places = [
        v for m in said for a in m.arguments.values() for v in (a if isinstance(a, tuple) else (a,))
    ]
    assert [p for p in places if p in ("dev", "staging")] == ["dev", "staging"]


@pytest.mark.parametrize(
    ("where", "passes"),
    [
        ("on the other nodes", True),
        ("on the remaining 3 nodes", True),
        ("on the remaining 2 nodes", False),
        ("on node-3 and node-4", False),
    ],
)
def test_the_other_nodes_are_every_node_but_the_one_named_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 4 nodes with 8 CPU and 16Gi each",
        'And a deployment "checkout" with 8 replicas at 1 CPU per pod',
        "When node-3 goes down",
        "And the cluster reconciles",
        "And 10 minutes pass",
        "Then none of the checkout pods are on node-3",
        f"And all 8 checkout pods are running {where}",
    )
    assert (code == 0) is passes, out


@pytest.mark.parametrize(
    ("said", "passes"),
    [
        ("it never goes beyond 5", True),
        ("web never exceeds 5 replicas", True),
        ("web never goes above 4 pods", False),
    ],
)
def test_never_beyond_a_count_is_every_pass_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], said: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas at v1 with maxSurge 1 and maxUnavailable 0',
        'When I roll out version "v2" of "web"',
        f"Then {said}",
    )
    assert (code == 0) is passes, out
