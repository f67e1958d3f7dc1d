"""What environments run, said as people say it: several at once ("dev, staging and prod
all run B1"), one against another ("staging runs the same digest as dev"), what one never
ran, and a rollback to a named earlier build. Each reads the engine's environment views
(``running``, ``environment``: what runs, every deployment, what was rolled back)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import kubeloop.harness.release_words  # noqa: F401  (registers person)
from kubeloop.harness.pipeline_words import Fact
from kubeloop.harness.registry import given, then
from kubeloop.harness.world import World

from .commits import make_true
from .pipeline_part import env_named, scene
from .promotion import env_runs
from .version_builds import build_named, is_version


def _names(world: World) -> list[str]:
    return [spec.name for spec in scene(world).definition.environments]


def _view(world: World, env: str) -> Any:
    env = env_named(world, env)
    names = _names(world)
    if env not in names:
        raise world.fail(f"an environment {env}", f"environments: {', '.join(names)}")
    return world.capability(scene(world).pipeline, "environment")(env)


@then(
    "{envs:several} [<all|both> ]<run|are running|are on|still run|are still on|are left alone on|"
    "stay on|are all on> [the digest of ]{alias:artifact}",
    "dev, staging and prod all run B1",
    "dev and staging are left alone on R7",
    "R1 is running in dev, staging and prod",
    variants=(
        "{alias:artifact} <runs|is running|is live|is deployed|is now running|is now live|is "
        "still running|is running everywhere> in {envs:several}",
    ),
)
def several_run(world: World, envs: Sequence[str], alias: str) -> None:
    """Each environment runs exactly that artifact now."""
    for env in envs:
        env_runs(world, env, alias)


@then(
    "<all|every one of> [the ][<two|three|four|five> ]environments <run|are running|are on|are "
    "all on> [the digest of ]{alias:artifact}",
    "all three environments run v2",
    "all the environments are on R7",
    variants=("{alias:artifact} <runs|is running|is live> in every environment",),
)
def every_environment_runs(world: World, alias: str) -> None:
    """Every environment of the pipeline runs exactly that artifact now."""
    several_run(world, _names(world), alias)


@then(
    "{alias:artifact} <stays|stayed|remains|is left> [where it is ]in {env:name}",
    "R4 stays where it is in dev",
    "R4 remains in dev",
)
def stays_in(world: World, alias: str, env: str) -> None:
    """ENV still runs the artifact (whatever the step before tried)."""
    env_runs(world, env, alias)


@then(
    "{env:name} <runs|is running|is on> the digest of {alias:artifact}, not <just the|the|a|its> "
    "tag",
    "prod is running the digest of R5, not just the tag",
)
def runs_the_digest(world: World, env: str, alias: str) -> None:
    """ENV runs the artifact's digest (environments run digests; a tag is never deployed)."""
    env_runs(world, env, alias)


@then(
    "{env:name} runs the same <digest|artifact|build|image> <as|that> {other:name}[ does]",
    "staging runs exactly the digest that dev runs",
    "staging runs the same digest that dev does",
    "prod runs the same artifact as staging",
    variants=(
        "{env:name} and {other:name} run the same <digest|artifact|build|image>",
        "{env:name} runs exactly the <digest|artifact|build|image> that {other:name} runs",
    ),
)
def same_as(world: World, env: str, other: str) -> None:
    """Both environments run one digest (not nothing)."""
    one, two = _view(world, env).running, _view(world, other).running
    current = scene(world)
    if one is None or one != two:

        def shown(d: str | None) -> str:
            return "nothing" if d is None else current.alias_of(d)

        raise world.fail(
            f"{env} and {other} on one digest", f"{env} {shown(one)}, {other} {shown(two)}"
        )


@then(
    "{env:name} <was|has been|got> rolled back to {alias:artifact}",
    "prod was rolled back to R6",
)
def was_rolled_back_to(world: World, env: str, alias: str) -> None:
    """ENV's latest deployment is a rollback, to the artifact named (which it runs now); a
    version no build is bound to: to a build made at that version (version_builds)."""
    current = scene(world)
    deployments = _view(world, env).deployments
    last = deployments[-1] if deployments else None
    if is_version(world, alias):
        held = last is not None and str(current.pipeline.artifact(last.digest).version) == alias
    else:
        held = last is not None and last.digest == current.digest(world, alias)
    if last is None or last.how != "rollback" or not held:
        shown = "nothing" if last is None else f"{last.how} of {current.alias_of(last.digest)}"
        raise world.fail(f"{env} rolled back to {alias} last", f"its latest deployment: {shown}")


@then(
    "{env:name} <doesn't run|does not run|isn't running|is not running|isn't on|is not on> "
    "{alias:artifact}",
    "prod doesn't run R3",
    variants=(
        "{alias:artifact} <isn't|is not> <running|deployed|live|promoted> <in|to|on> {env:name}",
    ),
)
def does_not_run(world: World, env: str, alias: str) -> None:
    """ENV runs something else, or nothing, now."""
    current = scene(world)
    if _view(world, env).running == current.digest(world, alias):
        raise world.fail(f"{env} not running {alias}", "it runs it")


