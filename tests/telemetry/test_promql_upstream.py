"""Prometheus' own PromQL test tables (promqltest, v3.14.0) run against kubeloop.

Every ``eval`` in the vendored files must pass or be skipped for a reason kubeloop documents
(native histograms, experimental functions, limitk). The pass counts are pinned so a case
that silently turns into a skip fails this test.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from promqltest_runner import Runner

DATA = Path(__file__).parent / "data" / "promqltest"
PASSING = {
    "aggregators.test": 124,
    "at_modifier.test": 71,
    "collision.test": 2,
    "functions.test": 323,
    "histograms.test": 93,
    "literals.test": 25,
    "operators.test": 141,
    "range_queries.test": 16,
    "selectors.test": 31,
    "staleness.test": 17,
    "subquery.test": 32,
    "trig_functions.test": 19,
}
ALLOWED_SKIPS = ("native histogram samples", "unsupported: ")


@pytest.mark.parametrize("name", sorted(PASSING))
def test_upstream_file(name: str) -> None:
    result = Runner().run(DATA / name)
    failures = [f"line {o.line}: {o.expr}\n    {o.detail}" for o in result.outcomes
                if o.status == "fail"]  # fmt: skip
    assert not failures, "\n".join(failures)
    odd = [
        o for o in result.outcomes if o.status == "skip" and not o.detail.startswith(ALLOWED_SKIPS)
    ]
    assert not odd
    assert result.count("pass") == PASSING[name]


def test_every_vendored_file_is_run() -> None:
    assert sorted(p.name for p in DATA.glob("*.test")) == sorted(PASSING)


def test_the_runner_catches_a_wrong_expectation(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.test"
    wrong.write_text(
        'load 5m\n  x{a="1"} 0+10x10\n\n'
        'eval instant at 50m rate(x[10m])\n  {a="1"} 0.5\n\n'
        'eval instant at 50m x\n  x{a="1"} 100\n'
    )
    result = Runner().run(wrong)
    assert [o.status for o in result.outcomes] == ["fail", "pass"]
