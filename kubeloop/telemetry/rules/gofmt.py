"""Go's number formatting where Prometheus output depends on it.

``fmt.Sprint(float64)`` (``%v``: shortest round-trip digits, exponent form when the
decimal exponent is below -4 or at least 6, as Go's ``strconv`` 'g' decides for the
shortest precision), ``strconv.FormatFloat(v, 'E', -1, 64)`` as promtool prints sample
values, and ``fmt.Sprintf`` for the verbs alert templates use.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from typing import Any


def _digits(value: float) -> tuple[str, int]:
    """Shortest round-trip digits of ``abs(value)`` and the decimal exponent of the first."""
    _, digits, exponent = Decimal(repr(abs(value))).as_tuple()
    text = "".join(str(d) for d in digits).rstrip("0") or "0"
    assert isinstance(exponent, int)
    return text, len(digits) + exponent - 1


def _special(value: float) -> str | None:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return None


def format_e(value: float, upper: bool = True) -> str:
    """``strconv.FormatFloat(v, 'E', -1, 64)``: ``1E+00``, ``6.5E-01``."""
    special = _special(value)
    if special is not None:
        return special
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0:
        return f"{sign}0{'E' if upper else 'e'}+00"
    digits, exponent = _digits(value)
    mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    letter = "E" if upper else "e"
    return f"{sign}{mantissa}{letter}{'-' if exponent < 0 else '+'}{abs(exponent):02d}"


def format_v(value: float) -> str:
    """``fmt.Sprint(v)`` for a float64: ``1``, ``0.5``, ``1e+06``, ``1.23456789e+08``."""
    special = _special(value)
    if special is not None:
        return special
    if value == 0:
        return "-0" if math.copysign(1.0, value) < 0 else "0"
    digits, exponent = _digits(value)
    sign = "-" if value < 0 else ""
    if exponent < -4 or exponent >= 6:
        return sign + format_e(abs(value), upper=False)
    if exponent < 0:
        return f"{sign}0.{'0' * (-exponent - 1)}{digits}"
    whole = digits[: exponent + 1].ljust(exponent + 1, "0")
    frac = digits[exponent + 1 :]
    return f"{sign}{whole}{'.' + frac if frac else ''}"


def format_g(value: float, precision: int) -> str:
    """``fmt.Sprintf("%.<p>g", v)``."""
    special = _special(value)
    if special is not None:
        return special
    text = f"{value:.{precision}g}"
    return text


_VERB = re.compile(r"%([-+# 0]*)(\d+|\*)?(?:\.(\d+|\*))?([a-zA-Z%])")


def sprintf(fmt: str, args: list[Any]) -> str:
    """``fmt.Sprintf`` for the verbs alert templates use: s q v d f e g x t %."""
    out: list[str] = []
    pos = 0
    queue = list(args)
    for match in _VERB.finditer(fmt):
        out.append(fmt[pos : match.start()])
        pos = match.end()
        flags, width, precision, verb = match.groups()
        if verb == "%":
            out.append("%")
            continue
        if not queue:
            out.append(f"%!{verb}(MISSING)")
            continue
        out.append(_one(flags, width, precision, verb, queue.pop(0)))
    out.append(fmt[pos:])
    if queue:
        extra = ", ".join(f"{type_name(a)}={to_text(a)}" for a in queue)
        out.append(f"%!(EXTRA {extra})")
    return "".join(out)


def type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float64"
    if isinstance(value, str):
        return "string"
    return "map[string]string" if isinstance(value, dict) else type(value).__name__


def _one(flags: str, width: str | None, precision: str | None, verb: str, arg: Any) -> str:
    spec = flags + (width or "")
    if verb in "feEgG" and isinstance(arg, int | float) and not isinstance(arg, bool):
        value = float(arg)
        special = _special(value)
        if special is not None:
            return special.rjust(int(width or 0))
        if precision is None and verb in "gG":  # Go's %g is the shortest representation
            text = format_v(value)
            return format(text.upper() if verb == "G" else text, f">{width or ''}")
        return format(value, f"{spec}.{precision or 6}{verb}")
    if verb == "d" and isinstance(arg, int) and not isinstance(arg, bool):
        return format(arg, f"{spec}d")
    if verb in "xX" and isinstance(arg, int) and not isinstance(arg, bool):
        return format(arg, f"{spec}{verb}")
    if verb == "q" and isinstance(arg, str):
        return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if verb in "sv":
        text = to_text(arg)
        if precision is not None and verb == "s":
            text = text[: int(precision)]
        return format(text, f"{'<' if '-' in flags else '>'}{width or ''}")
    if verb == "t" and isinstance(arg, bool):
        return "true" if arg else "false"
    return f"%!{verb}({type_name(arg)}={to_text(arg)})"


def to_text(value: Any) -> str:
    """How text/template prints a value."""
    if value is None:
        return "<no value>"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return format_v(value)
    if isinstance(value, dict):
        return "map[" + " ".join(f"{k}:{to_text(value[k])}" for k in sorted(value)) + "]"
    if isinstance(value, list | tuple):
        return "[" + " ".join(to_text(v) for v in value) + "]"
    return str(value)
