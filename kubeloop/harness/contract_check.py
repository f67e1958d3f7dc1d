"""``kubeloop exercise check MODULE``: every contract member a module lacks or mis-types,
with the contract's signature, before any scenario runs.

A module is checked against the contract of each lab whose entry point it provides
(``Cluster``, ``Pipeline``, ``Telemetry``): a member it does not have is *missing*; a member
that is not callable where the contract calls it, or whose parameters cannot take the
contract's call, is *mis-typed*. The same lines head a graded run.
"""

from __future__ import annotations

import inspect
from types import ModuleType
from typing import Any

from kubeloop.contract.cluster import CONTRACT_NAMES, ClusterExtensionsLike, ClusterLike, HPALike
from kubeloop.contract.pipeline import PipelineExtensionsLike, PipelineLike
from kubeloop.contract.telemetry import TelemetryExtensionsLike, TelemetryLike
from kubeloop.harness.engine import load_engine

PROTOCOLS: dict[str, tuple[tuple[str, Any], ...]] = {
    "cluster": (("Cluster", ClusterLike), ("HPA", HPALike)),
    "pipeline": (("Pipeline", PipelineLike),),
    "telemetry": (("Telemetry", TelemetryLike),),
}
"""Each lab's objects and the Protocol each must satisfy."""
EXTENSIONS: dict[str, tuple[str, Any]] = {
    "cluster": ("Cluster", ClusterExtensionsLike),
    "pipeline": ("Pipeline", PipelineExtensionsLike),
    "telemetry": ("Telemetry", TelemetryExtensionsLike),
}
"""Each lab's optional members: richer scenarios use them, the rest do without."""
ENTRY = {"cluster": "Cluster", "pipeline": "Pipeline", "telemetry": "Telemetry"}
LAB = {"cluster": "Lab 01", "pipeline": "Lab 02", "telemetry": "Lab 03"}


def members(protocol: Any) -> list[str]:
    """The methods (and properties) a Protocol declares, in the order it declares them."""
    own = vars(protocol)
    return [
        n
        for n, v in own.items()
        if not n.startswith("_") and (inspect.isfunction(v) or isinstance(v, property))
    ]


_ABSENT = object()


def shown(function: Any) -> str:
    """``(deployment: Any) -> None``: a signature as a learner reads it, without self."""
    text = str(inspect.signature(function)).replace("'", "")
    return text.replace("(self, ", "(", 1).replace("(self)", "()", 1)


def signature(owner: str, protocol: Any, name: str) -> str:
    """``Cluster.apply(deployment: Any) -> None``: the contract's signature (a property's
    type after a colon)."""
    member = vars(protocol)[name]
    if isinstance(member, property):
        return f"{owner}.{name}: {shown(member.fget).partition(' -> ')[2]} (a property)"
    return f"{owner}.{name}{shown(member)}"


def extensions(module: ModuleType) -> list[str]:
    """The optional members of its labs a module does not provide, with their signatures."""
    lines = []
    for lab, (owner, protocol) in EXTENSIONS.items():
        engine = getattr(module, ENTRY[lab], None)
        if engine is None:
            continue
        absent = [n for n in members(protocol) if not hasattr(engine, n)]
        lines += [signature(owner, protocol, name) for name in absent]
    return lines


def _protocols() -> list[tuple[str, Any]]:
    """Every Protocol of the contract, with its lab, in the order the modules declare them."""
    from kubeloop.contract import cluster, pipeline, telemetry  # noqa: PLC0415

    found = []
    for lab, module in (("cluster", cluster), ("pipeline", pipeline), ("telemetry", telemetry)):
        found += [
            (lab, v)
            for v in vars(module).values()
            if isinstance(v, type) and getattr(v, "_is_protocol", False)
        ]
    return found


