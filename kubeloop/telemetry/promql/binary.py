"""Binary operators: arithmetic, comparison (with and without ``bool``), set operators and
vector matching with on/ignoring and group_left/group_right (promql/engine.go)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.delayed import strip, unmarked
from kubeloop.telemetry.promql.errors import PromQLError
from kubeloop.telemetry.promql.functions.floatops import div, mod, pow_
from kubeloop.telemetry.promql.values import go_labels
from kubeloop.telemetry.series import METRIC_NAME, Labels

Vec = list[tuple[Labels, float]]

ARITHMETIC: Final[dict[str, Callable[[float, float], float]]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": div,
    "%": mod,
    "^": pow_,
    "atan2": math.atan2,
}
COMPARISON: Final[dict[str, Callable[[float, float], bool]]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
}


def binary(node: ast.Binary, lhs: Any, rhs: Any, memo: bool = True) -> Any:
    """``memo``: whether the pairing may be memoized by labels (not for a delayed-removal
    query, whose labels carry a mark that equal labels do not show)."""
    op = node.op
    lt, rt = node.lhs.type, node.rhs.type
    if lt == "scalar" and rt == "scalar":
        if op in COMPARISON:
            return 1.0 if COMPARISON[op](lhs, rhs) else 0.0
        return ARITHMETIC[op](lhs, rhs)
    if lt == "vector" and rt == "vector":
        assert node.matching is not None
        if op in ("and", "or", "unless"):
            return set_op(op, lhs, rhs, node.matching)
        return unique(_vector_binop(op, lhs, rhs, node.matching, node.return_bool, memo))
    if lt == "vector":
        return unique(_vector_scalar(op, lhs, rhs, False, node.return_bool))
    return unique(_vector_scalar(op, rhs, lhs, True, node.return_bool))


def unique(vec: Vec) -> Vec:
    if len({labels for labels, _ in vec}) != len(vec):
        raise PromQLError("vector cannot contain metrics with the same labelset")
    return vec


def _vector_scalar(op: str, vec: Vec, scalar: float, swap: bool, return_bool: bool) -> Vec:
    out: Vec = []
    compare = COMPARISON.get(op)
    drop_name = return_bool or compare is None
    for labels, value in vec:
        a, b = (scalar, value) if swap else (value, scalar)
        if compare is not None:
            keep = compare(a, b)
            result = value
        else:
            keep = True
            result = ARITHMETIC[op](a, b)
        if return_bool:
            result = 1.0 if keep else 0.0
            keep = True
        if keep:
            out.append((labels.without_name() if drop_name else labels, result))
    return out


def signature(matching: ast.VectorMatching) -> Callable[[Labels], tuple[tuple[str, str], ...]]:
    names = set(matching.labels)
    if matching.on:
        return lambda labels: tuple(p for p in labels.pairs if p[0] in names)
    names.add(METRIC_NAME)
    return lambda labels: tuple(p for p in labels.pairs if p[0] not in names)


def set_op(op: str, lhs: Vec, rhs: Vec, matching: ast.VectorMatching) -> Vec:
    sig = signature(matching)
    if op == "and":
        if not lhs or not rhs:
            return []
        right = {sig(labels) for labels, _ in rhs}
        return [s for s in lhs if sig(s[0]) in right]
    if op == "or":
        if not lhs or not rhs:
            return list(lhs or rhs)
        left = {sig(labels) for labels, _ in lhs}
        return list(lhs) + [s for s in rhs if sig(s[0]) not in left]
    if not lhs or not rhs:
        return list(lhs)
    right = {sig(labels) for labels, _ in rhs}
    return [s for s in lhs if sig(s[0]) not in right]


def _vector_binop(op: str, lhs: Vec, rhs: Vec, matching: ast.VectorMatching,
                  return_bool: bool, memo: bool) -> Vec:  # fmt: skip
    filled = matching.fill_left is not None or matching.fill_right is not None
    if (not lhs and not rhs) or ((not lhs or not rhs) and not filled):
        return []
    compare = COMPARISON.get(op)
    arithmetic = ARITHMETIC.get(op)
    out: Vec = []
    for i, j, metric in pair_plan(lhs, rhs, matching, compare is None, return_bool, memo):
        a = lhs[i][1] if i >= 0 else _fill(matching, i)
        b = rhs[j][1] if j >= 0 else _fill(matching, j)
        if compare is not None:
            keep = compare(a, b)
            result = a
        else:
            keep = True
            assert arithmetic is not None
            result = arithmetic(a, b)
        if return_bool:
            result = 1.0 if keep else 0.0
        if keep or return_bool:
            out.append((metric, result))
    return out


def pair_plan(lhs: Vec, rhs: Vec, matching: ast.VectorMatching, arithmetic: bool,
              return_bool: bool = False, memo: bool = True) -> _Plan:  # fmt: skip
    """``(left index, right index, result labels)`` of each pair the operator meets
    (``pairs``), memoized by the operands' labels unless ``memo`` is off (a delayed-removal
    query's labels carry a mark equal labels do not show); a negative index is a filled
    sample (``operand``)."""
    if not memo:
        return pairs(lhs, rhs, matching, arithmetic, return_bool)
    key = (arithmetic, return_bool, matching, tuple([s[0] for s in lhs]),
           tuple([s[0] for s in rhs]))  # fmt: skip
    plan = _PLANS.get(key)
    if plan is None:
        plan = pairs(lhs, rhs, matching, arithmetic, return_bool)
        if len(_PLANS) >= MAX_PLANS:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


def operand(vec: Vec, index: int, matching: ast.VectorMatching) -> float:
    """The value at ``index`` of a pair from ``pair_plan``."""
    return vec[index][1] if index >= 0 else _fill(matching, index)


def _fill(matching: ast.VectorMatching, index: int) -> float:
    """The value of a filled sample: index -1 stands for ``fill_left``, -2 for
    ``fill_right``."""
    value = matching.fill_left if index == _LEFT else matching.fill_right
    assert value is not None
    return value


_LEFT: Final = -1
_RIGHT: Final = -2
_Plan = list[tuple[int, int, Labels]]
_PLANS: dict[tuple[Any, ...], _Plan] = {}
"""Pairings by the operands' labels: which samples meet, in output order, under what labels
(they depend on the labels alone, so a rule asking again over the same series reuses them)."""
MAX_PLANS: Final = 1024


def pairs(lhs: Vec, rhs: Vec, matching: ast.VectorMatching, arithmetic: bool,
          return_bool: bool = False) -> _Plan:  # fmt: skip
    """``(left index, right index, result labels)`` of each sample the operator gives, or the
    matching error."""
    swapped = matching.card == "one-to-many"
    if swapped:
        lhs, rhs = rhs, lhs
    sig = signature(matching)
    right: dict[tuple[tuple[str, str], ...], tuple[Labels, int]] = {}
    for index, (labels, _) in enumerate(rhs):
        key = sig(labels)
        if key in right:
            side = "left" if swapped else "right"
            first, second = sorted((go_labels(labels), go_labels(right[key][0])))
            raise PromQLError(
                f"found duplicate series for the match group {go_labels(Labels.from_sorted(key))}"
                f" on the {side} hand-side of the operation: [{first}, {second}];many-to-many "
                "matching not allowed: matching labels must be unique on one side"
            )
        right[key] = (labels, index)
    one_to_one = matching.card == "one-to-one"
    matched: set[tuple[tuple[str, str], ...]] = set()
    inserted: dict[tuple[tuple[str, str], ...], set[Labels]] = {}
    plan: _Plan = []
    # after the swap for group_right, as engine.go: fill_right's value stands in for a
    # missing "one" side, fill_left's for a missing "many" side
    fill_one, fill_many = matching.fill_right, matching.fill_left

    def add(i: int, j: int, metric: Labels, key: tuple[tuple[str, str], ...]) -> None:
        if one_to_one:
            if key in matched:
                raise PromQLError(
                    "multiple matches for labels: many-to-one matching must be explicit "
                    "(group_left/group_right)"
                )
            matched.add(key)
        else:
            seen = inserted.setdefault(key, set())
            if metric in seen:
                raise PromQLError(
                    "multiple matches for labels: grouping labels must ensure unique matches"
                )
            seen.add(metric)
        plan.append((j, i, metric) if swapped else (i, j, metric))

    for index, (labels, _) in enumerate(lhs):
        key = sig(labels)
        hit = right.get(key)
        if hit is None:
            if fill_one is None:
                continue
            hit = (_match_labels(labels, matching), _RIGHT)
        r_labels, r_index = hit
        metric = _result_metric(labels, r_labels, matching, arithmetic, return_bool)
        add(index, r_index, metric, key)
    if fill_many is not None:
        for index, (labels, _) in enumerate(rhs):
            key = sig(labels)
            if key in matched or inserted.get(key):
                continue
            filled = _match_labels(labels, matching)
            metric = _result_metric(filled, labels, matching, arithmetic, return_bool)
            add(_LEFT, index, metric, key)
    return plan


def _match_labels(labels: Labels, matching: ast.VectorMatching) -> Labels:
    """``labels.MatchLabels``: the matching labels alone (``on``), or all but them and the
    name (``ignoring``)."""
    if matching.on:
        return labels.keep(*matching.labels)
    return labels.without(METRIC_NAME, *matching.labels)


def _result_metric(lhs: Labels, rhs: Labels, matching: ast.VectorMatching, arithmetic: bool,
                   return_bool: bool) -> Labels:  # fmt: skip
    """``resultMetric``: arithmetic drops the name at once, ``bool`` drops it (or, delayed,
    marks it to go), a comparison keeps the left side's labels unmarked."""
    if return_bool:
        result = lhs.without_name()
    elif arithmetic:
        result = strip(lhs)
    else:
        result = unmarked(lhs)
    if matching.card == "one-to-one":
        result = result.keep(*matching.labels) if matching.on else result.without(*matching.labels)
    if matching.include:
        result = result.with_({name: rhs.get(name) for name in matching.include})
    return result
