"""The step registry: one canonical phrase per concept, matched by an indexed matcher.

Definitions are indexed by keyword and by a word every text they match contains
(phrase_index.py), so a step is tried only against the few that could match it. A step
that no single definition matches may be two phrases joined by " and " ("3 nodes
and a deployment of 4", "node-2 fails and I reconcile").
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import replace
from functools import partial

import kubeloop.harness.clauses  # noqa: F401  (registers the noun phrases and clause lists)
from kubeloop.harness import advice, distribute
from kubeloop.harness.axes import Axes, along
from kubeloop.harness.axes.stated import stated
from kubeloop.harness.definitions import Match, StepDefinition, StepFunction
from kubeloop.harness.errors import AmbiguousStepError, HarnessError, UndefinedStepError
from kubeloop.harness.frames import details
from kubeloop.harness.frames.index import FrameIndex
from kubeloop.harness.frames.reader import read
from kubeloop.harness.grammar import readings, with_readings
from kubeloop.harness.match_cache import MatchCache, fresh
from kubeloop.harness.patterns import translate
from kubeloop.harness.phrase_index import WordIndex

KEYWORDS = ("given", "when", "then")


def check_examples(definition: StepDefinition) -> None:
    """Every example of a definition matches its own phrase (else a ValueError)."""
    for example in definition.examples:
        if definition.parse(example) is None:
            raise ValueError(
                f"example {example!r} does not match its own phrase {definition.pattern!r}"
            )


def _shipped(function: StepFunction) -> bool:
    """A phrase of kubeloop's own step library, whose examples a test checks (checking them
    here would compile every phrase's regex in every run)."""
    return function.__module__.startswith("kubeloop.steps.")


def _domain(function: StepFunction) -> str:
    """ "cluster: nodes" for kubeloop.steps.cluster.nodes; a user module's own last name."""
    parts = function.__module__.split(".")
    if "steps" in parts[:-1]:
        return ": ".join(parts[parts.index("steps") + 1 :])
    return parts[-1]


