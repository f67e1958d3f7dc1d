"""What an environment's history says beyond its list: how often it was rolled back, and
where a rollback would go now ("prod has been rolled back exactly once", "nothing was rolled
back", "rolling back prod would go back to B7", "there is nothing to roll prod back to").
Each reads the engine's environment view: its deployments, and ``rollback_target``, the
engine's own rule for the previous known-good digest (an optional member of the contract)."""

from __future__ import annotations

from typing import Any

import kubeloop.harness.telemetry_nouns  # noqa: F401  (registers times)
from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .pipeline_part import env_named, scene


def _view(world: World, env: str) -> Any:
    env = env_named(world, env)
    names = [spec.name for spec in scene(world).definition.environments]
    if env not in names:
        raise world.fail(f"an environment {env}", f"environments: {', '.join(names)}")
    return world.capability(scene(world).pipeline, "environment")(env)


@then(
    "{env:name} <was|has been|got> rolled back [<only|just> ][{bound:comparison} ]{count:times}",
    "prod has been rolled back exactly once",
    "staging was rolled back twice",
    "prod was rolled back at least 2 times",
    variants=(
        "{env:name} <was never|has never been|was not|has not been|wasn't|hasn't been> rolled back",
    ),
)
def rolled_back_times(world: World, env: str, count: int = 0, bound: str = "==") -> None:
    """The rollbacks in ENV's history (deployments made by a rollback), counted."""
    rollbacks = [d for d in _view(world, env).deployments if d.how == "rollback"]
    if not compare(len(rollbacks), bound, count):
        said = "" if bound == "==" else f"{bound} "
        raise world.fail(f"{env} rolled back {said}{count} time(s)", f"{len(rollbacks)}")


@then(
    "nothing <was|got|has been|is> rolled back",
    "nothing was rolled back",
    "no rollback happened",
    variants=(
        "<no rollback|no rollbacks> <happened|took place|was made|were made|ran>",
        "there <was|has been|were|have been> no <rollback|rollbacks>",
    ),
)
def nothing_rolled_back(world: World) -> None:
    """No environment's history holds a rollback, and something was deployed (a history with
    nothing in it says nothing about rollbacks)."""
    names = [spec.name for spec in scene(world).definition.environments]
    deployed = {env: _view(world, env).deployments for env in names}
    if not any(deployed.values()):
        raise world.fail("a deployment to some environment", "nothing was deployed anywhere")
    rolled = [env for env, done in deployed.items() if any(d.how == "rollback" for d in done)]
    if rolled:
        raise world.fail("no rollback in any environment", f"rolled back: {', '.join(rolled)}")


@then(
    "rolling back {env:name} would <go back to|restore|return to> {alias:artifact}",
    "rolling back prod would go back to B7",
    "the last good build of prod is B7",
    variants=(
        "the <last|previous> <good|known-good|known good> <build|artifact|image|digest|release> "
        "<of|in|for> {env:name} is {alias:artifact}",
        "{env:name}'s <last|previous> <good|known-good|known good> <build|artifact|image|digest|"
        "release> is {alias:artifact}",
    ),
)
def rollback_goes_to(world: World, env: str, alias: str) -> None:
    """Where the engine would roll ENV back to now is the artifact (its view's
    ``rollback_target``: the latest deployment neither running nor rolled back)."""
    current = scene(world)
    target = world.attribute(_view(world, env), "rollback_target")
    if target != current.digest(world, alias):
        shown = "nothing" if target is None else current.alias_of(target)
        raise world.fail(f"a rollback of {env} to go back to {alias}", f"it would go to {shown}")


@then(
    "{alias:artifact} <is not|isn't> <marked as|recorded as|kept as> [the ]<last|a> "
    "<good|known-good> build[ <in|of|for> {env:name}]",
    "B8 is not marked as the last good build",
    "R7 isn't recorded as a known-good build in prod",
)
def not_known_good(world: World, alias: str, env: str | None = None) -> None:
    """The artifact ran in ENV (none named: the furthest environment it reached) and is
    not among its known-good digests now (it was rolled back), nor where a rollback of it
    would go."""
    current = scene(world)
    digest = current.digest(world, alias)
    envs = [env] if env else [spec.name for spec in current.definition.environments]
    views = [(e, _view(world, e)) for e in envs]
    ran = [(e, v) for e, v in views if any(d.digest == digest for d in v.deployments)]
    if not ran:
        raise world.fail(f"{alias} deployed to {env or 'an environment'}", "it never ran there")
    name, view = ran[-1]
    if digest in view.known_good or world.attribute(view, "rollback_target") == digest:
        raise world.fail(f"{alias} not a known-good build of {name}", "it is one")


@then(
    "there is nothing to roll {env:name} back to",
    "there is nothing to roll prod back to",
    variants=("{env:name} has no <previous|earlier|last> <good|known-good> <build|digest>",),
)
def nothing_to_roll_back_to(world: World, env: str) -> None:
    """ENV has no previous known-good digest: a rollback would be refused."""
    current = scene(world)
    target = world.attribute(_view(world, env), "rollback_target")
    if target is not None:
        raise world.fail(f"nothing to roll {env} back to", current.alias_of(target))


