"""The pictures' scales: round ticks, time in the unit that fits, numbers without noise."""

from __future__ import annotations

from kubeloop.render.axis import duration, nice_ticks, number, time_ticks


def test_time_reads_in_the_unit_that_fits_the_span() -> None:
    assert time_ticks(90) == ("s", [(t, str(int(t))) for t in (0.0, 25.0, 50.0, 75.0, 100.0)])
    unit, ticks = time_ticks(150)  # 2.5 min: ticks at whole minutes, never "2m" for 2.5
    assert unit == "min" and [label for _, label in ticks] == ["0", "1", "2", "3"]
    unit, ticks = time_ticks(30 * 86_400)  # a 30-day SLO: days, not "43200m"
    assert unit == "d" and ticks[-1] == (30 * 86_400, "30")
    assert time_ticks(72 * 60)[0] == "min" and time_ticks(5 * 3600)[0] == "h"


def test_ticks_are_round_and_cover_the_data() -> None:
    assert nice_ticks(16.7) == [0, 5, 10, 15, 20]
    assert nice_ticks(2.5) == [0, 1, 2, 3]
    assert nice_ticks(0) == [0, 1]


def test_numbers_print_short_and_exact() -> None:
    assert [number(v) for v in (2.5, 100.00000000000568, 0.9333333, 43200, 14.4, 0)] == [
        "2.5",
        "100",
        "0.933",
        "43200",
        "14.4",
        "0",
    ]
    assert duration(150) == "2.5 min" and duration(2_592_000) == "30 d"
