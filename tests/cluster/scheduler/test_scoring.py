"""Scheduler maths: scoring tables from noderesources/*_test.go, and the FitError text."""

import pytest

from kubeloop.cluster.scheduler.fit_error import fit_error_message
from kubeloop.cluster.scheduler.resources_fit import (
    fit_reasons,
    least_requested_score,
    most_requested_score,
    weighted_score,
)
from kubeloop.cluster.scheduler.taint_toleration import reverse_normalised


def least(cpu: tuple[int, int], memory: tuple[int, int], weights: tuple[int, int] = (1, 1)) -> int:
    return weighted_score(
        [(least_requested_score(*cpu), weights[0]), (least_requested_score(*memory), weights[1])]
    )


def most(cpu: tuple[int, int], memory: tuple[int, int]) -> int:
    return weighted_score([(most_requested_score(*cpu), 1), (most_requested_score(*memory), 1)])


@pytest.mark.parametrize(
    ("cpu", "memory", "weights", "score"),
    [
        ((3000, 4000), (5000, 10000), (1, 1), 37),  # differently sized nodes: node1
        ((3000, 6000), (5000, 10000), (1, 1), 50),  # node2
        ((6000, 10000), (0, 20000), (1, 1), 70),
        ((6000, 10000), (5000, 20000), (1, 1), 57),  # 57.5 truncates
        ((3000, 4000), (5000, 10000), (1, 2), 41),  # memory weighted 2
        ((5000, 4000), (0, 10000), (1, 1), 50),  # over capacity scores 0
    ],
)
def test_least_allocated(
    cpu: tuple[int, int], memory: tuple[int, int], weights: tuple[int, int], score: int
) -> None:
    assert least(cpu, memory, weights) == score


@pytest.mark.parametrize(
    ("cpu", "memory", "score"),
    [
        ((3000, 4000), (5000, 10000), 62),
        ((3000, 6000), (5000, 10000), 50),
        ((300, 250), (600, 1000), 80),  # requests above capacity count as capacity
        ((100, 250), (200, 1000), 30),
    ],
)
def test_most_allocated(cpu: tuple[int, int], memory: tuple[int, int], score: int) -> None:
    assert most(cpu, memory) == score


def test_prefer_no_schedule_counts_reverse_normalised() -> None:
    assert [reverse_normalised(count, 2) for count in (0, 1, 2)] == [100, 50, 0]
    assert reverse_normalised(0, 0) == 100


@pytest.mark.parametrize(
    ("pod", "free", "reasons"),
    [
        ((500, 100), (400, 1000, 5), ("Insufficient cpu",)),
        ((500, 2000), (400, 1000, 5), ("Insufficient cpu", "Insufficient memory")),
        ((500, 100), (500, 100, 1), ()),  # exactly full still fits
        ((0, 0), (0, 0, 0), ("Too many pods",)),  # checked even for pods requesting nothing
        ((100, 0), (1000, 0, 1), ()),  # a zero memory request is not checked
    ],
)
def test_fit_reasons(
    pod: tuple[int, int], free: tuple[int, int, int], reasons: tuple[str, ...]
) -> None:
    assert fit_reasons(*pod, *free) == reasons


def test_fit_error_sorts_items_as_strings() -> None:
    message = fit_error_message(
        3, [("node(s) were unschedulable",), ("Insufficient cpu",), ("Insufficient cpu",)]
    )
    assert message == "0/3 nodes are available: 1 node(s) were unschedulable, 2 Insufficient cpu."


def test_fit_error_counts_each_reason_per_node() -> None:
    both = ("Insufficient cpu", "Insufficient memory")
    assert (
        fit_error_message(3, [both, both, both])
        == "0/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory."
    )


def test_fit_error_digit_order_is_lexicographic() -> None:
    reasons = [("Insufficient cpu",)] * 10 + [("node(s) were unschedulable",)] * 2
    assert fit_error_message(12, reasons) == (
        "0/12 nodes are available: 10 Insufficient cpu, 2 node(s) were unschedulable."
    )


def test_no_nodes() -> None:
    assert fit_error_message(0, []) == "no nodes available to schedule pods"
