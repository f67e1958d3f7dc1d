"""Cluster → telemetry: which pods serve a service, and a failure of one version."""

from __future__ import annotations

from kubeloop.harness.referents import known
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from ..telemetry.assumed_traffic import assume
from ..telemetry.slo_waits import assume_waiting, service_added
from ..telemetry.telemetry_part import call, telemetry
from .links_part import artifact_named, links


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
    """Only VERSION's share of SERVICE's requests fails that much (the others as before);
    an artifact's alias means the version its pods run."""
    telemetry(world)
    world.attempt(
        lambda: links(world).fail_version(service, version_label(world, version), errors / 100)
    )


@when(
    "{version:version} of the service {service:name} recovers",
    'v2 of the service "web" recovers',
)
def version_recovers(world: World, version: str, service: str) -> None:
    """VERSION fails as the service does again (its own failure is gone)."""
    telemetry(world)
    world.attempt(lambda: links(world).fail_version(service, version_label(world, version), None))


def version_label(world: World, text: str) -> str:
    """The version label of the pods running TEXT: an artifact's version, or TEXT itself."""
    digest = artifact_named(world, text)
    if digest is None:
        return text
    from ..pipeline.pipeline_part import scene  # noqa: PLC0415

    return str(scene(world).pipeline.artifact(digest).version)


@given(
    "pods running {version:version} <fail|start failing> {errors:percent} of [their ]requests",
    "pods running D2 fail 5% of requests",
    "pods running v2 start failing 50% of their requests",
    variants=(
        "<pods|the pods|copies|the copies|instances> <on|at|of|with> {version:version} "
        "<fail|start failing> {errors:percent} of [their ]requests",
        "{version:ourrelease} <fails|starts failing|is failing|errors on> {errors:percent} of "
        "[<its|the> ]requests",
    ),
)
def pods_running_fail(world: World, version: str, errors: float) -> None:
    """The pods running VERSION (or artifact D2) fail that share of the requests they serve,
    in every service their deployment serves (the other versions as before)."""
    telemetry(world)
    assume_served(world)
    world.attempt(lambda: links(world).fail_pods_of(version_label(world, version), errors / 100))


def assume_served(world: World, deployment: str | None = None) -> None:
    """Before a version's fault: the default rate for the service of each waiting SLO that
    a deployment of its name serves, and for the service of DEPLOYMENT (the one said; with
    no service at all, the only deployment), which the error share names, when no line gave
    it a rate (steps/telemetry/assumed_traffic.py)."""
    assume_waiting(world)
    if deployment is None and not list(call(world, "services")):
        deployments = known(world, "deployment") if world.built_cluster is not None else []
        deployment = deployments[0] if len(deployments) == 1 else None
    if deployment is not None and assume(world, deployment):
        service_added(world, deployment)


_CAN_TAKE = "<serves|handles|can handle|can serve|takes|can take|can absorb|can cope with>"
_AT_MOST = "at most {rate:number} requests <per|a> second"


@given(
    "each pod of {deployment:deployment} serves at most {rate:number} requests per second",
    'each pod of "web" serves at most 100 requests per second',
    "each orders pod can take at most 50 requests per second",
    variants=(
        f"<every|a> pod of {{deployment:deployment}} {_CAN_TAKE} {_AT_MOST}",
        f"each pod of {{deployment:deployment}} {_CAN_TAKE} {_AT_MOST}",
        f"<each|every> {{deployment:deployment}} pod {_CAN_TAKE} {_AT_MOST}",
    ),
)
def pod_capacity(world: World, deployment: str, rate: str) -> None:
    """A per-pod capacity: the ready pods of DEPLOYMENT serve at most RATE requests per
    second each, and what their services send beyond it fails (so losing pods shows in the
    error ratio)."""
    telemetry(world)
    world.attempt(lambda: links(world).limit(deployment, float(rate)))
