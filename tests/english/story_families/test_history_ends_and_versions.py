"""An environment's history checked the way a release review says it: how it ends or
begins ("the history of prod ends with v5 and v4"), each entry named by its build's alias or
by its version. Run as a scenario where on-call rolls prod back by hand, with cases that
must fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario

_ROLLED_BACK = (
    'Given prod runs version v4 of "orders" on 3 nodes with 3 replicas',
    "When v5 is signed, approved and promoted all the way to prod",
    "And on-call rolls prod back to v4",
)


@pytest.mark.parametrize(
    ("check", "passes"),
    [
        ("the history of prod ends with v5 and v4", True),
        ("the history of prod ends with v4 and v5", False),
        ("the history of prod is v4, v5 and v4", True),
        ("the history of prod is v4 and v5", False),
        ("prod's history ends with orders-v5, orders-v4", True),
        ("the release history of prod starts with v4 then v5", True),
        ("the history of prod begins with v5", False),
        ("the history of prod ends in v4", True),
        ("the history of prod ends with v3, v4, v5 and v4", False),
        ("the history of qa ends with v4", False),
    ],
)
def test_how_a_history_ends_or_begins_named_by_alias_or_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], check: str, passes: bool
) -> None:
    code, out = run_scenario(tmp_path, capsys, *_ROLLED_BACK, f"Then {check}")
    assert (code == 0) is passes, out
