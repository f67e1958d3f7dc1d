"""CPU load said as people say it: "every worker pod runs at 200% of its CPU request", "each
search pod is using 750m CPU", "search's CPU use drops to 100m per pod". Both set the average
utilization the HPA reads; a usage is divided by the pods' own CPU request."""

from __future__ import annotations

from kubeloop.core.quantity import cpu_millis, format_cpu
from kubeloop.errors import InvalidSpecError
from kubeloop.harness.referents import it
from kubeloop.harness.registry import when
from kubeloop.harness.world import World

from .autoscaling import utilization

_EACH_POD = "<every|each> {deployment:deployment} pod"
_RUNS_AT = "<runs at|is running at|uses|is using|is at|averages|sits at|burns|consumes>"
_CPU = "<CPU|cpu|cores|core|vCPU|vcpu|millicores>"
_PER_POD = "<per pod|each|a pod|apiece|per replica|per copy>"
_REQUEST = "<CPU request|cpu request|requested CPU|requested cpu>"
_REQUESTS = (
    "<CPU request|cpu request|CPU requests|cpu requests|requested CPU|requested cpu|requests>"
)
_RISES = (
    "<is|becomes|rises to|drops to|falls to|goes to|goes up to|goes down to|reaches|climbs to|"
    "spikes to|jumps to|increases to|decreases to|settles at|sits at|is at>"
)


@when(
    _EACH_POD + " " + _RUNS_AT + " {value:percent} of its " + _REQUEST,
    "every worker pod runs at 200% of its CPU request",
    "worker pods use 150% of their CPU requests",
    "each worker pod is using 80% of its cpu request",
    variants=(
        "[the ]{deployment:deployment} pods <run at|are running at|use|are using|are at|average> "
        "{value:percent} of <their|the> " + _REQUESTS,
        "{deployment:its} pods <run at|are running at|use|are using|are at|average> "
        "{value:percent} of <their|the> " + _REQUESTS,
        "[the ]{deployment:deployment} pods <run at|are running at|use|are using|are at|average> "
        "{value:percent} of requested <CPU|cpu>",
        "[the ]{deployment:deployment} pods <run at|are running at|use|are using|are at|average> "
        "{value:percent} of <their|the> <CPU|cpu>",
        "{deployment:its} pods <run at|are running at|use|are using|are at|average> "
        "{value:percent} of <their|the> <CPU|cpu>",
    ),
)
def share_of_request(world: World, deployment: str, value: float) -> None:
    """The deployment's pods average VALUE of their CPU request: its utilization, as the
    HPA measures it."""
    utilization(world, value, deployment)


def _request(world: World, deployment: str) -> int:
    """The CPU each of the deployment's pods requests (millicores), from the engine's pods."""
    requests = sorted({int(world.attribute(p, "cpu")) for p in world.pods(deployment)})
    if not requests:
        raise world.fail(
            f'pods of "{deployment}" whose CPU request a usage is measured against', "none"
        )
    if len(requests) > 1 or requests[0] <= 0:
        shown = ", ".join(format_cpu(r) for r in requests)
        raise world.fail(
            f'one CPU request for every pod of "{deployment}" to measure a usage against',
            f"requests {shown}: say the utilization instead (e.g. every {deployment} pod runs "
            "at 150% of its CPU request)",
        )
    return requests[0]


@when(
    _EACH_POD + " " + _RUNS_AT + " {usage:quantity}[ " + _CPU + "]",
    "each search pod is using 750m CPU",
    "every search pod uses 0.75 cores",
    "search's CPU use drops to 100m per pod",
    "search pods each use 300m CPU",
    variants=(
        "{deployment:its} <CPU|cpu> <use|usage|load|consumption> " + _RISES + " {usage:quantity}"
        "[ " + _CPU + "] " + _PER_POD,
        "[the ]<CPU|cpu> <use|usage|load|consumption> of {deployment:deployment} "
        + _RISES
        + " {usage:quantity}[ "
        + _CPU
        + "] "
        + _PER_POD,
        "[the ]{deployment:deployment} pods <each use|are each using|each consume|each burn|"
        "each run at> {usage:quantity}[ [of ]" + _CPU + "]",
        "{deployment:its} pods <each use|are each using|each consume|each burn|each run at> "
        "{usage:quantity}[ [of ]" + _CPU + "]",
        "[the ]<CPU|cpu> <use|usage|load|consumption> per {deployment:deployment} pod "
        + _RISES
        + " {usage:quantity}[ "
        + _CPU
        + "]",
        "[the ]{deployment:deployment} pods <use|are using|consume|burn> {usage:quantity}[ "
        + _CPU
        + "] "
        + _PER_POD,
    ),
)
def cpu_usage_per_pod(world: World, usage: str, deployment: str | None = None) -> None:
    """Each of the deployment's pods uses USAGE of CPU: its utilization is that over the
    pods' CPU request (750m against 500m is 150%)."""
    deployment = deployment or it(world, "deployment")
    try:
        used = cpu_millis(usage)
    except InvalidSpecError as error:
        raise world.fail("a CPU amount (750m, 0.5, 2 cores)", str(error)) from None
    request = _request(world, deployment)
    utilization(world, used * 100 / request, deployment)