@then(
    "every <entry|deployment|release> in {env:name}'s history <has|had|carries|carried> a "
    "verified signature",
    "every entry in prod's history has a verified signature",
    variants=(
        "every <entry|deployment|release> in the history of {env:name} <has|had|carries|carried>"
        " a verified signature",
    ),
)
def history_verified(world: World, env: str) -> None:
    """ENV ran something, and each of its deployments names the key whose signature
    verify-before-deploy accepted (``key_id`` of the deployment record)."""
    deployments = _view(world, env).deployments
    if not deployments:
        raise world.fail(f"deployments in {env}'s history", "it has none")
    current = scene(world)
    for record in deployments:
        if not world.attribute(record, "key_id"):
            said = current.alias_of(record.digest)
            raise world.fail(f"a verified signature for each deployment of {env}", said)


@then(
    "no environment ever ran an image <referenced|deployed|named> by <tag|a tag>",
    "no environment ever ran an image referenced by tag",
    variants=("every deployment <was|is> by digest",),
)
def never_by_tag(world: World) -> None:
    """Something was deployed, and every deployment of every environment names a digest
    the engine accepts as one (a tag never reaches an environment)."""
    _by_digest(world, [spec.name for spec in scene(world).definition.environments])


_NOT_TAGS = (
    "[<, not| not| and not|, rather than| rather than| instead of|, instead of|, never> "
    "<tags|tag names|by tag|by tags>]"
)


@then(
    "the history of {env:name} <references|refers to|uses> [only ]"
    "<digests|image digests|sha256 digests>" + _NOT_TAGS,
    "the history of prod references digests, not tags",
    "the history of staging uses only digests",
    variants=(
        "{env:name}'s history <references|refers to|uses> [only ]"
        "<digests|image digests|sha256 digests>" + _NOT_TAGS,
        "every deployment <to|in|of> {env:name} <was|is> by digest",
    ),
)
def env_by_digest(world: World, env: str) -> None:
    """ENV ran something, and every deployment in its history names a digest the engine
    accepts as one (as "no environment ever ran an image referenced by tag", for one)."""
    _by_digest(world, [env_named(world, env)])


def _by_digest(world: World, environments: list[str]) -> None:
    current = scene(world)
    validate = world.capability(current.pipeline, "validate_digest")
    seen = 0
    for name in environments:
        for record in _view(world, name).deployments:
            seen += 1
            try:
                validate(record.digest)
            except Exception as error:  # the engine's own verdict on what it deployed
                shown = f"{record.digest}: {error}"
                raise world.fail(f"{name} deployed by digest", shown) from None
    if not seen:
        only = len(environments) == 1
        said = f"{environments[0]} ran nothing" if only else "no environment ran anything"
        raise world.fail("deployments to look at", said)


@then(
    "{first:artifact} <was deployed|was promoted|was released|ran|reached|went live|landed|got> "
    "<to|in|on> {env:name} before {later:artifact}[ did]",
    "B1 was deployed to prod before B2",
    "R1 ran in staging before R2 did",
    variants=("{env:name} <ran|had|got|ran with> {first:artifact} before {later:artifact}",),
)
def ran_before(world: World, first: str, env: str, later: str) -> None:
    """Both builds are in ENV's history, and the first one's earliest deployment there came
    before the other's."""
    current = scene(world)
    digests = [d.digest for d in _view(world, env).deployments]
    one, two = current.digest(world, first), current.digest(world, later)
    if one not in digests or two not in digests or digests.index(one) > digests.index(two):
        shown = ", ".join(current.alias_of(d) for d in digests) or "none"
        raise world.fail(f"{first} in {env} before {later}", f"its history: {shown}")


_NOT_A_TAG = (
    "[<, not| not| and not|, rather than| rather than| instead of|, instead of> "
    "<a tag|its tag|a tag name|by tag|by a tag|by its tag|by tag name>]"
)
"""A digest said with what it is not ("rather than a tag"): every deployment is by digest."""


@then(
    "the history of {env:name} <references|records|lists|includes|contains|names|has|shows> "
    "the digest of {alias:artifact}" + _NOT_A_TAG,
    "the history of prod references the digest of G7, not a tag",
    "the history of staging includes the digest of G7",
    variants=(
        "the history of {env:name} <references|records|lists|includes|contains|names|has|shows> "
        "{alias:artifact} by <digest|its digest|its sha256 digest>" + _NOT_A_TAG,
        "{env:name}'s history <references|records|lists|includes|contains|names|has|shows> "
        "the digest of {alias:artifact}" + _NOT_A_TAG,
        "{env:name}'s history <references|records|lists|includes|contains|names|has|shows> "
        "{alias:artifact} by <digest|its digest|its sha256 digest>" + _NOT_A_TAG,
    ),
)
def history_has_digest(world: World, env: str, alias: str) -> None:
    """Some deployment in ENV's history is of the artifact's exact digest (a deployment is
    recorded by its ``sha256:`` digest, never by a tag, which a deploy refuses)."""
    digest = scene(world).digest(world, alias)
    done = _view(world, env).deployments
    if not any(d.digest == digest and d.digest.startswith("sha256:") for d in done):
        shown = ", ".join(d.digest[:19] for d in done) or "no deployment"
        raise world.fail(f"a deployment of {alias} ({digest[:19]}…) in {env}'s history", shown)
