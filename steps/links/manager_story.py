"""The one-world story as a manager tells it: "checkout v1 is live in prod taking 300
requests a second", "we ship v2 of checkout", "checkout is rolled back automatically when
that promise starts paging", "prod is rolled back to v1", "customers saw errors for less than
10 minutes", "no customer ever sees v3".

"Is live" is running and serving: prod runs an artifact of the deployment at that version
(story.py's "prod runs version v1 of checkout"), on 3 nodes with 3 replicas unless the
scenario declared nodes or said otherwise, settled so its pods are Ready and serve the
service of its name from the start. "We ship v2" builds checkout at v2, passes its gates and
promotes it to the final environment with the approvals it needs; the link rolls the
deployment to it. "Customers saw
errors for N minutes" is the time the service's failed-request counter grew, read at every
scrape interval; "no customer ever sees v3" is that no request was ever answered by a pod
running v3 (the service's series are split by version, so it must be served by pods).
"""

from __future__ import annotations

from typing import Any

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import given, then, when
from kubeloop.harness.telemetry_nouns import SloOf
from kubeloop.harness.world import World

from ..pipeline.chains import promote_plainly
from ..pipeline.pipeline_part import scene
from ..telemetry.services import _service, the_named, the_service
from ..telemetry.slo_names import slo_named, slo_of
from ..telemetry.telemetry_part import call, result_rows, telemetry
from .links_part import links
from .rollback import slo_page_rolls_back
from .story import _running_in, _serving

_LIVE = "<is live|is running|runs|is up|is serving customers|is in production>"
_TAKING = "[ <taking|serving|handling|getting|receiving|with|at|and taking|and serving> {rate:rps}]"
_STORY_NODES = 3
"""Nodes a live service gets when the scenario declared none."""


@given(
    "{deployment:name} {version:version} " + _LIVE + " in {env:name}" + _TAKING,
    "checkout v1 is live in prod taking 300 requests a second",
    "checkout v2 is running in prod",
    variants=(
        "{env:name} is on {deployment:name} {version:version}" + _TAKING,
        "{deployment:name} {version:version} <is live|is running|runs> in {env:name} on "
        "{replicas:n} <pods|copies|replicas|instances>" + _TAKING,
    ),
)
def live_in(
    world: World,
    deployment: str,
    version: str,
    env: str,
    rate: float | None = None,
    replicas: int = 3,
) -> None:
    """DEPLOYMENT at VERSION running in ENV (built, gated, promoted), its pods Ready on the
    scenario's nodes (3 if it has none), serving RATE requests a second when said."""
    options: dict[str, Any] = {"replicas": replicas}
    if not world.declared.nodes and deployment not in world.declared.deployments:
        options["nodes"] = _STORY_NODES
    _serving(world, deployment, version, options)
    if world.error is None:
        _running_in(world, env, deployment, version)
    if world.error is None and rate is not None:
        the_service(world, deployment, rate)
    if world.error is None:
        world.settle()  # live: its pods are placed and serving now, as a running cluster's are


def _final(world: World) -> str:
    return str(scene(world).definition.environments[-1].name)


def _deployment(world: World, name: str | None) -> str:
    if name is not None:
        return name
    declared = sorted(world.declared.deployments)
    if len(declared) == 1:
        return declared[0]
    raise world.fail(
        "the deployment to ship (we ship v2 of checkout)",
        f"the deployments are {', '.join(declared)}" if declared else "there are none",
    )


@when(
    "we <ship|release|roll out|deploy|push out|put out> {version:version} of {deployment:name}",
    "we ship v2 of checkout",
    "we release checkout v3",
    "we ship v2 to prod",
    variants=(
        "we <ship|release|roll out|deploy|push out|put out> {deployment:name} {version:version}",
        "we <ship|release|roll out|deploy|push out|put out> {version:version}[ of "
        "{deployment:name}] to {env:name}",
    ),
)
def we_ship(
    world: World, version: str, deployment: str | None = None, env: str | None = None
) -> None:
    """An artifact of DEPLOYMENT at VERSION built, gated and promoted up to ENV (the final
    environment unless said), approved where needed: the link rolls the deployment to it.
    A build already named ("we ship R1 to prod", R1 built earlier) is promoted as it is,
    its gates and approvals checked by the pipeline, never built again."""
    if deployment is None and version in scene(world).aliases:
        promote_plainly(world, version, env or _final(world))
        return
    _running_in(world, env or _final(world), _deployment(world, deployment), version)


