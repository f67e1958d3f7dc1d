"""Telemetry → pipeline: a page that rolls an environment back, once per firing."""

from __future__ import annotations

from typing import Any

from kubeloop.harness.errors import ScenarioAssertionError
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from ..pipeline.pipeline_part import scene
from ..telemetry.service_waits import still_waiting
from ..telemetry.slo_names import PENDING, find_slo, once_begun, slo_named
from ..telemetry.telemetry_part import call, telemetry
from .links_part import links


@given(
    "when the SLO {slo:name} pages, roll back {env:name}",
    'when the SLO "availability" pages, roll back prod',
    variants=(
        "{env:name} rolls back when the SLO {slo:name} pages",
        "a page of the SLO {slo:name} rolls back {env:name}",
        "<an automatic|automatic|an auto|auto> rollback of {env:name} when the SLO {slo:name} "
        "pages",
    ),
)
def slo_page_rolls_back(world: World, slo: str, env: str) -> None:
    """Opt in: a firing page of SLO rolls ENV back to its previous known-good digest (a
    cluster deployment's name: the environment that deploys to it); SLO is named as checks
    name it ("availability": the one availability SLO); one waiting for its service's
    traffic is armed when it begins. Givens state one situation in any order, so an SLO
    no earlier Given declared is looked up again when the Givens end; one declared by
    none of them then fails, naming this line and the Given that declares it (find_slo)."""
    telemetry(world)
    scene(world)
    if world.settled or _declared(world, slo):
        _arm(world, slo, env)
        return
    at = world.step.location
    world.after_givens.append(lambda: _arm(world, slo, env, at))


def _declared(world: World, slo: str) -> bool:
    """Whether SLO names an SLO declared (or waiting for its service) by now."""
    try:
        name = slo_named(world, slo)
    except ScenarioAssertionError:
        return False
    pending = {entry[0] for entry in world.parts.get(PENDING, [])}
    return name in pending or name in {str(n) for n in call(world, "slos")}


def _arm(world: World, slo: str, env: str, at: str = "") -> None:
    """Arm the rollback on SLO's page; AT: the line that said it, when armed later."""
    try:
        name = slo_named(world, slo)
        if name not in {entry[0] for entry in world.parts.get(PENDING, [])}:
            find_slo(world, name)
    except ScenarioAssertionError as error:
        if not at:
            raise
        raise ScenarioAssertionError(
            f"{error.expected} for the rollback armed at {at}",
            error.actual,
            world.picture(),
            error.mark,
        ) from error
    once_begun(
        world, name, lambda: world.attempt(lambda: links(world).roll_back_on("slo", name, env))
    )


@given(
    "when the alert {alert:name} fires, roll back {env:name}",
    "when the alert HighErrorRate fires, roll back prod",
    variants=("{env:name} rolls back when [the ]alert {alert:name} fires",),
)
def alert_rolls_back(world: World, alert: str, env: str) -> None:
    """Opt in: the alert ALERT firing rolls ENV back to its previous known-good digest (a
    cluster deployment's name: the environment that deploys to it). Givens state one
    situation in any order, so an alert no earlier Given declared (or one waiting for its
    service's traffic) is looked up again when the Givens end; one declared by none of them
    then fails, naming this line and the alerts there are."""
    telemetry(world)
    scene(world)
    if world.settled or alert in {str(n) for n in call(world, "alert_names")}:
        world.attempt(lambda: links(world).roll_back_on("alert", alert, env))
        return
    at = world.step.location
    world.after_givens.append(lambda: _arm_alert(world, alert, env, at))


