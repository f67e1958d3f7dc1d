"""The one timeline: the same story told twice gives the same timeline, event for event."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.registry import REGISTRY, then
from kubeloop.harness.step_context import Step
from kubeloop.harness.world import World
from kubeloop.render.timeline import burn_rows

from .links_part import links


def _told_again(world: World) -> World:
    """A fresh world that ran this scenario's Given and When steps before this one, in
    order, settling where a Then would have settled (Thens only observe)."""
    fresh = World(world.engine, world.engine_name, world.feature_dir, world.options)
    where, _, line = world.step.location.rpartition(":")
    for keyword, text, number in world.scenario_steps:
        if str(number) == line:
            break
        fresh.step = Step(
            text=text, label=f"{keyword.title()} {text}", location=f"{where}:{number}"
        )
        if keyword == "then":
            if not fresh.settled:
                fresh.settle()
            fresh.rejection.clear()  # the first telling's Then checked it
            continue
        try:
            fresh.run(keyword, REGISTRY.match(keyword, text))
        except Exception as error:  # a step that needs its table or doc string, or that fails
            raise world.fail(
                "the scenario's Given and When steps to run again in a fresh world",
                f"{fresh.step.location} ({fresh.step.label}) failed when told again "
                f"(a step with a table or a doc string cannot be told again): "
                f"{str(error)[:300]}",
            ) from None
    return fresh


def _told(world: World) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    links(world)
    timeline = world.report.snapshots["timeline"]()
    telemetry = world.report.snapshots.get("telemetry")
    if telemetry is not None:  # the burn lanes are drawn from the telemetry snapshot
        timeline = {**timeline, "burn": burn_rows(telemetry())}
    events = [(e.time, e.type, e.reason, e.object, e.message, e.count) for e in world.events]
    return timeline, events


@then(
    "telling the story again gives the same timeline, event for event",
    "telling the story again gives the same timeline, event for event",
    "told again from the start, the timeline matches event for event",
    "if we replay the incident we get exactly the same timeline",
    variants=(
        "<telling|told> <the story|it> [again ][from the start ]<gives|yields|makes> the same "
        "timeline[[,] event for event]",
        "<told|telling it|telling the story> [again ][from the start][,] the timeline "
        "<matches|is the same>[,][ event for event]",
        "the same story told twice gives the same timeline[[,] event for event]",
        "<if we replay|if I replay|when we replay|replaying|if we rerun|rerunning|if we run "
        "again|running again> <the incident|the story|the scenario|it|everything|the whole "
        "thing>[,] <we get|I get|it gives|gives|we see|yields> [exactly ]the same timeline"
        "[[,] event for event]",
    ),
)
def same_story_again(world: World) -> None:
    """Run the scenario's Given and When steps so far again in a fresh world: its timeline
    (every lane) and its event log are equal to this world's, event for event."""
    first_timeline, first_events = _told(world)
    again_timeline, again_events = _told(_told_again(world))
    for what, first, again in (
        ("events", first_events, again_events),
        *((lane, first_timeline[lane], again_timeline[lane]) for lane in sorted(first_timeline)),
    ):
        if first != again:
            index = (
                next(
                    (i for i, (a, b) in enumerate(zip(first, again, strict=False)) if a != b),
                    min(len(first), len(again)),
                )
                if isinstance(first, list)
                else 0
            )
            raise world.fail(
                f"the same {what} when told again ({len(first)} entries)",
                f"{len(again)} entries; the first difference at {index}: "
                f"{_at(first, index)} then {_at(again, index)}",
            )


def _at(entries: Any, index: int) -> str:
    if isinstance(entries, list) and index < len(entries):
        return repr(entries[index])[:200]
    return repr(entries)[:200] if not isinstance(entries, list) else "nothing"


@then(
    "the SLO {slo:name} paged before {alias:artifact} ran on every pod of {deployment:deployment}",
    'the SLO "availability" paged before D2 ran on every pod of "web"',
)
def paged_mid_rollout(world: World, slo: str, alias: str, deployment: str) -> None:
    """Read off the one timeline: the SLO's page fired while the rollout of ALIAS to
    DEPLOYMENT was still under way (or before it ever completed)."""
    from ..pipeline.pipeline_part import scene  # noqa: PLC0415

    current = scene(world)
    version = str(current.pipeline.artifact(current.digest(world, alias)).version)
    timeline = world.report.snapshots["timeline"]()
    pages = [a["changes"] for a in timeline["alerts"] if a["name"] == f"{slo} page"]
    paged = next((t for t, state in (pages[0] if pages else []) if state == "firing"), None)
    rollout: list[Any] = next(
        (r["points"] for r in timeline["rollouts"] if r["name"] == deployment), []
    )
    done = next((p[0] for p in rollout if p[7] == version and p[1] == p[2] == p[3] == p[4]), None)
    if paged is None or (done is not None and done <= paged):
        saw = "no page" if paged is None else f"the page at {paged}s"
        raise world.fail(
            f'the page of "{slo}" before {alias} ran on every pod of "{deployment}"',
            f"{saw}; every pod ran {alias} from " + (f"{done}s" if done is not None else "never"),
        )
