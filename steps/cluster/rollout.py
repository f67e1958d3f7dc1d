"""Rolling updates, rollbacks, and what held throughout them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kubeloop.harness.record import rollout_entry
from kubeloop.harness.referents import it
from kubeloop.harness.registry import checks_error, then, when
from kubeloop.harness.text_checks import agrees, expected
from kubeloop.harness.world import World

from ..pipeline.promotion import roll_back_environment
from .rollout_observed import Observed, drive, observe, rolled_from, watching


def _keep_rollout(
    world: World,
    deployment: str,
    run: Callable[[], Any],
    driven: Callable[[], Any] | None,
    remember: bool = True,
) -> None:
    """Run the rollout, keep the passes the pods showed (what the checks judge) and, for
    the report, the bounds the engine resolved. DRIVEN rolls it pass by pass instead where
    the engine offers no ``watch``; None leaves nothing to observe by (the checks say so).
    REMEMBER False leaves the scenario's declaration as a link left it."""
    replicas = _replicas(world, deployment)
    last = _last_rollout(world)
    last.passes = None
    if watching(world) is not None:
        observed = observe(world, deployment, run, lambda: _version(world, deployment))
    elif driven is not None:
        observed = driven()
    else:
        world.attempt(run)
        observed = []
    stalled = ""
    if world.error is not None:
        stalled = str(getattr(world.error, "reason", world.error))
    last.passes = observed
    if replicas is not None:
        world.report.rollouts.append(
            rollout_entry(deployment, replicas, _bounds(world, deployment), observed, stalled)
        )
        if remember:
            _remember(world, deployment)


@dataclass
class _LastRollout:
    """The scenario's last rollout: the passes the pods showed (None: no rollout yet) and
    the stall a check confirmed."""

    passes: list[Observed] | None = None
    stall: Exception | None = None


def _last_rollout(world: World) -> _LastRollout:
    return world.part("last rollout", _LastRollout)  # type: ignore[no-any-return]


def _version(world: World, deployment: str) -> str:
    """The version the deployment was rolled to, as the engine says (else as declared)."""
    info = getattr(world.cluster, "deployment", None)
    if info is not None:
        return str(info(deployment).version)
    return str(world.declared.deployments[deployment][1].get("version"))


def _bounds(world: World, deployment: str) -> tuple[int, int] | None:
    """(surge, unavailable) as the engine resolved them; None if it cannot say."""
    info = getattr(world.cluster, "deployment", None)
    if info is None:
        return None
    view = info(deployment)
    if not hasattr(view, "surge") or getattr(view, "strategy", "") == "Recreate":
        return None
    return int(view.surge), int(view.unavailable)


def _remember(world: World, deployment: str) -> None:
    """Keep the scenario's declaration in step with what the rollout changed."""
    if deployment not in world.declared.deployments:
        return
    spec = world.declared.deployments[deployment][1]
    info = getattr(world.cluster, "deployment", None)
    if info is not None:
        spec["version"] = info(deployment).version


def _replicas(world: World, deployment: str) -> int | None:
    info = getattr(world.cluster, "deployment", None)
    try:
        return int(info(deployment).replicas) if info is not None else len(world.pods(deployment))
    except world.errors("NotFoundError"):  # the rollout step itself reports it
        return None


_OPTIONS = "{options:workload}"


