"""Clause lists read one clause at a time (first_use.Clauses): ``first``, one regex for the
whole list and the clause read again to the end it found, against ``plain``, each clause's
own regex with the rest of the list as a lookahead, tried in turn. Same clause, same span,
same groups, at every position of every text."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import clauses, pipeline_words
from kubeloop.harness.first_use import Clauses
from kubeloop.harness.registry import REGISTRY

LISTS: dict[str, Clauses] = {
    "workload": clauses.reader(clauses.WORKLOAD),
    "serving": clauses.reader(clauses.SERVING),
    "declaration": clauses.reader(clauses.WORKLOAD + clauses.PLACEMENT + clauses.BUDGET),
    "declared": clauses.reader(
        [clauses.NODES, *clauses.WORKLOAD, *clauses.PLACEMENT, *clauses.BUDGET]
    ),
    "slo": clauses.reader(clauses.OBJECTIVE),
    "autoscaling": clauses.reader(clauses.AUTOSCALING),
    "facts": pipeline_words._CLAUSES,
    "theirfacts": pipeline_words._CLAUSES,
}
"""Each clause list as its converter reads it, by its parameter type."""


def _said() -> dict[str, list[str]]:
    """What the step library's examples say in each clause list's parameter."""
    said: dict[str, list[str]] = {kind: [] for kind in LISTS}
    for definition in REGISTRY.definitions:
        for example in definition.examples:
            found = definition.parse_form(example)
            if found is None:
                continue
            match = definition.fullmatch(example)
            assert match is not None
            for name, kind in definition.form_kinds(found[0]).items():
                if kind in said and match.group(name):
                    said[kind].append(match.group(name))
    return said


SAID = _said()


def reading(found: tuple[int, re.Match[str]] | None) -> object:
    if found is None:
        return None
    clause, match = found
    return clause, match.span(), match.groupdict(), sorted(match.re.groupindex)


def same_everywhere(read: Clauses, text: str) -> None:
    for position in range(len(text) + 1):
        assert reading(read.first(text, position)) == reading(read.plain(text, position)), (
            text,
            position,
        )


def test_every_list_has_examples() -> None:
    assert all(SAID[kind] for kind in LISTS), {k: len(v) for k, v in SAID.items()}


def test_the_examples_read_the_same_at_every_position() -> None:
    for kind, read in LISTS.items():
        for text in dict.fromkeys(SAID[kind]):
            same_everywhere(read, text)


ENDING_LATER = [" with pod anti-affinity on hostname", " spread across hostnames"]
"""Clauses whose first way to end leaves a rest that does not read ("host", then "name"):
the clause read again must end where the list's regex found it, not where it first could."""


def test_a_clause_ends_where_the_rest_still_reads() -> None:
    for text in ENDING_LATER:
        found = LISTS["declared"].first(text, 0)
        assert found is not None
        assert found[1].end() == len(text)
        same_everywhere(LISTS["declared"], text)
    text = " promoted to staging and rolled out to web"
    found = pipeline_words._CLAUSES.first(text, 0)
    assert found is not None
    assert found[1].end() == len(" promoted to staging")
    same_everywhere(pipeline_words._CLAUSES, text)


_GLUE = st.sampled_from([" ", ", ", " and ", ",", " but ", "", " then ", "  "])


@st.composite
def _texts(draw: st.DrawFn) -> tuple[str, str]:
    """Clauses of one list said together, cut, joined oddly or with a word more."""
    kind = draw(st.sampled_from(sorted(LISTS)))
    pieces = draw(st.lists(st.sampled_from(SAID[kind] + ENDING_LATER), min_size=1, max_size=3))
    text = ""
    for piece in pieces:
        text += draw(_GLUE) + piece.strip()
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] + draw(st.sampled_from(["", " web", " and", "x", " 3", " prod"]))
    return kind, text


@settings(max_examples=300, deadline=None)
@given(_texts())
def test_clauses_said_any_way_read_the_same(said: tuple[str, str]) -> None:
    kind, text = said
    same_everywhere(LISTS[kind], text)


def test_the_first_way_that_reads_on_is_the_one_the_whole_lists_regex_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``first`` asks the list without its ``rest`` and takes the first way when the text
    reads on after it; else the whole list's regex (``listed``): the same answer both ways,
    the shortcut taken for nearly every example, the list's regex only where a clause's
    first way ends too early."""
    asked: list[str] = []
    listed = Clauses.listed

    def counted(self: Clauses, text: str, position: int) -> object:
        asked.append(text)
        return listed(self, text, position)

    monkeypatch.setattr(Clauses, "listed", counted)
    read = 0
    for kind, clause_list in LISTS.items():
        for text in dict.fromkeys(SAID[kind]):
            for position in range(len(text) + 1):
                found = clause_list.first(text, position)
                assert reading(found) == reading(listed(clause_list, text, position))
                read += found is not None
    assert read > 100 and len(asked) < read / 10, (read, len(asked))
    asked.clear()
    for text in ENDING_LATER:
        assert LISTS["declared"].first(text, 0) is not None
    assert asked == ENDING_LATER, "a first way that does not read on asks the whole list"
