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

from kubeloop.harness.axes.bounds import bound_moves
from kubeloop.harness.axes.catalog import Catalog, read
from kubeloop.harness.axes.hedges import hedges_one_at_a_time, without_hedges
from kubeloop.harness.axes.places import place_moves
from kubeloop.harness.axes.tenses import tense_moves
from kubeloop.harness.definitions import Match

_BARE_NOUN = re.compile(
    r"^(?!(?:the|a|an|no|every|each|all|any|some|its|their|it|I)\b)([a-z]+|SLO)\b"
)
"""A line that starts with a common noun and no article ("pipeline stops at …")."""


class Axes:
    """The axes over one catalog (every definition's patterns)."""

    def __init__(self, patterns: Iterable[str]) -> None:
        self.catalog: Catalog = read(patterns)

    @functools.lru_cache(maxsize=2048)  # noqa: B019 (one Axes per registry, kept for its life)
    def orders(self, text: str) -> tuple[tuple[str, ...], ...]:
        """Readings of ``text`` moved along the axes, in orders, nearest first."""
        plain = _placed(without_hedges(text, plain=True))
        bare = _placed(without_hedges(text))
        near = [bare] + [_placed(said) for said in hedges_one_at_a_time(text)]
        far: list[str] = []
        for base in dict.fromkeys((plain, bare)):
            article = _BARE_NOUN.match(base)
            if article is not None and self.catalog.says(f"the {article.group(1)}"):
                near.append(f"the {base}")
            near += bound_moves(base, self.catalog)
            tenses = tense_moves(base, self.catalog)
            near += tenses[0] if tenses else []
            far += [t for order in tenses[1:] for t in order]
        orders = ([plain], [t for t in near if t != plain], far)
        kept = (tuple(dict.fromkeys(t for t in order if t != text)) for order in orders)
        return tuple(order for order in kept if order)


def _placed(text: str) -> str:
    return next(iter(place_moves(text)), text)


_NAME = re.compile(r"(?<![\w'\"])(?-i:[A-Z][\w.-]*)")


def _names(text: str) -> set[str]:
    return {name for name in _NAME.findall(text) if name not in ("I", "SLO")}


def along(
    orders: tuple[tuple[str, ...], ...],
    text: str,
    look: Callable[[str], list[Match] | None],
) -> list[Match] | None:
    """The matches of the first order whose readings that match agree on one phrase (None
    when an order's readings disagree, or none matches): ``look`` reads one text or
    returns None. A reading that lost a name ``text`` gives is never taken."""
    names = _names(text)
    for order in orders:
        found: dict[tuple[int, ...], list[Match]] = {}
        for said in order:
            matches = look(said) if names <= _names(said) else None
            if matches:
                found.setdefault(tuple(id(m.definition) for m in matches), matches)
        if len(found) > 1:
            return None
        if found:
            return next(iter(found.values()))
    return None
