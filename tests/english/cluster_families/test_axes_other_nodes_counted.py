"""The nodes left after one goes, counted in digits or words and before or after
"other"/"remaining" ("the other three nodes", "the 3 remaining nodes"); a count that is
not how many there are fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_LOST = (
    "Given a 4-node cluster running 8 replicas of storefront at v3",
    "When node-2 goes down and the cluster reconciles",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("all 8 storefront pods are running on the other three nodes", True),
        ("all 8 storefront pods are running on the 3 remaining nodes", True),
        ("all 8 storefront pods are running on the remaining three nodes", True),
        ("all 8 storefront pods are running on the three other nodes", True),
        ("all 8 storefront pods are running on the other two nodes", False),
        ("all 8 storefront pods are running on the 4 remaining nodes", False),
    ],
)
def test_the_other_nodes_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_LOST, f"Then {check}")
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out
