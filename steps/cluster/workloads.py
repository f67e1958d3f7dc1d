"""Deployments and pods: declaring, configuring, scaling, deleting."""

from __future__ import annotations

from typing import Any

from kubeloop.cluster.defaults import DEFAULT_DEPLOYMENT_NAME
from kubeloop.errors import InvalidSpecError
from kubeloop.harness.amounts import Resources
from kubeloop.harness.registry import given, when
from kubeloop.harness.world import World

from .affinity import place
from .disruption import add_budget
from .engine_objects import apply_deployment, reapply, selector, toleration
from .nodes import nodes as add_nodes
from .priority import class_valued

_COUNT = "{replicas:n}[ <replicas|replica|pods|pod|instances|instance|copies>]"
_COUNTED = "{replicas:n} <replicas|replica|pods|pod|instances|instance|copies|copy>"
"""A count with its noun: a bare name before it ("web with 4 replicas") needs the noun to be
a deployment."""


@given(
    "a deployment[ <named|called>][ {name:name}] <of|with> " + _COUNT + "{options:declared}",
    "a deployment of 4",
    'a deployment "api" of 3 replicas requesting 250m cpu and 128Mi memory',
    'a deployment "api" with 6 replicas requesting 1 CPU and 256Mi memory per pod',
    "a deployment of 4 with maxSurge 1 and maxUnavailable 0",
    'a deployment "web" of 4 replicas at version v1, requesting 500m CPU',
    'a "cache" deployment with 2 replicas',
    'a deployment "db" with 2 replicas and nodeSelector disktype=ssd',
    'a deployment "etcd" with 4 replicas and required pod anti-affinity on kubernetes.io/hostname',
    'a deployment "web" with 6 replicas spread across topology.kubernetes.io/zone with maxSkew 1',
    "a deployment web running v1 with 3 replicas",
    "a deployment web with 8 replicas at v1 with maxSurge 2 and maxUnavailable 1",
    'a deployment "cart" with 4 replicas at v1 on 3 nodes',
    variants=(
        "a {name:name} deployment <of|with> " + _COUNT + "{options:declared}",
        "the {name:name} deployment <has|runs> " + _COUNT + "{options:declared}",
        "deployment {name:name} <has|runs|with> " + _COUNT + "{options:declared}",
        "the deployment {name:name} <has|runs|with> " + _COUNT + "{options:declared}",
        "{name:name} <needs|wants|asks for> " + _COUNT + "{options:declared}",
        "{name:name} <has|is deployed with|is running with> " + _COUNT + "{options:declared}",
        "a deployment[ <named|called>][ {name:name}] <running|at|on> {version:version} <of|with> "
        + _COUNT
        + "{options:declared}",
        "{name:name} is running " + _COUNTED + " <of|at> {version:version}{options:declared}",
        "{name:name} runs " + _COUNTED + " at {version:version}{options:declared}",
        "{name:name} runs " + _COUNTED + " of {version:version}{options:workload}",
        "{name:name} with " + _COUNTED + "{options:declared}",
        "a deployment[ <named|called>][ {name:name}]{early:early}[,] <of|with> "
        + _COUNT
        + "{options:declared}",
    ),
)
def a_deployment(
    world: World,
    replicas: int,
    options: dict[str, Any],
    name: str | None = None,
    version: str | None = None,
    early: dict[str, Any] | None = None,
) -> None:
    """Declare a deployment ("web" at version v1, 500m cpu and 256Mi memory unless given),
    after the nodes it is said to run on ("… on 3 nodes": that many more nodes), with the
    disruption budget said with it (named after the deployment).

    A second deployment needs its own name: declaring one that exists is an error (change
    it with "I scale …" or "I roll out …" instead).
    """
    options = {**(early or {}), **options}  # details said before the count, then after it
    wanted = name or DEFAULT_DEPLOYMENT_NAME
    if wanted in world.declared.deployments:
        suggestion = "api" if wanted != "api" else "worker"
        raise world.fail(
            f'a new deployment (a deployment "{wanted}" exists already)',
            f'a second declaration of "{wanted}"; name the new one, e.g. '
            f'a deployment "{suggestion}" of {replicas}',
        )
    tolerate = options.pop("tolerate", None)
    if tolerate is not None:
        said = {**tolerate.as_dict(), "operator": "Equal" if tolerate.has_value else "Exists"}
        options["tolerations"] = [toleration(world, said)]
    if "priority" in options:
        options["priority_class_name"] = class_valued(world, options.pop("priority"))
    count = options.pop("nodes", None)
    if count is not None:
        add_nodes(world, count, options.pop("node_size", None))
    placement: dict[str, Any] = {
        k: options.pop(k) for k in ("anti_affinity", "spread") if k in options
    }
    if version is not None:
        from ..links.links_part import version_only  # noqa: PLC0415  (one world)

        try:  # an artifact's alias is never a version string: it reaches pods by admission
            options.setdefault("version", version_only(world, version))
        except InvalidSpecError as error:
            raise world.fail("a version string to declare the deployment at", str(error)) from None
    budget = options.pop("budget", None)
    pdb = None
    if budget is not None:  # built first: a budget the engine refuses declares nothing
        field, value = budget
        covered = selector(world, {"matchLabels": options.get("labels") or {"app": wanted}})
        pdb = world.make("PodDisruptionBudget", wanted, covered, **{field: value})
    apply_deployment(world, wanted, replicas, **options)
    place(world, wanted, placement)
    if pdb is not None:
        add_budget(world, pdb)


