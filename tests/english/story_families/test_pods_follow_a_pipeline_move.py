"""A When that changes what prod runs (a promotion, an approval, a rollback) is an event, as
every When is: the cluster prod deploys to rolls when the scenario reconciles or lets time
pass (docs/scenarios.md, "How a scenario runs"), and then its pods run what prod runs. A move
the pipeline refuses or holds changes nothing, so nothing rolls however long it waits."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_matched

_FLEET = 'Given prod runs version v4 of "orders" on 3 nodes with 6 replicas'


@pytest.mark.parametrize(
    ("moves", "check", "passes"),
    [
        (
            (
                "And v5 is signed, approved and promoted all the way to prod",
                "When the on-call rolls prod back to v4",
                "And 5 minutes pass",
            ),
            'every "orders" pod runs v4',
            True,
        ),
        (
            ("When v5 is signed, approved and promoted all the way to prod", "And 5 minutes pass"),
            "every orders pod runs v5",
            True,
        ),
        (
            ("When v5 is signed, approved and promoted all the way to prod",),
            "every orders pod runs v5",
            False,
        ),
        (
            ("When v5 is signed and promoted to prod without approval", "And 5 minutes pass"),
            "every orders pod runs v5",
            False,
        ),
        (
            ("When v5 is signed and promoted to prod without approval", "And 5 minutes pass"),
            "every orders pod runs v4",
            True,
        ),
    ],
)
def test_pods_follow_what_prod_runs(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    moves: tuple[str, ...],
    check: str,
    passes: bool,
) -> None:
    code, out = run_matched(tmp_path, capsys, _FLEET, *moves, f"Then {check}")
    assert (code == 0) is passes, out
