"""A phrase's first parameter, where its place in a text is known: the text must have what
the parameter's type reads there, tested with the type's own regex (compiled once, shared by
every phrase that starts so) before the phrase's full regex is compiled or tried.

A phrase that starts with a parameter ("{count:n} node(s)", or all parameters) has it at the
text's start; one that starts with words and then a parameter ("the service {name:name} …")
has it just after them. Every text the full regex matches, the type's regex matches at that
place: it is the very regex the full one holds there, in the same case rules and with no
group of its own (a group's number would shift), tried in the same text. A text it refuses
there is refused by the full regex too (the test is tests/harness/test_leading_type.py).
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from kubeloop.harness.params import TYPES
from kubeloop.harness.pattern_parts import CHOICE, GLUE, TEXT, Part, parts
from kubeloop.harness.patterns import cased_classes

_PARAMETER = re.compile(r"\{(\w+):(\w+)\}")


class Placed(NamedTuple):
    """A parameter's type's regex and where the parameter may start: after one of
    ``after`` (folded words; at the text's start when ``first``, anywhere else otherwise),
    or at the very start when ``after`` is empty."""

    after: tuple[str, ...]
    first: bool
    regex: re.Pattern[str]

    def allows(self, text: str, lowered: str) -> bool:
        """Whether the type's regex reads something of ``text`` (``lowered``: its folded
        spelling, of the same length) at one of the places the parameter may start."""
        match = self.regex.match
        if not self.after:
            return match(text) is not None
        if self.first:
            return any(lowered.startswith(a) and match(text, len(a)) for a in self.after)
        for words in self.after:
            at = lowered.find(words)
            while at >= 0:
                if match(text, at + len(words)) is not None:
                    return True
                at = lowered.find(words, at + 1)
        return False


class Leading(NamedTuple):
    """Every parameter of a phrase whose place is known, each to be read where it is."""

    placed: tuple[Placed, ...]

    def allows(self, text: str, lowered: str) -> bool:
        """Whether each parameter's type reads something where it may start; a text whose
        folding changed its length is let through (its places are not the folded text's)."""
        if len(lowered) != len(text):
            return True
        return all(placed.allows(text, lowered) for placed in self.placed)


def leading(pattern: str, source: str) -> Leading | None:
    """``pattern``'s parameters whose place is known (at the start, or just after words of
    ASCII outside any optional part) as a ``Leading``, or None where none is. A type whose
    regex has a group of its own, or is not spelt in ``source`` (the full regex, as
    patterns.translate spells it) as it would be compiled alone, is passed over."""
    read = parts(pattern)
    cased = None
    found: list[Placed] = []
    for place, (kind, said) in enumerate(read):
        if kind != GLUE:
            continue
        if place == 0:
            after: tuple[str, ...] | None = ()
        else:
            after = _words(read[place - 1])
        if after is None:
            continue
        name, kind_name = _PARAMETER.fullmatch(said).groups()  # type: ignore[union-attr]
        parameter = TYPES.get(kind_name)
        regex = None if parameter is None else _alone(parameter.regex)
        if regex is None:
            continue
        if cased is None:
            cased = cased_classes(source)
        if f"(?P<{name}>{regex.pattern})" in cased:
            found.append(Placed(after, place == 1, regex))
    return Leading(tuple(found)) if found else None


def _words(part: Part) -> tuple[str, ...] | None:
    """A literal part's words as a text holds them (folded), each alternative of a choice;
    None where a part is not one, may say nothing or has a character outside ASCII."""
    kind, said = part
    alternatives = (said,) if kind == TEXT else tuple(said) if kind == CHOICE else ()
    if alternatives and all(a and a.isascii() for a in alternatives):
        return tuple(a.lower() for a in alternatives)
    return None


@functools.cache
def _alone(regex: str) -> re.Pattern[str] | None:
    """A type's regex compiled alone as a phrase's regex holds it (patterns.compile_source's
    case rules), once per type; None where it has a group of its own."""
    compiled = re.compile(cased_classes(regex), re.IGNORECASE)
    return None if compiled.groups else compiled
