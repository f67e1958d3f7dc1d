"""Every tense, number and aspect of a word reads as one stem."""

from __future__ import annotations

import pytest

from kubeloop.harness.frames.stems import stem


@pytest.mark.parametrize(
    "forms",
    [
        ("fail", "fails", "failed", "failing"),
        ("pass", "passes", "passed", "passing"),
        ("run", "runs", "running", "ran"),
        ("scale", "scales", "scaled", "scaling"),
        ("stop", "stops", "stopped", "stopping"),
        ("make", "makes", "made", "making"),
        ("server", "servers"),
        ("copy", "copies", "copied"),
        ("succeed", "succeeds", "succeeded"),
        ("use", "uses", "used", "using"),
        ("build", "builds", "built", "building"),
    ],
)
def test_the_forms_of_a_word_share_its_stem(forms: tuple[str, ...]) -> None:
    assert {stem(form) for form in forms} == {stem(forms[0])}


@pytest.mark.parametrize(("one", "other"), [("fail", "file"), ("pod", "pods-x"), ("node", "none")])
def test_different_words_keep_different_stems(one: str, other: str) -> None:
    assert stem(one) != stem(other)
