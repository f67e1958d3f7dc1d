"""The Horizontal Pod Autoscaler: its formula, and acting on a deployment."""

from __future__ import annotations

import re
from typing import Any

from kubeloop.harness.comparisons import compare
from kubeloop.harness.referents import it
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.render.checks import FailedCheck

_HPA = "<an HPA|a HPA|an autoscaler|a HorizontalPodAutoscaler|a horizontal pod autoscaler>"


@given(
    _HPA + " <for|on> {deployment:deployment}{options:autoscaling}",
    'an HPA for "web" from 1 to 10 replicas targeting 50% cpu',
    'an HPA on "web" between 2 and 10 replicas at 50% CPU utilization',
    "an autoscaler for web with min 1 and max 5 replicas targeting 60% cpu",
    'an HPA for "web" with min 1, max 10 and target 50% CPU',
    "an HPA for web with minReplicas 2, maxReplicas 10 and a 50% CPU target",
    variants=(
        "{deployment:deployment} <is autoscaled|autoscales>[ <on|by> <CPU|cpu>]"
        "{options:autoscaling}",
        _HPA + " <keeps|scales|holds|autoscales> {deployment:deployment}{options:autoscaling}",
        "I autoscale {deployment:deployment}[ <on|by> <CPU|cpu>]{options:autoscaling}",
    ),
)
def an_hpa(world: World, deployment: str, options: dict[str, Any]) -> None:
    """Autoscale the deployment between its min and max replicas at a target average cpu.

    The maximum must be given; the minimum defaults to 1 and the target to 80% cpu, as
    Kubernetes defaults them (minReplicas, targetCPUUtilizationPercentage).
    """
    if "high" not in options:
        raise world.fail(
            "an HPA with its most replicas (max 10, from 1 to 10 replicas)", "no maximum given"
        )
    low, high, target = options.get("low", 1), options["high"], options.get("target", 80.0)
    hpa = world.make("HPA", min_replicas=low, max_replicas=high, target=target)
    world.declared.hpas[deployment] = hpa
    world.declared.last_hpa = deployment
    autoscale = getattr(world.cluster, "autoscale", None)
    if autoscale is not None:
        autoscale(deployment, hpa)


_OF_REQUEST = "[ of [<its|their|the|each pod's|the pods'> ][<cpu|CPU> ]<request|requests>]"
"""Utilization said against the request ("climbs to 120% of requests"): what utilization
is, a share of the pods' CPU request, so the same value."""


@when(
    "the average cpu utilization of {deployment:deployment} is {value:percent}",
    'the average cpu utilization of "web" is 90%',
    'the cpu utilization of "web" is 90%',
    "the CPU usage of web rises to 90%",
    "web is at 20% cpu",
    variants=(
        "[the ][average ]<cpu|CPU>[ <utilization|utilisation|usage|use|load>] <of|on|for> "
        "{deployment:deployment}[ pods] <is|becomes|rises to|drops to|falls to|goes to|reaches|"
        "increases to|decreases to|goes up to|goes down to|climbs to|spikes to|jumps to> "
        "{value:percent}" + _OF_REQUEST,
        "{deployment:deployment} <is at|runs at|uses|is using|averages|drops to|falls to|rises "
        "to|climbs to|goes up to|goes down to|jumps to|spikes to|goes to|settles at|hits> "
        "{value:percent} <cpu|CPU>[ <utilization|utilisation|usage|load>]",
        "[the ]{deployment:deployment} pods <run at|are at|are running at|average|use> "
        "{value:percent} <cpu|CPU>[ <utilization|utilisation>]",
        "the pods of {deployment:deployment} <run at|are at|are running at|average|use> "
        "{value:percent} <cpu|CPU>[ <utilization|utilisation>]",
        "[the ]load on {deployment:deployment} <rises|drops|goes|climbs|falls> to "
        "{value:percent}[ <cpu|CPU>]",
        "{deployment:its} [average ]<cpu|CPU>[ <utilization|utilisation|usage|use|load>] <is|"
        "becomes|rises to|drops to|falls to|goes to|goes up to|goes down to|reaches|climbs to|"
        "spikes to|jumps to|increases to|decreases to|settles at|sits at|is at|hits> "
        "{value:percent}" + _OF_REQUEST,
        "{deployment:its} pods <hit|reach|run at|are at|average|use> {value:percent} <cpu|CPU>"
        "[ <utilization|utilisation>]",
        "[the ][average ]<cpu|CPU> <utilization|utilisation|usage|use|load> <hits|reaches|is|"
        "becomes|rises to|drops to|goes to|goes up to|climbs to|spikes to|falls to> "
        "{value:percent}" + _OF_REQUEST,
    ),
)
def utilization(world: World, value: float, deployment: str | None = None) -> None:
    """The deployment's pods now average VALUE of their cpu request (without a name: the
    deployment mentioned last)."""
    deployment = deployment or it(world, "deployment")
    world.declared.utilization[deployment] = value
    setter = getattr(world.cluster, "set_cpu_utilization", None)
    if setter is not None and deployment in world.declared.hpas:
        world.attempt(lambda: setter(deployment, value))


