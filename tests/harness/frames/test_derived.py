"""A line said in a form of a phrase no example says (an optional part left out, another
choice's words) reads as that phrase, in the line's values; built only on demand."""

from __future__ import annotations

from pathlib import Path

import pytest

from kubeloop.harness.definitions import StepDefinition
from kubeloop.harness.frames import reader
from kubeloop.harness.frames.chunker import first_stems
from kubeloop.harness.frames.derived import Derived
from kubeloop.harness.pattern_samples import said_values, unchecked
from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()


@pytest.mark.parametrize(
    ("text", "alias", "coverage"),
    [
        ("K7's unit tests pass with only 64% coverage", "K7", 64),
        ("B2's unit tests pass with only 55.5% coverage", "B2", 55.5),
        ("M1's unit tests pass, with only 81% coverage", "M1", 81),
        ("Q3's unit tests pass with only 70% coverage", "Q3", 70),
    ],
)
def test_a_form_no_example_says_reads_in_the_lines_values(
    text: str, alias: str, coverage: float
) -> None:
    index = REGISTRY.frames()
    assert not reader.sentences(index, "given", text), "an example's frame reads it already"
    said = reader._derived(index, "given", text)
    assert said, text
    (match,) = REGISTRY.match("given", said[0].text)
    assert match.arguments == {"alias": alias, "coverage": coverage}
    (read,) = REGISTRY.match("given", text)
    assert read.definition is match.definition
    assert read.arguments == {"alias": alias, "coverage": coverage}


def test_forms_are_built_only_for_the_definition_a_line_asks_about() -> None:
    index = REGISTRY.frames()
    forms = Derived(index)
    forms.lookup("given", index.chunk("K7's unit tests pass with only 64% coverage"))
    assert len(forms._unchecked) == 1
    forms.lookup("given", index.chunk("K7's unit tests pass with only 64% coverage"))
    assert len(forms._unchecked) == 1
    forms.lookup("given", index.chunk("the moon is made of 64% cheese"))
    assert len(forms._unchecked) == 1


def test_a_lookup_checks_only_the_samples_with_the_lines_signature() -> None:
    index = REGISTRY.frames()
    forms = Derived(index)
    forms.lookup("given", index.chunk("K7's unit tests pass with only 64% coverage"))
    assert not forms._made  # (no definition's every form checked, so none compiled)
    assert len(forms._said) == 1


def _shown(frames: object) -> list[tuple[str, object]]:
    return [(f.example, f.chunked.signature()) for f in frames]  # type: ignore[attr-defined]


@pytest.mark.parametrize("every", [23, pytest.param(1, marks=pytest.mark.slow)])
def test_the_frames_with_a_signature_are_those_of_every_form_checked(every: int) -> None:
    """``saying`` (only the samples with the signature asked checked) against ``frames``
    (every sample checked), for every signature a definition's samples have and one none has."""
    _hold_equal(REGISTRY.definitions[::every])


def test_a_sample_that_could_say_exactly_the_signature_is_checked() -> None:
    """A phrase with a sample whose words could start only the concepts it says (the
    screen's edge: all of them wanted, none besides)."""
    stuck = [d for d in REGISTRY.definitions if d.pattern.startswith("{pods:pods} <is|are> [")]
    assert stuck
    _hold_equal(stuck)


def _hold_equal(definitions: list[StepDefinition]) -> None:
    index = REGISTRY.frames()
    lazy, plain = Derived(index), Derived(index)
    for definition in definitions:
        made = plain.frames(definition)
        signatures = list(dict.fromkeys(theirs for theirs, _ in made))
        signatures += [index.chunk(text).signature() for _, text, _ in lazy._samples(definition)]
        signatures.append((("NOTHING",), ()))
        for signature in list(dict.fromkeys(signatures)):
            assert _shown(lazy.saying(definition, signature)) == _shown(
                f for theirs, f in made if theirs == signature
            ), (definition.pattern, signature)


def _could_say(forms: Derived, text: str) -> frozenset[str]:
    starting = forms._starting()
    return frozenset().union(*(starting.get(s, ()) for s in first_stems(text)))


def test_what_a_text_could_say_word_by_word_is_what_it_could_say_whole() -> None:
    """``could_say`` (each word's concepts, when no piece spans words) against the text's
    pieces read whole, over the benchmark's lines and moved ones (quoted names, PromQL,
    contractions, hyphens, capitals) and every other phrase's samples."""
    index = REGISTRY.frames()
    forms = Derived(index)
    texts = _lines() + [
        text
        for definition in REGISTRY.definitions[::2]
        for _, text in unchecked(definition, said_values([definition]))
    ]
    assert len(texts) > 8000
    word_by_word = 0
    for text in texts:
        assert forms.could_say(text) == _could_say(forms, text), text
        word_by_word += len(forms._words) > 0 and not any(c in text for c in "\"'`({")
    assert word_by_word > 4000


def test_every_concept_a_sample_says_is_one_its_words_start() -> None:
    """The screen ``saying`` passes samples over by: never a concept a sample's chunks say
    left out of what its words could start (else a frame would be lost)."""
    index = REGISTRY.frames()
    forms = Derived(index)
    checked = 0
    for definition in REGISTRY.definitions[::3]:
        for _, text, concepts in forms._samples(definition):
            assert concepts == _could_say(forms, text)
            chunked = index.chunk(text)
            assert set(chunked.signature()[0]) <= concepts, text
            checked += 1
    assert checked > 1000


_DATA = Path(__file__).resolve().parents[3] / "benchmarks" / "data"
_STEP = ("Given ", "When ", "Then ", "And ", "But ")


def _lines() -> list[str]:
    """The benchmark's step lines, and each moved: said backwards, in capitals, its words
    joined by hyphens (a compound the chunker splits), its last word cut."""
    said = [
        line.strip().split(" ", 1)[1]
        for feature in sorted(_DATA.glob("*.feature"))
        for line in feature.read_text(encoding="utf-8").splitlines()
        if line.strip().startswith(_STEP) and " " in line.strip()
    ]
    moved = [
        variant
        for text in said
        for variant in (
            " ".join(reversed(text.split())),
            text.upper(),
            "-".join(text.split()[:3]) + " " + " ".join(text.split()[3:]),
            text.rsplit(" ", 1)[0],
        )
    ]
    return [t for t in [*said, *moved] if t.strip()]


def test_every_concept_a_line_says_is_one_its_words_start() -> None:
    """The screen held over other texts than samples: the benchmark's lines and moved ones."""
    index = REGISTRY.frames()
    forms = Derived(index)
    lines = _lines()
    assert len(lines) > 2000
    for text in lines:
        assert set(index.chunk(text).signature()[0]) <= _could_say(forms, text), text