@then(
    "{env:name} <never ran|has never run|never runs|did not run|didn't run> {alias:artifact}",
    "prod never runs L2",
    "staging has never run R9",
    variants=(
        "{alias:artifact} never <made it to|reached|got to|ran in|went to|was deployed to|reaches|"
        "gets to|makes it to|goes to|runs in|lands in|landed in|was promoted to> {env:placename}",
        "{alias:artifact} <has not been|hasn't been|has never been|was not|wasn't|was never> "
        "<promoted|deployed|released|rolled out|shipped> to {env:name}[ yet]",
    ),
)
def never_ran(world: World, env: str, alias: str) -> None:
    """No deployment in ENV's history was of the artifact's digest ("R2 has not been
    promoted to prod" is this fact, never "R2 can not be promoted", a check of a refusal)."""
    current = scene(world)
    digest = current.digest(world, alias)
    if any(d.digest == digest for d in _view(world, env).deployments):
        raise world.fail(f"{env} never to have run {alias}", "it did")


@then(
    "{alias:artifact} <appears in|ran in|reached|made it to|was deployed to> no environment",
    "L6 appears in no environment",
    variants=(
        "no environment <ever ran|ran|runs|has run> {alias:artifact}",
        "{alias:artifact} <never ran|has never run|never went|was never deployed|was never "
        "promoted|has never been deployed|is not running|isn't running|is not live|isn't live> "
        "anywhere",
        "{alias:artifact} <is|was|ended up|went> nowhere",
        "{alias:artifact} <doesn't get|does not get|didn't get|did not get|never gets|never got|"
        "isn't|is not|wasn't|was not> <promoted|deployed|released|shipped> anywhere",
    ),
)
def in_no_environment(world: World, alias: str) -> None:
    """No environment's history holds the artifact's digest."""
    _in_none(world, alias)


@given(
    "{alias:artifact} <never left|has never left|did not leave|didn't leave> the pipeline",
    "L6 never left the pipeline",
)
def never_left(world: World, alias: str) -> None:
    """The situation holds: no environment ever ran the artifact (a Given that is not so
    fails at its line)."""
    _in_none(world, alias)


def _in_none(world: World, alias: str) -> None:
    digest = scene(world).digest(world, alias)
    found = [
        e for e in _names(world) if any(d.digest == digest for d in _view(world, e).deployments)
    ]
    if found:
        raise world.fail(f"{alias} in no environment", f"it ran in {', '.join(found)}")


@then(
    "{alias:artifact} <is|was> [<marked as|marked|recorded as|shown as> ]rolled back"
    "[ in {env:name}]",
    "R7 is marked as rolled back",
    "R7 was rolled back in prod",
)
def is_rolled_back(world: World, alias: str, env: str | None = None) -> None:
    """ENV (or some environment) rolled the artifact back and has not run it since. An
    environment's name where no build is bound to it ("prod is rolled back"): that
    environment was rolled back at least once."""
    place = env_named(world, alias)
    if env is None and alias not in scene(world).aliases and place in _names(world):
        if not any(d.how == "rollback" for d in _view(world, place).deployments):
            raise world.fail(f"{place} rolled back", "it never was")
        return
    digest = scene(world).digest(world, alias)
    envs = [env] if env else _names(world)
    if not any(digest in _view(world, e).rolled_back for e in envs):
        where = f" in {env}" if env else " anywhere"
        raise world.fail(f"{alias} rolled back{where}", "it was not")


@given(
    "{env:name} <runs|is running|is on> {alias:artifact}",
    "prod runs R7",
    "prod is running R7",
    variants=("{env:name} has {alias:artifact}[ deployed]",),
)
def env_is_running(world: World, env: str, alias: str) -> None:
    """The artifact runs in ENV: promoted through each environment up to it (passing the
    gates first, approved where needed), as "R7 is running in prod" says; a name no build
    is bound to is a new build (version_builds.build_named)."""
    env = env_named(world, env)
    if env not in _names(world):
        raise world.fail(f"an environment {env}", f"environments: {', '.join(_names(world))}")
    built = build_named(world, alias)
    if built is not None:
        make_true(world, built, (Fact("running", env),))


@given(
    "{env:name} <has run|ran|has been running> {aliases:sequence}",
    "prod has run B4 and then B5",
    "R6 and R7 have both been promoted to prod, R7 last",
    variants=(
        "{aliases:several} <have|had> [<both|all> ]been <promoted|deployed> to {env:name}"
        "[, {last:name} last]",
    ),
)
def has_run(world: World, env: str, aliases: Sequence[str], last: str | None = None) -> None:
    """Each artifact ran in ENV (promoted through the environments before it, approved
    where needed), in the order said or with LAST last: the last one runs there now; a name
    no build is bound to is a new build (version_builds.build_named)."""
    order = [a for a in aliases if a != last] + ([last] if last else [])
    for alias in order:
        built = build_named(world, alias) if world.error is None else None
        if built is not None:
            make_true(world, built, (Fact("running", env),))
