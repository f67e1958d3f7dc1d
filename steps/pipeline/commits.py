"""Commits: a source revision the pipeline builds, and what an artifact went through.

A commit builds the manifest the scenario declared last, at its version (a commit said
with none declared, or "of payments": a manifest of that project, ``web`` unless said, at the
commit as its version), or at the version its alias says ("built as v2"), labelled
``org.opencontainers.image.revision`` as OCI images record where they came from; so the same
commit always builds the same digest under any alias that is only a name (B1, B2), and a
later stage names it by the commit ("the image built from commit 9e1f0aa", "commit
9e1f0aa") and gets that digest, never a tag.

A Given may say in one breath what happened to an artifact ("R4 is built from commit
1234abc, tested with 95% coverage and scanned clean", "R6 passed all gates and was signed",
"R5 is signed and running in prod"): each fact is made true in the order said, through the
same engine calls the single phrases make, and one that cannot be (a signature the pipeline
did not make, a run that blocks) fails the step at its line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from kubeloop.harness.artifacts import commit_alias
from kubeloop.harness.pipeline_words import Fact
from kubeloop.harness.referents import known
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World
from kubeloop.pipeline import TestSummary

from .build import REVISION, _build, a_manifest, bind
from .chains import approve
from .pipeline_part import environment_said, last_built, run_gates, scene
from .version_builds import DEFAULT_PROJECT, build_at, build_named, is_version

VERSION_LABEL = "org.opencontainers.image.version"
_VERSIONISH = re.compile(r"v?\d+(?:\.\d+)*(?:[-+][\w.]+)?", re.IGNORECASE)
"""v2, 1.4.0, v2.3.1-rc1: an alias that says a version."""
_INPUTS = ("record_unit_tests", "record_coverage", "record_scan", "record_integration_tests")
_AS = "<as|into> [<an|the> ][<image|build|artifact> ][<called|named> ]{alias:name}"


def build_commit(world: World, commit: str, project: str | None, alias: str) -> None:
    """Build COMMIT of PROJECT and bind ALIAS (and "commit COMMIT") to its digest.

    An alias that is a version ("built as v2") is the version built, labelled
    ``org.opencontainers.image.version`` as OCI images are (so it is part of the digest, as
    a baked-in version label is); any other alias (B1, R9) only names the build, whose
    version is the commit."""
    current = scene(world)
    declared = current.declared_last if project is None else None
    if declared is not None and declared in current.manifests:
        _build_declared(world, declared, commit, alias)
        return
    version = alias if _VERSIONISH.fullmatch(alias) else commit
    labels = {REVISION: commit, **({VERSION_LABEL: alias} if version == alias else {})}
    manifest = {"name": project or DEFAULT_PROJECT, "version": version, "labels": labels}
    digest = world.attempt(lambda: world.capability(current.pipeline, "build")(manifest))
    if digest is not None:
        current.projects[digest] = str(manifest["name"])
        bind(world, commit_alias(commit), digest, version)
        bind(world, alias, digest, version)


def _build_declared(world: World, name: str, commit: str, alias: str) -> None:
    """The manifest the scenario declared (its name kept, and its version unless the alias
    says one), at COMMIT: that is the manifest's content from now on, so building "the same
    manifest" again is the same digest."""
    current = scene(world)
    data = current.manifests[name]
    labels = {**(data.get("labels") or {}), REVISION: commit}
    manifest = {**data, "labels": labels}
    if _VERSIONISH.fullmatch(alias):  # "built as v2": at the version the alias says
        manifest = {**manifest, "version": alias, "labels": {**labels, VERSION_LABEL: alias}}
    digest = world.attempt(lambda: world.capability(current.pipeline, "build")(manifest))
    if digest is not None:
        current.manifests[name] = manifest
        current.projects[digest] = str(manifest["name"])
        bind(world, commit_alias(commit), digest, str(manifest["version"]))
        bind(world, alias, digest, str(manifest["version"]))
        world.declared.mentioned["manifest"] = name


