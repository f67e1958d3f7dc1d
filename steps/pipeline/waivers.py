"""Accepted risks: a versioned waiver list, and the calendar the expiry dates are judged on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kubeloop.harness.registry import given, then, when
from kubeloop.harness.world import World
from kubeloop.pipeline import Waiver, WaiverList
from kubeloop.pipeline.waivers import DEFAULT_EPOCH, date_at, seconds_since

from .pipeline_part import scene


def _accept(
    world: World,
    version: int,
    finding: str,
    reason: str,
    until: str | None,
    owner: str | None = None,
) -> None:
    current = scene(world)
    expires_at = None if until is None else seconds_since(current.definition.epoch, until)
    waiver = Waiver(finding, reason, until, expires_at, owner or "the scenario")
    waivers = current.waivers.accept(version, waiver)
    world.capability(current.pipeline, "set_waivers")(waivers)
    current.waivers = waivers


_LISTS = (
    "[the ]<waiver|exception|exceptions|waivers> list [version ]{version:n}",
    "version {version:n} of the <waiver|exception> list",
    "the <waiver|exception> list, version {version:n},",
)
"""The waiver list by its version, as people name it."""
_ACCEPTS = (
    "<accepts|accepted|excuses|excused|excepts|excepted|exempts|exempted|waives|waived|allows|"
    "allowed|covers|covered|ignores|ignored|tolerates|tolerated|permits|permitted|lists|listed>"
)
_UNTIL = (
    "[[,] <until|till|through|expiring|expiring on|that expires on|which expires on|expires|"
    "valid until|good until> {until:date}]"
)
_FOR = "[[,] <for|expiring in|that expires in|which expires in|valid for> {lasting:duration}]"
_OWNER = "[[,] <approved|owned|signed off|granted> by {owner:name}]"


@given(
    "waiver list version {version:n} accepts {finding:name} because {reason:text}"
    "[ until {until:date}][[,] <approved|owned|signed off> by {owner:name}]",
    'waiver list version 3 accepts CVE-2026-1111 because "not reachable"',
    'waiver list version 3 accepts CVE-2026-1111 because "not reachable" until 2027-01-31',
    'waiver list version 12 accepts CVE-2026-30411 because "TLS handled by the mesh sidecar" '
    'until 2026-09-30, approved by "m.okafor"',
    'waiver list version 7 excuses CVE-2026-2231 because "behind a flag" until 2026-02-28',
    "version 4 of the waiver list waived CVE-2026-1111 for 30 days",
    variants=tuple(
        form
        for said in _LISTS
        for form in (
            f"{said} {_ACCEPTS} {{finding:finding}}[ because {{reason:text}}]{_UNTIL}{_FOR}"
            + _OWNER,
            "{finding:finding} is <accepted|excused|excepted|exempted|waived|allowed|ignored> "
            f"<in|by> {said}[ because {{reason:text}}]{_UNTIL}{_FOR}{_OWNER}",
        )
    ),
)
def waiver_accepts(
    world: World,
    version: int,
    finding: str,
    reason: str = "accepted in the waiver list",
    until: str | None = None,
    owner: str | None = None,
    lasting: int | None = None,
) -> None:
    """A waiver: the finding may pass the scan gate, for REASON, up to (not on) the date
    (or for that long from now); OWNER is who approved it (the waiver's source)."""
    if lasting is not None:
        until = date_at(scene(world).definition.epoch, world.clock.now + lasting)
    world.attempt(lambda: _accept(world, version, finding, reason, until, owner))


_WHO = (
    "[<security|the security team|someone|somebody|the team|I|we|the release manager> ]"
    "<grants|grant|adds|add|gives|give|files|file|approves|approve|signs off> "
)
_WAIVER = "<a waiver|an exception|an ignore|a risk acceptance> for {finding:finding}"
_ON = "[ <on|for|in> {alias:artifact}]"
_EXPIRY = (
    "[ <that expires|expiring|which expires|that runs out|valid> <in|for> {lasting:duration}]"
    "[ <that expires on|expiring on|until|which expires on|valid until> {until:date}]"
)


@given(
    _WHO + _WAIVER + _ON + "[ because {reason:text}]" + _EXPIRY,
    "security grants a waiver for CVE-2024-3094 on R3 that expires in 7 days",
    'I add an exception for CVE-2026-1111 because "not reachable" until 2027-01-31',
    variants=(
        "<a waiver|an exception> for {finding:finding}"
        + _ON
        + "[ because {reason:text}]"
        + _EXPIRY,
        "<a waiver|an exception> for {finding:finding}" + _ON + " is <added|granted|filed|"
        "approved|given>[ because {reason:text}]" + _EXPIRY,
        "the waiver list accepts {finding:finding}[ because {reason:text}]" + _EXPIRY,
    ),
)
def grant_waiver(
    world: World,
    finding: str,
    alias: str | None = None,
    reason: str | None = None,
    lasting: int | None = None,
    until: str | None = None,
) -> None:
    """A waiver added to the list as its next version: the finding may pass the scan gate
    until the date (or for that long from now), for REASON (the scenario granted it, if
    none is said). It covers the finding wherever it is found, as a waiver list does."""
    current = scene(world)
    if alias is not None:
        current.digest(world, alias)
    if lasting is not None:
        until = date_at(current.definition.epoch, world.clock.now + lasting)
    version = current.waivers.version + 1
    said = reason or "granted in the scenario"
    world.attempt(lambda: _accept(world, version, finding, said, until))
    world.declared.mentioned["finding"] = finding


_EXPIRED = (
    "<that expired|which expired|expired|that ran out|which ran out|ran out>"
    "[ {ago:ago}][ on {until:date}]"
)


@given(
    "<there was|there is|we had|we have> <a waiver|an exception> for {finding:finding}"
    "[ because {reason:text}] " + _EXPIRED,
    "there was a waiver for CVE-2023-44487 that expired yesterday",
    'the waiver for CVE-2026-21877 "parser not exposed to user input" expired on 2026-03-01',
    "there was an exception for CVE-2026-1111 that expired 3 days ago",
    variants=(
        "the <waiver|exception> for {finding:finding}[ {reason:text}] " + _EXPIRED,
        "<a waiver|an exception> for {finding:finding}[ because {reason:text}] " + _EXPIRED,
    ),
)
def expired_waiver(
    world: World,
    finding: str,
    reason: str | None = None,
    ago: int | None = None,
    until: str | None = None,
) -> None:
    """A waiver of the finding whose expiry has passed (yesterday, N days ago, on a date;
    nothing said: today), added to the list as its next version: it covers nothing now."""
    current = scene(world)
    if until is None:
        until = date_at(current.definition.epoch, world.clock.now - (ago or 0) * 86_400)
    elif seconds_since(current.definition.epoch, until) > world.clock.now:
        today = date_at(current.definition.epoch, world.clock.now)
        raise world.fail(f"an expiry on or before today ({today})", until)
    version = current.waivers.version + 1
    said = reason or "granted in the scenario"
    world.attempt(lambda: _accept(world, version, finding, said, until))
    world.declared.mentioned["finding"] = finding


def _waiver_of(world: World, finding: str | None) -> Waiver:
    """The current waiver of the finding named, or of the one whose waiver was said last."""
    current = scene(world)
    said = finding or world.declared.mentioned.get("finding")
    if said is None:
        ids = [w.id for w in current.waivers.waivers]
        if len(ids) != 1:
            raise world.fail(
                "a waiver named (the waiver for CVE-…)", f"waivers: {', '.join(ids) or 'none'}"
            )
        said = ids[0]
    waiver = current.waivers.find(said)
    if waiver is None:
        listed = ", ".join(w.id for w in current.waivers.waivers) or "none"
        raise world.fail(f"a waiver for {said}", f"waivers: {listed}")
    world.declared.mentioned["finding"] = said
    return waiver


@when(
    "I <renew|extend|prolong> the <waiver|exception>[ for {finding:finding}]"
    "[ <for|by> [another ]{lasting:duration}][ until {until:date}]"
    "[ with the reason {reason:text}]",
    "I renew the waiver for another 30 days",
    'I renew the waiver for CVE-2026-21877 until 2026-06-30 with the reason "not exposed"',
)
def renew_waiver(
    world: World,
    finding: str | None = None,
    lasting: int | None = None,
    until: str | None = None,
    reason: str | None = None,
) -> None:
    """The waiver again, in the list's next version, until the date (or for that long from
    now), for the reason said or its old one."""
    current = scene(world)
    old = _waiver_of(world, finding)
    if lasting is not None:
        until = date_at(current.definition.epoch, world.clock.now + lasting)
    if until is None:
        raise world.fail(
            "how long the renewal lasts (for another 30 days, until 2027-01-31)", "none"
        )
    version = current.waivers.version + 1
    world.attempt(
        lambda: _accept(world, version, old.id, reason or old.reason, until, old.source or None)
    )


@when(
    "I <revoke|withdraw|remove|delete|drop> the <waiver|exception>[ for {finding:finding}]",
    "I revoke the waiver for CVE-2024-3094",
)
def revoke_waiver(world: World, finding: str | None = None) -> None:
    """The list's next version without the waiver: the finding blocks again."""
    current = scene(world)
    old = _waiver_of(world, finding)
    kept = tuple(w for w in current.waivers.waivers if w.id != old.id)

    def revoke() -> None:
        waivers = WaiverList(current.waivers.version + 1, kept)
        world.capability(current.pipeline, "set_waivers")(waivers)
        current.waivers = waivers

    world.attempt(revoke)


@then(
    "the <waiver|exception> for {finding:finding} <has expired|is expired|expired|is no longer "
    "valid|is no longer active|has run out|ran out|no longer applies|does not apply anymore>",
    "the waiver for CVE-2024-3094 is no longer valid",
)
def waiver_expired(world: World, finding: str) -> None:
    """The current list's waiver of the finding has passed its expiry date."""
    waiver = _waiver_of(world, finding)
    if waiver.active(world.clock.now):
        raise world.fail(f"the waiver for {finding} expired", f"it runs until {waiver.expires}")


@then(
    "the <waiver|exception> for {finding:finding} is [still ]<valid|active|in force>",
    "the waiver for CVE-2024-3094 is still valid",
)
def waiver_valid(world: World, finding: str) -> None:
    """The current list has a waiver of the finding that has not expired."""
    waiver = _waiver_of(world, finding)
    if not waiver.active(world.clock.now):
        raise world.fail(f"the waiver for {finding} valid", f"it expired on {waiver.expires}")


def _load(world: World, path: str, version: int | None) -> None:
    from kubeloop.fixtures.pipeline_waivers import read_waivers  # noqa: PLC0415

    current = scene(world)
    waivers: WaiverList = read_waivers(world.resolve(path), current.definition.epoch, version)
    world.capability(current.pipeline, "set_waivers")(waivers)
    current.waivers = waivers


@given("the waiver list {path:text}", 'the waiver list "waivers.yaml"')
def the_waiver_list(world: World, path: str) -> None:
    """Replace the waivers with a versioned list file: kubeloop's YAML, or an OpenVEX document."""
    world.attempt(lambda: _load(world, path, None))


@given(
    "waiver list version {version:n} from {path:text}",
    'waiver list version 4 from ".trivyignore"',
)
def waiver_list_from(world: World, version: int, path: str) -> None:
    """Replace the waivers with a file's at VERSION (.trivyignore carries no version itself)."""
    world.attempt(lambda: _load(world, path, version))


def _set_date(world: World, date: str) -> None:
    current = scene(world)
    target = seconds_since(current.definition.epoch, date)
    now = world.clock.now
    if target < now:
        raise world.fail(
            f"a date on or after {date_at(current.definition.epoch, now)} (time only moves on)",
            date,
        )
    world.advance(target - now)


@given("today is {date:date}", "today is 2027-01-30")
def today_is(world: World, date: str) -> None:
    """Move the logical clock to 00:00 UTC of DATE (it starts at the pipeline's epoch)."""
    _set_date(world, date)


@when("the date becomes {date:date}", "the date becomes 2027-01-31")
def the_date_becomes(world: World, date: str) -> None:
    """Time passes until 00:00 UTC of DATE."""
    _set_date(world, date)


def _check_waivers(source: str | Path, _: str, arguments: dict[str, Any]) -> object:
    """What ``kubeloop check`` reads of a waiver file, judged at the default epoch (the
    pipeline's own epoch is known only once the scenario runs)."""
    from kubeloop.fixtures.pipeline_waivers import read_waivers  # noqa: PLC0415

    assert isinstance(source, Path)
    version = arguments.get("version")
    return read_waivers(source, DEFAULT_EPOCH, None if version is None else int(version))


the_waiver_list.fixture_argument = "path"  # type: ignore[attr-defined]
the_waiver_list.fixture_reader = _check_waivers  # type: ignore[attr-defined]
waiver_list_from.fixture_argument = "path"  # type: ignore[attr-defined]
waiver_list_from.fixture_reader = _check_waivers  # type: ignore[attr-defined]