_ARMED = (
    "{env:name} <is set to roll|is configured to roll|is wired to roll|is meant to roll|"
    "is supposed to roll|will roll|rolls itself> [itself ]back [automatically ]"
    "<if|when|whenever|once> "
)
"""A rollback said as what ENV is set up to do ("web is set to roll itself back if
"availability" pages"): the same rollback on the SLO's page."""


@given(
    "{env:name} <is rolled back|gets rolled back|rolls back> [automatically ]when <that promise|"
    "the promise|our promise|the SLO|that SLO|it> <starts paging|pages|is paging>",
    "checkout is rolled back automatically when that promise starts paging",
    'prod is rolled back automatically when the SLO "checkout-availability" pages',
    'checkout is configured to roll back automatically if "availability" pages',
    variants=(
        "{env:name} <is rolled back|gets rolled back> [automatically ]when the SLO {slo:name} "
        "<starts paging|pages|is paging>",
        "{env:name} rolls back automatically when the SLO {slo:name} <starts paging|pages|"
        "is paging>",
        "{env:name} rolls back when the SLO {slo:name} <starts paging|is paging>",
        "{env:name} <is rolled back|gets rolled back|rolls back> [automatically ]when "
        "{slo:sloof} <starts paging|pages|is paging>",
        "{env:name} <is rolled back|gets rolled back|rolls back> automatically when "
        "{slo:sloname} <starts paging|pages|is paging>",
        _ARMED + "the SLO {slo:name} <starts paging|pages|is paging>",
        _ARMED + "{slo:sloname} <starts paging|pages|is paging>",
    ),
)
def rolled_back_when_promise_pages(world: World, env: str, slo: str | None = None) -> None:
    """ENV rolls back when the SLO (said, by its kind and service, by its service's name, or
    named last) pages: slo_page_rolls_back. "Its availability SLO" is ENV's (a deployment's
    name)."""
    if isinstance(slo, SloOf):
        slo = slo_of(world, slo, subject=env)
    said = slo_named(world, slo) if slo is not None else world.declared.mentioned.get("slo")
    if said is None:
        raise world.fail("an SLO named earlier for the rollback to watch", "none was named")
    slo_page_rolls_back(world, said, env)


@then(
    "{target:name} is [automatically ]rolled back to {version:version}",
    "prod is rolled back to v1",
    "checkout was automatically rolled back to v1",
    variants=(
        "{target:name} <was|has been|got> automatically rolled back to {version:version}",
        "{target:name} <rolled|has rolled> back to {version:version}",
    ),
)
def was_rolled_back_to(world: World, target: str, version: str) -> None:
    """The environment (a deployment's name: the one that deploys to it) went back to an
    artifact at VERSION (or of that alias) by a rollback, and runs it now."""
    current = scene(world)
    env = links(world).environment_of(target)
    names = [e.name for e in current.definition.environments]
    if env not in names:
        raise world.fail(f"an environment or a linked deployment named {target}", ", ".join(names))
    view = world.capability(current.pipeline, "environment")(env)
    last = view.deployments[-1] if view.deployments else None
    if last is None or last.how != "rollback":
        raise world.fail(f"{env} rolled back to {version}", f"its last change was {_how(last)}")
    running = current.alias_of(last.digest)
    built_at = str(current.pipeline.artifact(last.digest).version)
    if version not in (running, built_at) or view.running != last.digest:
        raise world.fail(
            f"{env} rolled back to {version}", f"rolled back to {running} at {built_at}"
        )


def _how(record: Any) -> str:
    return "nothing" if record is None else f"a {record.how} at {record.time}s"


_SAW = (
    "<customers|users|clients|our customers|our users> <saw|got|hit|experienced|noticed|"
    "were hit by|were served> errors for [{bound:comparison} ]{duration:duration}"
)


@then(
    _SAW,
    "customers saw errors for less than 10 minutes",
    "users got errors for at most 5 minutes",
    variants=(
        "<the errors|errors|the outage|the incident|the impact> lasted [{bound:comparison} ]"
        "{duration:duration}",
        "<customers|users|clients> were affected for [{bound:comparison} ]{duration:duration}",
        "<customers|users|clients|our customers|our users> <saw|got|experienced> errors for "
        "<about|around|roughly> {duration:duration}",
    ),
)
def customers_saw_errors(world: World, duration: int, bound: str | None = None) -> None:
    """The time so far in which the service named last failed requests: the scrape
    intervals in which its failed-request counter grew, times the interval. A duration
    said plainly ("for 30 minutes") or with "about" is met within one scrape interval,
    the resolution the counter is seen at."""
    name = the_named(world, None)
    _service(world, name)
    engine = telemetry(world)
    step = int(getattr(engine, "scrape_interval", 60))
    now = world.clock.now
    seconds = _failing_seconds(world, name, step, now)
    held = abs(seconds - duration) <= step if bound is None else compare(seconds, bound, duration)
    if not held:
        said = f"about {duration}s" if bound is None else f"{bound} {duration}s"
        raise world.fail(f"customers of {name} saw errors for {said}", f"errors in {seconds}s")


