"""The reference reading of a phrase's forms that the screened path is held equal to: each
pattern's full regex in turn, as a reader would try them (test_outlines, test_literal_pieces)."""

from __future__ import annotations

import re

from kubeloop.harness.definitions import StepDefinition


def plainly(definition: StepDefinition, text: str) -> tuple[int, re.Match[str]] | None:
    """The reference: each pattern's full regex in turn, the first that matches whole."""
    for form, regex in enumerate(definition.regexes):
        found = regex.fullmatch(text)
        if found is not None:
            return form, found
    return None


def reading(found: tuple[int, re.Match[str]] | None) -> object:
    """What a caller sees of a match: the form, the span and every group."""
    if found is None:
        return None
    form, match = found
    return form, match.span(), match.groupdict()
