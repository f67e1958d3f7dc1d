"""Tenses and aspects: one catalog verb said in another tense or with another auxiliary.
"the pipeline got blocked at the scan gate" is what "the pipeline is blocked at the scan
gate" checks, "R1 has passed every gate" what "R1 passed every gate" states, "the HPA is
scaling web" what "the HPA scales web" says. The verb's other forms are the ones the
catalog says (``Catalog.forms``), so every phrase's verb has every tense.

A form moves first within its time (perfect to past, progressive to simple, "got" to
"was"), and only then across it (past to present): ``tense_moves`` lists them in that
order, and the caller takes the first order that one phrase reads.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kubeloop.harness.axes.catalog import Catalog

_GROUP = re.compile(
    r"(?<![\w'\"-])(?:(?P<aux>(?:has|have|had) been|(?:is|are|was|were) being|has|have|had"
    r"|is|are|was|were|gets|get|got|has gotten|did|does|do) )?(?P<verb>[a-z]+)(?![\w'\"-])",
    re.IGNORECASE,
)
"""A verb, with the auxiliary before it if any."""
_PLURAL_SUBJECT = re.compile(r"(?<!\bi)(?<!\bwa)(?<!\bha)(?<!\bit)(?<!\bthi)s\s+$")
"""A subject said in the plural, as far as its last letter tells ("pods", not "it", "is")."""
_AUXILIARIES = frozenset({"is", "are", "was", "were", "has", "have", "had", "does", "did"})
_PLURAL = {"have", "are", "were", "get", "do", "have been", "are being"}


def _kind(word: str) -> str:
    """A form's kind: "ing", "ed" (a past or a participle, irregular ones too), "s" or
    "base"."""
    word = word.lower()
    if word.endswith("ing"):
        return "ing"
    if word.endswith("ed") or word in _PAST:
        return "ed"
    if word.endswith("s") and not word.endswith("ss"):
        return "s"
    return "base"


_PAST = frozenset(
    {
        "built", "ran", "went", "gone", "been", "broke", "broken", "came", "began", "begun",
        "took", "taken", "gave", "given", "got", "kept", "burnt", "left", "made", "saw",
        "seen", "shown", "sent", "spent", "rose", "risen", "fell", "fallen", "wrote",
        "written", "chose", "chosen", "held", "led", "lost", "paid", "said", "told", "found",
        "brought", "became", "grew", "grown", "threw", "thrown", "knew", "known", "stuck",
        "meant", "stood", "fed", "bound",
    }
)  # fmt: skip
"""Irregular pasts and participles (stems.py reads them to their base)."""


def _targets(
    aux: str | None, kind: str, plural: bool
) -> tuple[tuple[tuple[str | None, str], ...], ...]:
    """Where a verb group goes: (auxiliary, kind) pairs, nearest first, in orders; a verb
    with no auxiliary agrees with its subject (``plural``)."""
    singular = aux not in _PLURAL if aux else not plural
    be = "is" if singular else "are"
    was = "was" if singular else "were"
    simple = "s" if singular else "base"
    if aux in ("has", "have", "had") and kind == "ed":
        return (((None, "ed"),), ((None, simple), (be, "ed")))
    if aux in ("has been", "have been", "had been"):
        if kind == "ing":
            return (((be, "ing"),), ((None, simple), (None, "ed")))
        return (((was, "ed"), (be, "ed")), ((None, "ed"),))
    if aux in ("got", "gets", "get", "has gotten", "is being", "are being") and kind == "ed":
        return (((be, "ed"), (was, "ed")), ())
    if aux in ("is", "are") and kind == "ing":
        return (((None, simple),), ((None, "ed"),))
    if aux in ("was", "were") and kind == "ing":
        return (((None, "ed"),), ((be, "ing"), (None, simple)))
    if aux in ("is", "are") and kind == "ed":
        return (((was, "ed"),), ((None, "ed"),))
    if aux in ("was", "were") and kind == "ed":
        return (((be, "ed"),), ((None, "ed"),))
    if aux is None and kind == "ed":
        return (((None, simple),), ((be, "ed"), ("has" if singular else "have", "ed")))
    if aux is None and kind in ("s", "base"):
        return (((be, "ing"),), ((None, "ed"),))
    return ()


_NOT_A_VERB = re.compile(
    r"(?:^|\b(?:the|a|an|its|their|his|her|our|every|each|all|no|any|some|of|I|\d+)\s+)$",
    re.IGNORECASE,
)
"""What comes before a noun, or before a verb whose form says no tense ("I promote")."""


def _bare(found: re.Match[str]) -> bool:
    """A verb said with no auxiliary that shows its tense ("passed", "fails"), after its
    subject."""
    if found.group("aux") is not None or found.group("verb").lower() in _AUXILIARIES:
        return False
    before = found.string[: found.start()]
    kind = _kind(found.group("verb"))
    if kind not in ("ed", "s") and (kind != "base" or _PLURAL_SUBJECT.search(before) is None):
        return False
    return _NOT_A_VERB.search(before) is None


def tense_moves(text: str, catalog: Catalog) -> tuple[list[str], ...]:
    """``text`` with its first catalog verb said in each other tense some phrase says it
    in, in orders (nearest first); empty when the line has none."""
    groups = list(_GROUP.finditer(text))
    orders: list[list[str]] = [[], []]
    moved_groups = 0
    for found in _verbs(groups, catalog):
        verb, aux = found.group("verb"), found.group("aux")
        forms = catalog.forms(verb) | {verb.lower()}
        aux = aux.lower() if aux else None
        head, tail = text[: found.start()], text[found.end() :]
        kinds = [(form, _kind(form)) for form in sorted(forms)]
        said = [
            [
                f"{head}{f'{to} ' if to else ''}{form}{tail}"
                for to, kind in order
                for form, its in kinds
                if its == kind
            ]
            for order in _targets(aux, _kind(verb), _PLURAL_SUBJECT.search(head) is not None)
        ]
        for place, order in enumerate(said):
            orders[place] += [m for m in order if m != text]
        moved_groups += any(said)
        if moved_groups == _GROUPS:
            break
    return tuple(orders) if any(orders) else ()


_GROUPS = 2
"""How many of a line's verbs are moved, one at a time (the rest of a clause list is said
as the catalog says it more often than not)."""


def _verbs(groups: list[re.Match[str]], catalog: Catalog) -> Iterator[re.Match[str]]:
    """The verb groups the catalog says in another form: those with an auxiliary first,
    then the bare ones (``_bare``, asked only of a verb with other forms, and only as far
    as the caller reads), each in the order said."""
    for found in groups:
        if found.group("aux") and _other_forms(found, catalog):
            yield found
    for found in groups:
        if not found.group("aux") and _other_forms(found, catalog) and _bare(found):
            yield found


def _other_forms(found: re.Match[str], catalog: Catalog) -> bool:
    verb = found.group("verb")
    return len(catalog.forms(verb) | {verb.lower()}) > 1
