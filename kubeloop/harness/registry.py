"""The step registry: one canonical phrase per concept, matched by an indexed matcher.

Definitions are indexed by keyword and by a word every text they match contains
(phrase_index.py), so a step is tried only against the few that could match it. A step
that no single definition matches may be two phrases joined by " and " ("3 nodes
and a deployment of 4", "node-2 fails and I reconcile").
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Any

import kubeloop.harness.clauses  # noqa: F401  (registers the noun phrases and clause lists)
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.grammar import with_readings
from kubeloop.harness.match_cache import MatchCache, fresh
from kubeloop.harness.params import compile_pattern
from kubeloop.harness.phrase_index import WordIndex
from kubeloop.harness.suggest import close_phrases

KEYWORDS = ("given", "when", "then")
StepFunction = Callable[..., None]


@dataclass(frozen=True)
class StepDefinition:
    keyword: str
    pattern: str
    """The canonical form, as the catalog shows it first."""
    function: StepFunction
    examples: tuple[str, ...]
    domain: str
    regex: re.Pattern[str] = field(repr=False)
    converters: dict[str, Callable[[str], Any]] = field(repr=False)
    variants: tuple[str, ...] = ()
    """Other ways to say the same thing, accepted as well and listed in the catalog."""
    variant_regexes: tuple[re.Pattern[str], ...] = field(default=(), repr=False)
    variant_converters: tuple[dict[str, Callable[[str], Any]], ...] = field(default=(), repr=False)
    _kinds: tuple[dict[str, str], ...] = field(init=False, repr=False, compare=False)
    """Each pattern's parameter types, read once (a step's arguments are resolved by them)."""

    def __post_init__(self) -> None:
        kinds = tuple(dict(re.findall(r"\{(\w+):(\w+)\}", p)) for p in self.patterns)
        object.__setattr__(self, "_kinds", kinds)

    @property
    def description(self) -> str:
        doc = inspect.getdoc(self.function) or ""
        return doc.splitlines()[0] if doc else ""

    @property
    def patterns(self) -> tuple[str, ...]:
        return (self.pattern, *self.variants)

    @property
    def regexes(self) -> tuple[re.Pattern[str], ...]:
        return (self.regex, *self.variant_regexes)

    def kinds(self, text: str | None = None) -> dict[str, str]:
        """Each parameter's type name in the form that matches ``text`` (else the canonical)."""
        index = self._index(text) if text is not None and self.variant_regexes else 0
        return self.form_kinds(index or 0)

    def form_kinds(self, form: int) -> dict[str, str]:
        """Each parameter's type name in pattern ``form`` (0: the canonical one)."""
        return dict(self._kinds[form])

    def _index(self, text: str) -> int | None:
        found = self._fullmatch(text)
        return None if found is None else found[0]

    def _fullmatch(self, text: str) -> tuple[int, re.Match[str]] | None:
        match = self.regex.fullmatch(text)
        if match is not None:
            return 0, match
        for index, regex in enumerate(self.variant_regexes, 1):
            match = regex.fullmatch(text)
            if match is not None:
                return index, match
        return None

    def fullmatch(self, text: str) -> re.Match[str] | None:
        found = self._fullmatch(text)
        return None if found is None else found[1]

    def parse(self, text: str) -> dict[str, Any] | None:
        found = self.parse_form(text)
        return None if found is None else found[1]

    def parse_form(self, text: str) -> tuple[int, dict[str, Any]] | None:
        """Which of the patterns matches ``text`` (0: the canonical one) and its arguments."""
        found = self._fullmatch(text)
        if found is None:
            return None
        index, match = found
        converters = (self.converters, *self.variant_converters)[index]
        return index, {
            name: converters[name](value)
            for name, value in match.groupdict().items()
            if value is not None
        }


