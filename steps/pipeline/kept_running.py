"""An environment that keeps what it ran: "staging keeps running what it ran before", "prod
is left unchanged", "nothing changed in prod".

"Before" is before the actions just taken: the When steps right before this check (after
the last Given or Then before them). The check reads which steps changed which environment,
as the engine's ``watch`` reported each change (pipeline_part.PipelineScene.changes), so it
holds only if none of those steps changed it; an engine that reports no changes cannot be
checked so, and says so.
"""

from __future__ import annotations

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .pipeline_part import env_named, scene


def _line(location: str) -> int:
    return int(location.rpartition(":")[2] or 0)


def _actions_before(world: World) -> list[int]:
    """The lines of the When steps right before this one (the last run of them)."""
    here = _line(world.step.location)
    before = [(kind, line) for kind, _, line in world.scenario_steps if line < here]
    while before and before[-1][0] == "then":
        before.pop()
    lines: list[int] = []
    while before and before[-1][0] == "when":
        lines.append(before.pop()[1])
    return lines


@then(
    "{env:name} <keeps|kept|is still|was still> running what it ran before",
    "staging keeps running what it ran before",
    "prod is left unchanged",
    "nothing changed in prod",
    variants=(
        "{env:name} still runs what it ran before",
        "{env:name} <is|was> left <unchanged|untouched|as it was>",
        "{env:name} <is|stays|stayed|remains|remained> unchanged",
        "nothing <changed|changes> in {env:name}",
        "{env:name} keeps <its|the same> <build|release|version|digest|deployment> as before",
    ),
)
def kept_running(world: World, env: str) -> None:
    """No When step right before this check changed what ENV runs."""
    current = scene(world)
    world.capability(current.pipeline, "watch")  # the changes are read through it
    said = env_named(world, env)
    names = [spec.name for spec in current.definition.environments]
    if said not in names:
        raise world.fail(f"an environment named {env}", f"environments: {', '.join(names)}")
    actions = _actions_before(world)
    if not actions:
        raise world.fail(f"an action before this check for {said} to keep through", "none")
    changed = sorted(
        {_line(where) for where, which in current.changes if which == said} & set(actions)
    )
    if changed:
        running = world.capability(current.pipeline, "running")(said)
        now = "nothing" if running is None else current.alias_of(running)
        lines = ", ".join(str(line) for line in changed)
        raise world.fail(f"{said} unchanged by the steps before", f"line {lines} changed it: {now}")
