"""A list an example gives ("to dev, then staging, then prod") is the example's, never the
line's: a line that says fewer items is never rebuilt with the ones it does not say ("I
promote R1 to dev" never becomes "I promote R1 to dev, then staging"). Checked for every
definition whose examples hold a list, on lines made from them with the list cut short."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

import kubeloop.steps  # noqa: F401  (registers the library)
from kubeloop.harness.frames.reader import read
from kubeloop.harness.registry import REGISTRY

_JOINER = re.compile(r"\s*(?:(?:,|and|then|or|&)\s*)+", re.IGNORECASE)


def _cut_short() -> Iterator[tuple[str, str, set[str]]]:
    """(keyword, the example with its list cut after the first item, the items cut)."""
    index = REGISTRY.frames()
    for definition in REGISTRY.definitions:
        for example in definition.examples:
            values = sorted(index.chunk(example).values, key=lambda v: v.phrase)
            for head, after in pairwise(values):
                between = example[head.phrase[1] : after.phrase[0]]
                if after.role or after.label != head.label or not _JOINER.fullmatch(between):
                    continue
                rest = [v for v in values if v.phrase[0] >= after.phrase[0]]
                items = [after]
                for one, two in pairwise(rest):
                    gap = example[one.phrase[1] : two.phrase[0]]
                    if two.role or two.label != head.label or not _JOINER.fullmatch(gap):
                        break
                    items.append(two)
                line = example[: head.phrase[1]] + example[items[-1].phrase[1] :]
                cut = {v.text.strip('"').lower() for v in items}
                yield definition.keyword, " ".join(line.split()), cut
                break


def _said(texts: list[str], arguments: list[object]) -> set[str]:
    words = {w.strip('",.').lower() for text in texts for w in text.split()}
    for value in arguments:
        for one in value if isinstance(value, tuple | list) else (value,):
            words.add(str(one).lower())
    return words


def test_the_catalog_has_lists_to_cut() -> None:
    assert len(list(_cut_short())) >= 5


def test_a_list_item_the_line_does_not_say_is_never_put_back() -> None:
    index = REGISTRY.frames()
    wrong = []
    for keyword, line, cut in _cut_short():
        mine = {w.strip('",.').lower() for w in line.split()}
        for said in (keyword, "given", "when", "then"):
            framed = read(index, REGISTRY.match_one, said, [line]) or []
            matched = REGISTRY.quietly(said, line)
            for match in [*framed, *matched]:
                back = (cut - mine) & _said([match.text], list(match.arguments.values()))
                if back:
                    wrong.append(f"{said} {line!r} -> {match.text!r} puts back {sorted(back)}")
    assert wrong == []
