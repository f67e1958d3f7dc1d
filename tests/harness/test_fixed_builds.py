"""What ``kubeloop check`` builds once, built cheaply: each shortcut against the plain way.

The phrase index's borders and remembered choices, the lexicon's slips learnt once per
word, the catalog's words read with one bracket pass per pattern, the frames index filing
its examples at the first look at a frame, and the converters' regexes compiled at their
first use (first_use.Later).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence

import pytest

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness import phrase_index
from kubeloop.harness.definitions import StepDefinition
from kubeloop.harness.first_use import Later
from kubeloop.harness.frames import index as frames_index
from kubeloop.harness.frames.index import FrameIndex, catalog_words, regex_words
from kubeloop.harness.frames.lexicon import Lexicon, _deletions
from kubeloop.harness.params import TYPES
from kubeloop.harness.pattern_parts import CHOICE, TEXT, parts
from kubeloop.harness.registry import REGISTRY

PATTERNS = [p for d in REGISTRY.definitions for p in d.patterns]


def test_every_border_is_the_one_read_through_every_part_beside() -> None:
    asked = 0
    for pattern in PATTERNS:
        read = parts(pattern)
        for place in range(len(read)):
            for after in (False, True):
                fast = phrase_index._bordered(read, place, after)
                assert fast == phrase_index.plain_bordered(read, place, after), (pattern, place)
                asked += 1
    assert asked > 10_000


def test_every_choice_and_token_remembered_reads_as_read_afresh() -> None:
    choices = 0
    for pattern in PATTERNS:
        read = parts(pattern)
        for place, (kind, said) in enumerate(read):
            if kind == TEXT:
                for token in said.split(" "):
                    assert phrase_index._whole(token) == phrase_index._whole.__wrapped__(token)
            if kind != CHOICE:
                continue
            left = phrase_index.plain_bordered(read, place, after=False)
            right = phrase_index.plain_bordered(read, place, after=True)
            afresh = phrase_index._choice_words.__wrapped__(tuple(said), left, right)
            assert phrase_index._choice(read, place, said) == afresh, (pattern, place)
            choices += 1
    assert choices > 1_000


def _plain_catalog_words(definitions: Sequence[StepDefinition]) -> tuple[list[str], list[str]]:
    """``catalog_words`` as it first read the phrases: brackets blanked for each search,
    every text searched for hyphenated words."""
    said: Counter[str] = Counter()
    given: Counter[str] = Counter()
    hyphenated: set[str] = set()
    literal: set[str] = set()
    words, hyphens = frames_index._WORDS, frames_index._HYPHENATED
    for definition in definitions:
        own: set[str] = set()
        for form, pattern in enumerate(definition.patterns):
            text = frames_index._PARAMETER.sub(" ", pattern)
            text = text.replace("(s)", "s").replace("(es)", "es")
            own.update(w.lower() for w in words.findall(re.sub(r"[<>|\[\]]", " ", text)))
            literal.update(w.lower() for w in hyphens.findall(re.sub(r"[<>|\[\]]", " ", text)))
            for kind in definition.form_kinds(form).values():
                own.update(regex_words(TYPES[kind].regex))
        said.update(own)
        given.update({w.lower() for e in definition.examples for w in words.findall(e)} - own)
        hyphenated.update(h.lower() for e in definition.examples for h in hyphens.findall(e))
    kept = sorted(w for w in said if said[w] >= given[w])
    return kept, sorted((set(given) - set(kept)) | (hyphenated - literal))


def test_the_catalogs_words_are_those_read_the_plain_way() -> None:
    found = catalog_words(REGISTRY.definitions)
    assert found == _plain_catalog_words(REGISTRY.definitions)
    assert "system-node-critical" in found[1] and "running" in found[0]


def test_the_lexicon_knows_each_long_word_and_every_slip_of_it_once_learnt() -> None:
    words, names = catalog_words(REGISTRY.definitions)
    lexicon = Lexicon(words, names)
    assert {w for w in words if len(w) >= 4 and w.isalpha()} <= lexicon._known
    assert {n for n in lexicon.names if len(n) >= 4} <= lexicon._known
    slips = {slip for word in lexicon._known for slip in _deletions(word)}
    assert lexicon._near == slips | {(d, -1) for d, _ in slips}
    assert lexicon._longest == max(map(len, lexicon._known))
    assert lexicon.near("pots") and lexicon.near("promte") and not lexicon.near("pods")


def test_the_frames_index_files_its_examples_at_the_first_look_at_a_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    chunked: list[str] = []
    plain = frames_index.chunk

    def counted(text: str, lexicon: Lexicon) -> frames_index.Chunked:
        chunked.append(text)
        return plain(text, lexicon)

    monkeypatch.setattr(frames_index, "chunk", counted)
    definitions = list(REGISTRY.definitions)
    index = FrameIndex(definitions)
    definitions.append(definitions[0])  # (filed: the definitions as they were, once)
    assert chunked == []
    assert index.chunk("node node-2 is going down").signature()[0]  # (a line, not a frame)
    assert chunked == ["node node-2 is going down"]
    frames = index.frames
    examples = [e for d in REGISTRY.definitions for e in d.examples]
    assert chunked[1:] == examples
    assert index.saying and index.light and index.frames is frames
    assert len(chunked) == len(examples) + 1


_LAZY = """
import sys
from kubeloop.harness import first_use
from kubeloop.harness.registry import load_step_library
load_step_library()
modules = [m for n, m in list(sys.modules.items()) if n.startswith("kubeloop") and m]
made = [v for m in modules for v in vars(m).values() if isinstance(v, first_use.Later)]
print(len(made), sum("compiled" in vars(v) for v in made))
"""


def test_the_converters_regexes_wait_for_their_first_use() -> None:
    done = subprocess.run([sys.executable, "-c", _LAZY], capture_output=True, text=True, check=True)
    made, compiled = map(int, done.stdout.split())
    assert made >= 15 and compiled == 0


def test_a_regex_compiled_later_is_the_one_compiled_at_once() -> None:
    later = Later(r"(?P<n>\d+) (?:pods?|nodes?)", re.IGNORECASE)
    assert "compiled" not in vars(later)
    assert later.pattern == r"(?P<n>\d+) (?:pods?|nodes?)"
    assert later.compiled == re.compile(later.pattern, re.IGNORECASE)
    assert later.fullmatch("3 PODS") is not None and later.match("3 node x") is not None
    assert later.search("x 2 Nodes")["n"] == "2"  # type: ignore[index]
    assert [m["n"] for m in later.finditer("1 pod, 2 nodes")] == ["1", "2"]