def wanted(owner: str, name: str) -> str:
    """What an engine lacking ``owner.name`` must implement to run the scenario that asked
    for it, as a capability error ends: a contract member (then it is missing, as ``kubeloop
    exercise check`` says), an extension the contract declares, or neither."""
    for lab, pairs in PROTOCOLS.items():
        for entry, protocol in pairs:
            if entry == owner and name in members(protocol):
                return (
                    f"{signature(owner, protocol, name)} is part of {LAB[lab]}'s contract: "
                    f"implement it (kubeloop/contract/{lab}.py)"
                )
    declaring = [
        (lab, p)
        for lab, p in _protocols()
        if (owner in p.__name__ or f"extension of ``{owner}Like``" in (p.__doc__ or ""))
        and (name in members(p) or name in vars(p).get("__annotations__", {}))
    ]
    if not declaring:
        return (
            "no member of kubeloop/contract/ declares it (kubeloop's own engine has it; the "
            "contract's docs say what it means where they mention it)"
        )
    lab, protocol = declaring[0]
    member = vars(protocol).get(name)
    shown_as = (
        f"{owner}.{name}{shown(member)}"
        if inspect.isfunction(member)
        else f"{owner}.{name}: {vars(protocol)['__annotations__'].get(name, 'a property')}"
        if member is None
        else signature(owner, protocol, name)
    )
    return (
        f"an optional extension beyond the contract: implement {shown_as} to run this scenario "
        f"({protocol.__name__} in kubeloop/contract/{lab}.py)"
    )


def _fits(found: Any, wanted: Any) -> bool:
    """Can ``found`` (the engine's function) take every call the contract's ``wanted`` makes:
    the required parameters by position, the optional ones by name?"""
    try:
        have = inspect.signature(found)
    except (TypeError, ValueError):
        return True  # a builtin or C function: cannot tell, so trust it
    params = list(inspect.signature(wanted).parameters.values())[1:]
    required = [object()] * sum(p.default is inspect.Parameter.empty for p in params)
    optional = {p.name: object() for p in params if p.default is not inspect.Parameter.empty}
    try:
        have.bind(object(), *required)
        have.bind(object(), *required, **optional)
    except TypeError:
        return False
    return True


def problems(module: ModuleType) -> list[str]:
    """One line for each missing or mis-typed member of the labs ``module`` takes part in."""
    lines: list[str] = []
    labs = [lab for lab, entry in ENTRY.items() if hasattr(module, entry)]
    if "cluster" in labs:
        absent = [name for name in CONTRACT_NAMES if not hasattr(module, name)]
        lines += [f"missing {name} (a class of Lab 01's contract)" for name in absent]
    for lab in labs:
        for owner, protocol in PROTOCOLS[lab]:
            engine = getattr(module, owner, None)
            if engine is None:
                continue
            for name in members(protocol):
                wanted = signature(owner, protocol, name)
                found = inspect.getattr_static(engine, name, _ABSENT)
                if found is _ABSENT:
                    lines.append(f"missing {wanted}")
                elif isinstance(found, staticmethod | classmethod | property):
                    continue
                elif not callable(found):
                    lines.append(f"mis-typed {owner}.{name}: not a method; the contract: {wanted}")
                elif not _fits(found, getattr(protocol, name)):
                    lines.append(f"mis-typed {owner}.{name}{shown(found)}; the contract: {wanted}")
    return lines


def check(name: str) -> int:
    """Print what ``name`` lacks of the contracts it takes part in; 0 if nothing."""
    try:
        module = load_engine(name)
    except ImportError as error:
        print(f"kubeloop exercise check: {error}")
        return 2
    labs = [lab for lab, entry in ENTRY.items() if hasattr(module, entry)]
    if not labs:
        print(
            f"{name} provides none of Cluster (Lab 01), Pipeline (Lab 02), Telemetry (Lab 03): "
            "define one of them (kubeloop exercise init writes a skeleton)"
        )
        return 1
    found = problems(module)
    print(f"{name}: checked against the contract of {', '.join(labs)} (kubeloop/contract/)")
    for line in found:
        print(f"  {line}")
    if not found:
        print("  every member is there, with parameters the scenarios can call")
    optional = extensions(module)
    if optional:
        print(
            f"optional extensions {name} does not provide (the scenarios that use one say "
            '"does not provide"; the others run without it):'
        )
        print("\n".join(f"  {line}" for line in optional))
    return 1 if found else 0
