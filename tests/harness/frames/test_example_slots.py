"""An example's slots (frames/fill.py), read once per frame, are those read afresh: for every
frame of the catalog, asked first and asked again."""

from __future__ import annotations

import kubeloop.steps  # noqa: F401  (registers the step library)
from kubeloop.harness.frames.chunker import normalised
from kubeloop.harness.frames.fill import example_slots, plain_example_slots
from kubeloop.harness.registry import REGISTRY


def test_every_frames_slots_are_those_read_afresh() -> None:
    frames = [f for found in REGISTRY.frames().frames.values() for f in found]
    assert len(frames) > 100
    for _ in range(2):  # (the second time from what was kept)
        for frame in frames:
            example = normalised(frame.example)
            assert example_slots(frame, example) == plain_example_slots(frame, example), example
