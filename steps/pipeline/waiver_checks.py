"""Which waiver list the scan went by, said as people check it: "the pipeline run records
waiver list version 12", "the scan gate consulted waiver list version 12",
"CVE-2026-7788 is waived under waiver list version 12", "the scan gate used the waiver
for CVE-2026-5123". Each reads the scan gate's own
record of the latest run (of the build, when one is named): the list version it cited and
the findings it let through."""

from __future__ import annotations

from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .verdicts import _gate

_LIST = "[the ]<waiver|exception> list [version ]{version:n}"


def _cited(world: World, version: int, alias: str | None) -> object:
    """The scan gate of the latest run (of the artifact), which cited VERSION."""
    found = _gate(world, "scan", alias)
    cited = getattr(found, "waiver_list_version", None)
    if cited != version:
        shown = "no waiver list" if cited is None else f"waiver list version {cited}"
        raise world.fail(f"the scan to go by waiver list version {version}", shown)
    return found


@then(
    "<the pipeline run|the run|the pipeline|the scan|the scan gate|the scan step|the scan stage> "
    "<records|recorded|consults|consulted|uses|used|cites|cited|checks|checked|applies|applied|"
    "goes by|went by|names|named> " + _LIST + "[ <for|on|of> {alias:artifact}]",
    "the pipeline run records waiver list version 12",
    "the scan gate consulted waiver list version 12 for B1",
)
def scan_cites_list(world: World, version: int, alias: str | None = None) -> None:
    """The scan gate of the latest run (of the artifact) cited that waiver list version."""
    _cited(world, version, alias)


@then(
    "{finding:finding} <is|was|gets|got> waived <under|by|in|per|according to> " + _LIST,
    "CVE-2026-7788 is waived under waiver list version 12",
)
def waived_under(world: World, finding: str, version: int) -> None:
    """The latest run's scan let the finding through, citing that waiver list version (other
    findings may have been waived too)."""
    found = _cited(world, version, None)
    waived = list(getattr(found, "waived", ()))
    if finding not in waived:
        raise world.fail(f"{finding} waived", f"waived: {', '.join(waived) or 'nothing'}")


@then(
    "<the scan gate|the scan|the scan step|the scan stage|the pipeline run|the run> "
    "[<records|recorded> that it ]<used|applied|relied on|went by|accepted> the "
    "<waiver|exception> <for|on> {finding:finding}[ <for|on|of> {alias:artifact}]",
    "the scan gate used the waiver for CVE-2026-5123",
    "the scan gate records that it used the waiver for CVE-2026-5123 for G2",
    variants=(
        "{finding:finding} <is|was|gets|got> waived by the scan[ gate][ <for|on|of> "
        "{alias:artifact}]",
    ),
)
def waiver_used(world: World, finding: str, alias: str | None = None) -> None:
    """The latest run's scan (of the artifact) let the finding through under a waiver: it
    is among the findings the gate waived (others may have been waived too)."""
    found = _gate(world, "scan", alias)
    waived = list(getattr(found, "waived", ()))
    if finding not in waived:
        raise world.fail(
            f"the scan to let {finding} through under a waiver",
            f"waived: {', '.join(waived) or 'nothing'}",
        )
