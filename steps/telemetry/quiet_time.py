"""Time said the way people tell a reliability story: an SLO's whole window ("the whole
month goes by": the window of the SLO named last), and a quiet stretch ("30 days have
passed with no errors", "checkout has run cleanly for 30 days": the service, or every
service when none is named, serves its traffic without errors for that long).
"""

from __future__ import annotations

from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .service_settings import change
from .services import _service
from .slo_names import find_slo, slo_named
from .telemetry_part import call

_WHOLE = "<the whole|the full|the entire|a whole|a full|an entire|the>"
_WINDOW = (
    "<month|SLO window|window|period|budget period|error budget period|compliance period|"
    "SLO period>"
)
_PASSES = "<goes by|passes|elapses|is over|runs its course>"
_CLEAN = (
    "<with no errors|without errors|without any errors|with zero errors|cleanly|error-free|"
    "without a single error|without failures|with no failures>"
)


@when(
    _WHOLE + " " + _WINDOW + " " + _PASSES,
    "the whole month goes by",
    "a full SLO window passes",
    variants=("we wait <out |for >" + _WHOLE + " " + _WINDOW,),
)
def the_window_passes(world: World) -> None:
    """Time passes by the period of the SLO named last (or the only one): a month is what
    the promise was made over, not a calendar month."""
    name = slo_named(world, None)
    world.advance(int(find_slo(world, name).objective.period))


_RAN = "<has run|ran|has been running|has served|served|has been serving|has been up|was up>"
_TRAFFIC = "[ [its ]traffic]"


@given(
    "{duration:duration} <pass|passes|have passed|has passed|passed|go by|goes by|went by|"
    "have gone by|has gone by> " + _CLEAN,
    "30 days have passed with no errors",
    "checkout has run cleanly for 30 days",
    "it has run cleanly for 30 days",
    variants=(
        "{name:service} " + _RAN + _TRAFFIC + " " + _CLEAN + " for {duration:duration}",
        "{name:service} " + _RAN + _TRAFFIC + " for {duration:duration} " + _CLEAN,
    ),
)
def quiet_stretch(world: World, duration: int, name: str | None = None) -> None:
    """The service said ("it": the one named last), else every service, serves its traffic
    with no errors from now on; then DURATION passes."""
    _quiet(world, [name] if name is not None else [str(s) for s in call(world, "services")])
    if world.error is None:
        world.advance(duration)


def _quiet(world: World, names: list[str]) -> None:
    for said in names:
        change(world, said, _service(world, said), "set_error_ratio", 0)