@given(
    "{name:name} <runs|is running|is deployed> on {count:n} node(s) with "
    + _COUNT
    + "{options:declaration}",
    "checkout runs on 3 nodes with 6 copies",
    "web is running on 2 nodes with 4 replicas at v2 requesting 1 CPU",
    variants=(
        "{count:n} node(s) running a deployment[ <named|called>][ {name:name}] <of|with> "
        + _COUNT
        + "{options:declaration}",
    ),
)
def a_deployment_on_nodes(
    world: World, count: int, replicas: int, options: dict[str, Any], name: str | None = None
) -> None:
    """COUNT more nodes, then the deployment on them: the nodes and the workload said in one
    sentence."""
    a_deployment(world, replicas, {**options, "nodes": count}, name)


@when(
    "I <create|deploy|apply|add> a deployment[ <named|called>][ {name:name}] <of|with> "
    + _COUNT
    + "{options:declaration}",
    "I create a deployment of 1",
    'I deploy a deployment "batch" with 2 replicas requesting 1 CPU',
    'a deployment "payments" with 2 replicas requesting 1 CPU at priority 1000 is created',
    variants=(
        "a [new ]deployment[ <named|called>][ {name:name}] <of|with> "
        + _COUNT
        + "{options:declaration} <is created|is deployed|is applied|is added|gets created|"
        "gets deployed|arrives|appears|is submitted>",
        "a [new ]deployment[ <named|called>][ {name:name}]{early:early}[,] <of|with> "
        + _COUNT
        + "{options:declaration} <is created|is deployed|is applied|is added|gets created|"
        "gets deployed|arrives|appears|is submitted>",
    ),
)
def i_create_a_deployment(
    world: World,
    replicas: int,
    options: dict[str, Any],
    name: str | None = None,
    early: dict[str, Any] | None = None,
) -> None:
    """A deployment is created as an event (it is placed on the next reconcile)."""
    a_deployment(world, replicas, options, name, early=early)


def _configure(world: World, name: str, **changes: Any) -> None:
    reapply(world, name, **{k: v for k, v in changes.items() if v is not None})


@given(
    "{deployment:its} [<rolling update|rollout|update> ]strategy is [RollingUpdate with ]"
    "maxSurge {surge:intorpercent} and maxUnavailable {unavailable:intorpercent}",
    "its rolling update strategy is maxSurge 1 and maxUnavailable 0",
    'deployment "web" rolls out with maxSurge 1 and maxUnavailable 0',
    '"web" has maxSurge 25% and maxUnavailable 25%',
    variants=(
        "{deployment:deployment} <rolls out|updates> with maxSurge {surge:intorpercent} "
        "and maxUnavailable {unavailable:intorpercent}",
        "{deployment:deployment} <has|uses> maxSurge {surge:intorpercent} "
        "and maxUnavailable {unavailable:intorpercent}",
    ),
)
def rolls_out_with(world: World, deployment: str, surge: int | str, unavailable: int | str) -> None:
    """Set the deployment's RollingUpdate budget for later rollouts."""
    _configure(world, deployment, max_surge=surge, max_unavailable=unavailable)


@given(
    "{deployment:deployment} uses the Recreate strategy",
    'deployment "web" uses the Recreate strategy',
    "its strategy is Recreate",
    variants=("{deployment:its} [<update|deployment> ]strategy is Recreate",),
)
def uses_recreate(world: World, deployment: str) -> None:
    """Replace every pod at once on a new version instead of rolling."""
    _configure(world, deployment, strategy="Recreate")


@given(
    "{deployment:its} pods request {size:resources}",
    "its pods request 1 cpu and 512Mi memory",
    '"web" pods request 2 CPU',
    'the deployment "web" requests 2 CPU per pod',
    variants=(
        "{deployment:deployment} pods request {size:resources}",
        "each pod of {deployment:deployment} requests {size:resources}",
        "{deployment:deployment} <requests|request|needs|asks for> {size:resources}",
        "<each|every> {deployment:deployment} pod <requests|needs|asks for> {size:resources}",
    ),
)
def pods_request(world: World, deployment: str, size: Resources) -> None:
    """Set what each of the deployment's pods requests (before anything runs)."""
    _configure(world, deployment, cpu=size.cpu, memory=size.memory)