@when(
    "I build commit {commit:commit}[ of {project:name}][ on {branch:name}][ again] as {alias:name}",
    "I build commit 9f8e7d6 as B1",
    "I build commit 9f8e7d6 of payments again as B2",
    variants=(
        "commit {commit:commit}[ of {project:name}][ on {branch:name}] is built "
        + _AS
        + "[{facts:facts}]",
    ),
)
def i_build_commit(
    world: World,
    commit: str,
    alias: str,
    project: str | None = None,
    branch: str | None = None,
    facts: Sequence[Fact] = (),
) -> None:
    """Build the commit (the branch is where it was found; the commit alone decides the
    digest) and name the artifact ALIAS; then make each fact said after it true."""
    build_commit(world, commit, project, alias)
    if world.error is None:
        make_true(world, alias, facts)


@given(
    "<an|a> <artifact|image|build> {alias:name} [built ]from commit {commit:commit}"
    "[ of {project:name}][{facts:facts}]",
    "an artifact R2 built from commit 44aa55b",
    "an image R9 built from commit f00dbad that nobody signed",
    "a build v3 from commit bad5eed that passed every gate",
)
def built_from_commit(
    world: World,
    alias: str,
    commit: str,
    project: str | None = None,
    facts: Sequence[Fact] = (),
) -> None:
    """The artifact ALIAS was built from COMMIT; then each fact said after it holds."""
    build_commit(world, commit, project, alias)
    if world.error is None:
        make_true(world, alias, facts)


_REPO = "[ <of|in|from> [the ]{project:name}[ <repo|repository|project>]]"
_BRANCH = "[ on [the ]{branch:name} branch]"


@given(
    "[a ]commit {commit:commit}" + _BRANCH + _REPO,
    'a commit abc1234 on the main branch of the "payments" repo',
    "a commit 9f8e7d6 of payments",
)
def a_commit(
    world: World, commit: str, project: str | None = None, branch: str | None = None
) -> None:
    """A source revision to build later ("that commit", "it"): nothing is built yet (the
    branch is where it was found; the commit alone decides what is built)."""
    scene(world).commits[commit] = project
    world.declared.mentioned["commit"] = commit


@when(
    "I <merge|push> commit {commit:commit}" + _REPO + "[ <to|into|on> {branch:name}]",
    "I merge commit d00dfee",
    "commit 4f2a9c1 of checkout is merged into main",
    variants=(
        "commit {commit:commit}" + _REPO + " is <merged|pushed>[ <to|into|on> {branch:name}]",
        "the fix lands in commit {commit:commit}" + _REPO,
    ),
)
def i_merge(
    world: World, commit: str, project: str | None = None, branch: str | None = None
) -> None:
    """A commit lands: the revision the pipeline builds next ("builds it")."""
    a_commit(world, commit, project, branch)


@when(
    "<all|every> [of ][<the|its> ]<gates|gate> <pass|passes|are green|is green>"
    "[ <for|on> {alias:artifact}]",
    "all gates pass",
    "every gate passes for R1",
)
def all_gates_pass(world: World, alias: str | None = None) -> None:
    """Every gate input not given yet is green, then a run that must pass (of the artifact
    named, else the one built last; a version no build is bound to: version_builds)."""
    said = alias or last_built(world)
    built = build_at(world, said) if is_version(world, said) else said
    if built is not None:
        _passed(world, built)


def _commit(world: World, commit: str) -> str:
    said = commit or world.declared.mentioned.get("commit")
    if said is None:
        raise world.fail(
            "a commit said earlier (Given a commit abc1234 of payments)", "no commit was named"
        )
    return said


