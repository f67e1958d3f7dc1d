"""The pipeline part of the world: the engine's Pipeline, artifact aliases, and the setup
the Given steps accumulate (definition, waiver list) before the engine sees it."""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kubeloop.harness.world import World
from kubeloop.pipeline import PipelineDefinition, WaiverList
from kubeloop.pipeline.waivers import NO_WAIVERS
from kubeloop.render.ladder import ladder_text

EVENTS_KEPT = 300
VERSION = re.compile(r"v\d[\w.+-]*|\d+(?:\.\d+)+(?:[-+][\w.-]+)?", re.IGNORECASE)
"""What reads as a version when no build is bound to it: v2, v1.4, 2.3.0, 2.4.1-rc1."""
OWN_KEY_WORDS = frozenset(
    {"release", "signing", "pipeline", "ci", "build", "official", "company", "default", "our"}
)
"""Names people give the pipeline's own signing key ("signed with the release key"): that
key, unless a key of the name was declared."""
ENTRY = "Pipeline"
"""The name a learner's module provides to be graded on the pipeline features."""


@dataclass
class PipelineScene:
    pipeline: Any
    engine_name: str
    definition: PipelineDefinition = field(default_factory=PipelineDefinition)
    waivers: WaiverList = NO_WAIVERS
    manifests: dict[str, dict[str, Any]] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    """Artifact aliases (D1, D2, …) → digests, bound by the build step."""
    runs: list[tuple[str, Any]] = field(default_factory=list)
    """(alias, run result) of every run a step started, in order."""
    built_last: str | None = None
    """The alias of the latest build: "I run the pipeline" without a name runs it."""
    recorded: dict[str, set[str]] = field(default_factory=dict)
    """Which gate inputs (record_unit_tests, record_coverage, …) each alias was given."""
    findings: dict[str, list[Any]] = field(default_factory=dict)
    """Findings said one sentence at a time, per alias: the scan reports them all."""
    declared_last: str | None = None
    """The manifest declared last: "it" in "it is built as P4" right after it."""
    commits: dict[str, str | None] = field(default_factory=dict)
    """Commits said before they were built ("a commit abc1234 of payments"), with their
    project when said."""
    projects: dict[str, str] = field(default_factory=dict)
    """The project each digest a step built was built for (the steps' own record: the
    contract has no member that reads it back)."""
    changes: list[tuple[str, str]] = field(default_factory=list)
    """(FILE:LINE of the step, environment) of every change of what an environment runs,
    as the engine's ``watch`` reports it: which step changed which environment."""

    def alias_of(self, digest: str) -> str:
        """The alias bound to ``digest`` (the latest one, if several), else its short form."""
        found = [a for a, d in self.aliases.items() if d == digest]
        return found[-1] if found else digest[:19] + "…"

    def digest(self, world: World, alias: str) -> str:
        """The digest ALIAS names; a version no alias is bound to names the one build made
        at that version ("promote v2 to prod": the build of v2)."""
        if alias in self.aliases:
            return self.aliases[alias]
        built = self.built_at(alias)
        if len(built) == 1:
            return built[0]
        known = ", ".join(self.aliases) or "none yet"
        several = f"; builds at {alias}: {', '.join(map(self.alias_of, built))}" if built else ""
        raise world.fail(
            f'an artifact "{alias}" built earlier (When I build "web" as {alias})',
            f"aliases bound so far: {known}{several}",
        )

    def built_at(self, version: str) -> list[str]:
        """The digests built at VERSION (said as a version: v2, 2.3.0), oldest first."""
        if VERSION.fullmatch(version) is None:
            return []
        digests = dict.fromkeys(self.aliases.values())
        return [d for d in digests if str(self.pipeline.artifact(d).version) == version]

    def configure(self, world: World, **changes: Any) -> None:
        """Change the definition and hand the whole of it to the engine."""
        definition = replace(self.definition, **changes)
        configure = world.capability(self.pipeline, "configure")
        configure(definition)
        self.definition = definition

    def approving(self) -> list[str]:
        """The environments a promotion to needs a manual approval, in order."""
        return [e.name for e in self.definition.environments if e.requires_approval]

    def key_named(self, key: str, said: str) -> str:
        """The key a name means: a key declared under it; else, for a name people give the
        pipeline's own key said as such ("signed with the release key", never "key
        "release"", which names a key), that key; else the name as said."""
        if key in dict(self.definition.keys) or self.definition.signing_key is None:
            return key
        own = key.lower() in OWN_KEY_WORDS and re.search(
            rf'(?<!["\w]){re.escape(key)} key\b', said, re.IGNORECASE
        )
        return self.definition.signing_key if own else key

    def know_key(self, world: World, key: str) -> None:
        """Make KEY known to the pipeline (derived from a seed of its own name) if it is not;
        knowing a key trusts it nowhere."""
        if key not in dict(self.definition.keys):
            keys = tuple(sorted((*self.definition.keys, (key, key))))
            world.attempt(lambda: self.configure(world, keys=keys))

    def last_run(self, world: World) -> tuple[str, Any]:
        if not self.runs:
            raise world.fail("a pipeline run (When I run the pipeline for D1)", "no run yet")
        return self.runs[-1]


def scene(world: World) -> PipelineScene:
    return world.part("pipeline", lambda: _build(world))  # type: ignore[no-any-return]


