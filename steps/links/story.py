"""The story said the way a team lead says it: a running service in one sentence, and an
environment rolled back to a named version or artifact.

"prod runs version v1 of web on 3 nodes with 6 replicas" is three facts: the nodes, the
deployment at that version, and prod running an artifact of web at that version, built,
gated and promoted through the pipeline like any other. The artifact is named "web-v1":
never "v1", because an alias is never a version string (a Then about "v1" checks the
version the pods run; one about an alias checks the digest).
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.nouns import PodSet
from kubeloop.harness.pipeline_words import Fact
from kubeloop.harness.referents import it
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.pipeline import RollbackError

from ..cluster.nodes import nodes as add_nodes
from ..cluster.pods import pods_run
from ..cluster.rollout import i_roll_out
from ..cluster.workloads import a_deployment
from ..pipeline.build import bind
from ..pipeline.commits import make_true
from ..pipeline.pipeline_part import scene
from ..pipeline.rollback_actor import roll_back_by, takes
from ..pipeline.version_builds import is_version, never_released
from .links_part import artifact_named, links, version_only

_RUNS = "<runs|is running|is on|is at>"


def _serving(world: World, deployment: str, version: str, options: dict[str, Any]) -> None:
    """The nodes said, then the deployment at VERSION (one already declared must be at it)."""
    count = options.pop("nodes", None)
    size = options.pop("node_size", None)
    replicas = int(options.pop("replicas", 1))
    if count is not None:
        add_nodes(world, count, size)
    declared = world.declared.deployments.get(deployment)
    if declared is None:
        a_deployment(world, replicas, options, deployment, version)
    elif declared[1].get("version") != version:
        raise world.fail(
            f'"{deployment}" declared at {version}',
            f"it is declared at {declared[1].get('version')}: say the version it was "
            "declared at, or roll it out to the new one (When I roll out …)",
        )


def _running_in(world: World, env: str, deployment: str, version: str) -> None:
    """ENV runs an artifact of DEPLOYMENT at VERSION: built, gated and promoted up to ENV
    (approved where ENV needs it), so the link rolls it out as any promotion does."""
    current = scene(world)
    names = [spec.name for spec in current.definition.environments]
    if env not in names:
        raise world.fail(f"an environment named {env}", f"the environments {', '.join(names)}")
    world.attempt(lambda: version_only(world, version))
    if world.error is not None:
        return
    alias = f"{deployment}-{version}"
    manifest = {"name": deployment, "version": version}
    digest = world.attempt(lambda: world.capability(current.pipeline, "build")(manifest))
    if digest is None:
        return
    bind(world, alias, digest, version)
    make_true(world, alias, [Fact("gates"), Fact("running", env)])


@given(
    "{env:name} " + _RUNS + " [version ]{version:version} of {deployment:name}{options:serving}",
    'prod runs version v1 of "web" on 3 nodes with 6 replicas',
    "prod is running v2 of checkout with 4 replicas",
    "prod runs checkout at v1 on 2 nodes",
    variants=(
        "{env:name} "
        + _RUNS
        + " {deployment:name} at [version ]{version:version}{options:serving}",
        "version {version:version} of {deployment:name} <is running|runs|is live|is deployed|"
        "is up|is serving> in {env:name}{options:serving}",
        "{deployment:name} <is running|runs|is live|is deployed|is up|is serving> in {env:name} "
        "at [version ]{version:version}{options:serving}",
    ),
)
def env_runs_version(
    world: World, env: str, version: str, deployment: str, options: dict[str, Any]
) -> None:
    """A running service in one sentence: the nodes said (none if not), DEPLOYMENT at
    VERSION (1 replica unless said), and ENV running an artifact of it at VERSION."""
    _serving(world, deployment, version, dict(options))
    if world.error is None:
        _running_in(world, env, deployment, version)


@given(
    "a {count:n}<-| >node cluster running {replicas:n} <replicas|pods|copies|instances> of "
    "{deployment:name}{options:workload}",
    "a 3-node cluster running 4 replicas of web at v1",
    variants=(
        "{count:n} nodes running {replicas:n} <replicas|pods|copies|instances> of "
        "{deployment:name}{options:workload}",
        "a cluster <of|with> {count:n} nodes running {replicas:n} <replicas|pods|copies|"
        "instances> of {deployment:name}{options:workload}",
        "a {count:n}<-| >node cluster with {replicas:n} <replicas|pods|copies|instances> of "
        "{deployment:name}{options:workload}",
    ),
)
def cluster_running(
    world: World, count: int, replicas: int, deployment: str, options: dict[str, Any]
) -> None:
    """COUNT nodes and DEPLOYMENT with REPLICAS pods on them (at the version said)."""
    _serving(
        world,
        deployment,
        str(options.pop("version", "v1")),
        {**options, "nodes": count, "replicas": replicas},
    )


_FLEET = (
    " {replicas:n} <replicas|pods|copies|instances> of {deployment:name} at [version ]"
    "{version:version} <in|live in|running in> {env:name}"
)


@given(
    "a {count:n}<-| >node cluster <with|running>" + _FLEET,
    'a 3-node cluster with 4 replicas of "storefront" at v1 in prod',
    variants=(
        "a cluster of {count:n} nodes <with|running>" + _FLEET,
        "{count:n} nodes <with|running>" + _FLEET,
    ),
)
def cluster_running_in(
    world: World, count: int, replicas: int, deployment: str, version: str, env: str
) -> None:
    """COUNT nodes, DEPLOYMENT with REPLICAS pods at VERSION on them, and ENV running an
    artifact of it at VERSION: "prod runs version v1 of web on 3 nodes with 4 replicas"."""
    env_runs_version(world, env, version, deployment, {"nodes": count, "replicas": replicas})


@when(
    "I roll back {env:name} to {target:name}",
    "I roll back prod to v1",
    "I roll back prod to D1",
    "I roll prod back to B4",
    "prod is rolled back to R6",
    variants=(
        "I roll {env:name} back to {target:name}",
        "{env:name} <is|gets|got> rolled back to {target:name}",
        "{who:person} <rolls|rolled> {env:name} back to {target:name}",
        "{who:person} <rolls|rolled> back {env:name} to {target:name}",
        "{env:name} <is|gets|got|was> rolled back to {target:name} by {who:person}",
    ),
)
def roll_back_to(world: World, env: str, target: str, who: str | None = None) -> None:
    """ENV back to TARGET (an artifact's alias, or the version it was built at): its
    previous known-good digest, or an earlier one ENV ran that stayed known-good, as
    ``kubectl rollout undo --to-revision`` and ``argocd app rollback ID`` go back (an
    engine whose rollback takes ``to=``); through the pipeline's rollback and its
    verification, so an unsigned, unknown or never-run target is refused and nothing
    changes; WHO,
    when said, is recorded as who rolled back (rollback_actor.py). A deployment instead of
    an environment rolls out TARGET as "I roll out" does."""
    current = scene(world)
    if env not in [spec.name for spec in current.definition.environments]:
        if who is not None:
            raise world.fail(f"an environment for {who} to roll back to {target}", env)
        i_roll_out(world, target, {}, env)
        return
    view = world.capability(current.pipeline, "environment")(env)
    previous = world.attribute(view, "rollback_target")
    running = world.attribute(view, "running") is not None
    earlier = _earlier(world, env, target) if running and takes(world, "to") else None
    if earlier is not None and (previous is None or not _names(world, target, previous)):
        roll_back_by(world, env, who, to=earlier)
        return
    if previous is None or not _names(world, target, previous):
        said = "none" if previous is None else _said(world, previous)
        unreleased = never_released(world, env, target) if is_version(world, target) else ""
        refusal = RollbackError(
            f"cannot roll {env} back to {target}: its previous known-good digest is {said}"
            + (
                _held(world, env)
                or unreleased
                or "; a rollback goes back one step at a time (roll back again, or deploy the "
                f"artifact by its alias: When I deploy {target} to {env})"
            )
        )
        world.attempt(lambda: _refuse(refusal))
        return
    roll_back_by(world, env, who)


def _held(world: World, env: str) -> str:
    """Why ENV runs nothing when promotions to it wait for an approval (a promotion said
    in a Given holds there as one said in a When does), and the sentence that lets the last
    one in; "" otherwise."""
    current = scene(world)
    if world.capability(current.pipeline, "environment")(env).running is not None:
        return ""
    waiting = [a for a, d in current.aliases.items() if current.pipeline.waiting(d, env)]
    if not waiting:
        return ""
    return (
        f"; {env} runs nothing yet: the promotion of {', '.join(waiting)} to {env} waits for "
        f"a manual approval (a promotion to {env} holds there until someone approves it: "
        f"When I approve the promotion of {waiting[-1]} to {env}, or say it in the Given: "
        f'"{waiting[-1]} was promoted to {env} and approved")'
    )


def _refuse(error: Exception) -> None:
    """Refused before anything changed, as the pipeline refuses: a Then may check it."""
    raise error


def _earlier(world: World, env: str, target: str) -> str | None:
    """The digest TARGET names for a rollback of ENV to it: an artifact's alias, or the
    latest build at that version ENV ran; None for a version ENV never ran (the refusal
    then says how to release it)."""
    named = world.attempt(lambda: artifact_named(world, target))
    if named is not None:
        return str(named)
    if world.error is not None:
        return None
    current = scene(world)
    view = world.capability(current.pipeline, "environment")(env)
    ran = [d.digest for d in world.attribute(view, "deployments")]
    at = [d for d in ran if str(current.pipeline.artifact(d).version) == target]
    return at[-1] if at else None


def _names(world: World, target: str, digest: str) -> bool:
    """TARGET names DIGEST: as its alias, or as the version it was built at."""
    named = world.attempt(lambda: artifact_named(world, target))
    if named is not None:
        return bool(named == digest)
    return str(scene(world).pipeline.artifact(digest).version) == target


def _said(world: World, digest: str) -> str:
    current = scene(world)
    return f"{current.alias_of(digest)} at {current.pipeline.artifact(digest).version}"


@then(
    "the rollout <to|of> {version:version} <finishes|finished|completes|completed|is complete|"
    "is done|is finished|has finished>",
    "the rollout to v2 finishes",
    "the rollout of D2 is complete",
)
def rollout_to_finishes(world: World, version: str) -> None:
    """Every pod of the deployment VERSION went to runs it (an alias: its very digest): the
    deployment an environment rolled it out to, else the deployment named last. A
    deployment's name instead ("the rollout of web is complete"): its pods all run its
    template's version."""
    if version in world.declared.deployments:
        deployment, version = version, str(world.cluster.deployment(version).version)
        pods_run(world, PodSet("all", None, deployment, None, None), version)
        return
    named = world.attempt(lambda: artifact_named(world, version))
    statuses = links(world).rollouts() if "pipeline" in world.parts else ()
    deployment = next(
        (
            s.deployment
            for s in statuses
            if (named is not None and s.digest == named) or (named is None and s.version == version)
        ),
        None,
    ) or it(world, "deployment")
    pods_run(world, PodSet("all", None, deployment, None, None), version)


_TRAFFIC = (
    " <serves|takes|gets|handles|receives> all [of ][the ]<traffic|requests>"
    "[ <of|for|to> {service:name}]"
)


@then(
    "{version:version}" + _TRAFFIC,
    "v1 serves all traffic",
    'D1 serves all the traffic of "web"',
    "the old version serves all traffic",
    "the new version takes all the requests",
)
def serves_all_traffic(world: World, version: str, service: str | None = None) -> None:
    """Every ready pod of the serving deployment runs VERSION (an alias: its digest; "the new
    version", "the old one": releases.py), so the service's requests all go to it: the
    deployment an environment rolls out to, else the service's own name, else the deployment
    named last."""
    deployment = _serving_deployment(world, service)
    pods_run(world, PodSet("all", None, deployment, "ready", None), version)


def _serving_deployment(world: World, service: str | None) -> str:
    statuses = links(world).rollouts() if "pipeline" in world.parts else ()
    deployments = list(dict.fromkeys(s.deployment for s in statuses))
    if len(deployments) == 1:
        return deployments[0]
    if service is not None and service in world.declared.deployments:
        return service
    return it(world, "deployment")


@given(
    "{alias:artifact} <is running|runs|is live> in {env:name} on every pod of "
    "{deployment:deployment}",
    'R1 is running in prod on every pod of "storefront"',
    variants=(
        "{alias:artifact} <is running|runs|is live> in {env:name} on all [of ]the pods of "
        "{deployment:deployment}",
        "{alias:artifact} <is running|runs|is live|is> in {env:name} on <every|each> "
        "{deployment:deployment} pod",
        "{alias:artifact} is in {env:name} on every pod of {deployment:deployment}",
    ),
)
def running_on_every_pod(world: World, alias: str, env: str, deployment: str) -> None:
    """ALIAS promoted up to ENV (approved where needed), then rolled out to DEPLOYMENT
    through admission to its end, as "When I roll out ALIAS to DEPLOYMENT" does."""
    make_true(world, alias, [Fact("running", env)])
    if world.error is None:
        i_roll_out(world, alias, {}, deployment)
