"""Bounds: the ways to say one bound on a number. "no fewer than 5", "not less than 5" and
"a minimum of 5" all say "at least 5"; "never over 8" and "at no point more than 8" say
"never more than 8". A bound over a stretch of time ("never …", "at no point …") is a
class of its own, never a bound on now, and a bound never moves to another class."""

from __future__ import annotations

import re

from kubeloop.harness.axes.catalog import Catalog

BOUNDS = (
    (
        "at least",
        "no fewer than",
        "no less than",
        "not fewer than",
        "not less than",
        "a minimum of",
        "at minimum",
        "no lower than",
        "not below",
    ),
    (
        "at most",
        "no more than",
        "not more than",
        "a maximum of",
        "at maximum",
        "up to",
        "no higher than",
        "not above",
        "not over",
    ),
    ("more than", "over", "above", "greater than", "higher than", "in excess of"),
    ("fewer than", "less than", "under", "below", "lower than"),
    (
        "never more than",
        "never over",
        "never above",
        "never exceeding",
        "at no point more than",
        "at no time more than",
        "at no point over",
    ),
    (
        "never fewer than",
        "never less than",
        "never below",
        "never under",
        "at no point fewer than",
        "at no point less than",
        "at no time fewer than",
        "at no point below",
    ),
)
"""Each class: one bound, every way to say it."""

_SAID = sorted(((w, c) for c in BOUNDS for w in c), key=lambda wc: len(wc[0]), reverse=True)
_BOUND = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w, _ in _SAID)
    + r")(?=\s+(?:\d|a |an |one |two |three |four |five |six |seven |eight |nine |ten ))",
    re.IGNORECASE,
)
"""A bound said before a number (never "scales up to" a count: see ``_MOVING``)."""
_MOVING = re.compile(
    r"\b(?:scales?|scaled|scaling|grows?|grew|climbs?|climbed|rises?|rose|goes|went|jumps?"
    r"|jumped|spikes?|spiked|ramps?|ramped|increases?|increased|drops?|dropped|falls?|fell)"
    r"(?: back)?\s+$",
    re.IGNORECASE,
)
"""A verb that moves a number ("scales up to 8"): "up to" after it is where, not a bound."""
_CLASS = {" ".join(w.split()): c for w, c in _SAID}


def bound_moves(text: str, catalog: Catalog) -> list[str]:
    """``text`` with its first bound said as each other way the catalog says that bound."""
    for found in _BOUND.finditer(text):
        said = " ".join(found.group(0).lower().split())
        if said == "up to" and _MOVING.search(text[: found.start()]):
            continue
        head, tail = text[: found.start()], text[found.end() :]
        return [
            f"{head}{other}{tail}"
            for other in _CLASS[said]
            if other != said and catalog.says(other)
        ]
    return []
