"""When nothing is close, the message says which nouns it recognised and shows three phrases
about them, each a sentence a run takes; words nobody knows (not slips of known ones) count
against closeness, so one known noun among them is not "close" to every phrase that says
it. A line that uses a check's phrase under Given or When says "this is a check: write
Then", and an event's under Then says "write When"."""

from __future__ import annotations

import re

import pytest

from kubeloop.harness.registry import REGISTRY, load_step_library

load_step_library()

_ABOUT = re.compile(r"^  nothing close; it talks about (.+); phrases about them:$")
_PHRASE = re.compile(r"^    (Given|When|Then) (.+)$")


@pytest.mark.parametrize(
    ("keyword", "text", "noun"),
    [
        ("given", "the pods sing loudly at dawn", "pods"),
        ("given", "the nodes hum quietly overnight", "nodes"),
        ("when", "the alert whistles merrily", "alert"),
    ],
)
def test_nothing_close_names_the_nouns_and_three_phrases_about_them(
    keyword: str, text: str, noun: str
) -> None:
    assert not REGISTRY.accepts(keyword, text)
    lines = REGISTRY.undefined_message(keyword, text).splitlines()
    about = _ABOUT.match(lines[1])
    assert about is not None and noun in about.group(1), lines
    phrases = [hit for line in lines[2:] if (hit := _PHRASE.match(line))]
    assert len(phrases) == 3, lines
    assert all(REGISTRY.accepts(h.group(1).lower(), h.group(2)) for h in phrases), lines


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("given", 'every pod of "api" is running'),
        ("when", "the scan gate blocks R4 on CVE-2026-9"),
        ("given", "node-5 has no pods"),
        ("when", "nothing was rolled back"),
    ],
)
def test_a_check_under_given_or_when_is_told_to_write_then(keyword: str, text: str) -> None:
    lines = REGISTRY.undefined_message(keyword, text).splitlines()
    assert lines[1] == f"  this is a check: write Then {text}", lines
    assert REGISTRY.accepts("then", text)


@pytest.mark.parametrize("text", ["I drain node-4", "5 minutes pass"])
def test_an_event_under_then_is_told_to_write_when(text: str) -> None:
    lines = REGISTRY.undefined_message("then", text).splitlines()
    assert lines[1] == f"  this is an event, not a check: write When {text}", lines
