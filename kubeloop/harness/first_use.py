"""Regexes compiled at their first use, not at import: a vocabulary module's converters
read their clauses with regexes that a run needs only when a step says such a clause."""

from __future__ import annotations

import functools
import re


@functools.cache
def compiled(source: str) -> re.Pattern[str]:
    """``source`` compiled case-insensitively, once per process."""
    return re.compile(source, re.IGNORECASE)