def _wants(world: World, deployment: str, count: int) -> None:
    """The engine's own answer: its autoscaler view, else its HPA's formula."""
    hpa = world.declared.hpas.get(deployment)
    if hpa is None:
        raise world.fail(f'an HPA for "{deployment}"', f"HPAs for {sorted(world.declared.hpas)}")
    if deployment not in world.declared.utilization:
        raise world.fail(f'a cpu utilization set for "{deployment}"', "none was set")
    autoscaler = getattr(world.cluster, "autoscaler", None)
    if autoscaler is not None:
        info = autoscaler(deployment)
        wanted = world.attribute(info, "desired")
        seen = f"{info.current_replicas} replicas at {info.observed_utilization}%"
    else:
        replicas = len(world.pods(deployment))
        value = world.declared.utilization[deployment]
        wanted = hpa.desired_replicas(replicas, value)
        seen = f"{replicas} replicas at {value}%"
    if wanted != count:
        raise world.fail(
            f"the HPA to want {count} replicas",
            f"{wanted} (from {seen} against a {hpa.target}% target)",
            FailedCheck("hpa", deployment, "replicas", count, wanted),
        )


_WANTS = "<wants|recommends|would scale to|asks for|desires|computes>"


@then(
    "the HPA " + _WANTS + " {count:n}[ replica(s)]",
    "the HPA wants 8 replicas",
    "the autoscaler recommends 4 replicas",
    variants=(
        "<the autoscaler|the HorizontalPodAutoscaler> " + _WANTS + " {count:n}[ replica(s)]",
    ),
)
def the_hpa_wants(world: World, count: int) -> None:
    """The latest HPA's recommendation now, before it acts; the replicas change on reconcile.

    "Then "web" has 8 replicas" needs "When I reconcile" (or "When the HPA acts", or time
    passing) after the metric changed: the HPA scales the deployment on its next sync.
    """
    _wants(world, world.declared.last_hpa, count)


@then(
    "the HPA <for|of|on> {deployment:deployment} " + _WANTS + " {count:n}[ replica(s)]",
    'the HPA for "web" wants 8 replicas',
)
def the_hpa_for_wants(world: World, deployment: str, count: int) -> None:
    """That deployment's HPA's recommendation for what it observed."""
    _wants(world, deployment, count)


