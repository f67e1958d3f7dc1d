"""The counter reset hint a native histogram sample reads back with, as Prometheus' TSDB
stores it (tsdb/chunkenc): samples go into chunks, and a query reads ``gauge`` for a gauge
histogram, ``not_reset`` for every counter histogram after the first of its chunk and
``unknown`` for the first. A counter histogram starts a new chunk when it resets (by its
hint or its data), changes schema, zero bucket or custom bounds, or when the chunk's time
range ends; a gauge one when it follows a counter or changes layout.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from kubeloop.telemetry.series.histogram import FloatHistogram, Hint, detect_reset, is_histogram

CHUNK_RANGE_MS: Final = 2 * 3600 * 1000
"""The TSDB head's chunk range (the default block duration)."""


def _range_end(chunk_start: int) -> int:
    return (chunk_start // CHUNK_RANGE_MS) * CHUNK_RANGE_MS + CHUNK_RANGE_MS


def _new_layout(previous: FloatHistogram, h: FloatHistogram) -> bool:
    return (
        previous.schema != h.schema
        or previous.zero_threshold != h.zero_threshold
        or previous.custom_values != h.custom_values
    )


def stored(
    previous: object, chunk_start: int | None, t_ms: int, h: FloatHistogram
) -> tuple[FloatHistogram, int]:
    """``h`` with the hint it reads back with, and the start of the chunk it lands in
    (``previous``: the series' last sample, ``chunk_start``: where its chunk began)."""
    hint: Hint = "gauge" if h.hint == "gauge" else "unknown"
    start = t_ms
    if (
        is_histogram(previous)
        and chunk_start is not None
        and t_ms < _range_end(chunk_start)
        and isinstance(previous, FloatHistogram)
        and (previous.hint == "gauge") == (h.hint == "gauge")
        and not _new_layout(previous, h)
        and (
            h.hint == "gauge"
            or (h.hint != "reset" and not detect_reset(replace(h, hint="unknown"), previous))
        )
    ):
        start = chunk_start
        if hint != "gauge":
            hint = "not_reset"
    return h.with_hint(hint), start
