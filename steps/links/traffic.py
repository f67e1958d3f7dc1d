"""Cluster → telemetry: which pods serve a service, and a failure of one version."""

from __future__ import annotations

from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World
from kubeloop.steps.links.support import links
from kubeloop.steps.telemetry.support import telemetry


@given(
    "the service {service:name} is served by the pods of {deployment:deployment}",
    'the service "web" is served by the pods of "frontend"',
    variants=("the pods of {deployment:deployment} serve the service {service:name}",),
)
def served_by(world: World, service: str, deployment: str) -> None:
    """SERVICE's requests are split over the versions of DEPLOYMENT's ready pods."""
    telemetry(world)
    world.attempt(lambda: links(world).serve(service, deployment))


@when(
    "{version:version} of the service {service:name} <fails|starts failing> "
    "{errors:percent} of [its ]requests",
    'v2 of the service "web" fails 50% of requests',
    'version v2 of the service "web" starts failing 50% of its requests',
)
def version_fails(world: World, version: str, service: str, errors: float) -> None:
    """Only VERSION's share of SERVICE's requests fails that much (the others as before)."""
    telemetry(world)
    world.attempt(lambda: links(world).fail_version(service, version, errors / 100))


@when(
    "{version:version} of the service {service:name} recovers",
    'v2 of the service "web" recovers',
)
def version_recovers(world: World, version: str, service: str) -> None:
    """VERSION fails as the service does again (its own failure is gone)."""
    telemetry(world)
    world.attempt(lambda: links(world).fail_version(service, version, None))
