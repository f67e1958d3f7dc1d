"""Hedges: words that change nothing a step does ("already", "still", "directly", "by
itself", "as expected"). "R1 is already running in prod" states what "R1 is running in
prod" states. Words that do change a step ("only", "just", "again", "almost", "never",
"immediately") are no hedges, and neither is "exactly", which the phrases that count read
as a bound of its own."""

from __future__ import annotations

import re

from kubeloop.harness.axes.catalog import Catalog

PLAIN = (
    "already",
    "still",
    "currently",
    "indeed",
    "actually",
    "really",
    "definitely",
    "certainly",
    "successfully",
    "correctly",
    "properly",
    "as expected",
    "as planned",
    "as intended",
    "without incident",
    "for sure",
)
"""Hedges no phrase gives a meaning to: taken out first."""
LAST = ("in a hurry", "in a rush", "by hand")
"""Hedges that end a line ("someone deploys H2 straight to prod in a hurry"): inside a list
of clauses they belong to one the catalog may not have ("to dev, then sideways in a hurry,
then prod" names no environment "sideways")."""
HEDGES = (
    *PLAIN,
    "directly",
    "automatically",
    "by itself",
    "by themselves",
    "on its own",
    "on their own",
    "all by itself",
    "all on its own",
)
"""Every hedge, each said anywhere in a line (never inside quotes): a phrase may give one
of the last ones a meaning ("I promote C6 directly to prod" skips staging; "rolls back on
its own" is the system's doing), so they are taken out only after the plain ones."""


def _hedge(words: tuple[str, ...]) -> re.Pattern[str]:
    said = sorted((h.replace(" ", r"\s+") for h in words), key=len, reverse=True)
    last = "|".join(h.replace(" ", r"\s+") for h in LAST)
    return re.compile(
        rf"(?<![\w\"'-])(?:(?:{'|'.join(said)})(?![\w\"'-]),?\s*|(?:{last})$)", re.IGNORECASE
    )


_PLAIN = _hedge(PLAIN)
_HEDGE = _hedge(HEDGES)
_AROUND = re.compile(r"((?:[\w-]+\W+)?[\w-]+)\W*$")
_AFTER = re.compile(r"^\W*([\w-]+)")


def _said(text: str, found: re.Match[str], catalog: Catalog) -> bool:
    """Whether the catalog says this hedge between the words around it (two before, one
    after), other hedges left
    out ("nothing is still firing" is a phrase of its own: "still" there is no hedge), or it
    is inside quotes."""
    if text.count('"', 0, found.start()) % 2:
        return True
    before = _AROUND.search(_HEDGE.sub("", text[: found.start()]))
    after = _AFTER.match(_HEDGE.sub("", text[found.end() :]))
    words = " ".join(found.group(0).rstrip(" ,").split())
    around = (" ".join(before.group(1).split()) + " " if before else "") + words
    return catalog.says(f"{around} {after.group(1)}" if after else around)


def without_hedges(text: str, catalog: Catalog, *, plain: bool = False) -> str:
    """``text`` with every hedge (or every plain one) taken out, but where the catalog says
    it (``_said``)."""
    hedge = _PLAIN if plain else _HEDGE
    kept = hedge.sub(lambda m: m.group(0) if _said(text, m, catalog) else "", text)
    return " ".join(kept.split()).rstrip(" ,")


def hedges_one_at_a_time(text: str, catalog: Catalog) -> list[str]:
    """``text`` with one of its hedges taken out, for each hedge when it says two or more
    (a phrase may say one of them: "rolled back automatically … on its own")."""
    found = [m for m in _HEDGE.finditer(text) if not _said(text, m, catalog)]
    if len(found) < 2:
        return []
    return [" ".join((text[: m.start()] + text[m.end() :]).split()).rstrip(" ,") for m in found]