@when(
    "I roll out {version:version}[ <of|to> {deployment:deployment}]" + _OPTIONS,
    'I roll out version "v2" of "web" with maxSurge 1 and maxUnavailable 0',
    'I roll out version "v2" of "web" with maxSurge 25% and maxUnavailable 25%',
    'I roll out version "v2" of "web"',
    'I update "web" to v2',
    'I update "web" to version v2 requesting 3 CPU per pod',
    "I upgrade web to v3 with maxSurge 2 and maxUnavailable 1",
    'I set the image of "web" to nginx:1.27',
    "I roll out v2",
    "I deploy version v2",
    variants=(
        "I <update|upgrade|move|change|roll> {deployment:deployment}[ out] to {version:version}"
        + _OPTIONS,
        "I <set|change|update> the <version|image> of {deployment:deployment} to "
        "{version:version}" + _OPTIONS,
        "I deploy version {version:name}[ of {deployment:deployment}]" + _OPTIONS,
        "{deployment:deployment} is <updated|upgraded|rolled out> to {version:version}" + _OPTIONS,
        "I roll out {deployment:deployment} to version {version:name}" + _OPTIONS,
        "{version:version} <rolls|is being rolled|gets rolled> out <to|on|onto> "
        "{deployment:deployment}" + _OPTIONS,
    ),
)
def i_roll_out(
    world: World, version: str, options: dict[str, Any], deployment: str | None = None
) -> None:
    """Roll the deployment out to VERSION (new requests too, if given), reconciling until done.

    VERSION that is an artifact's alias (D2) rolls that artifact out, and only if the
    environment deploying to the deployment admits it (passed, promoted, signed by a key it
    trusts, approved); a refusal fails the step with the reason and changes nothing.

    The rollout runs to its end within the same step, or stalls (then the next step must
    be "Then the rollout stalls"). maxSurge/maxUnavailable given here are kept for later
    rollouts too.
    """
    deployment = deployment or it(world, "deployment")
    declared = world.declared.deployments
    if deployment not in declared and version in declared:  # "O2 is rolled out to orders"
        deployment, version = version, deployment
    elif version in declared:  # "I roll it out to orders": "it" is the build said last,
        deployment, version = version, it(world, "artifact")  # never a version "orders"
    from ..links.links_part import artifact_named, links  # noqa: PLC0415  (one world)

    digest = world.attempt(lambda: artifact_named(world, version))
    if world.error is not None:
        return
    budget: dict[str, Any] = {
        k: options[k] for k in ("max_surge", "max_unavailable") if k in options
    }
    template = {k: options[k] for k in ("cpu", "memory") if k in options}
    if deployment in world.declared.deployments:
        world.declared.deployments[deployment][1].update(budget)
    if template:
        from .engine_objects import reapply  # noqa: PLC0415

        world.attempt(lambda: reapply(world, deployment, **template))
        if world.error is not None:
            return
    if digest is not None:  # an artifact: admitted first, then rolled out (kubeloop.links)
        artifact = digest
        _keep_rollout(
            world, deployment, lambda: links(world).roll_out(deployment, artifact, **budget), None
        )
        return

    def run() -> Any:
        return world.cluster.rolling_update(deployment, version, **budget)

    _keep_rollout(world, deployment, run, lambda: drive(world, deployment, version, budget, run))


@when(
    "I <start|begin|kick off|trigger> rolling out {version:version}[ <of|to> "
    "{deployment:deployment}]" + _OPTIONS,
    "I start rolling out version v2 of web with maxSurge 1 and maxUnavailable 0",
    "I begin a rollout of v3 to web",
    "v2 starts rolling out to web",
    variants=(
        "I <start|begin|kick off|trigger> <a|the> rollout of {version:version}[ <to|of|on> "
        "{deployment:deployment}]" + _OPTIONS,
        "{version:version} <starts|begins> rolling out <to|on|onto> {deployment:deployment}"
        + _OPTIONS,
    ),
)
def start_rolling_out(
    world: World, version: str, options: dict[str, Any], deployment: str | None = None
) -> None:
    """A rollout begun, not waited for: the deployment's template asks for VERSION (and the
    budget given) and one reconcile pass runs, as the controller acts on a change at once;
    the rest rolls as time passes or the cluster reconciles, so a node can fail mid-way."""
    deployment = deployment or it(world, "deployment")
    from ..links.links_part import artifact_named  # noqa: PLC0415  (one world)

    if world.attempt(lambda: artifact_named(world, version)) is not None:
        raise world.fail(
            f"a version of {deployment} to start rolling out",
            f"{version} is a build: its rollout is admitted and run whole; write "
            f'"When I roll out {version} to {deployment}"',
        )
    if world.error is not None:
        return
    budget = {k: options[k] for k in ("max_surge", "max_unavailable") if k in options}
    from .engine_objects import reapply  # noqa: PLC0415

    world.attempt(lambda: reapply(world, deployment, version=version, **budget))
    if world.error is None:
        world.cluster.reconcile()


