"""What PromQL's functions ask of the evaluator that calls them (``evaluator.Evaluator``),
named here so the functions need not import the evaluator that imports them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from kubeloop.telemetry.promql import ast
from kubeloop.telemetry.promql.annotations import Kind
from kubeloop.telemetry.series import Labels, SeriesStore


class Evaluator(Protocol):
    store: SeriesStore
    t_ms: int
    lookback_ms: int
    query_start_ms: int
    query_end_ms: int
    query_step_ms: int
    start_times: Mapping[Labels, Mapping[int, int]] | None

    def eval(self, node: ast.Expr) -> Any: ...

    def sample_times(self, node: ast.VectorSelector) -> list[tuple[Labels, int]]: ...

    def note(self, kind: Kind, message: str, pos: int) -> None: ...
