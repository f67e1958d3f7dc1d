"""IntOrString values (``maxSurge: 1``, ``maxUnavailable: "25%"``): parsed, validated, scaled.

Mirrors ``pkg/util/intstr``. What a rollout makes of them is ``surge_budget.py``'s.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from kubeloop.errors import InvalidSpecError

_PERCENT = re.compile(r"^([0-9]+)%$")
IntOrPercent = int | str
_INT64_MAX = 2**63 - 1


@lru_cache(maxsize=256)
def percent(value: str) -> int | None:
    """The number in ``"25%"``; None when the text is not a percentage, or its number does
    not fit the int64 that upstream's ``strconv.Atoi`` parses it into.

    Memoized: every sync of every deployment resolves the same few strings.
    """
    match = _PERCENT.match(value)
    digits = match.group(1).lstrip("0") if match else ""
    if not match or len(digits) > len(str(_INT64_MAX)):
        return None
    number = int(digits or "0")
    return number if number <= _INT64_MAX else None


def is_literal_zero(value: object) -> bool:
    """``0`` or ``"0%"``: apps/v1 refuses maxSurge and maxUnavailable both literally zero."""
    return value in (0, "0%")


def validate_int_or_percent(
    value: object, field: str, where: str, at_most_100: bool = False
) -> None:
    """Reject what ``ValidatePositiveIntOrPercent`` rejects, naming the field."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InvalidSpecError(f'{where}: {field} must be an integer or a percentage like "25%"')
    if isinstance(value, int):
        if value < 0:
            raise InvalidSpecError(f"{where}: {field} must be greater than or equal to 0")
        return
    number = percent(value)
    if number is None:
        raise InvalidSpecError(
            f'{where}: {field} "{value}" must be an integer or a percentage like "25%"'
        )
    if at_most_100 and number > 100:
        raise InvalidSpecError(f"{where}: {field} must not be greater than 100%")


def scaled_value(value: int | str, total: int, round_up: bool) -> int:
    """``GetScaledValueFromIntOrPercent``: an int as is, a percentage of ``total``."""
    if isinstance(value, int):
        return value
    number = percent(value)
    if number is None:
        raise InvalidSpecError(f'invalid value for IntOrString: invalid value "{value}"')
    exact = number * total / 100
    return math.ceil(exact) if round_up else math.floor(exact)