_POINTS = 10_000
"""Scrape steps one query reads at most: a subquery of more points than PromQL allows
(11,000) is refused, so a long world is read in spans."""


def _failing_seconds(world: World, name: str, step: int, now: int) -> int:
    """The seconds so far in whose scrape interval the failed-request counter of NAME grew:
    ``changes()`` of the counter at every scrape step since the start, span by span; each
    span reaches back to the point the span before it starts on, so every pair of points
    is counted once."""
    counter = f'sum(http_requests_total{{job="{name}",code=~"5.."}})'
    changed = 0
    end = now
    while end >= step:
        start = max(0, (end - _POINTS * step) // step * step)
        reach = end - start + (step if start else 0)
        rows = result_rows(call(world, "query", f"changes(({counter})[{reach}s:{step}s])", end))
        changed += int(rows[0][1]) if isinstance(rows, list) and rows else 0
        end = start
    return changed * step


@then(
    "no <customer|user|request> ever <sees|saw|reaches|reached|hits|hit|gets|got> "
    "{version:version}",
    "no customer ever sees v3",
    "no user ever saw v3",
    variants=(
        "{version:version} never <served|answered|took|saw|got> <a|any|one> "
        "<customer|user|request|requests|traffic>",
    ),
)
def no_customer_sees(world: World, version: str) -> None:
    """No request to the service named last was ever answered by a pod running VERSION; its
    requests must be split by version (served by pods), or nothing could be told."""
    name = the_named(world, None)
    _service(world, name)
    now = world.clock.now
    if now <= 0:
        return
    expr = f'max by (version) (max_over_time(http_requests_total{{job="{name}"}}[{now}s]))'
    split = result_rows(call(world, "query", expr, None))
    served = (
        [(labels.get("version"), value) for labels, value in split]
        if isinstance(split, list)
        else []
    )
    if not any(said for said, _ in served):
        raise world.fail(
            f"the requests of {name} told apart by version (served by a deployment's pods)",
            "they are not split by version",
        )
    versions = [said for said, value in served if value > 0]
    if version in versions:
        raise world.fail(f"no request of {name} answered by {version}", f"{version} answered some")


_RAN_OUT = "<ran out|was exhausted|was gone|was spent>"


def _first_rollback(world: World) -> int:
    done = [r for r in links(world).alert_rollbacks() if r.made]
    if not done:
        raise world.fail("a rollback an alert made", "no alert rolled anything back")
    return done[0].time


@then(
    "the rollback happened before the [error ]budget " + _RAN_OUT,
    "the rollback happened before the budget ran out",
    variants=("<we|prod|it> rolled back before the [error ]budget " + _RAN_OUT,),
)
def rolled_back_in_budget(world: World) -> None:
    """An alert rolled back (the first one that did), and at that moment the SLO named last
    (or the only one) had budget left by Sloth's measure, as every budget phrase without a
    period word reads it (budget_period.py)."""
    from ..telemetry.slo_names import find_slo, slo_named  # noqa: PLC0415  (one world: telemetry)

    at = _first_rollback(world)
    name = slo_named(world, None)
    spent = 100 * float(call(world, "burn_rate", name, find_slo(world, name).objective.period, at))
    if not spent < 100:
        raise world.fail(f"budget of {name} left at the rollback ({at}s)", f"{spent:g}% spent then")


@then(
    "the rollback happened before <this month's|the month's|this period's|the period's> "
    "[error ]budget " + _RAN_OUT,
    "the rollback happened before this month's budget ran out",
    variants=(
        "<we|prod|it> rolled back before <this month's|the month's|this period's|the period's> "
        "[error ]budget " + _RAN_OUT,
    ),
)
def rolled_back_in_period_budget(world: World) -> None:
    """An alert rolled back, and at that moment the whole period's budget of the SLO named
    last was not used up (the errors so far against what the period allows)."""
    from ..telemetry.budget_period import period_spent  # noqa: PLC0415  (one world: telemetry)

    at = _first_rollback(world)
    name, spent = period_spent(world, None, at)
    if not spent < 100:
        raise world.fail(
            f"this period's budget of {name} left at the rollback ({at}s)", f"{spent:g}% spent then"
        )