def last_built(world: World) -> str:
    """The artifact built last, for a sentence that does not name one."""
    alias = scene(world).built_last
    if alias is None:
        raise world.fail('an artifact built earlier (When I build "web" as D1)', "none was built")
    return alias


def said_last(world: World) -> str:
    """The artifact said last ("it"), else the one built last ("nothing", as in "prod runs
    nothing", names no artifact)."""
    said = world.declared.mentioned.get("artifact")
    return said if said and said != "nothing" else last_built(world)


def _build(world: World) -> PipelineScene:
    engine, name = world.engine_for(ENTRY)
    factory = getattr(engine, ENTRY)
    try:
        accepted = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        accepted = {}  # type: ignore[assignment]
    kwargs: dict[str, Any] = {}
    if "clock" in accepted:
        kwargs["clock"] = world.clock
    if "events" in accepted:
        kwargs["events"] = world.events
    built = PipelineScene(factory(**kwargs), name)
    # the definition from the start, so a learner's engine never guesses kubeloop's defaults
    world.capability(built.pipeline, "configure")(built.definition)
    watch = getattr(built.pipeline, "watch", None)
    if callable(watch):
        watch(lambda env, _digest: _changed(world, built, str(env)))
    world.report.pictures["pipeline"] = lambda: ladder_text(snapshot(built))
    world.report.snapshots["pipeline"] = lambda: snapshot(built)
    from ..links.links_part import pipeline_built  # noqa: PLC0415  (links: one world)

    pipeline_built(world, built.pipeline)
    return built


def _changed(world: World, current: PipelineScene, env: str) -> None:
    """Keep which step changed ENV ("staging keeps running what it ran before" reads it). A
    When is an event: the cluster ENV deploys to rolls only when the scenario reconciles or
    lets time pass (docs/scenarios.md, "How a scenario runs")."""
    current.changes.append((world.step.location, env))


def snapshot(current: PipelineScene) -> dict[str, Any]:
    """The scenario's runs and environments as plain data (see kubeloop.render.ladder)."""
    pipeline = current.pipeline
    runs = [
        {
            "number": getattr(result, "number", index + 1),
            "artifact": alias,
            "digest": str(getattr(result, "digest", current.aliases.get(alias, ""))),
            "gates": [
                {
                    "gate": str(g.gate),
                    "status": str(g.status),
                    "reason": str(g.reason),
                    "blocked_by": getattr(g, "blocked_by", None),
                }
                for g in result.gates
            ],
        }
        for index, (alias, result) in enumerate(current.runs)
    ]
    environments = []
    describe = getattr(pipeline, "environment", None)
    for spec in current.definition.environments:
        entry: dict[str, Any] = {
            "name": spec.name,
            "running": None,
            "requires_approval": spec.requires_approval,
            "deployments": [],
            "known_good": [],
        }
        if describe is not None:
            view = describe(spec.name)
            entry["running"] = view.running and current.alias_of(view.running)
            entry["known_good"] = [current.alias_of(d) for d in view.known_good]
            entry["deployments"] = [
                {
                    "artifact": current.alias_of(d.digest),
                    "digest": d.digest,
                    "how": d.how,
                    "time": d.time,
                }
                for d in view.deployments
            ]
        else:
            running = pipeline.running(spec.name)
            entry["running"] = running and current.alias_of(running)
        environments.append(entry)
    log = list(getattr(pipeline, "events", None) or [])[-EVENTS_KEPT:]
    events = [
        {
            "time": e.time,
            "type": e.type,
            "reason": e.reason,
            "object": e.object,
            "message": e.message,
        }
        for e in log
    ]
    return {"runs": runs, "environments": environments, "events": events}


def run_gates(world: World, alias: str) -> None:
    """Run the ladder for an alias; the result is kept for the Then steps."""
    current = scene(world)
    digest = current.digest(world, alias)
    result = world.attempt(lambda: current.pipeline.run(digest))
    if result is not None:
        # an unchanged re-run returns the recorded run: keep one entry for it, now the latest
        current.runs = [(a, r) for a, r in current.runs if r is not result] + [(alias, result)]


def table_rows(world: World, required: tuple[str, ...]) -> list[dict[str, str]]:
    """The data table under the step as dicts by lower-cased header."""
    table = world.step.datatable
    if not table or len(table) < 2:
        raise world.fail(
            f"a table with a header row ({' | '.join(required)}) and one row per item",
            "no table rows",
        )
    header = [cell.strip().lower() for cell in table[0]]
    missing = [column for column in required if column not in header]
    if missing:
        raise world.fail(f"columns {', '.join(required)} in the header", f"columns {header}")
    return [dict(zip(header, (c.strip() for c in row), strict=True)) for row in table[1:]]


_LONG_NAMES = {"production": "prod", "stage": "staging", "development": "dev"}
"""An environment said in full or short ("production" for prod): one name each way."""


def environment_said(names: Sequence[str], said: str) -> str | None:
    """The environment of NAMES that SAID names: itself, else its usual long or short form
    ("production" is prod where there is no environment called production)."""
    if said in names:
        return said
    other = {**_LONG_NAMES, **{short: long for long, short in _LONG_NAMES.items()}}
    found = other.get(said.lower())
    return found if found in names else None


def env_named(world: World, env: str) -> str:
    """The environment ENV names in this pipeline (\"production\" for prod), else ENV as said
    (for the caller to refuse, naming the environments there are)."""
    names = [spec.name for spec in scene(world).definition.environments]
    return environment_said(names, env) or env
