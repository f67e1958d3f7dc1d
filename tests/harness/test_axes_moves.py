"""A line's orders (axes/) move each text along the articles and tenses once: the orders
are those of every move worked out afresh, on the corpora's lines and the benchmarks'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import axes
from kubeloop.harness.axes import Axes, tense_moves
from kubeloop.harness.registry import REGISTRY
from tests.harness.unmatched_lines import unmatched_lines

ROOT = Path(__file__).parent.parent.parent
_STEP = re.compile(r"^\s*(?:Given|When|Then|And|But|\*)\s+(.+?)\s*$")


def _lines() -> list[str]:
    """The benchmarks' lines, and every third step line of the corpora and features."""
    lines = dict.fromkeys(text for _, text in unmatched_lines())
    for folder in ("features", "tests/english/corpora"):
        for path in sorted((ROOT / folder).rglob("*.feature")):
            for line in path.read_text(encoding="utf-8").splitlines()[::3]:
                step = _STEP.match(line)
                if step is not None:
                    lines[step.group(1)] = None
    return list(lines)


def _orders(texts: list[str]) -> list[tuple[tuple[str, ...], ...]]:
    fresh = Axes(p for d in REGISTRY.definitions for p in d.patterns)
    return [fresh.orders(text) for text in texts]


def test_orders_move_each_text_once_as_if_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _lines()
    remembered = _orders(texts)
    monkeypatch.setattr(axes._Moves, "each", lambda moves, text: moves.axes.articles.each(text))
    monkeypatch.setattr(
        axes._Moves, "tense_moves", lambda moves, text: tense_moves(text, moves.axes.catalog)
    )
    assert _orders(texts) == remembered
    assert len(texts) > 1000
    assert sum(len(order) for orders in remembered for order in orders) > 4000
