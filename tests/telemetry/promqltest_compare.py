"""Comparing an evaluation with a promqltest expectation (promqltest's ``compareResult``):
values with ``almost.Equal`` and epsilon 1e-6 (NaN equal to NaN), series by their labels,
the exact number of points of a range result, the order when the test says ``ordered``."""

from __future__ import annotations

import math
from typing import Final

from kubeloop.telemetry.promql.functions.quantiles import almost_equal
from kubeloop.telemetry.series import Labels

EPSILON: Final = 1e-6
Row = list[float | str | None]


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
            if (
                e is None
                or a is None
                or not isinstance(a, float)
                or not isinstance(e, float)
                or not close(a, e)
            ):
                return f"{labels} step {i}: expected {e}, got {a}"
    return ""