@when(
    "I roll back[ {deployment:deployment}]",
    'I roll back "web"',
    "I roll back",
    "I undo the rollout of web",
    "I roll back prod",
    variants=(
        "I <undo|revert> the rollout of {deployment:deployment}",
        "I roll {deployment:deployment} back",
        "I revert {deployment:deployment}",
        "{deployment:deployment} <is|gets|was> rolled back",
    ),
)
def i_roll_back(world: World, deployment: str | None = None) -> None:
    """Roll back to the previous revision (kubectl rollout undo), under the same budget.

    A name that is no deployment but a pipeline environment rolls that environment back
    to its previous known-good digest (Lab 02), and the deployment it deploys to with it.
    """
    name = deployment or it(world, "deployment")
    if name not in world.declared.deployments and roll_back_environment(world, name):
        roll_linked(world, name)
        return
    previous = rolled_from(world, name)

    def undo() -> Any:  # an engine without watch, rolled back as it was rolled out
        assert previous is not None
        return drive(
            world, name, previous, {}, lambda: world.cluster.rolling_update(name, previous)
        )

    _keep_rollout(
        world, name, lambda: world.cluster.rollback(name), undo if previous is not None else None
    )


def roll_linked(world: World, env: str) -> None:
    """After ENV was rolled back by hand: the cluster deployment ENV deploys to rolls to
    ENV's digest within the same step, reconciling until done, as "I roll out" and "I roll
    back web" do; an alert's rollback rolls as time passes instead. Nothing when the
    rollback was refused or ENV deploys to no deployment of the cluster. The rollback itself
    went through, so pods that cannot be placed leave the rollout where it got to, and the
    link says why ("Then the rollback of "web" is stalled with …"), as for an alert's."""
    if world.error is not None or "links" not in world.parts or not world.declared.deployments:
        return
    from ..links.links_part import links  # noqa: PLC0415  (one world)

    digest = world.capability(world.parts["pipeline"].pipeline, "running")(env)
    linked = [
        s
        for s in links(world).rollouts()
        if s.environment == env and s.digest == digest and s.state == "admitted"
    ]
    if not linked:
        return
    name, version = linked[0].deployment, linked[0].version
    asked = getattr(world.cluster, "deployment_spec", None)
    spec = asked(name) if asked is not None else None
    extra = {"digest": digest} if hasattr(spec, "digest") else {}

    def run() -> Any:
        return world.cluster.rolling_update(name, version, **extra)

    _keep_rollout(world, name, run, lambda: drive(world, name, version, {}, run), remember=False)
    stalled: type = world.attribute(world.cluster_engine, "RolloutStalledError")
    if isinstance(world.error, stalled):
        world.rejection.clear()
        links(world).sync()


def _snapshots(world: World) -> list[Observed]:
    """The passes of the last rollout as ``pods()`` showed them after each."""
    passes = _last_rollout(world).passes
    if passes is None:
        raise world.fail("a rollout earlier in the scenario", "no rollout")
    if not passes:
        raise world.fail(
            "the pods observed after every reconcile pass of the rollout",
            "no pass was observed: the rollout ran none, or the engine's Cluster.watch did not "
            "call back after its passes",
        )
    return passes


@then(
    "the rollout stalls[ <because|because of|with|saying|on> {text:text}]",
    "the rollout stalls",
    'the rollout stalls because "Insufficient cpu"',
    "the rollout gets stuck",
    variants=(
        "the rollout <is stuck|gets stuck|got stuck|stalled|is stalled|cannot finish|"
        "cannot complete|fails to complete>[ <because|because of|with|saying|on> {text:text}]",
    ),
)
@checks_error
def the_rollout_stalls(world: World, text: str | None = None) -> None:
    """The last rollout ended with RolloutStalledError (why it stalled contains TEXT)."""
    error = world.take_error()
    stalled: type = world.attribute(world.cluster_engine, "RolloutStalledError")
    if not isinstance(error, stalled):
        raise world.fail("RolloutStalledError", f"{type(error).__name__}: {error}")
    _last_rollout(world).stall = error
    if text is not None:
        the_stall_reason(world, text)


@then(
    "the rollout completes",
    "the rollout completes",
    "the rollout succeeded",
    variants=("the rollout <completed|succeeds|succeeded|finishes|finished|is complete|is done>",),
)
def the_rollout_completes(world: World) -> None:
    """The last rollout reached its end: every pod updated, none stalled."""
    steps = _snapshots(world)
    last = steps[-1] if steps else None
    if last is None or last.updated != last.total:
        raise world.fail("a completed rollout", f"steps: {_steps(world)}")


