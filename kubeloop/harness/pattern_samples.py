"""Sample texts of a phrase's every pattern, written from the pattern itself.

A definition's examples say only some of its patterns: a variant no example says could
overlap another definition, and nothing would tell. These samples say each pattern with
its optional parts left out and put in, and each choice's words in turn, its parameters
filled with what the library's own examples say for that type, so the registry's
ambiguity check (``Registry.ambiguities``) sees every pattern, not only the examples'.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from kubeloop.harness.definitions import Match, StepDefinition

_TOKEN = re.compile(r"\{(\w+):(\w+)\}|\(s\)|\(es\)|<([^<>]+)>|\[|\]")


@dataclass(frozen=True)
class _Part:
    """One piece of a pattern: words, a parameter, a choice, or an optional run of parts."""

    words: str = ""
    name: str = ""
    kind: str = ""
    choices: tuple[str, ...] = ()
    optional: tuple[_Part, ...] | None = None


def _parse(pattern: str) -> tuple[_Part, ...]:
    """A pattern as its parts (patterns.translate has already refused a malformed one)."""
    stack: list[list[_Part]] = [[]]
    position = 0
    for token in _TOKEN.finditer(pattern):
        stack[-1].append(_Part(words=pattern[position : token.start()]))
        text = token.group(0)
        if token.group(1):
            stack[-1].append(_Part(name=token.group(1), kind=token.group(2)))
        elif token.group(3) is not None:
            stack[-1].append(_Part(choices=tuple(token.group(3).split("|"))))
        elif text in ("(s)", "(es)"):
            stack[-1].append(_Part(optional=(_Part(words=text[1:-1]),)))
        elif text == "[":
            stack.append([])
        else:
            inner = stack.pop()
            stack[-1].append(_Part(optional=tuple(inner)))
        position = token.end()
    stack[-1].append(_Part(words=pattern[position:]))
    return tuple(stack[0])


def _render(parts: Iterable[_Part], values: dict[str, str], included: bool, turn: int) -> str:
    said = []
    for part in parts:
        if part.optional is not None:
            if included:
                said.append(_render(part.optional, values, included, turn))
        elif part.choices:
            said.append(part.choices[turn % len(part.choices)])
        elif part.name:
            said.append(
                values.get(f"{part.name}:{part.kind}") or values.get(f":{part.kind}", part.kind)
            )
        else:
            said.append(part.words)
    return "".join(said)


def _widest(parts: Iterable[_Part]) -> int:
    widest = 1
    for part in parts:
        if part.optional is not None:
            widest = max(widest, _widest(part.optional))
        widest = max(widest, len(part.choices))
    return widest


def said_values(definitions: Iterable[StepDefinition]) -> dict[str, str]:
    """What the examples say for each parameter type (":kind"), the first example's first."""
    values: dict[str, str] = {}
    for definition in definitions:
        for example in definition.examples:
            match = definition.fullmatch(example)
            if match is None:
                continue
            for name, kind in definition.kinds(example).items():
                span = match.group(name)
                if span:
                    values.setdefault(f":{kind}", span)
    return values


def samples(definition: StepDefinition, typed: dict[str, str]) -> Iterator[tuple[int, str]]:
    """Each pattern's samples (its index, the text), in the definition's own values where its
    examples give them, else the library's for the type; only texts the pattern matches."""
    seen: set[str] = set()
    for form, text in unchecked(definition, typed):
        if text in seen or definition.regexes[form].fullmatch(text) is None:
            continue
        seen.add(text)
        yield form, text


def unchecked(definition: StepDefinition, typed: dict[str, str]) -> Iterator[tuple[int, str]]:
    """Every text ``samples`` tries, in its order, before its pattern is asked whether it
    matches (an example is no sample): a caller that needs only some of them checks only
    those, the first of each text its pattern matches kept."""
    own: dict[str, str] = {}  # "name:kind": a parameter's type may differ between patterns
    for example in definition.examples:
        match = definition.fullmatch(example)
        if match is not None:
            for name, kind in definition.kinds(example).items():
                if match.group(name):
                    own.setdefault(f"{name}:{kind}", match.group(name))
    examples = set(definition.examples)
    for form, pattern in enumerate(definition.patterns):
        parts = _parse(pattern)
        for included in (False, True):
            for turn in range(_widest(parts)):
                text = " ".join(_render(parts, {**typed, **own}, included, turn).split())
                if text not in examples:
                    yield form, text


def overlaps(
    definitions: Sequence[StepDefinition],
    match_one: Callable[[str, str], Sequence[Match]],
    concerns: Callable[[StepDefinition], bool],
) -> list[str]:
    """Each sample of a definition ``concerns`` accepts that another definition matches too,
    or that one ``concerns`` accepts matches beside the sample's own: what
    ``Registry.ambiguities`` finds for examples, found for every pattern."""
    typed = said_values(definitions)
    problems = []
    for definition in definitions:
        for _, text in samples(definition, typed):
            found = match_one(definition.keyword, text)
            if len(found) > 1 and any(concerns(m.definition) for m in found):
                where = ", ".join(f"{m.definition.domain}: {m.definition.pattern!r}" for m in found)
                problems.append(f'{definition.keyword.title()} "{text}" is matched by {where}')
    return problems
