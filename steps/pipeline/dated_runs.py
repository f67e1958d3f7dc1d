"""A pipeline run on a given day ("the pipeline runs for B6 on 2026-06-01"): the logical
clock moves to 00:00 UTC of that date, then the gates run, so a waiver that expired by then
no longer applies. Time only moves on: a date before now is refused."""

from __future__ import annotations

from kubeloop.harness.registry import when
from kubeloop.harness.world import World

from .gates import RUN, START, STARTED
from .pipeline_part import run_gates, said_last
from .waivers import _set_date


@when(
    "I run the pipeline[ <for|on> {alias:artifact}][ again] on {date:date}",
    "I run the pipeline for B6 on 2026-06-01",
    "I run the pipeline again on 2026-10-01",
    variants=(
        "the pipeline <runs|is run|runs again|is run again|reruns|is re-run>[ <for|on> "
        "{alias:artifact}] on {date:date}",
        "{alias:artifact} <goes|is sent|is put|runs> through the <pipeline|gates>[ again] on "
        "{date:date}",
        "the pipeline <for|of> {alias:artifact} <is run|is re-run|is rerun|runs|reruns|re-runs>"
        "[ again] on {date:date}",
        "<I|we> " + START + " <the|a|a new|another> " + RUN + "[ <for|on> {alias:artifact}]"
        "[ again] on {date:date}",
        "<the|a|a new|another> " + RUN + " " + STARTED + "[ <for|on> {alias:artifact}] on "
        "{date:date}",
    ),
)
def run_on(world: World, date: str, alias: str | None = None) -> None:
    """Time passes to 00:00 UTC of DATE, then the gates run for the artifact (named, else
    the one said or built last)."""
    said = alias or said_last(world)
    _set_date(world, date)
    run_gates(world, said)
