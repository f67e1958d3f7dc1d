"""Quantity parsing and printing, rows from apimachinery's quantity_test.go."""

from fractions import Fraction

import pytest

from kubeloop.core.quantity import (
    canonical,
    cpu_millis,
    format_cpu,
    format_memory,
    memory_bytes,
    parse_quantity,
)
from kubeloop.errors import InvalidQuantityError


@pytest.mark.parametrize(
    ("text", "value", "printed"),
    [
        ("500m", Fraction(1, 2), "500m"),
        ("0.5", Fraction(1, 2), "500m"),
        ("2", Fraction(2), "2"),
        ("1080m", Fraction(108, 100), "1080m"),
        ("1.08", Fraction(108, 100), "1080m"),
        ("256Mi", Fraction(256 * 2**20), "256Mi"),
        ("1Gi", Fraction(2**30), "1Gi"),
        ("1024Mi", Fraction(2**30), "1Gi"),
        ("1.5Gi", Fraction(1610612736), "1536Mi"),
        ("128M", Fraction(128 * 10**6), "128M"),
        ("1e3", Fraction(1000), "1e3"),
        ("1000", Fraction(1000), "1k"),
        ("1500", Fraction(1500), "1500"),
        ("1k", Fraction(1000), "1k"),
        ("50k", Fraction(50000), "50k"),
        ("1000M", Fraction(10**9), "1G"),
        (".001Ki", Fraction(1024, 1000), "1024m"),
        ("1.1Gi", Fraction(11811160064, 10), "1181116006400m"),
        ("3.001n", Fraction(4, 10**9), "4n"),
        ("0.9n", Fraction(1, 10**9), "1n"),
        ("0.00000012345", Fraction(124, 10**9), "124n"),
        ("1E", Fraction(10**18), "1E"),
        ("5.", Fraction(5), "5"),
        ("-2", Fraction(-2), "-2"),
    ],
)
def test_parse_and_print_like_upstream(text: str, value: Fraction, printed: str) -> None:
    quantity = parse_quantity(text)
    assert quantity.amount == value
    assert canonical(quantity) == printed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1K", "unable to parse quantity's suffix"),
        ("1.1.M", "unable to parse numeric part of quantity"),
        ("1+1.0M", "quantities must match the regular expression"),
        ("0.1mi", "unable to parse quantity's suffix"),
        ("0.1am", "quantities must match the regular expression"),
        ("aoeu", "quantities must match the regular expression"),
        (".5i", "unable to parse quantity's suffix"),
        ("1i", "unable to parse quantity's suffix"),
        ("-3.01i", "unable to parse quantity's suffix"),
        ("-3.01e-", "unable to parse quantity's suffix"),
        (" 1", "quantities must match the regular expression"),
        ("1 ", "quantities must match the regular expression"),
        ("", "quantities must match the regular expression"),
    ],
)
def test_invalid_quantities_name_the_value(text: str, message: str) -> None:
    with pytest.raises(InvalidQuantityError) as caught:
        parse_quantity(text)
    assert message in str(caught.value)
    assert f'"{text}"' in str(caught.value)


@pytest.mark.parametrize(
    ("given", "millis"),
    [
        ("500m", 500),
        ("0.5", 500),
        ("2", 2000),
        ("0.0001", 1),
        (1, 1000),
        (0.25, 250),
        ("1e3", 10**6),
    ],
)
def test_cpu_is_millicores_rounded_up(given: str | float, millis: int) -> None:
    assert cpu_millis(given) == millis


@pytest.mark.parametrize(
    ("given", "size"),
    [
        ("256Mi", 268435456),
        ("1Gi", 2**30),
        ("128M", 128 * 10**6),
        ("1e3", 1000),
        (4096, 4096),
        ("0.5", 1),
    ],
)
def test_memory_is_bytes_rounded_up(given: str | float, size: int) -> None:
    assert memory_bytes(given) == size


@pytest.mark.parametrize("bad", ["-1", -1, True, float("nan")])
def test_negative_and_non_numbers_are_rejected(bad: object) -> None:
    with pytest.raises(InvalidQuantityError):
        cpu_millis(bad)  # type: ignore[arg-type]


def test_formatting_for_people() -> None:
    assert format_cpu(500) == "500m"
    assert format_cpu(4000) == "4"
    assert format_memory(256 * 2**20) == "256Mi"
    assert format_memory(128 * 10**6) == "128M"
    assert format_memory(1500) == "1500"
