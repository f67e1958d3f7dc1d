"""Story lines team leads and platform engineers write: a whole fleet in one breath ("a
3-node cluster with 4 replicas of storefront at v1 in prod": the nodes, the deployment and
prod running an artifact of it at that version), a version that "rolls out to" a deployment
(the rollout itself), and a node failing "while" a version rolls out (the failure, then the
rollout: the rollout's first moment is inside "while"). Each family has a twin that must
fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_run = run_matched


@pytest.mark.parametrize(
    ("fleet", "check", "passes"),
    [
        ('a 3-node cluster with 4 replicas of "storefront" at v1 in prod', "prod runs v1", True),
        ("3 nodes running 4 copies of storefront at v1 in prod", "node-3 is Ready", True),
        (
            'a cluster of 3 nodes with 4 replicas of "storefront" at version v1 live in prod',
            "every storefront pod runs v1",
            True,
        ),
        ("a 2-node cluster with 4 pods of storefront at v1 in prod", "node-3 is Ready", False),
        ('a 3-node cluster with 4 replicas of "storefront" at v1 in prod', "prod runs v2", False),
        (
            "3 nodes with 4 replicas of storefront at v1 in prod",
            "4 storefront pods are running",
            True,
        ),
    ],
)
def test_a_fleet_in_prod_in_one_breath(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fleet: str, check: str, passes: bool
) -> None:
    code, out = _run(tmp_path, capsys, f"Given {fleet}", f"Then {check}")
    assert (code == 0) is passes, out


def test_a_fleet_in_an_environment_that_does_not_exist_is_refused_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _run(
        tmp_path, capsys, "Given a 3-node cluster with 4 replicas of storefront at v1 in qa"
    )
    assert code != 0 and "an environment named qa" in out, out


@pytest.mark.parametrize(
    ("during", "version", "passes"),
    [
        (
            'node-1 fails while v2 rolls out to "web" with maxSurge 1 and maxUnavailable 0',
            "v2",
            True,
        ),
        ("node-1 goes down while v2 is rolled out to web", "v2", True),
        ("node-1 dies while I roll out v2 to web", "v2", True),
        ("node-1 fails while v2 rolls out to web", "v1", False),
    ],
)
def test_a_node_fails_while_a_version_rolls_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], during: str, version: str, passes: bool
) -> None:
    code, out = _run(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas at v1',
        "When I reconcile until stable",
        f"And {during}",
        f"Then every pod of web runs {version}",
        "And no pod is on node-1",
    )
    assert (code == 0) is passes, out
