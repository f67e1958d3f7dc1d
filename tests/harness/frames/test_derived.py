"""A line said in a form of a phrase no example says (an optional part left out, another
choice's words) reads as that phrase, in the line's values; built only on demand."""

from __future__ import annotations

import pytest

from kubeloop.harness.frames import reader
from kubeloop.harness.frames.derived import Derived
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
    assert len(forms._made) == 1
    forms.lookup("given", index.chunk("K7's unit tests pass with only 64% coverage"))
    assert len(forms._made) == 1
    forms.lookup("given", index.chunk("the moon is made of 64% cheese"))
    assert len(forms._made) == 1
