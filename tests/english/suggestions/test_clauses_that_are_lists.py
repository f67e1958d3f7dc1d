"""A clause of a line's two steps that is itself a list of clauses ("X, and after that, Y")
is first asked whether it reads as written by the grammar's readings alone, then offered
its nearest phrase that keeps its values, and only when none does is it looked up whole:
a whole lookup of such a clause a run refuses was most of a long line's advice. The
cheap test never says yes where a run says no, and a list a run takes whole, with no
nearby phrase that keeps its values, is still offered as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.advice import reads_as_written
from kubeloop.harness.frames import two_steps
from kubeloop.harness.gherkin_source import load
from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()

_MIXED = Path(__file__).parents[3] / "benchmarks" / "data" / "unmatched_mixed.feature"


def _clauses() -> list[tuple[str, str]]:
    """(keyword, clause) of every split of every joined line of the mixed benchmark file,
    under every keyword (a Then is never read as an event)."""
    source = load(_MIXED.resolve(), _MIXED.name)
    said = []
    for pickle in source.pickles:
        for step in pickle["steps"]:
            text = step["text"]
            if "meanwhile" in text or "after that" in text or " while " in text:
                clauses = [c for split in two_steps.splits(text) for c in split]
                said += [(kw, c) for kw in ("given", "when", "then") for c in clauses]
    return said


def test_a_clause_read_cheaply_is_one_a_run_takes_as_written() -> None:
    read = [(kw, clause) for kw, clause in _clauses() if reads_as_written(REGISTRY, kw, clause)]
    assert len({kw for kw, _ in read}) == 3, read  # (the sample holds clauses the readings take)
    refused = [(kw, clause) for kw, clause in read if not REGISTRY.accepts(kw, clause)]
    assert not refused


@pytest.mark.parametrize(
    ("keyword", "clause"),
    [
        (
            "then",
            'the alert "PayErrors" went from pending to firing, and after that, the '
            'disruption budget "web" allows 0 disruptions',
        ),
        (
            "given",
            'the SLOs from "slos/web.yml", and after that, search latency jumps to 900ms for '
            "3 minutes",
        ),
    ],
)
def test_a_list_a_run_takes_whole_is_offered_as_written(keyword: str, clause: str) -> None:
    assert not reads_as_written(REGISTRY, keyword, clause)  # (only the whole lookup takes it)
    step = two_steps.part_step(
        REGISTRY.frames(),
        REGISTRY.accepts,
        keyword,
        clause,
        written=lambda kw, said: reads_as_written(REGISTRY, kw, said),
    )
    assert step == (keyword, clause)