class Registry:
    def __init__(self) -> None:
        self.definitions: list[StepDefinition] = []
        self._words: WordIndex[StepDefinition] | None = None
        self._frames: FrameIndex | None = None
        self._axes: Axes | None = None
        self._seen: MatchCache[Match] = MatchCache(_renewed)
        self._accepting: dict[tuple[str, str], bool] = {}
        self._pieces: MatchCache[Match] = MatchCache(_renewed)
        self._no_piece: set[tuple[str, str]] = set()
        self._read_as: MatchCache[Match] = MatchCache(_renewed)
        self._unread: dict[tuple[str, str], HarnessError] = {}
        self._one: MatchCache[Match] = MatchCache(_renewed)  # match_one's, until _index()

    def register(
        self,
        keyword: str,
        pattern: str,
        function: StepFunction,
        examples: tuple[str, ...],
        variants: tuple[str, ...] = (),
    ) -> StepDefinition:
        translated = [translate(p) for p in (pattern, *variants)]
        definition = StepDefinition(
            keyword,
            pattern,
            function,
            examples,
            _domain(function),
            tuple(source for source, _ in translated),
            translated[0][1],
            variants,
            tuple(converters for _, converters in translated[1:]),
        )
        if not _shipped(function):
            check_examples(definition)
        self.definitions.append(definition)
        self._words = None  # rebuilt at the next lookup: which word is rarest may change
        self._frames = None
        self._axes = None
        self._seen.clear()
        self._accepting.clear()
        self._pieces.clear()
        self._no_piece.clear()
        self._read_as.clear()
        self._unread.clear()
        return definition

    def forget(self, keep: Callable[[StepDefinition], bool]) -> None:
        """Drop the definitions ``keep`` refuses (a team's phrases, when they are read anew)."""
        self.definitions = [d for d in self.definitions if keep(d)]
        self._words = None
        self._frames = None
        self._axes = None
        self._seen.clear()
        self._accepting.clear()
        self._pieces.clear()
        self._no_piece.clear()
        self._read_as.clear()
        self._unread.clear()

    def candidates(self, keyword: str, text: str) -> Iterator[StepDefinition]:
        """The definitions that could match ``text``, in the order they were registered."""
        return iter(self._index().candidates(keyword, text))

    def _index(self) -> WordIndex[StepDefinition]:
        """The phrase index, built at the first lookup after a phrase is added or dropped."""
        if self._words is None:
            self._words = WordIndex(self.definitions)
            self._one.clear()
        return self._words

    def match_one(self, keyword: str, text: str) -> list[Match]:
        """``plain_match_one``, each definition asked only of the forms whose words ``text``
        has (``WordIndex.forms``), remembered (readings and axes ask some texts again);
        tests/harness/test_screened_forms.py holds the two equal."""
        index = self._index()
        kept = self._one.get(keyword, text)
        if kept is not None:
            return kept
        found = []
        for definition, forms in index.forms(keyword, text):
            try:
                parsed = definition.parse_form(text, forms)
            except ValueError:
                continue
            if parsed is not None:
                found.append(Match(definition, parsed[1], text, form=parsed[0]))
        self._one.keep(keyword, text, found, [v for m in found for v in m.arguments.values()])
        return found

    def plain_match_one(self, keyword: str, text: str) -> list[Match]:
        """Every definition that matches ``text`` whole, each candidate asked in turn; one
        whose converter refuses what its pattern took (``ValueError``) does not match: the
        line gets suggestions, never a traceback (tests/harness/test_pattern_samples.py)."""
        found = []
        for definition in self.candidates(keyword, text):
            try:
                parsed = definition.parse_form(text)
            except ValueError:
                continue
            if parsed is not None:
                found.append(Match(definition, parsed[1], text, form=parsed[0]))
        return found

    def match(self, keyword: str, text: str) -> list[Match]:
        """The definitions to run for ``text``: one, or several joined by " and ".

        A text that matches nothing is read again without its modal verbs (grammar.py). A
        Given no Given phrase has may be an action already taken ("Given I approve the
        promotion of R1 to prod"), a When a fact: each is looked up among the other's
        phrases, as Cucumber ignores the keyword. A Then is only ever a check.
        """
        seen = self._seen.get(keyword, text)
        if seen is None:
            seen = self._read(keyword, text)
            self._seen.keep(keyword, text, seen, [v for m in seen for v in m.arguments.values()])
        return seen

    def _read(self, keyword: str, text: str) -> list[Match]:
        """Every reading tried; only a text none matches pays for suggestions, once."""
        found = self._lookup(keyword, text)
        if found is None:
            raise UndefinedStepError(self.undefined_message(keyword, text))
        return found

    def _lookup(self, keyword: str, text: str, moved: bool = True) -> list[Match] | None:
        """The matches of every reading in turn (an ambiguity is raised), None if none; then
        the line moved along the axes (``moved``); last, the line without its scene-setting
        (frames/details.py), not moved again."""
        try:
            return self.reading(keyword, text)
        except UndefinedStepError:
            if keyword != "then":
                with suppress(UndefinedStepError):
                    return self.reading(_OTHER[keyword], text)
            axed = None
            if moved:
                axed = along(self.axes().orders(text), text, partial(self._either, keyword))
            if axed is None and keyword != "then":
                axed = self._stated(keyword, text)
            if axed is not None:
                return [replace(m, offset=-1) for m in axed]
            framed = self._framed(keyword, text)
            if framed is not None:
                return framed
            for said in (keyword, _OTHER.get(keyword)):
                if said is not None:
                    found = self._distributed(said, text)
                    if found:
                        return found
            shorter = details.left_out(text)
            if shorter is not None:
                rest = self._lookup(keyword, shorter, moved=False)
                return None if rest is None else [replace(m, offset=-1) for m in rest]
        return None

    def quietly(self, keyword: str, text: str) -> list[Match]:
        """What ``match`` returns, or nothing when ``text`` matches no phrase or several:
        for a caller only asking, who would pay for suggestions it throws away."""
        seen = self._seen.get(keyword, text)
        if seen is None:
            try:
                seen = self._lookup(keyword, text)
            except AmbiguousStepError:
                return []
            if seen is None:
                return []
            self._seen.keep(keyword, text, seen, [v for m in seen for v in m.arguments.values()])
        return seen

    def accepts(self, keyword: str, text: str) -> bool:
        """Whether ``text`` matches one reading under ``keyword``, as a run would take it:
        ``plainly_accepts``, remembered until a phrase is added or dropped (a line's
        suggestions and its two steps ask of the same sentences again)."""
        said = (keyword, text)
        known = self._accepting.get(said)
        if known is None:
            if len(self._accepting) >= _ACCEPTED:
                self._accepting.clear()
            known = self._accepting[said] = self.plainly_accepts(keyword, text)
        return known

    def plainly_accepts(self, keyword: str, text: str) -> bool:
        """``accepts``, the text looked up afresh."""
        try:
            return self._lookup(keyword, text) is not None
        except AmbiguousStepError:
            return False

    def _distributed(self, keyword: str, text: str) -> list[Match]:
        """A list that says a shared part once, read as its clauses (distribute.py): the
        first reading whose every clause matches; the sentence said again with each clause
        as read, when one phrase takes it whole (a clause list keeps its own order)."""
        ordered = keyword != "then"
        for reading in distribute.readings(text, ordered):
            chosen: list[tuple[str, list[Match]]] = []
            for options in reading:
                found = next(
                    ((o, m) for o in options if (m := self._piece(keyword, o)) is not None),
                    None,
                )
                if found is None:
                    break
                chosen.append(found)
            else:
                whole = distribute.rejoined(text, [said for said, _ in chosen], ordered)
                matches = None if whole is None else self._piece(keyword, whole)
                if matches is None:
                    matches = [m for _, ms in chosen for m in ms]
                return [replace(m, offset=-1) for m in matches]
        return []

    def _piece(self, keyword: str, text: str) -> list[Match] | None:
        """A clause of a list, under either keyword for a Given or a When ("I build commit
        c0ffee1 as v2 and all gates pass": an action, then a fact)."""
        found = self._quietly(keyword, text)
        if found is None and keyword in _OTHER:
            found = self._quietly(_OTHER[keyword], text)
        return found

    def _quietly(self, keyword: str, text: str) -> list[Match] | None:
        """``quiet_piece``, remembered: a list's clauses recur in its every reading, in
        the other keyword's and in each suggestion checked (a piece that reads as nothing
        is kept as such; one that reads, as ``match`` keeps a step's matches)."""
        if (keyword, text) in self._no_piece:
            return None
        found = self._pieces.get(keyword, text)
        if found is not None:
            return found
        found = self.quiet_piece(keyword, text)
        if found is None:
            if len(self._no_piece) >= _PIECES:
                self._no_piece.clear()
            self._no_piece.add((keyword, text))
        else:
            arguments = [v for m in found for v in m.arguments.values()]
            self._pieces.keep(keyword, text, found, arguments)
        return found

    def quiet_piece(self, keyword: str, text: str) -> list[Match] | None:
        """What ``text`` reads as under ``keyword``, or its frame's one definition; None when
        neither (an ambiguity reads as none)."""
        try:
            return self.reading(keyword, text)
        except (UndefinedStepError, AmbiguousStepError):
            return read(self.frames(), self.match_one, keyword, [*readings(text), text])

    def axes(self) -> Axes:
        """The axes a line is moved along (axes/), over the catalog's words, built at the
        first need."""
        if self._axes is None:
            self._axes = Axes(p for d in self.definitions for p in d.patterns)
        return self._axes

    def _stated(self, keyword: str, text: str) -> list[Match] | None:
        """A Given or When that only a check of a measure reads, said as the phrase that sets
        it (axes/stated.py); or None."""
        with suppress(UndefinedStepError, AmbiguousStepError):
            setting = stated(self.reading("then", text))
            if setting is not None:
                return self._either(keyword, setting, 2)
        return None

    def _either(self, keyword: str, text: str, depth: int) -> list[Match] | None:
        """``text`` read with every reading of grammar.py under ``keyword`` and, for a Given
        or When, the other keyword (``depth`` 2), under ``keyword`` only (1), or under
        ``keyword`` as said or as a list of clauses (0); or None."""
        keywords = (keyword, _OTHER.get(keyword)) if depth == 2 else (keyword,)
        for said in keywords:
            if said is not None:
                with suppress(UndefinedStepError, AmbiguousStepError):
                    if depth:
                        return self.reading(said, text)
                    return self._match(said, text)
        return None

    def frames(self) -> FrameIndex:
        """What every definition's examples mean (frames/), built at the first need."""
        if self._frames is None:
            self._frames = FrameIndex(self.definitions)
        return self._frames

    def _framed(self, keyword: str, text: str) -> list[Match] | None:
        """The one definition ``text`` means, read by its concepts and values (frames/):
        under its keyword, then a Given or When under the other."""
        texts = [*readings(text), text]
        found = read(self.frames(), self.match_one, keyword, texts)
        if found is None and keyword in _OTHER:
            found = read(self.frames(), self.match_one, _OTHER[keyword], texts)
        return found

    def _match(
        self, keyword: str, text: str, tails: dict[str, list[Match] | None] | None = None
    ) -> list[Match]:
        whole = self.match_one(keyword, text)
        if len(whole) > 1:
            raise AmbiguousStepError(_ambiguous(keyword, text, whole))
        if whole:
            return whole
        readings = list(self._conjunctions(keyword, text, {} if tails is None else tails))
        if len(readings) > 1:
            shown = [" + ".join(m.text for m in reading) for reading in readings]
            raise AmbiguousStepError(
                f'{keyword.title()} "{text}" can be split in more than one way: ' + "; ".join(shown)
            )
        if readings:
            return readings[0]
        raise UndefinedStepError(f'no step matches {keyword.title()} "{text}"')

    def _conjunctions(
        self, keyword: str, text: str, tails: dict[str, list[Match] | None]
    ) -> Iterator[list[Match]]:
        """Each split at " and " whose left side is one phrase and right side reads; each
        right side is read once (``tails``), so a list whose every prefix is a phrase ("1%
        take 2s and 1% take 2s and …") is split in polynomial time, not exponential."""
        for found in _JOINS.finditer(text):
            left, right = text[: found.start()], text[found.end() :]
            first = self.match_one(keyword, left)
            if len(first) != 1:
                continue
            if right not in tails:
                try:
                    tails[right] = self._match(keyword, right, tails)
                except (UndefinedStepError, AmbiguousStepError):
                    tails[right] = None
            rest = tails[right]
            if rest is None:
                continue
            yield [first[0], *(replace(m, offset=m.offset + found.end()) for m in rest)]

    def suggestions(self, keyword: str, text: str, count: int = 3) -> list[str]:
        """Phrases close to ``text``, in the user's own values (advice.py)."""
        return advice.suggestions(self, keyword, text, count)

    def undefined_message(self, keyword: str, text: str) -> str:
        """What no phrase matching ``text`` means and what to write instead (advice.py)."""
        return advice.undefined_message(self, keyword, text)

    def reading(self, keyword: str, text: str) -> list[Match]:
        """``plain_reading``, remembered until a phrase is added or dropped: a line no phrase
        matches is read under each keyword by its own lookup, as a check by the measure it
        may state (``_stated``) and again by its advice, and its suggestions and clauses
        read the same sentences again (an unknown or ambiguous text raises the same error
        each time)."""
        failed = self._unread.get((keyword, text))
        if failed is not None:
            raise type(failed)(*failed.args)
        found = self._read_as.get(keyword, text)
        if found is None:
            try:
                found = self.plain_reading(keyword, text)
            except (UndefinedStepError, AmbiguousStepError) as error:
                if len(self._unread) >= _UNREAD:
                    self._unread.clear()
                self._unread[(keyword, text)] = error
                raise
            arguments = [v for m in found for v in m.arguments.values()]
            self._read_as.keep(keyword, text, found, arguments)
        return found

    def plain_reading(self, keyword: str, text: str) -> list[Match]:
        """The matches of ``text`` under ``keyword`` with every reading of grammar.py, and
        nothing else tried (an unknown or ambiguous text raises)."""
        return with_readings(self._match, keyword, text)

    def ambiguities(self) -> list[str]:
        """Examples matched by more than one definition (a test keeps this empty)."""
        problems = []
        for definition in self.definitions:
            for example in definition.examples:
                matches = self.match_one(definition.keyword, example)
                if len(matches) != 1:
                    problems.append(_ambiguous(definition.keyword, example, matches))
        return problems


