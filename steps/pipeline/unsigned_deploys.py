"""A deploy said to skip signing ("I deploy L1 to staging without signing it"): the
artifact must carry no signature of its own when the deploy is tried, and the deploy goes
through the engine's verify-before-deploy, which refuses it (nothing changes)."""

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
