"""The step registry: one canonical phrase per concept, matched by an indexed matcher.

Definitions are indexed by keyword and by the first literal word of their phrase,
so a step is tried only against the few definitions that could match it. A step
that no single definition matches may be two phrases joined by " and " ("3 nodes
and a deployment of 4", "node-2 fails and I reconcile").
"""

from __future__ import annotations

import difflib
import inspect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.params import compile_pattern

KEYWORDS = ("given", "when", "then")
StepFunction = Callable[..., None]


@dataclass(frozen=True)
class StepDefinition:
    keyword: str
    pattern: str
    function: StepFunction
    examples: tuple[str, ...]
    domain: str
    regex: re.Pattern[str] = field(repr=False)
    converters: dict[str, Callable[[str], Any]] = field(repr=False)

    @property
    def description(self) -> str:
        doc = inspect.getdoc(self.function) or ""
        return doc.splitlines()[0] if doc else ""

    @property
    def first_word(self) -> str | None:
        """The phrase's first word if it is literal, else None (indexed under every word)."""
        match = re.match(r"[A-Za-z'][A-Za-z'-]*(?= |$)", self.pattern)
        return match.group(0).lower() if match else None

    def parse(self, text: str) -> dict[str, Any] | None:
        match = self.regex.fullmatch(text)
        if match is None:
            return None
        return {
            name: self.converters[name](value)
            for name, value in match.groupdict().items()
            if value is not None
        }


@dataclass(frozen=True)
class Match:
    definition: StepDefinition
    arguments: dict[str, Any]
    text: str
    offset: int = 0
    """Where ``text`` starts in the step it was matched in (after an " and " join)."""

    def spans(self) -> list[tuple[int, str, str]]:
        """(start in the step, text, parameter type) of every parameter given."""
        match = self.definition.regex.fullmatch(self.text)
        if match is None:
            return []
        kinds = dict(re.findall(r"\{(\w+):(\w+)\}", self.definition.pattern))
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
        self._by_word: dict[str, dict[str, list[StepDefinition]]] = {k: {} for k in KEYWORDS}
        self._wild: dict[str, list[StepDefinition]] = {k: [] for k in KEYWORDS}
        self.definitions: list[StepDefinition] = []

    def register(
        self, keyword: str, pattern: str, function: StepFunction, examples: tuple[str, ...]
    ) -> StepDefinition:
        regex, converters = compile_pattern(pattern)
        definition = StepDefinition(
            keyword, pattern, function, examples, _domain(function), regex, converters
        )
        for example in examples:
            if definition.parse(example) is None:
                raise ValueError(f"example {example!r} does not match its own phrase {pattern!r}")
        self.definitions.append(definition)
        word = definition.first_word
        if word is None:
            self._wild[keyword].append(definition)
        else:
            self._by_word[keyword].setdefault(word, []).append(definition)
        return definition

    def candidates(self, keyword: str, text: str) -> Iterator[StepDefinition]:
        first = text.split(" ", 1)[0].lower()
        yield from self._by_word[keyword].get(first, ())
        yield from self._wild[keyword]

    def match_one(self, keyword: str, text: str) -> list[Match]:
        """Every definition that matches ``text`` whole."""
        found = []
        for definition in self.candidates(keyword, text):
            arguments = definition.parse(text)
            if arguments is not None:
                found.append(Match(definition, arguments, text))
        return found

    def match(self, keyword: str, text: str) -> list[Match]:
        """The definitions to run for ``text``: one, or several joined by " and "."""
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
                rest = self.match(keyword, right)
            except (UndefinedStepError, AmbiguousStepError):
                continue
            yield [first[0], *(replace(m, offset=m.offset + found.end()) for m in rest)]

    def suggestions(self, keyword: str, text: str, count: int = 3) -> list[str]:
        phrases = {example: d.keyword for d in self.definitions for example in d.examples}
        close = difflib.get_close_matches(text, list(phrases), n=count * 3, cutoff=0.4)
        same_keyword = [p for p in close if phrases[p] == keyword]
        ordered = same_keyword + [p for p in close if p not in same_keyword]
        return [f"{phrases[p].title()} {p}" for p in ordered[:count]]

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


def _ambiguous(keyword: str, text: str, matches: list[Match]) -> str:
    where = ", ".join(f"{m.definition.domain}: {m.definition.pattern!r}" for m in matches)
    return f'{keyword.title()} "{text}" is matched by {len(matches)} definitions ({where})'


REGISTRY = Registry()


def _decorator(keyword: str) -> Callable[..., Callable[[StepFunction], StepFunction]]:
    def decorate(pattern: str, *examples: str) -> Callable[[StepFunction], StepFunction]:
        def register(function: StepFunction) -> StepFunction:
            REGISTRY.register(keyword, pattern, function, examples or (pattern,))
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
