"""FNV-1a 32 against Go's ``hash/fnv`` golden table and a byte-at-a-time oracle."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kubeloop.core.hashing import fnv32a


def one_byte_at_a_time(data: bytes) -> int:
    """The textbook loop: XOR a byte, multiply by the FNV prime, keep 32 bits."""
    value = 0x811C9DC5
    for byte in data:
        value = ((value ^ byte) * 0x01000193) % 2**32
    return value


@pytest.mark.parametrize(
    ("text", "expected"),
    [(b"", 0x811C9DC5), (b"a", 0xE40C292C), (b"ab", 0x4D2505CA), (b"abc", 0x1A47E90B)],
)
def test_go_golden32a(text: bytes, expected: int) -> None:
    assert fnv32a(text) == expected


@pytest.mark.parametrize("length", range(0, 13))
def test_every_remainder_of_the_four_byte_steps(length: int) -> None:
    data = bytes(range(250, 250 - length, -1))
    assert fnv32a(data) == one_byte_at_a_time(data)


@given(st.binary(max_size=300))
def test_equals_the_byte_at_a_time_loop(data: bytes) -> None:
    assert fnv32a(data) == one_byte_at_a_time(data)
