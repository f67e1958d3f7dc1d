"""The chunker's shortcuts (frames/chunker.py, frames/lexicon.py): a lexicon looks up only
the lengths of the entries that start with a word (``longest``), and a chunked line works
out its values and signature once. These tests hold them to the plain way on every
library example and benchmark line, moved about (cut, swapped, in other case)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.frames import chunker
from kubeloop.harness.frames.chunker import normalised
from kubeloop.harness.frames.lexicon import Lexicon, words
from kubeloop.harness.frames.stems import stem
from kubeloop.harness.registry import REGISTRY
from tests.harness.test_literal_pieces import corpus_lines
from tests.harness.unmatched_lines import unmatched_lines


def _texts() -> list[str]:
    """Every library example and benchmark line, some cut, swapped and in other case."""
    said = [e for d in REGISTRY.definitions for e in d.examples]
    said += [text for _, text in unmatched_lines()]
    moved = [" ".join(t.split()[1:]) for t in said[::5]]
    moved += [" ".join(reversed(t.split())) for t in said[::7]]
    return said + moved + [t.upper() for t in said[::11]] + [t.lower() for t in said[::13]]


def _stems(texts: list[str]) -> Iterator[tuple[str, ...]]:
    for text in texts:
        pieces = chunker._pieces(normalised(text))
        yield tuple(stem(p) if p[0].isalnum() or p[0] in "<>'n" else p for p, _, _ in pieces)


def test_the_longest_entry_is_the_plain_ones_at_every_word() -> None:
    lexicon = REGISTRY.frames().lexicon
    asked = found = 0
    for stems in _stems(_texts()):
        for start in range(len(stems)):
            plain = lexicon.plain_longest(stems, start)
            assert lexicon.longest(stems, start) == plain, (stems, start)
            asked += 1
            found += plain is not None and plain[0] > 1
    assert asked > 20_000 and found > 300  # (entries of several words found, many times)


def test_a_lexicon_of_its_own_finds_entries_of_every_length() -> None:
    lexicon = Lexicon(["goes down", "error budget burn rate", "pods"])
    said = words("the error budget burn rate goes down pods error")
    for start in range(len(said)):
        assert lexicon.longest(said, start) == lexicon.plain_longest(said, start)
    assert lexicon.longest(said, 1) is not None and lexicon.longest(said, 1)[0] == 4


def test_the_pieces_are_the_plain_ones() -> None:
    """Found in one pass where a text opens no bracket, else piece by piece."""
    texts = [normalised(t) for t in [*_texts(), *corpus_lines(1)]]
    texts += ["rate(x[5m]) > 2", "{job} is up", "sum by (job) (rate(x[5m]))", 'a "b(" c']
    bracketed = 0
    for text in texts:
        assert chunker._pieces(text) == chunker.plain_pieces(text), text
        bracketed += "(" in text or "{" in text
    assert len(texts) > 5_000 and bracketed > 20


def test_values_and_signature_are_the_plain_ones() -> None:
    lexicon = REGISTRY.frames().lexicon
    for text in _texts()[::3]:
        chunked = chunker.chunk(text, lexicon)
        for _ in range(2):  # (worked out, then remembered)
            assert chunked.values == chunker.plain_values(chunked), text
            assert chunked.signature() == chunker.plain_signature(chunked), text
        assert chunked == chunker.chunk(text, lexicon)  # (what is remembered is no field)


def test_a_chunk_changed_is_the_one_dataclasses_replace_makes() -> None:
    lexicon = REGISTRY.frames().lexicon
    changes: list[dict[str, str | int]] = [
        {"role": "to", "said_from": 3},
        {"kind": "filler"},
        {"of_kind": "node", "said_from": 0, "said_to": 9},
        {"kind": "role", "label": "over"},
    ]
    chunks = [c for text in _texts()[::29] for c in chunker.chunk(text, lexicon).chunks]
    assert len(chunks) > 500
    for number, chunk in enumerate(chunks):
        change = changes[number % len(changes)]
        assert chunker._changed(chunk, **change) == replace(chunk, **change)  # type: ignore[arg-type]


def test_a_text_without_an_apostrophe_is_normalised_as_plainly() -> None:
    for text in [*_texts()[::3], "it cannot start", "It CANNOT", "web\u2019s pods", "isn\u2019t"]:
        plain = chunker._POSSESSIVE.sub(
            " 's",
            chunker._CONTRACTION.sub(
                lambda m: chunker.CONTRACTIONS[m.group(0).lower()],
                text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"'),
            ),
        )
        assert normalised(text) == plain, text
