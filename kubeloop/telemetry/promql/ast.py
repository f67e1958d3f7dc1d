"""The PromQL syntax tree: frozen nodes, each knowing its value type and source position."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kubeloop.telemetry.series import Matcher

ValueType = Literal["scalar", "vector", "matrix", "string"]
Card = Literal["one-to-one", "many-to-one", "one-to-many", "many-to-many"]


@dataclass(frozen=True, slots=True)
class At:
    """An ``@`` modifier: a fixed time in ms, or the query's ``start()``/``end()``."""

    kind: Literal["time", "start", "end"]
    t_ms: int = 0


@dataclass(frozen=True, slots=True)
class DurationExpr:
    """A duration expression that needs the query to be known (``step()``, ``range()``), or
    one whose value is refused (``[5m-5m]``), kept to be worked out when the query runs.
    ``op`` is an operator, ``min_of``/``max_of``, ``step``/``range``, or ``num`` (``value``
    in seconds); a unary sign has only ``rhs``."""

    op: str
    pos: int
    lhs: DurationExpr | None = None
    rhs: DurationExpr | None = None
    value: float = 0.0


@dataclass(frozen=True, slots=True)
class NumberLiteral:
    value: float
    pos: int
    type: ValueType = "scalar"


@dataclass(frozen=True, slots=True)
class StringLiteral:
    value: str
    pos: int
    type: ValueType = "string"


@dataclass(frozen=True, slots=True)
class VectorSelector:
    name: str
    matchers: tuple[Matcher, ...]
    pos: int
    offset_ms: int = 0
    at: At | None = None
    type: ValueType = "vector"
    offset_expr: DurationExpr | None = None
    anchored: bool = False
    """``anchored``/``smoothed`` (``promql-extended-range-selectors``; ``extended.py``)."""
    smoothed: bool = False


@dataclass(frozen=True, slots=True)
class MatrixSelector:
    selector: VectorSelector
    range_ms: int
    pos: int
    type: ValueType = "matrix"
    range_expr: DurationExpr | None = None


@dataclass(frozen=True, slots=True)
class Subquery:
    expr: Expr
    range_ms: int
    step_ms: int  # 0: the default evaluation interval
    pos: int
    offset_ms: int = 0
    at: At | None = None
    type: ValueType = "matrix"
    range_expr: DurationExpr | None = None
    step_expr: DurationExpr | None = None
    offset_expr: DurationExpr | None = None


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple[Expr, ...]
    pos: int
    type: ValueType = "vector"


@dataclass(frozen=True, slots=True)
class Aggregate:
    op: str
    expr: Expr
    param: Expr | None
    grouping: tuple[str, ...]
    without: bool
    pos: int
    type: ValueType = "vector"


@dataclass(frozen=True, slots=True)
class VectorMatching:
    card: Card
    on: bool
    labels: tuple[str, ...]
    include: tuple[str, ...] = ()
    fill_left: float | None = None
    """``fill_left(v)``/``fill(v)``: a missing left-hand sample counts as ``v``."""
    fill_right: float | None = None


@dataclass(frozen=True, slots=True)
class Binary:
    op: str
    lhs: Expr
    rhs: Expr
    return_bool: bool
    matching: VectorMatching | None
    pos: int
    type: ValueType = "vector"


@dataclass(frozen=True, slots=True)
class Unary:
    op: str
    expr: Expr
    pos: int
    type: ValueType = "vector"


@dataclass(frozen=True, slots=True)
class Paren:
    expr: Expr
    pos: int
    type: ValueType = "vector"


Expr = (
    NumberLiteral
    | StringLiteral
    | VectorSelector
    | MatrixSelector
    | Subquery
    | Call
    | Aggregate
    | Binary
    | Unary
    | Paren
)


def children(node: object) -> list[Expr]:
    """The expressions directly under ``node``, in field order."""
    found: list[Expr] = []
    for name in getattr(node, "__slots__", ()):
        child = getattr(node, name)
        for item in child if isinstance(child, tuple) else (child,):
            if hasattr(item, "pos") and hasattr(item, "type"):
                found.append(item)
    return found
