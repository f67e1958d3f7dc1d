"""The histogram trim operators ``</`` and ``>/`` on float samples: parsed as Prometheus
parses them (no feature flag, the comparisons' precedence, no ``bool``), and evaluated as
its engine does for floats, which have no buckets to trim."""

from __future__ import annotations

import pytest

from kubeloop.telemetry.promql import Annotation, PromQLError, Vector, evaluate, parse
from kubeloop.telemetry.promql import ast as promql_ast
from kubeloop.telemetry.promql.features import PROMTOOL_DEFAULT
from kubeloop.telemetry.series import Labels, SeriesStore


def _store() -> SeriesStore:
    store = SeriesStore()
    store.append(Labels({"__name__": "a", "x": "1"}.items()), 0, 1.0)
    store.append(Labels({"__name__": "a", "x": "2"}.items()), 0, 2.0)
    store.append(Labels({"__name__": "b", "x": "1"}.items()), 0, 5.0)
    return store


def _run(text: str) -> tuple[object, list[str]]:
    notes: list[Annotation] = []
    value = evaluate(parse(text), _store(), 0, notes=notes)
    return value, [n.render(text) for n in notes]


def test_trim_binds_like_a_comparison_and_needs_no_flag() -> None:
    node = parse("a + b </ c > 2", PROMTOOL_DEFAULT)
    assert isinstance(node, promql_ast.Binary) and node.op == ">"
    assert isinstance(node.lhs, promql_ast.Binary) and node.lhs.op == "</"
    assert isinstance(node.lhs.lhs, promql_ast.Binary) and node.lhs.lhs.op == "+"


def test_trim_takes_no_bool() -> None:
    with pytest.raises(PromQLError, match="bool modifier can only be used on comparison"):
        parse("a >/ bool 1")


def test_a_float_vector_trimmed_by_a_scalar_is_empty_with_the_info() -> None:
    """``VectorscalarBinop`` reports ``vectorElemBinop``'s info, as for a histogram compared
    with a scalar (operators.test's ``left_histograms == 3``)."""
    for text in ("a </ 1", "1 >/ a"):
        value, notes = _run(text)
        assert value == Vector(())
        assert notes == [
            "PromQL info: incompatible sample types encountered for binary operator "
            f'"{text.split()[1]}": float {text.split()[1]} float (1:1)'
        ]
    assert _run('a{x="3"} </ 1') == (Vector(()), [])


def test_two_float_vectors_matched_give_the_incompatible_types_info() -> None:
    value, notes = _run("a >/ on(x) b")
    assert value == Vector(())
    assert notes == [
        "PromQL info: incompatible sample types encountered for binary operator "
        '">/": float >/ float (1:1)'
    ]


def test_two_float_vectors_that_do_not_meet_give_no_info() -> None:
    assert _run('a{x="2"} </ on(x) b') == (Vector(()), [])


def test_two_scalars_are_refused_as_the_engine_refuses_them() -> None:
    with pytest.raises(PromQLError, match='operator "</" not allowed for Scalar operations'):
        _run("1 </ 2")


def test_the_matching_is_still_checked() -> None:
    with pytest.raises(PromQLError, match="many-to-many matching not allowed"):
        _run("b </ ignoring(x) a")
