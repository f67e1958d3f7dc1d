"""Axes: a line one word off a phrase, on a known axis, read as the phrase says it.

A fresh line misses a phrase most often by one word on one axis: a hedge ("R1 is already
running in prod"), a bound ("no fewer than 5"), a tense ("the pipeline got blocked"), a
preposition ("promoted into prod", "the digest for C1") or an article ("pipeline stops at
the scan gate"). Each axis is ONE table (hedges.py, bounds.py, tenses.py, places.py) applied
to every phrase on it, moving a word only onto words the catalog's phrases say
(catalog.py), so a new phrase gets every axis for free.

``Axes.orders`` lists a line's readings in orders, nearest first; the registry takes the
first order in which the readings that match agree on one phrase (an order whose readings
disagree is no reading at all), and only for a line no reading of grammar.py matched.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable

from kubeloop.harness.axes.articles import Articles, in_figures
from kubeloop.harness.axes.bounds import bound_moves
from kubeloop.harness.axes.catalog import Catalog, read
from kubeloop.harness.axes.hedges import hedges_one_at_a_time, without_hedges
from kubeloop.harness.axes.places import place_moves
from kubeloop.harness.axes.tenses import tense_moves
from kubeloop.harness.definitions import Match


class Axes:
    """The axes over one catalog (every definition's patterns)."""

    def __init__(self, patterns: Iterable[str]) -> None:
        self.catalog: Catalog = read(patterns)
        self.articles = Articles(self.catalog)

    @functools.lru_cache(maxsize=2048)  # noqa: B019 (one Axes per registry, kept for its life)
    def orders(self, text: str) -> tuple[tuple[str, ...], ...]:
        """Readings of ``text`` moved along the axes, in orders, nearest first."""
        plain = _placed(without_hedges(text, plain=True))
        bare = _placed(without_hedges(text))
        hedged = [bare, *map(_placed, hedges_one_at_a_time(text))]
        near: list[str] = []
        far: list[str] = []
        for base in dict.fromkeys((plain, bare)):
            moved = [in_figures(base)]
            for move in (self._bounds, self._articles, self._tenses):
                moved += [m for said in moved for m in move(said)][: _MOVES - len(moved)]
            near += moved
            far += [t for said in moved for t in self._far(said)]
        orders = ([plain], hedged, near, far)
        kept = (tuple(dict.fromkeys(t for t in order if t != text)) for order in orders)
        return tuple(order for order in kept if order)

    def _bounds(self, text: str) -> list[str]:
        return bound_moves(text, self.catalog)

    def _articles(self, text: str) -> list[str]:
        """One noun given its article at a time (all of them at once is a far move)."""
        articled = self.articles.each(text)
        return articled[:-1] if len(articled) > 1 else articled

    def _tenses(self, text: str) -> list[str]:
        tenses = tense_moves(text, self.catalog)
        return tenses[0] if tenses else []

    def _far(self, text: str) -> list[str]:
        """Moves across time, and every noun given its article at once."""
        tenses = tense_moves(text, self.catalog)
        articled = self.articles.each(text)
        return [t for order in tenses[1:] for t in order] + articled[-1:] * (len(articled) > 1)


_MOVES = 24
"""The most readings one line is moved to in the near order (each is a lookup)."""


def _placed(text: str) -> str:
    return next(iter(place_moves(text)), text)


_NAME = re.compile(r"(?<![\w'\"])(?-i:[A-Z][\w.-]*)")


def _names(text: str) -> set[str]:
    return {name for name in _NAME.findall(text) if name not in ("I", "SLO")}


def _reading(match: Match) -> tuple[int, str]:
    """What a match does: its definition and its arguments."""
    return id(match.definition), repr(sorted(match.arguments.items()))


def along(
    orders: tuple[tuple[str, ...], ...],
    text: str,
    look: Callable[[str], list[Match] | None],
) -> list[Match] | None:
    """The matches of the first order whose readings that match agree on one phrase and its
    arguments (None when an order's readings disagree, or none matches): ``look`` reads one text or
    returns None. A reading that lost a name ``text`` gives is never taken."""
    names = _names(text)
    for order in orders:
        found: dict[tuple[tuple[int, str], ...], list[Match]] = {}
        for said in order:
            matches = look(said) if names <= _names(said) else None
            if matches:
                found.setdefault(tuple(map(_reading, matches)), matches)
        if len(found) > 1:
            return None
        if found:
            return next(iter(found.values()))
    return None