@when(
    "the pipeline builds {source:source} <and calls it|and names it|as|into> {alias:name}",
    "the pipeline builds an image from that commit and calls it R1",
    "the pipeline builds it as v2",
    variants=("the pipeline builds {alias:name} from {source:source}",),
)
def the_pipeline_builds(world: World, source: str, alias: str) -> None:
    """Build the commit named (or said last) of the project said with it; ALIAS names the
    artifact from now on."""
    said = _commit(world, source)
    build_commit(world, said, scene(world).commits.get(said), alias)


@given(
    "{alias:artifact}{facts:facts}",
    "D1 passed every gate",
    "R4 is signed and promoted to staging",
    "R6 passed all gates and was signed",
    "D1 was promoted to dev and staging",
    "R4 is built from commit 1234abc, tested with 95% coverage and scanned clean",
    "R5 from commit aaa1111 is signed and running in prod",
)
def what_happened(world: World, alias: str, facts: Sequence[Fact]) -> None:
    """Each fact about the artifact, made true in the order said (a version no build is
    bound to: the build of the project at that version, version_builds.build_at; a name no
    build is bound to, unless the first fact builds it from a commit: a new build under it,
    version_builds.build_named)."""
    builds_itself = bool(facts) and facts[0].kind == "commit"
    built = alias if builds_itself and not is_version(world, alias) else build_named(world, alias)
    if built is not None:
        make_true(world, built, facts)


@given(
    "{env:name} <runs|is running|is on> {alias:artifact},{facts:facts}[ {ago:ago}]",
    "prod runs T5, signed and approved last week",
    "staging is running R3, signed",
)
def runs_with_facts(
    world: World, env: str, alias: str, facts: Sequence[Fact], ago: object = None
) -> None:
    """ENV runs the artifact, with what happened to it said after a comma ("prod runs T5,
    signed and approved last week"): the facts, then running in ENV, as "T5 is signed,
    approved and running in prod" says it. When it happened ("last week") is the past of
    a Given and changes nothing."""
    what_happened(world, alias, (*facts, Fact("running", env)))


@given(
    "a manifest {project:name} version {version:name}[,] <that|which>{facts:facts}",
    'a manifest "matchmaker" version "patch-41" that passed every gate and is running in prod',
)
def manifest_with_facts(world: World, project: str, version: str, facts: Sequence[Fact]) -> None:
    """The manifest declared, built (named PROJECT-VERSION, or by its version: patch-41),
    and each fact said of that build made true, as "patch-41 of matchmaker passed …"."""
    a_manifest(world, project, version)
    built = build_at(world, version, project)
    if built is not None:
        make_true(world, built, facts)


@given(
    "{aliases:several}[ <both|all>]{facts:theirfacts}",
    "S1 and then S2 passed every gate, went through dev, staging and prod and were approved "
    "for prod",
    "R1 and R2 were both signed and promoted to dev",
)
def what_happened_to_each(world: World, aliases: Sequence[str], facts: Sequence[Fact]) -> None:
    """Each fact said of several builds, made true for each in the order named (all of
    the first's, then the next's), as what_happened says it of one."""
    for alias in aliases:
        if world.error is not None:
            return
        what_happened(world, alias, facts)


@given(
    "{alias:name} is <a|an> [{signed:signedness} ]build of {project:name}[ version {version:name}]"
    "[{facts:facts}]",
    'B5 is a signed build of "checkout" version "2.5.1" that passed every gate',
    'L4 is a build of "ledger" signed with "ci-ed25519-2026"',
    'S1 is "search" version "v7", signed, approved and running in prod',
    variants=(
        '{alias:name} is "{project:name}" <version|release|at version> {version:name}{facts:facts}',
    ),
)
def is_a_build_of(
    world: World,
    alias: str,
    project: str,
    version: str | None = None,
    facts: Sequence[Fact] = (),
    signed: str | None = None,
) -> None:
    """Build PROJECT (at VERSION, else the manifest declared for it) as ALIAS; "signed"
    (after passing every gate, as the pipeline signs) or "unsigned", then each fact said.
    'S1 is "search" version "v7", signed …' says the same with the project in quotes."""
    current = scene(world)
    if version is not None:
        current.manifests[project] = {"name": project, "version": version}
    _build(world, project, alias)
    extra = (Fact(signed),) if signed else ()
    if world.error is None:
        make_true(world, alias, (*extra, *facts))


