"""Axes: a line one word off a phrase, on a known axis, read as the phrase says it.

A fresh line misses a phrase most often by one word on one axis: a hedge ("R1 is already
running in prod"), a bound ("no fewer than 5"), a tense ("the pipeline got blocked"), a
preposition ("promoted into prod", "the digest for C1") or an article ("pipeline stops at
the scan gate"). Each axis is ONE table (hedges.py, bounds.py, tenses.py, places.py) applied
to every phrase on it, moving a word only onto words the catalog's phrases say
(catalog.py), so a new phrase gets every axis for free.

``Axes.orders`` lists a line's readings in five orders, nearest first: the plain hedges
taken out, every hedge taken out, the near moves (figures, bounds, articles, tenses within
their time, in combination), the far ones (tenses across time, every article at once), and
last the line's shape said otherwise (a bare name given its kind, a thing declared as its
owner's or in a relative clause). The
registry takes the first order in which the readings that match agree on one phrase and its
arguments (an order whose readings disagree is no reading at all), and only for a line no
reading of grammar.py matched. The nearer an order, the more of grammar.py's readings its
readings get (``_DEPTHS``), which keeps each line's lookups cheap.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable

from kubeloop.harness.axes.articles import Articles, in_figures
from kubeloop.harness.axes.bounds import bound_moves
from kubeloop.harness.axes.catalog import Catalog, read
from kubeloop.harness.axes.hedges import hedges_one_at_a_time, without_hedges
from kubeloop.harness.axes.places import owned, place_moves, related
from kubeloop.harness.axes.tenses import tense_moves
from kubeloop.harness.definitions import Match


class Axes:
    """The axes over one catalog (every definition's patterns)."""

    def __init__(self, patterns: Iterable[str]) -> None:
        self.catalog: Catalog = read(patterns)
        self.articles = Articles(self.catalog)

    @functools.lru_cache(maxsize=2048)  # noqa: B019 (one Axes per registry, kept for its life)
    def orders(self, text: str) -> tuple[tuple[str, ...], ...]:
        """Readings of ``text`` moved along the axes, in five orders, nearest first; a
        reading is said once, in the first order it belongs to; a line longer than any
        phrase is a list of clauses, each read on its own (distribute.py), and is not
        moved as a whole."""
        if len(text.split()) > _LONGEST:
            return ()
        plain = _placed(without_hedges(text, self.catalog, plain=True))
        bare = _placed(without_hedges(text, self.catalog))
        hedged = [bare, *map(_placed, hedges_one_at_a_time(text, self.catalog))]
        near: list[str] = []
        far: list[str] = []
        shaped: list[str] = []
        moves = _Moves(self)
        for base in dict.fromkeys((plain, bare)):
            moved = [in_figures(base)]
            for move in (self._bounds, moves.articles, moves.tenses):
                moved = [*(m for said in moved for m in move(said)), *moved][:_MOVES]
            near += moved
            far += [t for said in moved[:_FAR] for t in moves.far(said)]
            shaped += self.articles.with_kinds(base) + owned(base) + related(base)
        seen = {text}
        orders = []
        for order in ([plain], hedged, near, far, shaped):
            orders.append(tuple(t for t in dict.fromkeys(order) if t not in seen))
            seen.update(order)
        return tuple(orders)

    def _bounds(self, text: str) -> list[str]:
        return bound_moves(text, self.catalog)


class _Moves:
    """The article and tense moves of the texts one line is moved to, each worked out once:
    a near reading moved across time too (``far``) was moved within its time already."""

    def __init__(self, axes: Axes) -> None:
        self.axes = axes
        self._tensed: dict[str, tuple[list[str], ...]] = {}
        self._articled: dict[str, list[str]] = {}

    def tense_moves(self, text: str) -> tuple[list[str], ...]:
        if text not in self._tensed:
            self._tensed[text] = tense_moves(text, self.axes.catalog)
        return self._tensed[text]

    def each(self, text: str) -> list[str]:
        if text not in self._articled:
            self._articled[text] = self.axes.articles.each(text)
        return self._articled[text]

    def articles(self, text: str) -> list[str]:
        """One noun given its article, or a thing pointed back at said with "the", at a
        time (every noun given its article at once is a far move)."""
        articled = self.each(text)
        return (articled[:-1] if len(articled) > 1 else articled) + self.axes.articles.pointed(text)

    def tenses(self, text: str) -> list[str]:
        tenses = self.tense_moves(text)
        return tenses[0] if tenses else []

    def far(self, text: str) -> list[str]:
        """Moves across time, and every noun given its article at once."""
        tenses = self.tense_moves(text)
        articled = self.each(text)
        return [t for order in tenses[1:] for t in order] + articled[-1:] * (len(articled) > 1)


_LONGEST = 40
"""The most words a line moved as a whole has (a phrase with its values says fewer)."""
_FAR = 3
"""How many of the near readings (those moved on the most axes) are moved across time too."""
_MOVES = 12
"""The most readings one line is moved to in the near order (each is a lookup): those moved
on the most axes first, as a line one axis off would have matched with fewer."""
_DEPTHS = (2, 2, 1, 0, 1)
"""How deep each order is read (``along``): the hedged ones with every reading of grammar.py
under either keyword, the near one under the line's own keyword, the far one only as said,
the last (a line's shape: a bare name given its kind, a thing declared as its owner's or in
a relative clause) under the line's own keyword. A moved line is never read under the other
keyword: "node-1 got uncordoned" under When is the action (frames/looser.py), not the state
"node-1 is uncordoned" a Given sets."""


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
    look: Callable[[str, int], list[Match] | None],
) -> list[Match] | None:
    """The matches of the first order whose readings that match agree on one phrase and its
    arguments (None when an order's readings disagree, or none matches): ``look`` reads one
    text as deep as ``_DEPTHS`` says for its order, or returns None.
    A reading that lost a name ``text`` gives is never taken."""
    names = _names(text)
    for place, order in enumerate(orders):
        found: dict[tuple[tuple[int, str], ...], list[Match]] = {}
        for said in order:
            matches = look(said, _DEPTHS[place]) if names <= _names(said) else None
            if matches:
                found.setdefault(tuple(map(_reading, matches)), matches)
        if len(found) > 1:
            return None
        if found:
            return next(iter(found.values()))
    return None
