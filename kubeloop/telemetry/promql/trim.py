"""The histogram trim operators ``</`` (trim upper) and ``>/`` (trim lower).

They remove a native histogram's observations above (``</``) or below (``>/``) a threshold
(promql/engine.go, ``vectorElemBinop``; docs/querying/operators.md). Prometheus parses them
with no feature flag, at the comparisons' precedence, keeping the metric name, without
``bool``. On float samples they give nothing: a float never has buckets to trim. A float
met by a float (a matched pair of vectors, or a vector's sample and a scalar) adds the info
"incompatible sample types" (``vectorElemBinop`` returns it where ``VectorscalarBinop`` and
``VectorBinop`` both report it); between two scalars the engine refuses the operator.
Trimming a native histogram is ``promql/histogram/trim.py``'s.
"""

from __future__ import annotations

from typing import Any, Final

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.binary import pair_plan
from kubeloop.telemetry.promql.errors import PromQLError

TRIM_OPERATORS: Final = frozenset({"</", ">/"})


def start(node: ast.Expr) -> int:
    """Where ``node``'s text begins: a binary expression starts at its left operand."""
    while isinstance(node, ast.Binary):
        node = node.lhs
    return node.pos


def incompatible(lhs_type: str, op: str, rhs_type: str) -> str:
    """The info of an operator given samples it does not apply to
    (``NewIncompatibleTypesInBinOpInfo``)."""
    return (
        f'incompatible sample types encountered for binary operator "{op}": '
        f"{lhs_type} {op} {rhs_type}"
    )


def scalar_trim(op: str) -> PromQLError:
    """``scalarBinop``'s refusal: two scalars have no histogram between them."""
    return PromQLError(f'operator "{op}" not allowed for Scalar operations')


def trim_floats(node: ast.Binary, lhs: Any, rhs: Any, memo: bool = True) -> bool:
    """Trim float operands, which leaves no sample; True when two floats met (the info's
    case). The matching is still checked, so a many-to-many match fails as it does for any
    operator."""
    if node.lhs.type == "scalar" and node.rhs.type == "scalar":
        raise scalar_trim(node.op)
    if node.matching is None:
        return bool(lhs if node.lhs.type == "vector" else rhs)
    return bool(pair_plan(lhs, rhs, node.matching, arithmetic=False, memo=memo))
