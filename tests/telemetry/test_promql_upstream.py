"""Prometheus' own PromQL test tables (promqltest) run against kubeloop.

The files are upstream's ``promql/promqltest/testdata``, all of them (commit in the data
folder's README), run with upstream's extra checks: every instant query again with ``@``
pinned and evaluated at other times and as a range query, expected error messages, exact
point counts, with delayed ``__name__`` removal and start timestamps on as in promqltest's
engine. Every ``eval`` must pass or be skipped for a reason kubeloop documents; the pass
counts and the skips are pinned, so a case that silently turns into a skip fails.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
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
    "histograms.test": 185,
    "info.test": 53,
    "limit.test": 37,
    "literals.test": 25,
    "name_label_dropping.test": 30,
    "native_histograms.test": 522,
    "operators.test": 214,
    "range_queries.test": 18,
    "selectors.test": 31,
    "staleness.test": 17,
    "start_timestamps.test": 26,
    "subquery.test": 34,
    "trig_functions.test": 19,
    "type_and_unit.test": 58,
}
SKIPPED: dict[str, int] = {}
"""Every skip, by reason, over all the files: none, now that native histograms, the trim
operators, delayed name removal and start timestamps are all evaluated (README and
docs/telemetry.md say so)."""


@cache
def _outcomes(name: str) -> tuple[Outcome, ...]:
    return tuple(Runner().run(DATA / name).outcomes)


@pytest.mark.parametrize("name", sorted(PASSING))
def test_upstream_file(name: str) -> None:
    outcomes = _outcomes(name)
    failures = [f"line {o.line}: {o.expr}\n    {o.detail}" for o in outcomes if o.status == "fail"]
    assert not failures, "\n".join(failures)
    odd = [o for o in outcomes if o.status == "skip" and o.detail not in SKIPPED]
    assert not odd
    assert sum(o.status == "pass" for o in outcomes) == PASSING[name]


def test_every_skip_reason_and_its_count() -> None:
    found = Counter(o.detail for name in PASSING for o in _outcomes(name) if o.status == "skip")
    assert dict(found) == SKIPPED


NEEDS_DELAYED_REMOVAL = {
    "histograms.test": {1179, 1184, 1189, 1200, 1205, 1210},
    "name_label_dropping.test": {59, 64, 69, 74, 89, 115, 119, 123},
    "native_histograms.test": {1908, 1911},
    "type_and_unit.test": {77, 92, 222, 237},
}
"""The cases whose answer differs without delayed ``__name__`` removal: results that keep
labels until the end, the bad-``le`` warning that names the metric only then."""


def test_without_delayed_removal_only_the_cases_that_need_it_differ() -> None:
    """Prometheus' default (no delayed removal) gives every other case upstream's answer."""
    for name in sorted(PASSING):
        plain = Runner(delayed_name_removal=False).run(DATA / name).outcomes
        delayed = {o.line: o.status for o in _outcomes(name)}
        differ = {o.line for o in plain if o.status != delayed[o.line]}
        assert differ == NEEDS_DELAYED_REMOVAL.get(name, set()), name


def test_readme_names_the_snapshot_and_every_skip_with_its_count() -> None:
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    data = " ".join((DATA / "README.md").read_text().split())
    commit = data.split("commit `", 1)[1].split("`", 1)[0]
    assert f"`{commit}`" in readme
    passed, skipped = sum(PASSING.values()), sum(SKIPPED.values())
    assert f"**{passed:,} cases pass, 0 fail, {skipped} skipped**" in readme


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
