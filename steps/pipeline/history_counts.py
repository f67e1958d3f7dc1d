"""How often a build reached an environment, read from the environment's history: "C3
reached production only once", "R1 was deployed to prod exactly twice", "prod has only
ever run C3". A deployment counts whether it came by promotion, deploy or rollback."""

from __future__ import annotations

import kubeloop.harness.telemetry_nouns  # noqa: F401  (registers times)
from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .histories import _view
from .pipeline_part import scene

_REACHED = (
    "<reached|was deployed to|was promoted to|was released to|was shipped to|went to|went into|"
    "made it to|got to|landed in|was rolled out to|has been deployed to|has been promoted to|"
    "has reached>"
)


@then(
    "{alias:artifact} " + _REACHED + " {env:name}[ <only|just>] [{bound:comparison} ]{count:times}",
    "C3 reached prod only once",
    "R1 was deployed to prod exactly twice",
    "R1 was promoted to staging at least 2 times",
    variants=(
        "{env:name} <ran|has run|got|received|saw> {alias:artifact}[ <only|just>] "
        "[{bound:comparison} ]{count:times}",
    ),
)
def reached_times(world: World, alias: str, env: str, count: int, bound: str = "==") -> None:
    """The deployments of the artifact in ENV's history, counted (by promotion, deploy or
    rollback alike)."""
    digest = scene(world).digest(world, alias)
    seen = sum(1 for d in _view(world, env).deployments if d.digest == digest)
    if not compare(seen, bound, count):
        said = "" if bound == "==" else f"{bound} "
        raise world.fail(f"{alias} in {env} {said}{count} time(s)", f"{seen}")


@then(
    "{env:name} has only ever run {alias:artifact}",
    "prod has only ever run C3",
    variants=(
        "{env:name} has never run anything <but|other than|except> {alias:artifact}",
        "{alias:artifact} is the only <build|artifact|image|release> {env:name} has ever run",
    ),
)
def only_ever_ran(world: World, env: str, alias: str) -> None:
    """ENV's history has deployments, and every one of them is the artifact."""
    current = scene(world)
    digest = current.digest(world, alias)
    deployments = _view(world, env).deployments
    others = [current.alias_of(d.digest) for d in deployments if d.digest != digest]
    if not deployments or others:
        raise world.fail(f"only {alias} ever in {env}", ", ".join(others) or "nothing ran there")
