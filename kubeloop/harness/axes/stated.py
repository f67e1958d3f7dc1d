"""A measurement stated where the catalog only checks it: the keyword axis. "Given the
request rate of checkout is 300 per second" and "Given checkout's p99 is 180ms" state what
the Then phrases check; said as a Given (or a When), each is the phrase that makes it so
("checkout" serves 300 requests per second, has a p99 latency of 180ms, fails 2% of
requests). Only an exact value is stated: a bound ("above 200ms") or an estimate ("about
300") sets nothing, so such a line stays a check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kubeloop.harness.definitions import Match


def _latency(arguments: dict[str, Any]) -> str:
    said, scale = arguments["value"]
    unit = "ms" if scale == 1000.0 else "s"
    return (
        f'"{arguments["service"]}" has a p{arguments.get("percentile", 50.0):g} latency of '
        f"{said}{unit}"
    )


def _rate(arguments: dict[str, Any]) -> str:
    return f'"{arguments["service"]}" serves {arguments["rate"]:g} requests per second'


def _percent(arguments: dict[str, Any]) -> str:
    return f'"{arguments["service"]}" fails {arguments["percent"]:g}% of requests'


def _ratio(arguments: dict[str, Any]) -> str:
    share = float(arguments["ratio"]) * 100
    return f'"{arguments["service"]}" fails {share:g}% of requests'


SETTERS: dict[str, Callable[[dict[str, Any]], str]] = {
    "latency_is": _latency,
    "responds_within_at": _latency,
    "request_rate_is": _rate,
    "error_rate_is": _percent,
    "error_ratio_is": _ratio,
}
"""Each check of a measure a Given can set, by its function's name, and the setting said."""
_INEXACT = frozenset({"about", "bound", "side"})
"""Arguments that make a check no value (a bound, an estimate)."""


def stated(checks: list[Match]) -> str | None:
    """The line that sets what the one check ``checks`` holds, or None."""
    if len(checks) != 1:
        return None
    check = checks[0]
    setter = SETTERS.get(check.definition.function.__name__)
    if setter is None or _INEXACT & check.arguments.keys() or not check.arguments.get("service"):
        return None
    try:
        return setter(check.arguments)
    except (KeyError, TypeError, ValueError):  # (a check whose arguments say no value)
        return None
