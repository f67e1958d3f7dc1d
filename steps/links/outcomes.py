"""How an incident ended, as an incident commander says it: "prod still runs v1 of reports"
(what an environment runs, by the version of a project) and "the on-call was paged exactly
once" (the pages of every SLO, added up). How many pages one SLO sent is telemetry's
(steps/telemetry/page_counts.py).

A version is resolved through the builds the world knows (version_builds.py): the build an
environment runs must be of that project at that very version; a name bound to a build is
that build.
"""

from __future__ import annotations

from itertools import pairwise

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from ..pipeline.pipeline_part import env_named, scene
from ..pipeline.version_builds import runs_version
from ..telemetry.telemetry_part import call
from .links_part import artifact_named


@then(
    "{env:name} <runs|is running|is on|is at> [version ]{version:version} of {project:name}",
    "prod runs v1 of reports",
    'prod is on version v2 of "orders"',
    variants=(
        "{env:name} <still runs|is still running|is still on|is back on|is running> [version ]"
        "{version:version} of {project:name}[ again]",
        "[version ]{version:version} of {project:name} is [<still|now|back> ]<running in|live in|"
        "in|deployed in|what runs in> {env:name}[ again]",
    ),
)
def env_runs_version_of(world: World, env: str, version: str, project: str) -> None:
    """ENV runs PROJECT's build at VERSION now (a build's alias: that very build, which
    must be of PROJECT)."""
    env = env_named(world, env)
    digest = world.attempt(lambda: artifact_named(world, version))
    if world.error is not None:
        return
    if digest is None:
        runs_version(world, env, version, project)
        return
    current = scene(world)
    running = world.capability(current.pipeline, "running")(env)
    built = current.pipeline.artifact(digest)
    if running != digest or str(built.name) != project:
        shown = "nothing" if running is None else current.alias_of(running)
        raise world.fail(f"{env} to run {version} of {project}", f"it runs {shown}")


def _pages(world: World, name: str) -> int:
    """The times the SLO NAME's page alert went to firing so far."""
    alert = str(call(world, "slo", name).alert)
    states = [state for _, state in call(world, "severity_timeline", alert, "page").changes]
    return sum(
        1 for before, after in pairwise(["inactive", *states]) if after == "firing" != before
    )


@then(
    "<someone|somebody|the on-call|on-call|the on call|the on-call engineer|the SRE|the team|we> "
    "<got|was|were|has been|have been> paged [<only|just> ][{bound:comparison} ]{count:times}",
    "the on-call was paged exactly once",
    "we got paged twice",
)
def on_call_paged_times(world: World, count: int, bound: str = "==") -> None:
    """The pages of every SLO so far, added up (each time an SLO's page alert went to
    firing); a world without an SLO has nothing that pages the on-call to count."""
    names = sorted(str(n) for n in call(world, "slos"))
    if not names:
        raise world.fail("an SLO whose pages reach the on-call", "there are no SLOs")
    pages = sum(_pages(world, name) for name in names)
    if not compare(pages, bound, count):
        said = f"{'' if bound == '==' else bound + ' '}{count} time(s)"
        raise world.fail(f"the on-call paged {said} (by {', '.join(names)})", f"{pages} time(s)")
