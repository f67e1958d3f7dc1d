"""One expression evaluated again and again — a rule at every evaluation — reusing what
cannot have changed.

The leaves of an expression are the nodes that read the store or the clock: selectors,
range-function calls (with their range argument), subqueries, and the functions of the
evaluation time (``time()``, ``timestamp()``, the date functions, ``start()``...). Every
other node — aggregations, binary operators, the other functions, literals — is a pure
function of its children's values. So when each leaf gives exactly what it gave last time
(same labels in the same order, the same bits — 0.0 is not -0.0 and a NaN never matches),
the whole expression gives what it gave last time, and the rest of the tree is not
evaluated again. Leaves are always evaluated: a rule over steady traffic still reads every
new sample, it only skips re-deriving the same answer from the same inputs.
"""

from __future__ import annotations

import math
from typing import Any, Final

from kubeloop.telemetry.promql import ast, samples
from kubeloop.telemetry.promql.delayed import finish_raw
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.evaluator import DEFAULT_LOOKBACK_MS, Evaluator
from kubeloop.telemetry.promql.functions import RANGE_FUNCTIONS
from kubeloop.telemetry.promql.functions.dates import DATES
from kubeloop.telemetry.promql.histogram.statsmode import stats_selectors
from kubeloop.telemetry.promql.options import DEFAULT_OPTIONS, QueryOptions
from kubeloop.telemetry.promql.public import to_value
from kubeloop.telemetry.promql.values import Value
from kubeloop.telemetry.series import SeriesStore

CLOCK_FUNCTIONS: Final = frozenset({"time", "timestamp", "start", "end", "range", "step", *DATES})
"""Functions whose value depends on the evaluation time, not only on their arguments."""
_STORE_NODES: Final = (ast.VectorSelector, ast.MatrixSelector, ast.Subquery)


def leaves(node: ast.Expr) -> list[ast.Expr]:
    """The nodes that read the store or the clock, outermost first, none inside another."""
    if isinstance(node, _STORE_NODES):
        return [node]
    if isinstance(node, ast.Call):
        if node.func in RANGE_FUNCTIONS or node.func in CLOCK_FUNCTIONS:
            return [node]
        return [leaf for arg in node.args for leaf in leaves(arg)]
    if isinstance(node, ast.Aggregate):
        inner = leaves(node.expr)
        return inner if node.param is None else [*leaves(node.param), *inner]
    if isinstance(node, ast.Binary):
        return [*leaves(node.lhs), *leaves(node.rhs)]
    if isinstance(node, ast.Unary | ast.Paren):
        return leaves(node.expr)
    return []


def same(a: Any, b: Any) -> bool:
    """Bit-for-bit the same leaf value (a number, a string, or samples in order).

    Samples compare with ``==`` (labels, then values: a NaN matches only itself, the same
    float object, whose bits are the same), then zeros by their sign.
    """
    if isinstance(a, float):
        return isinstance(b, float) and _same_float(a, b)
    if isinstance(a, str):
        return isinstance(b, str) and a == b
    if a != b:
        return False
    for (_, value_a), (_, value_b) in zip(a, b, strict=True):
        if value_a == 0.0 and value_a is not value_b and not _same_float(value_a, value_b):
            return False
    return True


def _same_float(a: float, b: float) -> bool:
    return a == b and (a != 0.0 or math.copysign(1.0, a) == math.copysign(1.0, b))


class _Preset(Evaluator):
    """An evaluator that takes the leaves' values it was given instead of computing them."""

    def __init__(self, parent: Evaluator, preset: dict[int, Any], options: QueryOptions) -> None:
        super().__init__(parent.store, parent.t_ms, lookback_ms=parent.lookback_ms,
                         subquery_step_ms=options.subquery_step_ms,
                         max_samples=options.max_samples)  # fmt: skip
        self._preset = preset

    def eval(self, node: ast.Expr) -> Any:
        found = self._preset.get(id(node), _MISSING)
        if found is _MISSING:
            return super().eval(node)
        if self.limit is None:
            return found
        if isinstance(node, ast.Call) and any(isinstance(a, ast.Subquery) for a in node.args):
            return super().eval(node)  # its count needs the subquery's steps
        return samples.counted(self, node, lambda _ev, _node: found)


_MISSING: Final = object()


class CachedQuery:
    """``evaluate(node, store, t_ms)`` for one expression, remembering its last answer.

    Only instant-vector leaves are compared (a bare range selector or subquery that is not a
    range function's argument makes the query always evaluate in full), and any error while
    reading the leaves sends the evaluation down the plain path, which raises the error
    exactly as ``evaluate`` does.
    """

    def __init__(self, node: ast.Expr) -> None:
        self.node = node
        self._leaves = leaves(node)
        self._reusable = not any(isinstance(leaf, _RANGES) for leaf in self._leaves)
        self._stats = stats_selectors(node)
        self._inputs: list[Any] | None = None
        self._value: Value | None = None
        self.reused = 0
        """How many evaluations reused the last answer (for tests and benchmarks)."""

    def evaluate(
        self, store: SeriesStore, t_ms: int, options: QueryOptions = DEFAULT_OPTIONS
    ) -> Value:
        if not isinstance(t_ms, int) or isinstance(t_ms, bool) or abs(t_ms) > 2**62:
            raise PromQLError(f"evaluation time {t_ms!r} is not a bounded integer (ms)")
        delayed = options.features.delayed_name_removal
        evaluator = Evaluator(store, t_ms, lookback_ms=DEFAULT_LOOKBACK_MS,
                              subquery_step_ms=options.subquery_step_ms,
                              delayed_name_removal=delayed)  # fmt: skip
        if evaluator.native:
            evaluator.stats = self._stats
        inputs: list[Any] | None = None
        if self._reusable:
            try:
                inputs = [evaluator.eval(leaf) for leaf in self._leaves]
            except (PromQLError, RecursionError):
                inputs = None
        previous, self._inputs = self._inputs, None
        if (
            inputs is not None
            and previous is not None
            and self._value is not None
            and all(same(new, old) for new, old in zip(inputs, previous, strict=True))
        ):
            self.reused += 1
            self._inputs = inputs
            return self._value
        self._value = None
        run = evaluator  # not yet used, or spent on leaves that failed: start afresh
        if inputs is not None:
            preset = {id(leaf): v for leaf, v in zip(self._leaves, inputs, strict=True)}
            run = _Preset(evaluator, preset, options)
        elif self._reusable or options.max_samples is not None:
            run = Evaluator(store, t_ms, lookback_ms=DEFAULT_LOOKBACK_MS,
                            subquery_step_ms=options.subquery_step_ms,
                            max_samples=options.max_samples,
                            delayed_name_removal=delayed)  # fmt: skip
        if run.native:
            run.stats = self._stats
        try:
            raw = run.eval(self.node)
        except RecursionError:
            raise PromQLError("expression is too deeply nested to evaluate") from None
        value = to_value(self.node, finish_raw(self.node.type, raw) if delayed else raw)
        self._inputs, self._value = inputs, value
        return value


_RANGES: Final = (ast.MatrixSelector, ast.Subquery)