_OTHER = {"given": "when", "when": "given"}
_ACCEPTED = 4096
"""How many sentences' ``accepts`` are remembered at most."""
_PIECES = 4096
"""How many pieces that read as nothing a registry keeps (then it forgets them all)."""
_UNREAD = 4096
"""How many texts that read as no phrase, or as several, a registry keeps (then it forgets
them all)."""


_JOINS = re.compile(r" and |,? but |; |,? while |,? whereas ")
"""What joins two whole steps: "and", and the words that add a contrast and nothing else
("prod runs R1 but staging runs R2", "…; staging runs R2", "… while staging runs R2")."""


def _renewed(match: Match) -> Match:
    """The match with fresh copies of its arguments (see match_cache.py)."""
    arguments = {k: fresh(v) for k, v in match.arguments.items()}
    return Match(match.definition, arguments, match.text, match.offset, match.form)


def _ambiguous(keyword: str, text: str, matches: list[Match]) -> str:
    where = ", ".join(f"{m.definition.domain}: {m.definition.pattern!r}" for m in matches)
    return f'{keyword.title()} "{text}" is matched by {len(matches)} definitions ({where})'


REGISTRY = Registry()

STEP_LIBRARY = "kubeloop.steps"
"""kubeloop's own phrases, installed from the top-level steps/ folder."""


def load_step_library() -> None:
    """Register every phrase of kubeloop's step library. Imported by name: the library
    imports the harness, and the harness never imports the library."""
    importlib.import_module(STEP_LIBRARY)


def _decorator(keyword: str) -> Callable[..., Callable[[StepFunction], StepFunction]]:
    def decorate(
        pattern: str, *examples: str, variants: tuple[str, ...] = ()
    ) -> Callable[[StepFunction], StepFunction]:
        def register(function: StepFunction) -> StepFunction:
            REGISTRY.register(keyword, pattern, function, examples or (pattern,), variants)
            return function

        return register

    return decorate


def checks_error(function: StepFunction) -> StepFunction:
    """Mark a Then step that inspects the error the previous step ended with."""
    function.checks_error = True  # type: ignore[attr-defined]
    return function


given = _decorator("given")
when = _decorator("when")
then = _decorator("then")
