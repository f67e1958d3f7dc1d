"""A fault of one version said with the deployment whose pods run it: "the pods of checkout
running C2 start failing 30% of their requests" (and, read as it, "gateway pods on v6 fail
15% of requests", "gateway pods on v6 return 502 for 15% of requests").

The fault is the version's, as ``pods_running_fail`` sets it; the deployment said is
checked, and a version that another deployment runs too is refused, since the fault would
reach its pods as well."""

from __future__ import annotations

from kubeloop.harness.referents import known
from kubeloop.harness.registry import given
from kubeloop.harness.world import World

from .traffic import assume_served, pods_running_fail, version_label

_FAIL = "<fail|start failing> {errors:percent} of [their ]requests"


@given(
    "the <pods|copies|instances|replicas> of {deployment:deployment} <on|at|running> "
    "{version:version} " + _FAIL,
    'the pods of "checkout" running C2 start failing 30% of their requests',
    "the pods of gateway on v6 fail 15% of requests",
)
def deployment_pods_fail(world: World, deployment: str, version: str, errors: float) -> None:
    """The pods of DEPLOYMENT running VERSION (or artifact C2) fail that share of their
    requests; DEPLOYMENT must exist, and no other deployment may run that version now."""
    deployments = known(world, "deployment") if world.built_cluster is not None else []
    if deployment not in deployments:
        raise world.fail(
            f'a deployment named "{deployment}"', f"deployments: {', '.join(deployments) or 'none'}"
        )
    label = version_label(world, version)
    others = [
        name
        for name in deployments
        if name != deployment and str(world.cluster.deployment(name).version) == label
    ]
    if others:
        raise world.fail(
            f"pods at {label} in {deployment} alone",
            f"{', '.join(others)} run {label} too, and a version's fault reaches all its pods: "
            f"say which pods fail by a version only {deployment} runs",
        )
    assume_served(world, deployment)
    pods_running_fail(world, version, errors)
