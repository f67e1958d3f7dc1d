"""quantity_test.go's saturation rows: only BinarySI values are capped at the int64 maximum."""

from fractions import Fraction

import pytest

from kubeloop.core.quantity import canonical, parse_quantity

INT64_MAX = 2**63 - 1


@pytest.mark.parametrize(
    ("text", "value", "family", "printed"),
    [
        (
            "12E",
            Fraction(12 * 10**18),
            "DecimalSI",
            "12E",
        ),  # TestQuantityParse: decQuantity(12, 18)
        ("10E", Fraction(10 * 10**18), "DecimalSI", "10E"),
        ("100E", Fraction(10**20), "DecimalSI", "100E"),
        ("1e19", Fraction(10**19), "DecimalExponent", "10e18"),
        ("8Ei", Fraction(INT64_MAX), "BinarySI", "9223372036854775807"),  # 2^63 > max: capped
        ("7Ei", Fraction(7 * 2**60), "BinarySI", "7Ei"),
        ("-8Ei", Fraction(-INT64_MAX), "BinarySI", "-9223372036854775807"),
        (".0001Ki", Fraction(1024, 10**4), "DecimalSI", "102400u"),  # BinarySI < 1 → DecimalSI
    ],
)
def test_saturation_is_binary_only(text: str, value: Fraction, family: str, printed: str) -> None:
    quantity = parse_quantity(text)
    assert (quantity.amount, quantity.family) == (value, family)
    assert canonical(quantity) == printed
