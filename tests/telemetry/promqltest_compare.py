"""Comparing an evaluation with a promqltest expectation (promqltest's ``compareResult``):
values with ``almost.Equal`` and epsilon 1e-6 (NaN equal to NaN), series by their labels,
the exact number of points of a range result, the order when the test says ``ordered``."""

from __future__ import annotations

import math
import re
from typing import Final

from kubeloop.telemetry.promql.functions.quantiles import almost_equal
from kubeloop.telemetry.promql.histogram.compare import histograms_match
from kubeloop.telemetry.promql.histogram.notation import Described
from kubeloop.telemetry.series import Labels
from kubeloop.telemetry.series.histogram import FloatHistogram

EPSILON: Final = 1e-6
Row = list[float | str | Described | FloatHistogram | None]


def close(a: float, b: float) -> bool:
    return almost_equal(a, b, EPSILON) or (math.isnan(a) and math.isnan(b))


def diff(expected: dict[Labels, Row], got: dict[Labels, Row]) -> str:
    """The first difference, or "" when ``got`` is what was expected."""
    for labels, values in got.items():
        if labels not in expected:
            return f"unexpected series {labels} = {values}"
    for labels, values in expected.items():
        if labels not in got:
            return f"missing series {labels} (expected {values})"
        actual = got[labels]
        if len(values) > len(actual) and any(v is not None for v in values[len(actual) :]):
            return f"{labels}: expected {len(values)} points, got {len(actual)}"
        padded = values + [None] * (len(actual) - len(values))
        for i, (e, a) in enumerate(zip(padded, actual, strict=False)):
            if e is None and a is None:
                continue
            if isinstance(e, Described) or isinstance(a, FloatHistogram):
                if not (isinstance(e, Described) and isinstance(a, FloatHistogram)
                        and histograms_match(e.histogram, a, e.hint_set)):  # fmt: skip
                    return f"{labels} step {i}: expected {_shown(e)}, got {_shown(a)}"
                continue
            if (
                e is None
                or a is None
                or not isinstance(a, float)
                or not isinstance(e, float)
                or not close(a, e)
            ):
                return f"{labels} step {i}: expected {e}, got {a}"
    return ""


def _shown(value: object) -> str:
    return str(value.histogram if isinstance(value, Described) else value)


Expect = tuple[str, "re.Pattern[str] | str | None"]


def check_annotations(expects: list[Expect], warnings: list[str], infos: list[str]) -> str:
    """promqltest's ``checkAnnotations``: every expected warning/info found, every one found
    expected (when some are), none where ``no_warn``/``no_info`` says so."""
    for kind, found in (("warn", warnings), ("info", infos)):
        wanted = [e for k, e in expects if k == kind]
        if not wanted:
            if any(k == "no_" + kind for k, _ in expects) and found:
                return f"unexpected {kind} annotations: {found}"
            continue
        if not found:
            return f"expected {kind} annotations but none were found"
        for e in wanted:
            if not any(_matches(e, text) for text in found):
                return f"no {kind} annotation matching {e!r}; found {found}"
        for text in found:
            if not any(_matches(e, text) for e in wanted):
                return f"unexpected {kind} annotation {text!r}"
    return ""


def _matches(expected: re.Pattern[str] | str | None, text: str) -> bool:
    if expected is None:
        return True
    if isinstance(expected, str):
        return expected == text
    return expected.search(text) is not None