@dataclass(frozen=True)
class Match:
    definition: StepDefinition
    arguments: dict[str, Any]
    text: str
    offset: int = 0
    """Where ``text`` starts in the step it was matched in (after an " and " join); -1
    when ``text`` is a reading of the step without its modal verbs."""
    form: int = 0
    """Which of the definition's patterns ``text`` matched (0: the canonical one)."""

    def kinds(self) -> dict[str, str]:
        """Each parameter's type name, in the pattern that matched."""
        return self.definition.form_kinds(self.form)

    def spans(self) -> list[tuple[int, str, str]]:
        """(start in the step, text, parameter type) of every parameter given."""
        match = self.definition.fullmatch(self.text)
        if match is None or self.offset < 0:
            return []
        kinds = self.kinds()
        return [
            (self.offset + match.start(name), value, kinds[name])
            for name, value in match.groupdict().items()
            if value is not None
        ]


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
        self._seen: MatchCache[Match] = MatchCache(_renewed)

    def register(
        self,
        keyword: str,
        pattern: str,
        function: StepFunction,
        examples: tuple[str, ...],
        variants: tuple[str, ...] = (),
    ) -> StepDefinition:
        regex, converters = compile_pattern(pattern)
        variant_regexes, variant_converters = [], []
        for variant in variants:
            variant_regex, converters_of_variant = compile_pattern(variant)
            variant_regexes.append(variant_regex)
            variant_converters.append(converters_of_variant)
        definition = StepDefinition(
            keyword,
            pattern,
            function,
            examples,
            _domain(function),
            regex,
            converters,
            variants,
            tuple(variant_regexes),
            tuple(variant_converters),
        )
        for example in examples:
            if definition.parse(example) is None:
                raise ValueError(f"example {example!r} does not match its own phrase {pattern!r}")
        self.definitions.append(definition)
        self._words = None  # rebuilt at the next lookup: which word is rarest may change
        self._seen.clear()
        return definition

    def candidates(self, keyword: str, text: str) -> Iterator[StepDefinition]:
        """The definitions that could match ``text``, in the order they were registered."""
        if self._words is None:
            self._words = WordIndex(self.definitions)
        return iter(self._words.candidates(keyword, text))

    def match_one(self, keyword: str, text: str) -> list[Match]:
        """Every definition that matches ``text`` whole."""
        found = []
        for definition in self.candidates(keyword, text):
            parsed = definition.parse_form(text)
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
        try:
            return with_readings(self._match, keyword, text)
        except UndefinedStepError:
            if keyword == "then":
                raise
            with suppress(UndefinedStepError):
                return with_readings(self._match, _OTHER[keyword], text)
            raise

    def _match(self, keyword: str, text: str) -> list[Match]:
        whole = self.match_one(keyword, text)
        if len(whole) > 1:
            raise AmbiguousStepError(_ambiguous(keyword, text, whole))
        if whole:
            return whole
        readings = list(self._conjunctions(keyword, text))
        if len(readings) > 1:
            shown = [" + ".join(m.text for m in reading) for reading in readings]
            raise AmbiguousStepError(
                f'{keyword.title()} "{text}" can be split in more than one way: ' + "; ".join(shown)
            )
        if readings:
            return readings[0]
        raise UndefinedStepError(self.undefined_message(keyword, text))

    def _conjunctions(self, keyword: str, text: str) -> Iterator[list[Match]]:
        for found in re.finditer(" and ", text):
            left, right = text[: found.start()], text[found.end() :]
            first = self.match_one(keyword, left)
            if len(first) != 1:
                continue
            try:
                rest = self._match(keyword, right)
            except (UndefinedStepError, AmbiguousStepError):
                continue
            yield [first[0], *(replace(m, offset=m.offset + found.end()) for m in rest)]

    def suggestions(self, keyword: str, text: str, count: int = 3) -> list[str]:
        """Phrases close to ``text`` in the user's own values (see suggest.py); a step that
        joins a known phrase to an unknown one by " and " gets the join back, mended."""
        for found in re.finditer(" and ", text):
            left, right = text[: found.start()], text[found.end() :]
            if len(self.match_one(keyword, left)) == 1:
                mended = close_phrases(self.definitions, keyword, right, 1, same_keyword=True)
                if mended:
                    return [f"{keyword.title()} {left} and {mended[0][1]}"]
        close = close_phrases(self.definitions, keyword, text, count)
        return [f"{kw.title()} {phrase}" for kw, phrase in close]

    def undefined_message(self, keyword: str, text: str) -> str:
        message = f'no step matches {keyword.title()} "{text}"'
        suggestions = self.suggestions(keyword, text)
        if suggestions:
            message += "\n  did you mean:\n" + "\n".join(f"    {s}" for s in suggestions)
        message += "\n  (kubeloop steps lists every phrase)"
        return message

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


def _renewed(match: Match) -> Match:
    """The match with fresh copies of its arguments (see match_cache.py)."""
    arguments = {k: fresh(v) for k, v in match.arguments.items()}
    return Match(match.definition, arguments, match.text, match.offset, match.form)


def _ambiguous(keyword: str, text: str, matches: list[Match]) -> str:
    where = ", ".join(f"{m.definition.domain}: {m.definition.pattern!r}" for m in matches)
    return f'{keyword.title()} "{text}" is matched by {len(matches)} definitions ({where})'


REGISTRY = Registry()


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