def _arm_alert(world: World, alert: str, env: str, at: str) -> None:
    """Arm the rollback on ALERT when the Givens end; AT: the line that said it."""
    names = sorted(str(n) for n in call(world, "alert_names"))
    if alert not in names:
        raise world.fail(
            f'an alert "{alert}" for the rollback armed at {at}',
            (f"the alerts are {', '.join(names)}" if names else "no Given declares an alert")
            + still_waiting(world)
            + f'; declare it in a Given (an alert "{alert}" fires if over 5% of web\'s '
            "requests fail for 5 minutes)",
        )
    world.attempt(lambda: links(world).roll_back_on("alert", alert, env))


def known_environment(world: World, env: str) -> None:
    """A check about an environment the pipeline does not have is an error, never a pass."""
    names = [environment.name for environment in scene(world).definition.environments]
    if env not in names:
        raise world.fail(f"an environment named {env}", f"the environments {', '.join(names)}")


@then(
    "an alert rolled {env:name} back {n:n} time(s)",
    "an alert rolled prod back 1 time",
    "an alert rolled prod back 0 times",
    variants=(
        "{env:name} was rolled back by <an|the> alert {n:n} time(s)",
        "<an|the> alert rolled {env:name} back {n:n} time(s)",
    ),
)
def rolled_back_times(world: World, env: str, n: int) -> None:
    """How many rollbacks alerts made of ENV (refused attempts not counted)."""
    known_environment(world, env)
    done = [r for r in links(world).alert_rollbacks() if r.rule.environment == env]
    made = [r for r in done if r.made]
    if len(made) != n:
        current = scene(world)
        seen = "; ".join(f"t={r.time}s {r.rule.subject}: " + rolled_to(current, r) for r in done)
        if len(made) < len(done):
            seen += nothing_earlier(world, env)
        raise world.fail(f"{n} rollback(s) of {env} by an alert", seen or "none")


def rolled_to(current: Any, done: Any) -> str:
    """Where an alert's rollback went, for a failed count: the artifact, the stable version
    the deployment ran before the pipeline, or the pipeline's refusal."""
    if done.rolled_to is not None:
        return f"→ {current.alias_of(done.rolled_to)}"
    if done.to_stable is not None:
        return f"→ {done.to_stable}, the version before the pipeline's first rollout"
    return f"refused: {done.reason}"


def nothing_earlier(world: World, env: str) -> str:
    """Why a rollback was refused, when the pipeline never deployed another release to ENV:
    a version the cluster ran before the pipeline's first deployment is no release of it."""
    view = world.capability(scene(world).pipeline, "environment")(env)
    ran = {d.digest for d in world.attribute(view, "deployments")}
    if len(ran) > 1:
        return ""
    current = scene(world)
    only = ", ".join(current.alias_of(digest) for digest in sorted(ran)) or "nothing"
    return (
        f"; the pipeline deployed only {only} to {env}, so an alert has no earlier release to "
        f"go back to (what a deployment ran before the pipeline's first deployment is none): "
        f'promote the good release there first, said before the bad one ("Given v1 is '
        f'signed, approved and promoted all the way to {env}"), or start from it ("Given '
        f'{env} runs version v1 of "web" on 3 nodes with 4 replicas")'
    )


@then(
    "the alert rollback of {env:name} failed with {text:text}",
    'the alert rollback of prod failed with "no previous known-good digest"',
)
def alert_rollback_failed(world: World, env: str, text: str) -> None:
    """An alert tried to roll ENV back and the pipeline refused, saying TEXT."""
    known_environment(world, env)
    failed = [r for r in links(world).alert_rollbacks() if r.rule.environment == env and not r.made]
    if not any(text in r.reason for r in failed):
        shown = "; ".join(r.reason for r in failed) or "no refused alert rollback"
        raise world.fail(f'a refused alert rollback of {env} saying "{text}"', shown)


@then(
    "{env:name} was rolled back by <an|the> alert once",
    "prod was rolled back by the alert once",
    variants=("<an|the> alert rolled {env:name} back once",),
)
def rolled_back_once(world: World, env: str) -> None:
    """Exactly one rollback of ENV by an alert."""
    rolled_back_times(world, env, 1)
