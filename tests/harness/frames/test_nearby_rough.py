"""The examples a line's suggestions are filled from (frames/nearby.py, ``_nearest``): the
candidates are scored highest bound first and only until no bound left can reach the
last one kept. These tests hold it to the plain way (``plain_nearest``, every candidate
scored) on the benchmarks' lines, cut, moved and split into clauses, under each keyword."""

from __future__ import annotations

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.frames import nearby, two_steps
from kubeloop.harness.registry import REGISTRY
from tests.harness.unmatched_lines import unmatched_lines


def _texts() -> list[str]:
    """The benchmarks' lines, some cut or with their clauses swapped, and every clause
    two_steps splits them into."""
    lines = [text for _, text in unmatched_lines()]
    moved = [" ".join(text.split()[2:]) for text in lines[::4]]
    moved += [" and ".join(reversed(text.split(" and "))) for text in lines[1::4]]
    clauses = [clause for text in lines for split in two_steps.splits(text) for clause in split]
    return list(dict.fromkeys(t for t in lines + moved + clauses if t))


def test_the_nearest_are_the_plainly_nearest(monkeypatch: pytest.MonkeyPatch) -> None:
    index = REGISTRY.frames()
    nearest = nearby._nearest
    compared: list[int] = []

    def both(
        catalog: nearby._Catalog, line: nearby._Line, orders: list[int]
    ) -> list[nearby._Rough]:
        fast = nearest(catalog, line, orders)
        assert fast == nearby.plain_nearest(catalog, line, orders), line
        compared.append(len(orders))
        return fast

    monkeypatch.setattr(nearby, "_nearest", both)
    for text in _texts():
        for keyword in ("given", "when", "then"):
            nearby.phrases(index, keyword, text, 3)
    assert len(compared) > 1000
    assert sum(n > 4 * nearby._FILLED for n in compared) > 500  # (most rankings pass many over)


def test_a_bound_is_never_below_the_score(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_highest`` is at least what ``_scored`` gives, for every candidate of a few lines."""
    index = REGISTRY.frames()
    catalog = nearby._catalog(index)
    asked: list[tuple[nearby._Line, list[int]]] = []
    monkeypatch.setattr(
        nearby, "_nearest", lambda c, line, orders: asked.append((line, orders)) or []
    )
    for _, text in unmatched_lines()[::10]:
        nearby.phrases(index, "then", text, 3)
    checked = 0
    for line, orders in asked:
        for k in (catalog.known[order] for order in orders):
            covered = nearby._covered(catalog, line, k)
            if covered is not None:
                assert nearby._highest(k, line, covered) >= nearby._scored(
                    catalog, k, line, covered
                )
                checked += 1
    assert checked > 1000
