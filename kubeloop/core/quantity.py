"""Kubernetes resource quantities, parsed and printed the way apimachinery does.

``parse_quantity("500m")`` keeps the exact value and the suffix family; the
scheduler reads CPU with ``milli_value`` (millicores) and memory with ``value``
(bytes). Both round up, as upstream's ``MilliValue()`` and ``Value()`` do, and any
non-zero value finer than 1n is first rounded up to 1n.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from kubeloop.errors import InvalidQuantityError

Family = Literal["DecimalSI", "BinarySI", "DecimalExponent"]

_SHAPE = re.compile(r"^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$")
_NUMBER = re.compile(r"^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)$")
_EXPONENT = re.compile(r"^[eE][-+]?[0-9]+$")
_DECIMAL = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
_BINARY = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}
_DECIMAL_BY_EXP = {exp: suffix for suffix, exp in _DECIMAL.items()}
_BINARY_BY_EXP = {exp: suffix for suffix, exp in _BINARY.items()}
_NANO = Fraction(1, 10**9)
_MAX = 2**63 - 1
MAX_LENGTH = 100
"""Longest quantity string accepted (upstream has no limit; no real quantity comes close)."""
MAX_EXPONENT = 100
"""Largest |exponent| of an ``e`` suffix: beyond ±100 every non-zero value is clamped to
2**63 - 1 or rounded up to 1n anyway, so larger ones are refused before any arithmetic."""

SHAPE_MESSAGE = (
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
)


@dataclass(frozen=True)
class Quantity:
    """An exact quantity and the suffix family it was written in."""

    amount: Fraction
    family: Family = "DecimalSI"

    def value(self) -> int:
        """The value rounded up to an integer (memory in bytes)."""
        return math.ceil(self.amount)

    def milli_value(self) -> int:
        """The value times 1000, rounded up (CPU in millicores)."""
        return math.ceil(self.amount * 1000)

    def __str__(self) -> str:
        return canonical(self)


def parse_quantity(text: str) -> Quantity:
    """Parse a quantity string such as ``500m``, ``1.5Gi`` or ``1e3``."""
    if not isinstance(text, str):
        raise InvalidQuantityError(f"quantity must be a string, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise InvalidQuantityError(
            f'invalid quantity "{text[:20]}…": longer than {MAX_LENGTH} characters'
        )
    shape = _SHAPE.fullmatch(text)
    if not shape:
        raise InvalidQuantityError(f'invalid quantity "{text}": {SHAPE_MESSAGE}')
    number, suffix = shape.groups()
    if not _NUMBER.fullmatch(number):
        raise InvalidQuantityError(
            f'invalid quantity "{text}": unable to parse numeric part of quantity'
        )
    amount = Fraction(number)
    family: Family
    if suffix in _DECIMAL:
        family, amount = "DecimalSI", amount * Fraction(10) ** _DECIMAL[suffix]
    elif suffix in _BINARY:
        family, amount = "BinarySI", amount * 2 ** _BINARY[suffix]
    elif _EXPONENT.fullmatch(suffix):
        exponent = int(suffix[1:])  # at most MAX_LENGTH digits: cheap
        if abs(exponent) > MAX_EXPONENT:
            raise InvalidQuantityError(
                f'invalid quantity "{text}": the exponent {exponent} is out of range; '
                f"use an exponent from -{MAX_EXPONENT} to {MAX_EXPONENT}"
            )
        family, amount = "DecimalExponent", amount * Fraction(10) ** exponent
    else:
        raise InvalidQuantityError(f'invalid quantity "{text}": unable to parse quantity\'s suffix')
    amount = _round_up_to_nano(amount)
    if family == "BinarySI":
        # Upstream caps only BinarySI at the int64 maximum ("12E" stays 12e18), and a
        # BinarySI value below 1 becomes DecimalSI.
        if abs(amount) > _MAX:
            amount = Fraction(_MAX if amount > 0 else -_MAX)
        if abs(amount) < 1:
            family = "DecimalSI"
    return Quantity(amount, family)


def _round_up_to_nano(amount: Fraction) -> Fraction:
    """Round away from zero to a whole number of nano units, as apimachinery does."""
    nanos = amount / _NANO
    whole = math.ceil(nanos) if amount >= 0 else math.floor(nanos)
    return whole * _NANO


def canonical(quantity: Quantity) -> str:
    """The canonical string Kubernetes prints for a quantity (``0.5`` → ``500m``)."""
    amount = quantity.amount
    if amount == 0:
        return "0"
    sign = "-" if amount < 0 else ""
    magnitude = abs(amount)
    if quantity.family == "BinarySI" and magnitude >= 1024 and magnitude.denominator == 1:
        whole = magnitude.numerator
        exp = 0
        while exp < 60 and whole % 1024 == 0:
            whole //= 1024
            exp += 10
        if exp:
            return f"{sign}{whole}{_BINARY_BY_EXP[exp]}"
    mantissa, exp = _decimal_mantissa(magnitude)
    if quantity.family == "DecimalExponent":
        return f"{sign}{mantissa}" + (f"e{exp}" if exp else "")
    return f"{sign}{mantissa}{_DECIMAL_BY_EXP[exp]}"


def _decimal_mantissa(magnitude: Fraction) -> tuple[int, int]:
    """Write ``magnitude`` as mantissa × 10**exp, exp a multiple of 3, as large as possible."""
    exp = -9
    mantissa = magnitude * 10**9
    while mantissa.denominator != 1:  # rounded to nanos, so at most 1e9 denominators
        mantissa *= 10
    whole = int(mantissa)
    while exp < 18 and whole % 1000 == 0:
        whole //= 1000
        exp += 3
    return whole, exp


def cpu_millis(value: str | int | float) -> int:
    """A CPU amount as millicores: strings are quantities, numbers are cores."""
    return _cpu_millis(_kind(value, "cpu"), value)


def memory_bytes(value: str | int | float) -> int:
    """A memory amount as bytes: strings are quantities, numbers are bytes."""
    return _memory_bytes(_kind(value, "memory"), value)


def _kind(value: object, resource: str) -> type:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):  # tuple: faster
        raise InvalidQuantityError(
            f"{resource} must be a quantity string or a number, got {value!r}"
        )
    return type(value)


# A cluster names a handful of distinct quantities many thousands of times: parse each once.
# The type is part of the key, so True is never served the answer for 1.
@functools.lru_cache(maxsize=4096)
def _cpu_millis(_kind: type, value: str | int | float) -> int:
    return _to_quantity(value, "cpu").milli_value()


@functools.lru_cache(maxsize=4096)
def _memory_bytes(_kind: type, value: str | int | float) -> int:
    return _to_quantity(value, "memory").value()


def _to_quantity(value: str | int | float, resource: str) -> Quantity:
    if isinstance(value, bool):
        raise InvalidQuantityError(f"{resource} must be a quantity string or a number, not a bool")
    if isinstance(value, int | float):
        if not math.isfinite(value):
            raise InvalidQuantityError(f"{resource} must be a finite number, got {value!r}")
        if abs(value) > _MAX:
            raise InvalidQuantityError(
                f"{resource} {value!r} is larger than the largest quantity ({_MAX})"
            )
        quantity = Quantity(_round_up_to_nano(Fraction(repr(value))))
    else:
        quantity = parse_quantity(value)
    if quantity.amount < 0:
        raise InvalidQuantityError(f'{resource} must not be negative, got "{value}"')
    return quantity


def format_cpu(millis: int) -> str:
    """Millicores as people write them: ``500m``, ``2``, ``1500m``."""
    return str(millis // 1000) if millis % 1000 == 0 else f"{millis}m"


def format_memory(size: int) -> str:
    """Bytes in the shorter of the binary and decimal forms: ``256Mi``, ``128M``, ``1500``."""
    binary = canonical(Quantity(Fraction(size), "BinarySI"))
    decimal = canonical(Quantity(Fraction(size), "DecimalSI"))
    return min(binary, decimal, key=len)
