"""A line's orders (axes/) move each text along the articles and tenses once, and a tense
asks whether a verb is bare only of a verb the catalog says in other forms: the orders are
those of every move worked out afresh, and the verbs moved those chosen plainly, on the
corpora's lines and the benchmarks' (and their moves)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import axes
from kubeloop.harness.axes import Axes, tense_moves, tenses
from kubeloop.harness.axes.catalog import Catalog
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


def _verbs_plainly(groups: list[re.Match[str]], catalog: Catalog) -> list[re.Match[str]]:
    """The verb groups a tense moves, as first written: every group that has an auxiliary
    or is bare, those with an auxiliary first, less those the catalog says in one form."""
    chosen = sorted(
        (g for g in groups if g.group("aux") or tenses._bare(g)),
        key=lambda g: (g.group("aux") is None, g.start()),
    )
    return [g for g in chosen if len(catalog.forms(g["verb"]) | {g["verb"].lower()}) > 1]


def test_the_verbs_a_tense_moves_are_those_chosen_plainly() -> None:
    catalog = REGISTRY.axes().catalog
    texts = _lines()
    texts += [t for text in texts[::5] for order in REGISTRY.axes().orders(text) for t in order]
    chosen = 0
    for text in texts:
        groups = list(tenses._GROUP.finditer(text))
        verbs = list(tenses._verbs(groups, catalog))
        assert verbs == _verbs_plainly(groups, catalog), text
        chosen += len(verbs)
    assert chosen > 1000
