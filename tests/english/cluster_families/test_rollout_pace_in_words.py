"""A rollout's pace said in plain words: "one extra pod at a time" is maxSurge 1, "2 extra
pods at a time" maxSurge 2, "with none down" / "nothing down at any point" maxUnavailable 0.
Each twin says a looser budget and must fail the bound."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.harness.one_scenario import run_scenario


@pytest.mark.parametrize(
    ("rollout", "passes"),
    [
        ("v2 is rolled out to web one extra pod at a time with none down", True),
        ("I roll out v2 to web one more pod at a time, with nothing down at any point", True),
        ("v2 rolls out to web 1 additional replica at a time with none unavailable", True),
        ("v2 is rolled out to web two extra pods at a time with none down", False),
        ("v2 is rolled out to web one extra pod at a time", False),
    ],
)
def test_a_rollout_pace_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rollout: str, passes: bool
) -> None:
    code, out = run_scenario(
        tmp_path,
        capsys,
        "Given 3 nodes",
        'And a deployment "web" with 4 replicas at v1',
        "When I reconcile until stable",
        f"And {rollout}",
        "Then every web pod runs v2",
        "And at least 4 web pods were ready the whole time",
        "And there were never more than 5 web pods during the rollout",
    )
    assert "no step matches" not in out and "ambiguous" not in out.lower(), out
    assert (code == 0) is passes, out