@then(
    "the stall reason {how:textcheck} {text:text}",
    'the stall reason contains "Insufficient cpu"',
    'the reason the rollout stalled mentions "Insufficient cpu"',
    variants=(
        "<the reason|why> the rollout <stalled|got stuck> {how:textcheck} {text:text}",
        "the rollout's stall reason {how:textcheck} {text:text}",
    ),
)
def the_stall_reason(world: World, text: str, how: str = "contains") -> None:
    """Check why the rollout stalled (after "Then the rollout stalls"): "is" the whole
    reason, or one that contains, starts or ends with TEXT."""
    error = _last_rollout(world).stall
    if error is None:
        raise world.fail("a stalled rollout checked by 'Then the rollout stalls'", "none")
    reason = str(getattr(error, "reason", error))
    if not agrees(how, text, reason):
        raise world.fail(f"a stall reason {expected(how, text)}", repr(reason))


@then("the rollout peaked at {count:n} pod(s)", "the rollout peaked at 13 pods")
def peaked_at(world: World, count: int) -> None:
    """The most pods that existed at any step of the last rollout was exactly COUNT."""
    peak = max((s.total for s in _snapshots(world)), default=0)
    if peak != count:
        raise world.fail(f"a peak of {count} pods", f"{peak}; steps: {_steps(world)}")


@then(
    "at its lowest the rollout had {count:n} ready pod(s)",
    "at its lowest the rollout had 8 ready pods",
)
def lowest_ready(world: World, count: int) -> None:
    """The fewest ready pods at any step of the last rollout was exactly COUNT."""
    lowest = min((s.ready for s in _snapshots(world)), default=0)
    if lowest != count:
        raise world.fail(f"a low of {count} ready pods", f"{lowest}; steps: {_steps(world)}")


@then("the rollout took {count:n} step(s)", "the rollout took 8 steps")
def took_steps(world: World, count: int) -> None:
    """The last rollout needed exactly COUNT reconcile passes."""
    steps = _snapshots(world)
    if len(steps) != count:
        raise world.fail(f"{count} steps", f"{len(steps)}: {_steps(world)}")


def _steps(world: World) -> str:
    return ", ".join(
        f"(total {s.total}, ready {s.ready}, updated {s.updated})"
        for s in _last_rollout(world).passes or []
    )


@then(
    "{deployment:deployment} is at revision {revision:n}",
    '"web" is at revision 3',
    variants=("the revision of {deployment:deployment} is {revision:n}",),
)
def at_revision(world: World, deployment: str, revision: int) -> None:
    """The deployment's current revision number (rollbacks get a new, higher number)."""
    info = world.capability(world.cluster, "deployment")(deployment)
    if info.revision != revision:
        raise world.fail(f"revision {revision}", f"revision {info.revision}")


@then(
    "the {kind:word} condition of {deployment:deployment} is {status:word}"
    "[ <because|because of|with reason> {reason:name}]",
    'the Progressing condition of "web" is False because ProgressDeadlineExceeded',
    'the Available condition of "web" is True',
    'the web deployment has condition Progressing with reason "ProgressDeadlineExceeded"',
    variants=(
        "{deployment:deployment} has [the ][a ]condition {kind:word}[ <=|status> {status:word}]"
        "[ <because|because of|with reason|with the reason> {reason:name}]",
    ),
)
def condition(
    world: World, kind: str, deployment: str, status: str | None = None, reason: str | None = None
) -> None:
    """A Deployment status condition (Available, Progressing), as kubectl describe shows it;
    "has condition X with reason R" checks the type and the reason, whatever the status."""
    info = world.capability(world.cluster, "deployment")(deployment)
    typed = {c.type.lower(): c.type for c in info.conditions}
    found = info.condition(typed.get(kind.lower(), kind))  # "progressing" as Progressing
    status = status.title() if status is not None else None  # "true" as True
    if found is None:
        raise world.fail(f"a {kind} condition", f"conditions {[c.type for c in info.conditions]}")
    if (status is not None and found.status != status) or (
        reason is not None and found.reason != reason
    ):
        raise world.fail(
            f"{kind}={status or '…'}" + (f" because {reason}" if reason else ""),
            f"{kind}={found.status} because {found.reason}: {found.message}",
        )
