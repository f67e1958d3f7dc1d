"""Frames no example says: a definition's patterns said with their optional parts in and
out and each choice in turn (pattern_samples.py), in the values of its own examples.

An example says one form of a phrase; "the rollout of web finishes[ in {duration}]" has a
frame without the duration only if some example leaves it out. Saying every form of every
definition up front costs every phrase's regex and thousands of chunkings, so these frames
are built on demand: only for the one definition whose examples say every concept of the
line (found through its rarest), each definition's once, and kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kubeloop.harness.definitions import StepDefinition
from kubeloop.harness.frames.chunker import Chunked, first_stems
from kubeloop.harness.frames.index import GRAMMAR, Frame, FrameIndex, Signature
from kubeloop.harness.pattern_samples import said_values, samples, unchecked


@dataclass
class Derived:
    """The frames of each definition's every form, built the first time a line asks."""

    index: FrameIndex
    _made: dict[int, tuple[tuple[Signature, Frame], ...]] = field(default_factory=dict)
    _unchecked: dict[int, tuple[tuple[int, str, frozenset[str]], ...]] = field(default_factory=dict)
    _starts: dict[str, frozenset[str]] = field(default_factory=dict)
    _said: dict[tuple[int, Signature], tuple[Frame, ...]] = field(default_factory=dict)
    _words: dict[str, frozenset[str]] = field(default_factory=dict)

    def frames(self, definition: StepDefinition) -> tuple[tuple[Signature, Frame], ...]:
        """``definition``'s forms as frames, each with its signature."""
        key = id(definition)
        made = self._made.get(key)
        if made is None:
            typed = said_values([definition])
            found = []
            for _, text in samples(definition, typed):
                chunked = self.index.chunk(text)
                if not chunked.unknown:
                    found.append((chunked.signature(), Frame(definition, text, chunked)))
            made = self._made[key] = tuple(found)
        return made

    def saying(self, definition: StepDefinition, signature: Signature) -> tuple[Frame, ...]:
        """``definition``'s frames with ``signature``, as ``frames`` gives them: each sample
        with that signature checked against its pattern, the first of each text it matches
        kept (a text's signature is its own, so every sample of one text is among them).
        A sample whose words start no entry of some concept the signature says cannot say
        it, so it is passed over unchunked (``_samples``)."""
        key = (id(definition), signature)
        said = self._said.get(key)
        if said is None:
            wanted = set(signature[0])
            seen: set[str] = set()
            kept = []
            for form, text, concepts in self._samples(definition):
                if not wanted <= concepts or text in seen:
                    continue
                chunked = self.index.chunk(text)
                if chunked.unknown or chunked.signature() != signature:
                    continue
                if definition.form_fullmatch(form, text) is not None:
                    seen.add(text)
                    kept.append(Frame(definition, text, chunked))
            said = self._said[key] = tuple(kept)
        return said

    def _samples(self, definition: StepDefinition) -> tuple[tuple[int, str, frozenset[str]], ...]:
        """Every sample ``frames`` tries, unchecked and unchunked: its pattern, its text,
        and every concept its chunks could say (``could_say``)."""
        key = id(definition)
        made = self._unchecked.get(key)
        if made is None:
            made = self._unchecked[key] = tuple(
                (form, text, self.could_say(text))
                for form, text in unchecked(definition, said_values([definition]))
            )
        return made

    def could_say(self, text: str) -> frozenset[str]:
        """``plainly_could_say``, word by word when no piece of ``text`` spans words (no
        quote, bracket or apostrophe, no "cannot": ``first_stems``' pieces are then each
        word's own): the samples of a phrase say the same few words again and again."""
        if not _SPANNING.isdisjoint(text) or "cannot" in text.lower():
            return self.plainly_could_say(text)
        said = self._words
        found = []
        for word in text.split():
            concepts = said.get(word)
            if concepts is None:
                concepts = said[word] = self.plainly_could_say(word)
            found.append(concepts)
        return frozenset().union(*found)

    def plainly_could_say(self, text: str) -> frozenset[str]:
        """Every concept ``text``'s chunks could say: those of the entries its words start."""
        starting = self._starting()
        return frozenset().union(*(starting.get(s, ()) for s in first_stems(text)))

    def _starting(self) -> dict[str, frozenset[str]]:
        """The concepts of the lexicon's entries, by the stem each starts with."""
        if not self._starts:
            found: dict[str, set[str]] = {}
            for words, entry in self.index.lexicon.entries.items():
                found.setdefault(words[0], set()).add(entry.concept)
            self._starts.update((s, frozenset(c)) for s, c in found.items())
        return self._starts

    def lookup(self, keyword: str, chunked: Chunked) -> list[Frame]:
        """The derived frames of ``keyword`` that mean what ``chunked`` means: of the one
        definition whose examples say all the line's concepts (its rarest among them) and
        least besides; a line that says more than any phrase's examples costs nothing."""
        signature = chunked.signature()
        content = frozenset(c for c in signature[0] if c not in GRAMMAR)
        if not content:
            return []
        saying = self.index.saying
        rarest = min(content, key=lambda c: (len(saying.get((keyword, c), [])), c))
        said: dict[int, tuple[StepDefinition, set[str]]] = {}
        for frame in saying.get((keyword, rarest), []):
            concepts = said.setdefault(id(frame.definition), (frame.definition, set()))[1]
            concepts.update(frame.chunked.signature()[0])
        ranked = sorted(
            (-len(content & concepts), len(concepts - content), order, definition)
            for order, (definition, concepts) in enumerate(said.values())
            if content <= concepts
        )
        return [
            frame
            for *_, definition in ranked[:NEAREST]
            for frame in self.saying(definition, signature)
        ]


NEAREST = 1
"""How many definitions' forms a line is tried against (each costs its phrase's regex)."""
_SPANNING = frozenset("\"'`({\u2018\u2019\u201c\u201d")
"""Characters a piece of a text may span words from (a quoted name, bare PromQL, a
contraction or possessive), curly quotes as ``normalised`` straightens them."""