@then(
    "{deployment:deployment} [still ]has [{bound:comparison} ]{count:n} [desired ]replica(s)",
    '"web" has 8 replicas',
    '"web" has fewer than 8 replicas',
    '"web" still has 4 replicas',
    "web is scaled to 6 replicas",
    variants=(
        "{deployment:deployment} <is|are> [still ]<scaled|set|back|back down|back up|scaled back|"
        "scaled down|scaled up|down|up> to {count:n}[ replica(s)]",
        "the desired replicas of {deployment:deployment} <is|are> {count:n}",
        "{deployment:deployment} <is running|is now running|is at|is now at> {count:n} replica(s)",
        "{deployment:deployment} <scales|scaled|has scaled|has been scaled|was scaled|gets scaled|"
        "got scaled|autoscales|autoscaled|has autoscaled> [<up|down|out|in|back|back down|"
        "back up|back in|back out> ]to {count:n}[ <replicas|replica|pods|copies|instances>]",
        "{deployment:deployment} <ends up|ended up|has ended up|settles|settled|has settled|"
        "lands|landed|stabilizes|stabilises|stabilized|stabilised> <at|on> {count:n} "
        "<replicas|replica>",
        "{deployment:deployment} <grows|grew|has grown|shrinks|shrank|has shrunk|goes|went|"
        "has gone|drops|dropped|has dropped|comes|came|has come|climbs|climbed> "
        "[<up|down|out|in|back|back down|back up> ]to {count:n} <replicas|replica>",
        "<the HPA|the autoscaler> <scales|has scaled|scaled> {deployment:deployment} to "
        "{count:n}[ replica(s)]",
        "{deployment:deployment} <stays|stayed|remains|remained|is still|holds|held> at {count:n} "
        "<replicas|replica>",
        "{deployment:deployment} <has scaled|scaled|has been scaled|was scaled> [<up|down|out|in> ]"
        "to {bound:comparison} {count:n} <replicas|replica>",
        "<the HPA|the autoscaler> <brought|brings|took|takes|has brought|has taken> "
        "{deployment:deployment} [back ][<up|down> ]to {count:n}[ replica(s)]",
    ),
)
def has_replicas(world: World, deployment: str, count: int, bound: str = "==") -> None:
    """The deployment's desired replica count (spec.replicas: what scale or the HPA set);
    "fewer than 8", "at least 3" compare it."""
    info = world.capability(world.cluster, "deployment")(deployment)
    if not compare(info.replicas, bound, count):
        shown = "" if bound == "==" else f"{bound} "
        seen = str(info.replicas) + _no_metric(world, deployment)
        seen += _rate_limited(world, deployment, count)
        raise world.fail(f"{shown}{count} desired replicas", seen)


def _rate_limited(world: World, deployment: str, count: int) -> str:
    """Why an HPA that wants COUNT or more has fewer yet: without a behavior it grows at most
    to max(2 × current, 4) a sync (ScalingLimited, ScaleUpLimit), and it syncs every 15 s,
    so it climbs there in steps as time passes; the time those steps take, said."""
    try:
        info = world.capability(world.cluster, "autoscaler")(deployment)
    except (KeyError, LookupError, AttributeError):
        return ""
    limited = any(c.reason == "ScaleUpLimit" and c.status == "True" for c in info.conditions)
    current = int(info.current_replicas)
    if not limited or not current < count <= int(info.recommendation):
        return ""
    syncs, size = 0, current
    while size < count:
        size, syncs = max(2 * size, 4), syncs + 1
    wait = f"{15 * syncs} seconds" if syncs < 4 else f"{(15 * syncs + 59) // 60} minutes"
    return (
        f"; its HPA wants {info.recommendation} but grows at most to max(2 × current, 4) a "
        f"sync (ScalingLimited=True, ScaleUpLimit: an HPA without a behavior, as upstream), "
        f"and it syncs every 15 s, so it gets there as time passes: say "
        f'"When {wait} pass" before the check'
    )


