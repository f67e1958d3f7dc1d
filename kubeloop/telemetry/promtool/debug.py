"""``--debug``: promtool's dump of every series a test group ended with (unittest.go).

After a group's tests promtool queries ``{__name__=~".+"}[D]`` at the start plus ``D``, the
largest ``eval_time`` rounded up to the next whole second, through the same engine (so the
10,000-sample bound applies) and prints the matrix as ``promql.Matrix.String()`` does.
"""

from __future__ import annotations

import math
from decimal import Decimal

from kubeloop.telemetry.promql import Matrix, PromQLError, evaluate
from kubeloop.telemetry.promql.histogram.notation import histogram_string
from kubeloop.telemetry.promql.options import QueryOptions
from kubeloop.telemetry.promtool import compare as cmp
from kubeloop.telemetry.series import SeriesStore
from kubeloop.telemetry.series.histogram import FloatHistogram
from kubeloop.telemetry.series.labels import quote


def dump(store: SeriesStore, mint: int, max_eval_ms: int, options: QueryOptions) -> list[str]:
    """The DEBUG lines promtool prints for one test group."""
    span = (max_eval_ms + 1000) // 1000 * 1000
    expr = f'{{__name__=~".+"}}[{cmp.go_duration(span)}]'
    try:
        value = evaluate(expr, store, mint + span, subquery_step_ms=options.subquery_step_ms,
                         max_samples=options.max_samples)  # fmt: skip
    except PromQLError as error:
        return [f"DEBUG: Failed query exec, expr: {quote(expr)}, err: {error.message}"]
    assert isinstance(value, Matrix)
    lines = [f"DEBUG: Dump of all data (input_series and rules) at {cmp.go_duration(span)}:"]
    body = "\n".join(
        f"{cmp.labels_string(series.labels.pairs)} =>\n" + "\n".join(_points(series.points))
        for series in value
    )
    lines.append(body)
    return lines


def _points(points: tuple[tuple[int, float], ...]) -> list[str]:
    """``Series.String``'s lines: the floats, then the histograms (``String()``), each in
    time order."""
    floats: list[str] = []
    hists: list[str] = []
    for t, v in points:
        value: object = v
        if isinstance(value, FloatHistogram):
            hists.append(f"{histogram_string(value)} @[{t}]")
        else:
            floats.append(f"{go_float(v)} @[{t}]")
    return floats + hists


def go_float(value: float) -> str:
    """Go's ``strconv.FormatFloat(v, 'f', -1, 64)``: the shortest digits, never an exponent."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return format(Decimal(repr(value)).normalize(), "f")
