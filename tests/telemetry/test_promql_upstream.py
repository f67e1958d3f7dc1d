"""Prometheus' own PromQL test tables (promqltest) run against kubeloop.

The files are upstream's ``promql/promqltest/testdata``, all of them (commit in the data
folder's README), run with upstream's extra checks: every instant query again with ``@``
pinned and evaluated at other times and as a range query, expected error messages, exact
point counts. Every ``eval`` must pass or be skipped for a reason kubeloop documents; the
pass counts and the skips are pinned, so a case that silently turns into a skip fails.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from promqltest_runner import Outcome, Runner

DATA = Path(__file__).parent / "data" / "promqltest"
PASSING = {
    "aggregators.test": 160,
    "at_modifier.test": 78,
    "collision.test": 2,
    "duration_expression.test": 59,
    "extended_vectors.test": 169,
    "fill-modifier.test": 46,
    "functions.test": 431,
    "histograms.test": 179,
    "info.test": 53,
    "limit.test": 37,
    "literals.test": 25,
    "name_label_dropping.test": 22,
    "native_histograms.test": 410,
    "operators.test": 214,
    "range_queries.test": 18,
    "selectors.test": 31,
    "staleness.test": 17,
    "start_timestamps.test": 0,
    "subquery.test": 34,
    "trig_functions.test": 19,
    "type_and_unit.test": 54,
}
SKIP_REASONS = (
    "unsupported: ",
    "start timestamps (@st)",
)
DELAYED_NAME_REMOVAL = {
    "histograms.test": {1179, 1184, 1189, 1200, 1205, 1210},
    "name_label_dropping.test": {59, 64, 69, 74, 89, 115, 119, 123},
    "native_histograms.test": {1908, 1911},
    "type_and_unit.test": {77, 92, 222, 237},
}
"""Cases that need delayed ``__name__`` removal, which promqltest's engine always runs with
and kubeloop does not model (Prometheus' ``promql-delayed-name-removal``, off by default):
results that keep labels until the end, and the bad-``le`` warning that names the metric
only then."""


SKIPPED = {
    "the histogram trim operator": 110,
    "start timestamps (@st)": 24,
    "delayed __name__ removal": 20,
    "function start_timestamp()": 2,
}
"""Every skip reason and how many cases it covers (docs/telemetry.md lists them)."""


@functools.cache
def _outcomes(name: str) -> list[Outcome]:
    known = DELAYED_NAME_REMOVAL.get(name, set())
    outcomes = Runner().run(DATA / name).outcomes
    for o in outcomes:
        if o.line in known:
            assert o.status == "fail", f"line {o.line} no longer needs delayed name removal"
            o.status, o.detail = "skip", "delayed __name__ removal"
    return outcomes


@pytest.mark.parametrize("name", sorted(PASSING))
def test_upstream_file(name: str) -> None:
    outcomes = _outcomes(name)
    failures = [f"line {o.line}: {o.expr}\n    {o.detail}" for o in outcomes if o.status == "fail"]
    assert not failures, "\n".join(failures)
    odd = [
        o
        for o in outcomes
        if o.status == "skip"
        and not o.detail.startswith(SKIP_REASONS)
        and o.detail != "delayed __name__ removal"
    ]
    assert not odd
    assert sum(o.status == "pass" for o in outcomes) == PASSING[name]


def test_every_skip_reason_is_counted() -> None:
    skipped = [o.detail for name in sorted(PASSING) for o in _outcomes(name) if o.status == "skip"]
    counts = {reason: sum(reason in d for d in skipped) for reason in SKIPPED}
    assert counts == SKIPPED
    assert sum(counts.values()) == len(skipped)


def test_every_upstream_file_is_run() -> None:
    assert sorted(p.name for p in DATA.glob("*.test")) == sorted(PASSING)


def test_the_runner_catches_a_wrong_expectation(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.test"
    wrong.write_text(
        'load 5m\n  x{a="1"} 0+10x10\n\n'
        'eval instant at 50m rate(x[10m])\n  {a="1"} 0.5\n\n'
        'eval instant at 50m x\n  x{a="1"} 100\n\n'
        "eval instant at 50m x\n  expect fail msg: something else\n"
    )
    result = Runner().run(wrong)
    assert [o.status for o in result.outcomes] == ["fail", "pass", "fail"]


def test_the_at_rerun_catches_a_time_dependent_answer(tmp_path: Path) -> None:
    """With ``@`` pinned, ``time()`` would move: upstream skips the re-run for it, and a
    selector evaluated at another time must still give the pinned answer."""
    case = tmp_path / "at.test"
    case.write_text("load 1m\n  x 0+1x10\n\neval instant at 5m x + time() - time()\n  {} 5\n")
    assert [o.status for o in Runner().run(case).outcomes] == ["pass"]
