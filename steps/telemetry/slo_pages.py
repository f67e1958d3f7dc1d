"""An SLO's pages looked back on: "the SLO checkout has paged", "… never paged", "the page
came from the 1h and 5m windows at a burn rate above 14.4", "the page comes from the
fast-burn window".

"Has paged" and "never paged" read the SLO's page alert over everything so far (the
ALERTS series its rules wrote); which windows a page "came from" is the pair of the SLO's
table that burns above its factor now, over both its long and its short window. Of the pairs
of one kind (page or ticket), the fast-burn window is the one with the shortest long window
(the Workbook's 1h/5m for a page) and the slow-burn window the one with the longest (6h/30m).
"""

from __future__ import annotations

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .page_counts import WHOM
from .page_history import fired
from .paging import _firing
from .slo_judged import verdict as judged
from .slo_names import find_slo, slo_named
from .telemetry_part import call, parse_number, show


def _paged(world: World, name: str) -> bool:
    """The SLO's page fired so far: on the ALERTS series its rules wrote, else at an
    evaluation the steps sampled its core ``slo_alert_state`` at (page_history.py), or now."""
    if _firing(world, "page", name, ever=True) or fired(world, name, "page"):
        return True
    return bool(call(world, "slo_alert_state", name, "page") == "firing")


@then(
    "{name:sloname} <has paged|paged|has paged at some point|paged at some point|"
    "has paged someone|paged someone>",
    'the SLO "storefront-availability" has paged',
    "checkout paged at some point",
    "the SLO paged the on-call",
    "checkout woke up the on-call",
    variants=("{name:sloname} <paged|has paged|woke up> " + WHOM,),
)
def has_paged(world: World, name: str) -> None:
    """The SLO's page alert fired at some point so far."""
    name = slo_named(world, name)
    find_slo(world, name)
    if not _paged(world, name):
        raise world.fail(f'the SLO "{name}" paged at some point', "it never paged")


@then(
    "{name:sloname} <never paged|has never paged|did not page|didn't page|hasn't paged|"
    "has not paged|never paged anyone|never paged anybody>",
    'the SLO "storefront-availability" never paged',
    "checkout has not paged",
)
def never_paged(world: World, name: str) -> None:
    """The SLO's page alert has not fired so far."""
    name = slo_named(world, name)
    find_slo(world, name)
    if _paged(world, name):
        raise world.fail(f'the SLO "{name}" never paged', "it paged")


@then(
    "the {kind:pagekind} <came|comes|was raised|is raised|fired|fires> <from|on|over> the "
    "{long:duration} and {short:duration} windows[ <of|for> {name:sloname}]"
    "[ at a burn rate {bound:comparison} {burn:number}]",
    "the page came from the 1h and 5m windows at a burn rate above 14.4",
    "the ticket comes from the 6h and 30m windows of checkout",
)
def came_from_windows(
    world: World,
    kind: str,
    long: int,
    short: int,
    name: str | None = None,
    bound: str | None = None,
    burn: str | None = None,
) -> None:
    """The SLO's pair over LONG and SHORT fires now (both windows burn above its factor);
    "at a burn rate above 14.4": both burn so. A page is a page pair, a ticket a ticket
    pair."""
    name = slo_named(world, name)
    find_slo(world, name)
    verdict = judged(world, name)
    pair = next(
        (p for p in verdict.pairs if (p.window.long, p.window.short) == (long, short)), None
    )
    if pair is None or kind not in ("alert", pair.window.severity):
        shown = ", ".join(f"{p.window.label} ({p.window.severity})" for p in verdict.pairs)
        raise world.fail(f"a {long}s/{short}s {kind} pair in the table of {name}", f"pairs {shown}")
    if not pair.fires:
        raise world.fail(f"the {pair.window.label} pair of {name} firing", verdict.explain())
    if bound is not None and burn is not None:
        limit = parse_number(burn)
        burns = (pair.long_burn, pair.short_burn)
        if not all(compare(b, bound, limit) for b in burns):
            raise world.fail(
                f"burn rates {bound} {burn} over {pair.window.label}",
                " and ".join(show(b) for b in burns),
            )


_BURN = (
    "burn <window|windows|pair|alert>[ <of|for> {name:sloname}]",
    "the {kind:pagekind} <came|comes|was raised|is raised|fired|fires> from the ",
)


def _burn_pair(world: World, kind: str, name: str | None, fast: bool) -> None:
    """Of the SLO's pairs of that kind, the fast (shortest long window) or slow (longest)
    one fires now, over both its windows."""
    speed = "fast" if fast else "slow"
    name = slo_named(world, name)
    find_slo(world, name)
    verdict = judged(world, name)
    pairs = sorted(
        (p for p in verdict.pairs if kind in ("alert", p.window.severity)),
        key=lambda p: (p.window.long, p.window.short),
    )
    if not pairs:
        raise world.fail(f"a {kind} pair in the table of {name}", "none")
    pair = pairs[0] if fast else pairs[-1]
    if not pair.fires:
        raise world.fail(
            f"the {speed}-burn {pair.window.label} pair of {name} firing", verdict.explain()
        )


@then(
    _BURN[1] + "fast " + _BURN[0],
    "the page comes from the fast-burn window",
    "the page came from the fast burn pair of checkout",
    variants=(_BURN[1] + "fast-" + _BURN[0],),
)
def came_from_fast_burn(world: World, kind: str, name: str | None = None) -> None:
    """The fast-burn pair of that kind (shortest long window) fires now."""
    _burn_pair(world, kind, name, fast=True)


@then(
    _BURN[1] + "slow " + _BURN[0],
    "the page comes from the slow-burn window",
    "the ticket came from the slow burn windows of checkout",
    variants=(_BURN[1] + "slow-" + _BURN[0],),
)
def came_from_slow_burn(world: World, kind: str, name: str | None = None) -> None:
    """The slow-burn pair of that kind (longest long window) fires now."""
    _burn_pair(world, kind, name, fast=False)
