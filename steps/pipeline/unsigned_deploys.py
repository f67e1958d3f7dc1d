"""A deploy said to skip signing ("I deploy L1 to staging without signing it") or the
pipeline ("I deploy C7 to staging without ever running the pipeline"): what it skips must
not have happened when the deploy is tried (no signature of its own; no run of the
pipeline for it), and the deploy goes through the engine's verify-before-deploy, which
decides (a refusal changes nothing)."""

from __future__ import annotations

from kubeloop.harness.registry import when
from kubeloop.harness.world import World

from .pipeline_part import scene


@when(
    "I deploy {alias:artifact} to {env:name} without <signing|having signed> <it|them|the image>",
    "I deploy L1 to staging without signing it",
    "I deploy B2 to prod without signing the image",
    variants=(
        "<someone|somebody|the team|we|they> <deploys|deploy|pushes|push|tries to deploy|try to "
        "deploy|tries to push|try to push> {alias:artifact} <to|straight to> {env:name} without "
        "<signing|having signed> <it|them|the image>",
        "{alias:artifact} is deployed to {env:name} without <being signed|a signature>",
    ),
)
def deploy_unsigned(world: World, alias: str, env: str) -> None:
    """The artifact has no signature (a signed one contradicts the sentence, which fails);
    the deploy is tried as it is, and verify-before-deploy decides."""
    current = scene(world)
    digest = current.digest(world, alias)
    carried = world.capability(current.pipeline, "signatures")(digest)
    if carried:
        names = ", ".join(sorted({s.key_name for s in carried}))
        raise world.fail(f"{alias} without a signature", f"it is signed by {names}")
    world.attempt(lambda: world.capability(current.pipeline, "deploy")(digest, env))


@when(
    "I deploy {alias:artifact} to {env:name} <without running|without ever running|without "
    "having run|before running|skipping|bypassing|without going through> the <pipeline|gates>"
    "[ first]",
    "I deploy C7 to staging without ever running the pipeline",
    "I deploy P7 to staging without running the pipeline",
    variants=(
        "<someone|somebody|the team|we|they> <deploys|deploy|pushes|push|tries to deploy|try to "
        "deploy> {alias:artifact} <to|straight to> {env:name}[,] <without running|without ever "
        "running|skipping|bypassing|without going through> the <pipeline|gates>",
        "{alias:artifact} is deployed to {env:name} <without|before> <running|going through> "
        "the <pipeline|gates>",
    ),
)
def deploy_unpiped(world: World, alias: str, env: str) -> None:
    """The pipeline never ran for the artifact (a run contradicts the sentence, which
    fails); the deploy is tried as it is, and verify-before-deploy decides."""
    current = scene(world)
    digest = current.digest(world, alias)
    ran = [a for a, _ in current.runs if current.aliases.get(a) == digest]
    if ran:
        raise world.fail(f"{alias} never run through the pipeline", f"it ran as {ran[-1]}")
    world.attempt(lambda: world.capability(current.pipeline, "deploy")(digest, env))
