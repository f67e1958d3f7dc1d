"""An SLO's pages counted and its quiet said in one breath: ""orders-availability" paged
exactly once", "checkout paged the on-call twice", "the SLO neither pages nor opens a
ticket", "… never paged nor opened a ticket" (whether it paged at all, said with whom it
woke, is slo_pages.py's).

A page is the SLO's page alert (the fast burn) going to firing: "paged exactly once"
counts those starts so far, from the alert's own timeline of that severity. "Neither pages
nor opens a ticket" is about now (its page and ticket alerts both not firing, as "does not
page" is); said in the past ("never paged nor opened a ticket") it is about any time so far.
"""

from __future__ import annotations

from itertools import pairwise

from kubeloop.harness.comparisons import compare
from kubeloop.harness.registry import then
from kubeloop.harness.world import World

from .paging import _firing
from .slo_names import find_slo, slo_named
from .telemetry_part import call

WHOM = (
    "<the on-call|on-call|the on-call engineer|the on call|someone|somebody|the team|us|me|"
    "the SRE|whoever is on call|the pager>"
)
_COUNT = "[<only|just> ][{bound:comparison} ]{count:times}"
_TICKET = "<open|raise|file> a ticket"


def _pages(world: World, name: str) -> tuple[str, list[tuple[int, str]]]:
    """The SLO's name and the times (and states) its page alert changed so far."""
    name = slo_named(world, name)
    alert = find_slo(world, name).alert
    changes = call(world, "severity_timeline", alert, "page").changes
    return name, [(int(t), str(s)) for t, s in changes]


@then(
    "{name:sloname} paged " + _COUNT,
    '"orders-availability" paged exactly once',
    "the SLO paged the on-call twice",
    "checkout has paged more than once",
    variants=(
        "{name:sloname} has paged " + _COUNT,
        "{name:sloname} <paged|has paged> " + WHOM + " " + _COUNT,
    ),
)
def paged_times(world: World, name: str, count: int, bound: str = "==") -> None:
    """The times the SLO's page alert went to firing so far."""
    name, changes = _pages(world, name)
    states = ["inactive", *(state for _, state in changes)]
    starts = [
        t
        for (t, _), (before, after) in zip(changes, pairwise(states), strict=True)
        if after == "firing" != before
    ]
    if not compare(len(starts), bound, count):
        at = ", ".join(f"at {t // 60}m" for t in starts) or "never"
        said = "" if bound == "==" else bound + " "
        raise world.fail(f'the SLO "{name}" paging {said}{count} time(s)', f"{len(starts)} ({at})")


@then(
    "{name:sloname} neither pages nor <opens|raises|files> a ticket",
    "the SLO neither pages nor opens a ticket",
    'the SLO "checkout-availability" does not page or open a ticket',
    variants=(
        "{name:sloname} <does not|doesn't> page <or|nor> " + _TICKET,
        "{name:sloname} <does not|doesn't> page and <does not|doesn't> " + _TICKET,
    ),
)
def quiet_now(world: World, name: str) -> None:
    """The SLO's page and ticket alerts are both not firing now."""
    _quiet(world, name, ever=False)


@then(
    "{name:sloname} neither paged nor <opened|raised|filed> a ticket",
    "the SLO neither paged nor opened a ticket",
    "checkout never paged nor opened a ticket",
    variants=(
        "{name:sloname} never paged <or|nor> <opened|raised|filed> a ticket",
        "{name:sloname} <did not|didn't> page <or|nor> " + _TICKET,
        "{name:sloname} has <never|not> paged <or|nor> <opened|raised|filed> a ticket",
    ),
)
def quiet_so_far(world: World, name: str) -> None:
    """Neither the SLO's page alert nor its ticket alert fired so far."""
    _quiet(world, name, ever=True)


def _quiet(world: World, name: str, ever: bool) -> None:
    name = slo_named(world, name)
    find_slo(world, name)
    for severity in ("page", "ticket"):
        firing = _firing(world, severity, name, ever=ever)
        if firing:
            when = "so far" if ever else "now"
            raise world.fail(
                f'the SLO "{name}" quiet {when} (no page, no ticket)',
                f"its {severity} alert {', '.join(firing)} {'fired' if ever else 'fires'}",
            )