def make_true(world: World, alias: str, facts: Sequence[Fact]) -> None:
    """Make each fact true in turn; stop at the first the engine refuses. Where each
    rollout goes is settled first, so a name that is no place changes nothing."""
    facts = [_placed(world, fact) if fact.kind == "rolled out" else fact for fact in facts]
    for fact in facts:
        if world.error is not None:
            return
        _FACTS[fact.kind](world, alias, fact)


def _placed(world: World, fact: Fact) -> Fact:
    """Where "rolled out to NAME" goes, as the world knows NAME: an environment (running there, as
    "rolled out to prod" says), else a deployment (rolled out onto it); a quoted name is a
    deployment's; a name that is both, or neither, is an error naming what there is."""
    current = scene(world)
    said = str(fact.value)
    names = [spec.name for spec in current.definition.environments]
    env = None if fact.extra == "quoted" else environment_said(names, said)
    deployments = known(world, "deployment") if world.built_cluster is not None else []
    if env is not None and said not in deployments:
        return Fact("running", env)
    if env is None and said in deployments:
        return Fact("rolled out", said)
    where = (
        f'"{said}" is both an environment and a deployment: quote it for the deployment'
        if env is not None
        else f"environments: {', '.join(names)}; deployments: {', '.join(deployments) or 'none'}"
    )
    raise world.fail(f'an environment or a deployment named "{said}" to roll out to', where)


def _rolled_out(world: World, alias: str, fact: Fact) -> None:
    """Rolled out onto the deployment through admission, as "When I roll out ALIAS to
    DEPLOYMENT" does."""
    from ..cluster.rollout import i_roll_out  # noqa: PLC0415  (a build meets the cluster)

    i_roll_out(world, alias, {}, str(fact.value))


def _record(world: World, alias: str, method: str, *args: object) -> None:
    current = scene(world)
    digest = current.digest(world, alias)
    world.attempt(lambda: world.capability(current.pipeline, method)(digest, *args))
    current.recorded.setdefault(alias, set()).add(method)


def _tested(world: World, alias: str, fact: Fact) -> None:
    _record(world, alias, "record_unit_tests", TestSummary(True, source="the scenario"))
    _record(world, alias, "record_coverage", fact.value)
    _record(world, alias, "record_integration_tests", TestSummary(True, source="the scenario"))


def _unit_tested(world: World, alias: str, fact: Fact) -> None:
    """Its unit tests passed with that coverage (the integration tests are not said)."""
    _record(world, alias, "record_unit_tests", TestSummary(True, source="the scenario"))
    _record(world, alias, "record_coverage", fact.value)


def _scanned(world: World, alias: str, fact: Fact) -> None:
    _record(world, alias, "record_scan", [])


def _passed(world: World, alias: str, fact: Fact | None = None) -> None:
    """Every input not given yet is green (100% coverage, a clean scan), then a run that
    must pass."""
    given = scene(world).recorded.get(alias, set())
    green = {
        "record_unit_tests": (TestSummary(True, source="the scenario"),),
        "record_coverage": (100.0,),
        "record_scan": ([],),
        "record_integration_tests": (TestSummary(True, source="the scenario"),),
    }
    for method in _INPUTS:
        if method not in given:
            _record(world, alias, method, *green[method])
    if world.error is None:
        run_gates(world, alias)
    if world.error is None and not _latest_passed(world, alias):
        blocked = _latest(world, alias)
        at = getattr(blocked, "blocked_at", None)
        raise world.fail(f"{alias} to pass every gate", f"it is blocked at {at}")