@given(
    "{deployment:deployment} keeps {count:n} old revision(s)",
    'deployment "web" keeps 1 old revision',
)
def keeps_revisions(world: World, deployment: str, count: int) -> None:
    """Set revisionHistoryLimit: how many old ReplicaSets stay for rollbacks."""
    _configure(world, deployment, revision_history_limit=count)


@given(
    "{deployment:deployment} has a progress deadline of {seconds:duration}",
    'deployment "web" has a progress deadline of 60 seconds',
    "its progress deadline is 2 minutes",
    variants=("{deployment:its} progress deadline is {seconds:duration}",),
)
def progress_deadline(world: World, deployment: str, seconds: int) -> None:
    """Set progressDeadlineSeconds, measured on the logical clock."""
    _configure(world, deployment, progress_deadline_seconds=seconds)


@when(
    "I scale {deployment:deployment} [<up|down> ]to {replicas:n}[ replica(s)]",
    'I scale "web" to 6',
    'I scale "web" to 6 replicas',
    'I scale "web" down to 2',
    "I scale deployment web up to 10 replicas",
    variants=(
        "{deployment:deployment} is scaled [<up|down> ]to {replicas:n}[ replica(s)]",
        "I set the replicas of {deployment:deployment} to {replicas:n}",
    ),
)
def i_scale(world: World, deployment: str, replicas: int) -> None:
    """Change the deployment's desired replicas (takes effect on reconcile)."""
    world.attempt(lambda: world.cluster.scale(deployment, replicas))
    if world.error is None and deployment in world.declared.deployments:
        spec = world.declared.deployments[deployment][1]
        world.declared.deployments[deployment] = (replicas, spec)


@when(
    "I apply version {version:version} of {deployment:deployment}",
    'I apply version "v2" of "web"',
    variants=("I change the template of {deployment:deployment} to version {version:version}",),
)
def i_apply_version(world: World, version: str, deployment: str) -> None:
    """Change the deployment's template; the rollout proceeds one step per reconcile."""
    from ..links.links_part import version_only  # noqa: PLC0415  (one world)

    world.attempt(lambda: reapply(world, deployment, version=version_only(world, version)))


@when(
    "I delete [the ]pod {pod:name}",
    'I delete pod "web-1"',
    'I delete the pod "web-1"',
    "pod web-2 crashes",
    variants=(
        # not "evict": an eviction goes through the eviction API and its disruption budgets
        "I <kill|remove> [the ]pod {pod:name}",
        "pod {pod:name} <is deleted|is killed|crashes|dies>",
    ),
)
def i_delete_pod(world: World, pod: str) -> None:
    """Delete one pod; its ReplicaSet replaces it on the next reconcile."""
    world.attempt(lambda: world.cluster.delete_pod(pod))


@when(
    "I delete a running pod of {deployment:deployment}",
    'I delete a running pod of "web"',
    'I kill a pod of "web"',
    variants=(
        "I <delete|kill|remove> a [running ]pod of {deployment:deployment}",
        "I <delete|kill|remove> <a|an|one> [running ]{deployment:deployment} pod",
        "<a|an|one> [running ]{deployment:deployment} pod <crashes|dies|is killed|is deleted|"
        "gets killed|gets deleted>",
    ),
)
def i_delete_a_running_pod(world: World, deployment: str) -> None:
    """Delete the first Running pod of the deployment (by name order of creation)."""
    running = [p for p in world.pods(deployment) if p.phase == "Running"]
    if not running:
        raise world.fail(f'a running pod of "{deployment}"', "none")
    world.cluster.delete_pod(running[0].name)


@when(
    "I <delete|kill|remove> {count:n} [running ]{deployment:deployment} pods",
    "I delete 2 web pods",
    "2 api pods crash",
    variants=(
        "{count:n} [running ]{deployment:deployment} pods <crash|die|are killed|are deleted|"
        "get killed|get deleted>",
        "I <delete|kill|remove> {count:n} [running ]pods of {deployment:deployment}",
    ),
)
def i_delete_running_pods(world: World, deployment: str, count: int) -> None:
    """Delete the first COUNT Running pods of the deployment (by name order of creation);
    refused, with nothing deleted, when it has fewer."""
    running = [p for p in world.pods(deployment) if p.phase == "Running"]
    if len(running) < count:
        raise world.fail(f'{count} running pods of "{deployment}"', f"{len(running)}")
    for pod in running[:count]:
        world.cluster.delete_pod(pod.name)
