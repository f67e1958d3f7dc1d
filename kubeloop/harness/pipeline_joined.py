"""More of the pipeline as people say it, put as the phrases say it: a manifest declared and
built in one line ("a manifest "checkout" version "2.6.0" built as K1 that passed every
gate"), an environment said to run a project's version under a name ("prod runs checkout
version "2.6.0" as K1"), a scan said with a gerund ("scanning P2 turns up CVE-…"), the run
stopping at the scan "because of" a finding, a promotion straight to an environment
("directly to prod, skipping dev and staging": the promotion straight there, which the
engine refuses), the digest an environment runs compared with a
build's, the audit trail "mentioning" someone approving a build, and a promotion with
its approval in one line ("… and Dana approved it").

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept. pipeline_readings
calls ``joined`` after ``release_moves_said.moves_said``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from kubeloop.harness.needed_words import Chain, Screened, screened
from kubeloop.harness.pipeline_restated import ALIAS, ENV

_PROJECT = r"(?:\"[^\"]+\"|[a-z][\w-]*)"
"""A project as people name one: quoted, or a lower-case word ("checkout")."""

_VERSION = r"(?:\"[^\"]+\"|v?\d[\w.-]*)"

_EVERY_GATE = r"(?:every gate|all (?:of )?(?:its |the |their )?gates|all gates)"

_MANIFEST_BUILT = screened(
    rf"^(?:a|the) (?:new )?manifest (?P<project>{_PROJECT}) (?:at )?version (?P<version>"
    rf"{_VERSION}),? (?:is |was |gets |got |has been )?built as (?P<alias>{ALIAS})"
    rf"(?:,? (?:that|which|and) (?:passed|passes|has passed) (?P<gates>{_EVERY_GATE}))?$",
    re.IGNORECASE,
)
"""A manifest declared and built in one line, perhaps having passed every gate: that
project's version built as ALIAS (the phrase declares the manifest as it builds it)."""

_ENV_RUNS_AS = screened(
    rf"^(?P<env>{ENV}) (?:runs|is running|is on) (?P<project>{_PROJECT}) (?:at )?version "
    rf"(?P<version>{_VERSION}) as (?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""An environment running a project's version under a name ("prod runs checkout version
"2.6.0" as K1"): that version built as ALIAS and running there."""

_SCANNING = screened(
    rf"^(?:scanning|a scan of|the scanner on|the scanner run on) (?P<alias>{ALIAS}) "
    r"(?P<verb>turns up|turned up|finds|found|reports|reported)\b",
    re.IGNORECASE,
)
"""A scan said with a gerund ("scanning P2 turns up CVE-…"): the scan of that build."""

_STOPS_AT_SCAN = screened(
    rf"^the (?P<what>pipeline|run|release)(?P<of> (?:for|of) {ALIAS})? (?:stops|stopped|fails|"
    r"failed|halts|halted|is stopped|was stopped|is blocked|was blocked|is held|was held) at "
    r"the (?:security |vulnerability )?scan(?: gate| step| stage| check)? (?:because of|due to|"
    r"on|over|on account of) (?P<finding>CVE-\d{4}-\d+)$",
    re.IGNORECASE,
)
"""The run stopping at the scan because of a finding: it is blocked by that finding (the
phrase checks both the gate it stopped at and the finding that blocked it)."""

_DIRECTLY = screened(
    rf"^I (?P<verb>promote|deploy) (?P<alias>{ALIAS}) (?P<how>directly|straight|right) to "
    rf"(?P<env>{ENV}),? (?:skipping|bypassing|and skip|and bypass) {ENV}(?:(?:,| and|, and) "
    rf"{ENV})*$",
    re.IGNORECASE,
)
"""A promotion straight to an environment, the environments it skips named: the promotion
straight there, nothing done first (the engine refuses one that skips an environment)."""

_DIGEST_IN = screened(
    rf"^the digest (?:running|deployed|live|that runs|that is running)? ?(?:in|on|of|to) "
    rf"(?P<env>{ENV}) (?:is|matches|equals) the digest of (?P<alias>{ALIAS})$",
    re.IGNORECASE,
)
"""The digest an environment runs said to be a build's: it runs that build's digest."""

_AUDIT_MENTIONS = screened(
    r"^the audit (?P<where>log|trail) (?:mentions|shows|records|has|lists|contains) "
    rf"(?P<who>(?-i:[A-Z][\w.-]*)|\"[^\"]+\") (?:approving|signing off on|signing off) "
    rf"(?P<alias>{ALIAS}) (?:for|into|to) (?P<env>{ENV})$",
    re.IGNORECASE,
)
"""The audit trail "mentioning" someone approving a build for an environment: it records
that they approved it there."""


_PERSON = r"(?:(?-i:[A-Z][a-z][\w.-]*)|\"[^\"]+\")"
"""A person as people name one: Dana, or quoted; never a build's name (a capital and a digit)."""

_AND_APPROVED = screened(
    rf"^(?P<head>(?P<alias>{ALIAS}) (?:was|got|has been|is) (?:promoted|deployed|released|"
    rf"shipped) (?:all the way )?(?:to|through) .+?),? and (?P<who>{_PERSON}) (?:approved|"
    rf"signed off on) (?:it|(?P=alias))(?: for (?P<env>{ENV}))?$",
)
"""A promotion with its approval in one line ("K1 was promoted to dev, staging and prod and
Dana approved it"): promoted, then approved by that person (the audit log names them)."""


def _approved(found: re.Match[str]) -> str:
    where = f" for {found['env']}" if found["env"] else ""
    return f"{found['head']} and approved{where} by {found['who']}"


def _built(found: re.Match[str]) -> str:
    passed = " and passed every gate" if found["gates"] else ""
    return f"{found['project']} version {found['version']} was built as {found['alias']}{passed}"


_RULES: list[tuple[Screened, str | Callable[[re.Match[str]], str]]] = [
    (_MANIFEST_BUILT, _built),
    (_ENV_RUNS_AS, r"\g<project> version \g<version> is built as \g<alias> and runs in \g<env>"),
    (_SCANNING, r"the scan of \g<alias> \g<verb>"),
    (_STOPS_AT_SCAN, lambda m: f"the pipeline{m['of'] or ''} is blocked by {m['finding']}"),
    (_DIRECTLY, r"I \g<verb> \g<alias> \g<how> to \g<env>"),
    (_DIGEST_IN, r"\g<env> is on the digest of \g<alias>"),
    (_AND_APPROVED, _approved),
    (_AUDIT_MENTIONS, r"the audit \g<where> shows that \g<who> approved \g<alias> for \g<env>"),
]
_CHAIN = Chain(_RULES)
"""The rules in turn, none asked of a text that holds none of their words."""


@lru_cache(maxsize=4096)
def joined(text: str) -> str:
    """TEXT with each of these ways of saying things put as the phrases say them (kept: a
    line is read again many times while it is matched and suggested for)."""
    return _CHAIN.apply(text)