def _latest(world: World, alias: str) -> Any:
    current = scene(world)
    digest = current.digest(world, alias)
    return world.capability(current.pipeline, "latest_run")(digest)


def _latest_passed(world: World, alias: str) -> bool:
    latest = _latest(world, alias)
    return bool(latest is not None and getattr(latest, "passed", False))


def _signed(world: World, alias: str, fact: Fact) -> None:
    if not _latest_passed(world, alias):
        _passed(world, alias)
    if world.error is None and not _has_signature(world, alias):
        raise world.fail(f"{alias} signed by the pipeline", "it carries no signature")


def _has_signature(world: World, alias: str) -> bool:
    current = scene(world)
    digest = current.digest(world, alias)
    return bool(world.capability(current.pipeline, "signatures")(digest))


def _unsigned(world: World, alias: str, fact: Fact) -> None:
    if _has_signature(world, alias):
        raise world.fail(f"{alias} unsigned", "it carries a signature")


def _running(world: World, alias: str, fact: Fact) -> None:
    """Running there: promoted through each environment up to it, approved where needed."""
    _promoted(world, alias, fact, approve=True)


def _promoted(world: World, alias: str, fact: Fact, approve: bool = False) -> None:
    """Through each environment up to the one named (one that needs approval holds it,
    unless ``approve``: "running in prod" says it was approved); an artifact with no
    passing run passes every gate first, as a promoted one did."""
    current = scene(world)
    digest = current.digest(world, alias)
    names = [spec.name for spec in current.definition.environments]
    env = environment_said(names, str(fact.value))
    if env is None:
        raise world.fail(f"an environment {fact.value}", f"environments: {', '.join(names)}")
    if not _latest_passed(world, alias):
        _passed(world, alias)
    pipeline = current.pipeline
    for spec in current.definition.environments[: names.index(env) + 1]:
        if world.error is not None or pipeline.running(spec.name) == digest:  # core: running
            continue
        if spec.requires_approval and approve:
            world.attempt(lambda s=spec: world.capability(pipeline, "approve")(digest, s.name))  # type: ignore[misc]
        if world.error is None:
            world.attempt(lambda s=spec: world.capability(pipeline, "promote")(digest, s.name))  # type: ignore[misc]


def _approved(world: World, alias: str, fact: Fact) -> None:
    """Approved for the environment said, or (none said) for each that needs approval; by
    the person said ("approved by Dana"), who the audit log then names."""
    if fact.extra is not None:
        approve(world, alias, None if fact.value is None else str(fact.value), fact.extra)
        return
    current = scene(world)
    digest = current.digest(world, alias)
    envs = [fact.value] if fact.value is not None else current.approving()
    for env in envs:
        if world.error is None:
            world.attempt(lambda e=env: world.capability(current.pipeline, "approve")(digest, e))  # type: ignore[misc]


def _signed_by(world: World, alias: str, fact: Fact) -> None:
    """Signed with that key (made known to the pipeline from a seed of its own name if it
    was not; "untrusted" keys are trusted nowhere, as any key not named as trusted)."""
    current = scene(world)
    key = current.key_named(str(fact.value), world.step.text)
    if fact.extra == "trusted" and key not in dict(current.definition.keys):
        raise world.fail(f'a trusted key "{key}" (Given the trusted signing keys are …)', "none")
    current.know_key(world, key)
    if world.error is None:
        digest = current.digest(world, alias)
        world.attempt(lambda: world.capability(current.pipeline, "sign")(digest, key))


def _built(world: World, alias: str, fact: Fact) -> None:
    build_commit(world, str(fact.value), fact.extra, alias)


_FACTS = {
    "commit": _built,
    "tested": _tested,
    "unit tested": _unit_tested,
    "scanned": _scanned,
    "gates": _passed,
    "signed": _signed,
    "signed by": _signed_by,
    "unsigned": _unsigned,
    "promoted": _promoted,
    "running": _running,
    "rolled out": _rolled_out,
    "approved": _approved,
}
