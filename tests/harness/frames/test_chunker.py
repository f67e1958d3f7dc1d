"""A line as chunks: typed values, concepts, roles, kinds, and the words nobody knows."""

from __future__ import annotations

import pytest

from kubeloop.harness.frames.chunker import chunk
from kubeloop.harness.frames.lexicon import Lexicon

LEXICON = Lexicon(["fail", "pods", "node", "promote", "serve", "request", "second", "rate", "has"])


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ('"web"', "name"),
        ("node-2", "name"),
        ("R7", "name"),
        ("v2", "name"),
        ("4b7c21e", "name"),
        ('"Insufficient cpu"', "text"),
        ("'up == 0'", "promql"),
        ('"rate(x[5m]) > 1"', "promql"),
        ('rate(http_requests_total{job="web"}[5m])', "promql"),
        ("3", "number"),
        ("three", "number"),
        ("0.25", "number"),
        ("25%", "percent"),
        ("5m", "duration"),
        ("5 minutes", "duration"),
        ("1.2 seconds", "duration"),
        ("220ms", "duration"),
        ("8Gi", "quantity"),
        ("500m", "quantity"),
        ("2.3.1", "version"),
        ("2027-01-31", "date"),
        ("CVE-2026-4412", "cve"),
        ("disk=ssd", "label"),
        ("gpu=true:NoSchedule", "taint"),
    ],
)
def test_a_value_is_typed_by_its_shape(value: str, kind: str) -> None:
    chunks = chunk(f"promote {value}", LEXICON).chunks
    assert [(c.kind, c.label, c.text) for c in chunks[1:]] == [("value", kind, value)]


def test_fillers_are_read_away_and_synonyms_are_their_concept() -> None:
    found = chunk("node-2 has actually already crashed", LEXICON)
    assert [(c.kind, c.label) for c in found.chunks] == [
        ("value", "name"),
        ("concept", "fail"),
    ]


def test_a_contraction_is_said_in_full() -> None:
    found = chunk("node-2 isn't failing", LEXICON)
    assert [c.label for c in found.chunks] == ["name", "NOT", "fail"]


def test_a_preposition_before_a_value_is_its_role() -> None:
    found = chunk("I promote R1 from dev into prod", LEXICON)
    assert [(v.text, v.role) for v in found.values] == [("R1", ""), ("dev", "from"), ("prod", "to")]


def test_a_kind_noun_beside_a_name_is_read_into_it() -> None:
    for line in ("node node-2 fails", "the server node-2 fails", "node-2 the node fails"):
        found = chunk(line, LEXICON)
        assert [(c.label, c.of_kind) for c in found.chunks] == [("name", "nod"), ("fail", "")]


def test_words_no_concept_or_value_accounts_for_are_unknown() -> None:
    assert chunk("node-2 fails because", LEXICON).unknown == ("because",)
    assert chunk("node-2 quickly fails", LEXICON).unknown == ("quickly",)
    assert chunk("there are no pots", LEXICON).unknown == ("pots",)  # a slip of "pods"
    assert chunk("I promote R1 in a hurry", LEXICON).unknown == ("hurry",)


def test_a_possessive_is_the_owner_with_the_role_of() -> None:
    found = chunk("web's request rate", LEXICON)
    assert [(c.label, c.role) for c in found.chunks] == [("name", ""), ("request", ""), ("rat", "")]


def test_the_signature_keeps_negations_as_often_as_said() -> None:
    once = chunk("node-2 does not fail", LEXICON).signature()
    twice = chunk("node-2 does not not fail", LEXICON).signature()
    assert once != twice
    assert once == chunk("node-2 is not failing", LEXICON).signature()


@pytest.mark.parametrize(
    ("text", "said_as"),
    [
        ("the autoscaler has run", "the autoscaler ran"),
        ("nobody has approved R2", "nobody approved R2"),
        ("the alert had never fired", "the alert never fired"),
        ("web has not been rolled back", "web was not rolled back"),
        ("we've drained node-1", "we drained node-1"),
    ],
)
def test_a_have_that_makes_a_verb_perfect_says_nothing_the_verb_does_not(
    text: str, said_as: str
) -> None:
    assert chunk(text, LEXICON).signature() == chunk(said_as, LEXICON).signature()


@pytest.mark.parametrize("text", ["node-1 has 4 pods", "web has 3 replicas", "R2 has a signature"])
def test_a_have_that_owns_something_is_the_word_itself(text: str) -> None:
    assert "hav" in chunk(text, LEXICON).signature()[0]
