"""How often automation rolled an environment back, said the way an incident review says it:
"an alert rolled prod back exactly once", "prod rolled itself back twice", "the SLO
"checkout-availability" rolled prod back at least once", "no alert rolled prod back".

Each counts the rollbacks the alert-rollback link made (``Links.alert_rollbacks``; refused
attempts are not rollbacks), never the environment's whole history: a rollback done by hand
is not one an alert made.
"""

from __future__ import annotations

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from ..pipeline.pipeline_part import scene
from .links_part import links
from .rollback import known_environment, nothing_earlier, rolled_to

_BY = "<a page|the page|a burn-rate page|automation|the automation>"
_TIMES = "[{bound:comparison} ]{count:times}"


@then(
    "<an|the> alert rolled {env:name} back {bound:comparison} {count:times}",
    "an alert rolled prod back exactly once",
    "the alert rolled prod back at least twice",
    "a page rolled prod back once",
    "prod rolled itself back twice",
    "no alert rolled prod back",
    variants=(
        f"{_BY} rolled {{env:name}} back {_TIMES}",
        f"<an alert|the alert|{_BY[1:-1]}> rolled back {{env:name}} {_TIMES}",
        "{env:name} <rolled itself back|was rolled back automatically|was automatically rolled "
        "back|was rolled back on its own|rolled back on its own|rolled back by itself> " + _TIMES,
        "{env:name} was rolled back by <an|the> <alert|page> {bound:comparison} {count:times}",
        "<no alert|no page|nothing automatic|no automation> rolled {env:name} back",
        "{env:name} was never rolled back <automatically|by an alert|by a page|on its own>",
    ),
)
def rolled_back_by_automation(world: World, env: str, count: int = 0, bound: str = "==") -> None:
    """The rollbacks the alert-rollback link made of ENV, counted (none said: none)."""
    _counted(world, env, None, count, bound)


@then(
    "{env:name} <rolled back automatically|was rolled back automatically|was automatically "
    "rolled back|rolled itself back|rolled back on its own|rolled back by itself|was rolled "
    "back on its own|was rolled back by an alert>",
    "prod rolled back automatically",
    "prod rolled itself back",
)
def rolled_back_on_its_own(world: World, env: str) -> None:
    """Automation rolled ENV back at least once (a rollback by hand does not count)."""
    _counted(world, env, None, 1, ">=")


_THAT = "<that SLO|the SLO|its SLO>"


@then(
    "the SLO {slo:name} rolled {env:name} back " + _TIMES,
    'the SLO "checkout-availability" rolled prod back exactly once',
    "that SLO rolled prod back twice",
    variants=(
        "the SLO {slo:name} rolled back {env:name} " + _TIMES,
        "{env:name} was rolled back by the SLO {slo:name} " + _TIMES,
        "the SLO {slo:name} never rolled {env:name} back",
        _THAT + " rolled {env:name} back " + _TIMES,
        _THAT + " rolled back {env:name} " + _TIMES,
        "{env:name} was rolled back by " + _THAT + " " + _TIMES,
        _THAT + " never rolled {env:name} back",
    ),
)
def rolled_back_by_slo(
    world: World, env: str, slo: str | None = None, count: int = 0, bound: str = "=="
) -> None:
    """The rollbacks a page of the SLO (that SLO: the one named last) made of ENV, counted;
    a rule watching another SLO or an alert does not count."""
    said = slo if slo is not None else world.declared.mentioned.get("slo")
    if said is None:
        raise world.fail('an SLO named earlier for "that SLO"', "no SLO was named yet")
    _counted(world, env, said, count, bound)


def _counted(world: World, env: str, slo: str | None, count: int, bound: str) -> None:
    known_environment(world, env)
    done = [r for r in links(world).alert_rollbacks() if r.rule.environment == env]
    if slo is not None:
        watching = {r.name for r in links(world).alerts.rules if r.kind == "slo"}
        if slo not in watching:
            raise world.fail(
                f'a rollback of {env} when the SLO "{slo}" pages',
                f"the SLOs that roll {env} back: {', '.join(sorted(watching)) or 'none'}",
            )
        done = [r for r in done if r.rule.kind == "slo" and r.rule.name == slo]
    made = [r for r in done if r.made]
    if not compare(len(made), bound, count):
        current = scene(world)
        seen = "; ".join(f"t={r.time}s {r.rule.subject}: " + rolled_to(current, r) for r in done)
        said = "" if bound == "==" else f"{bound} "
        by = f'the SLO "{slo}"' if slo else "automation"
        if len(made) < len(done):
            seen += nothing_earlier(world, env)
        raise world.fail(f"{said}{count} rollback(s) of {env} by {by}", seen or "none")