def _no_metric(world: World, deployment: str) -> str:
    """Why an HPA held the replicas: it had no CPU reading (FailedGetResourceMetric), which
    only a CPU said of the pods gives; a service's request rate is no CPU reading."""
    try:
        info = world.capability(world.cluster, "autoscaler")(deployment)
    except (KeyError, LookupError, AttributeError):
        return ""
    if not any(c.reason == "FailedGetResourceMetric" for c in info.conditions):
        return ""
    return (
        f"; its HPA has no CPU reading (ScalingActive=False, FailedGetResourceMetric) and "
        f"holds: a request rate is no CPU, so say the CPU ({deployment} runs at 90% cpu) or "
        f"scale on requests (an HPA for {deployment} from 1 to 10 replicas targeting 50 "
        "requests per second per pod)"
    )


@then(
    "the HPA for {deployment:deployment} reports {reason:word}",
    'the HPA for "web" reports FailedGetResourceMetric',
    'the HPA for "web" reports ScalingLimited',
    variants=("the HPA <of|on> {deployment:deployment} reports {reason:word}",),
)
def hpa_reports(world: World, deployment: str, reason: str) -> None:
    """A condition of that type is True (ScalingActive, AbleToScale, ScalingLimited), or one
    condition has that reason (FailedGetResourceMetric, TooManyReplicas, DesiredWithinRange)."""
    info = world.capability(world.cluster, "autoscaler")(deployment)
    reasons = [f"{c.type}={c.status} {c.reason}" for c in info.conditions]
    if any(c.type == reason and c.status == "True" for c in info.conditions):
        return
    if not any(c.reason == reason for c in info.conditions):
        raise world.fail(
            f"a True condition {reason} or a condition with reason {reason}",
            ", ".join(reasons) or "no conditions",
        )


_PINNED = "<pinned|stuck|capped|held|limited|maxed out|clamped|sitting|sits|stays|is|stopped>"
_BOUND = (
    "<maximum|max|ceiling|upper bound|limit|max replicas|maxReplicas|minimum|min|floor|"
    "lower bound|min replicas|minReplicas>"
)


@then(
    "the HPA <is|was|stays|remains> "
    + _PINNED
    + " at its "
    + _BOUND
    + "[ of {count:n}[ replica(s)]]",
    "the HPA is pinned at its maximum",
    "the HPA for web is stuck at its max of 8 replicas",
    "the HPA has hit its ceiling",
    variants=(
        "the HPA <for|of|on> {deployment:deployment} <is|was|stays|remains> "
        + _PINNED
        + " at its "
        + _BOUND
        + "[ of {count:n}[ replica(s)]]",
        "the HPA[ <for|of|on> {deployment:deployment}] <has hit|hit|has reached|reached> its "
        + _BOUND
        + "[ of {count:n}[ replica(s)]]",
        "the HPA[ <for|of|on> {deployment:deployment}] is <maxed out|at max>",
    ),
)
def hpa_pinned(world: World, deployment: str | None = None, count: int | None = None) -> None:
    """The HPA runs the deployment at its bound and would go past it: at maxReplicas with
    ScalingLimited (TooManyReplicas), or at minReplicas with ScalingLimited (TooFewReplicas);
    a count said must be that bound."""
    deployment = deployment or world.declared.last_hpa
    if not deployment:
        raise world.fail("an HPA declared earlier in the scenario", "no HPA was declared")
    info = world.capability(world.cluster, "autoscaler")(deployment)
    said = world.step.text.lower()
    low = re.search(r"\b(?:minimum|min|floor|lower bound|minreplicas)\b", said) is not None
    bound = info.min_replicas if low else info.max_replicas
    which = "minReplicas" if low else "maxReplicas"
    limited = any(c.type == "ScalingLimited" and c.status == "True" for c in info.conditions)
    if count is not None and count != bound:
        raise world.fail(f"{which} {count}", f"{which} is {bound}")
    if info.current_replicas != bound or not limited:
        shown = ", ".join(f"{c.type}={c.status} {c.reason}" for c in info.conditions)
        raise world.fail(
            f"{deployment} held at {which} {bound} (ScalingLimited)",
            f"{info.current_replicas} replicas; {shown or 'no conditions'}",
        )
