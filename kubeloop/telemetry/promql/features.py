"""PromQL's feature flags: which experimental syntax the parser accepts.

Prometheus' parser takes ``parser.Options`` (promql/parser/parse.go); promtool fills them from
``--enable-feature`` (cmd/promtool/main.go). The names, their defaults and the unknown-name
warning are promtool's. Duration expressions are always on there (the
``promql-duration-expr`` flag is a no-op), experimental functions are off by default.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final


@dataclass(frozen=True, slots=True)
class Features:
    """What the parser accepts beyond stable PromQL."""

    experimental_functions: bool = False
    """``mad_over_time``, ``sort_by_label``, ``limitk``, ``ts_of_*``… (promtool's
    ``promql-experimental-functions``)."""
    duration_expressions: bool = True
    """``x[5m+1m]``, ``offset (2m*2)``, ``[step()]`` (always on in Prometheus 3)."""
    extended_range_selectors: bool = False
    """``anchored``/``smoothed`` (``promql-extended-range-selectors``)."""
    fill_modifiers: bool = False
    """``fill()``/``fill_left()``/``fill_right()`` (``promql-binop-fill-modifiers``)."""
    delayed_name_removal: bool = False
    """``promql-delayed-name-removal`` (an engine option, not parser syntax)."""


PROMTOOL_DEFAULT: Final = Features()
"""What ``promtool test rules`` accepts with no ``--enable-feature``."""
EVERYTHING: Final = Features(
    experimental_functions=True, extended_range_selectors=True, fill_modifiers=True
)
"""What kubeloop's own API accepts: every experimental construct it evaluates, as
promqltest's parser options do."""

_FLAGS: Final = {
    "promql-experimental-functions": "experimental_functions",
    "promql-delayed-name-removal": "delayed_name_removal",
    "promql-duration-expr": "",  # a no-op: duration expressions are always on
    "promql-extended-range-selectors": "extended_range_selectors",
    "promql-binop-fill-modifiers": "fill_modifiers",
}
FLAG_NAMES: Final = tuple(_FLAGS)


def from_flags(values: list[str]) -> tuple[Features, list[str]]:
    """Features from ``--enable-feature`` values (each comma separated, repeatable), and a
    warning per unknown name in promtool's words."""
    features = PROMTOOL_DEFAULT
    warnings: list[str] = []
    for value in values:
        for name in value.split(","):
            if not name:
                continue
            field = _FLAGS.get(name)
            if field is None:
                warnings.append(f"  WARNING: Unknown feature passed to --enable-feature: {name}")
            elif field:
                features = replace(features, **{field: True})
    return features, warnings


EXPERIMENTAL_FUNCTIONS: Final = frozenset(
    {
        "double_exponential_smoothing", "end", "histogram_quantiles", "info", "mad_over_time",
        "max_of", "min_of", "range", "sort_by_label", "sort_by_label_desc", "start",
        "start_timestamp", "step", "ts_of_first_over_time", "ts_of_last_over_time",
        "ts_of_max_over_time", "ts_of_min_over_time",
    }
)  # fmt: skip
"""Every function promql/parser/functions.go marks ``Experimental: true``."""
EXPERIMENTAL_AGGREGATORS: Final = frozenset({"limitk", "limit_ratio"})
"""``ItemType.IsExperimentalAggregator`` (promql/parser/lex.go)."""
