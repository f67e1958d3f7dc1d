"""A step definition (a function and its phrases) and a match of a step's text against one.

What the registry (``registry.py``) files and hands back; kept apart so each reads alone.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kubeloop.harness.literal_pieces import Pieces, folded, pieces
from kubeloop.harness.not_names import refused
from kubeloop.harness.outlines import typed
from kubeloop.harness.patterns import cased_classes
from kubeloop.harness.phrase_code import held_outline
from kubeloop.harness.phrase_index import Requirement, requirement, text_words
from kubeloop.harness.regex_runs import compiled
from kubeloop.harness.shared_types import compile_phrase

StepFunction = Callable[..., None]
_CASED = int(re.IGNORECASE)
"""A typed outline's flag, as ``patterns.compile_source`` compiles it (regex_runs.py)."""


@dataclass(frozen=True)
class StepDefinition:
    keyword: str
    pattern: str
    """The canonical form, as the catalog shows it first."""
    function: StepFunction
    examples: tuple[str, ...]
    domain: str
    sources: tuple[str, ...] = field(repr=False)
    """Each pattern's regex source (patterns.translate), compiled the first time it is used."""
    converters: dict[str, Callable[[str], Any]] = field(repr=False)
    variants: tuple[str, ...] = ()
    """Other ways to say the same thing, accepted as well and listed in the catalog."""
    variant_converters: tuple[dict[str, Callable[[str], Any]], ...] = field(default=(), repr=False)
    _patterns: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The canonical pattern and its variants, in that order."""
    _kinds: tuple[dict[str, str], ...] = field(init=False, repr=False, compare=False)
    """Each pattern's parameter types, read once (a step's arguments are resolved by them)."""
    _compiled: dict[int, re.Pattern[str]] = field(init=False, repr=False, compare=False)
    """Each pattern's regex once compiled, by its place in ``patterns``."""
    _typed: dict[int, re.Pattern[str] | None] = field(init=False, repr=False, compare=False)
    """Each pattern's typed outline once compiled (None: not worth one), by its place."""
    _screened: tuple[tuple[Requirement, Pieces], ...] | None = field(
        init=False, repr=False, compare=False
    )
    """Each pattern's required words and literal pieces, once asked."""
    _answers: dict[str, tuple[int, re.Match[str]] | None] = field(
        init=False, repr=False, compare=False
    )
    """What ``_fullmatch`` answered for the texts asked lately (at most ``ANSWERS``): a line
    that matches nothing is asked again for its readings, the other keyword and each
    suggestion checked, and a match's kinds and spans ask again."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_patterns", (self.pattern, *self.variants))
        kinds = tuple(dict(re.findall(r"\{(\w+):(\w+)\}", p)) for p in self.patterns)
        object.__setattr__(self, "_kinds", kinds)
        object.__setattr__(self, "_compiled", {})
        object.__setattr__(self, "_typed", {})
        object.__setattr__(self, "_screened", None)
        object.__setattr__(self, "_answers", {})

    @property
    def regexes(self) -> tuple[re.Pattern[str], ...]:
        """The compiled patterns, canonical first."""
        return tuple(self._regex(form) for form in range(len(self.sources)))

    def _regex(self, form: int) -> re.Pattern[str]:
        """Pattern ``form``'s regex, compiled on first use, as most of a large vocabulary is
        never tried in a run (the phrase index and the screens skip it), its parameter
        types' code shared with every other phrase's (shared_types.py)."""
        regex = self._compiled.get(form)
        if regex is None:
            source, kinds = self.sources[form], self._kinds[form]
            regex = self._compiled[form] = compile_phrase(source, kinds)
        return regex

    def _typed_outline(self, form: int) -> re.Pattern[str] | None:
        """Pattern ``form``'s typed outline regex (outlines.typed), compiled on first use as
        ``patterns.compile_source`` compiles it (read and written by regex_runs.py, or read
        off the library's table: phrase_code.py); None where the pattern has none worth
        compiling."""
        if form not in self._typed:
            held = held_outline(self.patterns[form], self.sources[form])
            if held is not None:
                self._typed[form] = held[0]
            else:
                source = typed(self.patterns[form], self.sources[form])
                outline = None if source is None else compiled(cased_classes(source), _CASED)
                self._typed[form] = outline
        return self._typed[form]

    @property
    def regex(self) -> re.Pattern[str]:
        return self.regexes[0]

    @property
    def variant_regexes(self) -> tuple[re.Pattern[str], ...]:
        return self.regexes[1:]

    @property
    def description(self) -> str:
        doc = inspect.getdoc(self.function) or ""
        return doc.splitlines()[0] if doc else ""

    @property
    def patterns(self) -> tuple[str, ...]:
        return self._patterns

    def kinds(self, text: str | None = None) -> dict[str, str]:
        """Each parameter's type name in the form that matches ``text`` (else the canonical)."""
        index = self._index(text) if text is not None and self.variants else 0
        return self.form_kinds(index or 0)

    def form_kinds(self, form: int) -> dict[str, str]:
        """Each parameter's type name in pattern ``form`` (0: the canonical one)."""
        return dict(self._kinds[form])

    def _index(self, text: str) -> int | None:
        found = self._fullmatch(text)
        return None if found is None else found[0]

    def _fullmatch(
        self, text: str, screened: tuple[int, ...] | None = None
    ) -> tuple[int, re.Match[str]] | None:
        """``first_form(text)``, remembered: the answer depends on nothing but the text (a
        match is immutable, so one is handed out again as it is). ``screened``: the forms
        whose screens ``text`` passes, where the phrase index has read them
        (``WordIndex.forms``), so they are not read again (``first_screened``)."""
        answers = self._answers
        if text in answers:
            return answers[text]
        if len(answers) >= ANSWERS:
            answers.clear()
        if screened is None:
            found = answers[text] = self.first_form(text)
        else:
            found = answers[text] = self.first_screened(text, screened)
        return found

    def first_form(self, text: str) -> tuple[int, re.Match[str]] | None:
        """The first pattern whose regex matches ``text`` whole, and its match: the
        ``regexes`` tried in turn, each as ``form_fullmatch`` tries it."""
        words, lowered = text_words(text), folded(text)
        for form, (needs, held) in enumerate(self._screens()):
            if needs.met(words) and held.held_by(lowered):
                match = self._narrowed(form, text)
                if match is not None:
                    return form, match
        return None

    def first_screened(
        self, text: str, screened: tuple[int, ...]
    ) -> tuple[int, re.Match[str]] | None:
        """``first_form(text)`` where ``screened`` are the forms, in order, whose required
        words and literal pieces ``text`` has (the others' regexes refuse it): only their
        regexes are tried. tests/harness/test_screened_forms.py holds the two equal."""
        for form in screened:
            match = self._narrowed(form, text)
            if match is not None:
                return form, match
        return None

    def form_fullmatch(self, form: int, text: str) -> re.Match[str] | None:
        """What pattern ``form``'s regex answers for ``text`` whole, its regex compiled only
        where the text has every word the pattern requires (phrase_index.required_words),
        its literal pieces in order (literal_pieces.py) and its typed outline lets it
        through (the regex would refuse it too)."""
        needs, held = self._screens()[form]
        if not (needs.met(text_words(text)) and held.held_by(folded(text))):
            return None
        return self._narrowed(form, text)

    def _screens(self) -> tuple[tuple[Requirement, Pieces], ...]:
        """Each pattern's required words (phrase_index.requirement) and literal pieces
        (literal_pieces.pieces), read at the first need."""
        screens = self._screened
        if screens is None:
            screens = tuple((requirement(p), pieces(p)) for p in self.patterns)
            object.__setattr__(self, "_screened", screens)
        return screens

    def _narrowed(self, form: int, text: str) -> re.Match[str] | None:
        """``form_fullmatch`` for a text that passed pattern ``form``'s screens: its typed
        outline, then its full regex."""
        narrower = self._typed_outline(form)
        if narrower is not None and narrower.fullmatch(text) is None:
            return None
        return self._regex(form).fullmatch(text)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        found = self._fullmatch(text)
        return None if found is None else found[1]

    def parse(self, text: str) -> dict[str, Any] | None:
        """The arguments, or None where the text does not read (a converter's ValueError
        too: see Registry.match_one)."""
        try:
            found = self.parse_form(text)
        except ValueError:
            return None
        return None if found is None else found[1]

    def parse_form(
        self, text: str, screened: tuple[int, ...] | None = None
    ) -> tuple[int, dict[str, Any]] | None:
        """Which of the patterns matches ``text`` (0: the canonical one) and its arguments;
        ``screened`` as ``_fullmatch`` takes it."""
        found = self._fullmatch(text, screened)
        if found is None:
            return None
        index, match = found
        converters = (self.converters, *self.variant_converters)[index]
        said = {name: value for name, value in match.groupdict().items() if value is not None}
        kinds = self._kinds[index]
        if any(refused(kinds.get(name, ""), v, self.keyword, name) for name, v in said.items()):
            raise ValueError("a word that names nothing where a name goes (not_names.py)")
        return index, {name: converters[name](value) for name, value in said.items()}


ANSWERS = 512
"""How many texts' answers a definition keeps (then it forgets them all and starts again)."""


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
