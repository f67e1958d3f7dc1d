"""The one-world story as team leads and incident commanders tell it, read as the phrases
say it: a build described in apposition ("O1, the build of orders v1, is what prod runs"),
a version said before its project ("v2 of orders is built as O2"), a build said by who
made it ("we build storefront v3 as S3"), a promotion nobody approved ("P2 is promoted to
prod but nobody approves it"), a build that rolls out ("O2 rolls out to orders with …"),
every pod of a version failing ("every pod on v2 fails 30% of requests"), automation
"on its own", a page said with whom it woke ("the SLO paged the on-call") and a count said
"1 time".

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and a name the line gives is kept.
"""

from __future__ import annotations

import re

_VERSION = r'(?:v\d[\w.+-]*|\d+(?:\.\d+)+[\w.+-]*|"v?\d[^"]*")'
"""A version said as people write it: v2, v1.4, 2.3.0, "2.4.1-rc1"."""
_NAMED_VERSION = rf"(?:version (?:{_VERSION}|\d+|\"[^\"]+\")|{_VERSION})"
_PROJECT = r'(?:"[^"]+"|(?!version\b)[A-Za-z][\w.-]*)'
_ALIAS = r'(?:(?-i:[A-Z][\w.:-]*\d[\w.:-]*)|"[^"]+")'
"""A build's name as people give one: a capital and a digit (O1, R2, build-B7 quoted)."""


def _bare(version: str) -> str:
    """The version without the word "version" before it."""
    return version[len("version ") :] if version.lower().startswith("version ") else version


_BUILD_NOUN = r"(?:build|artifact|image|release)"
_APPOSED_BUILD = re.compile(
    rf"^(?P<name>{_ALIAS}), (?:the|our|a|an|its|their) "
    rf"(?:{_BUILD_NOUN} of (?P<p1>{_PROJECT})(?: at)? (?P<v1>{_NAMED_VERSION})"
    rf"|(?P<v2>{_NAMED_VERSION}) {_BUILD_NOUN} of (?P<p2>{_PROJECT})"
    rf"|(?P<p3>{_PROJECT}) (?P<v3>{_NAMED_VERSION}) {_BUILD_NOUN}),? (?P<rest>.+)$",
    re.IGNORECASE,
)
"""A build described between commas ("O1, the build of orders v1, is …"): the build of
that project at that version ("O1 of orders version v1 is …")."""


def build_apposition(text: str) -> str | None:
    """TEXT with a build's description said as its project and version, else None."""
    found = _APPOSED_BUILD.match(text)
    if found is None:
        return None
    project = found.group("p1") or found.group("p2") or found.group("p3")
    version = _bare(found.group("v1") or found.group("v2") or found.group("v3"))
    return f"{found.group('name')} of {project} version {version} {found.group('rest')}"


_WHAT_RUNS = re.compile(
    r"\b(?P<verb>is|was) what(?:'s| is)? (?:(?:running|live|deployed) (?:in|on) (?P<e1>[\w-]+)"
    r"|(?P<e2>[\w-]+) (?:runs|is running|ran|was running|serves|is serving))$",
    re.IGNORECASE,
)
"""What an environment runs said as a clause ("O1 is what prod runs"): running there."""

_VERSION_FIRST = re.compile(
    rf"^(?P<v>{_VERSION}) of (?P<p>{_PROJECT}) "
    r"(?=(?:is|was|gets|got|has been)(?: then)? built as )",
    re.IGNORECASE,
)
"""A version said before its project ("v2 of orders is built as O2"): version v2 of orders."""

_WHO_BUILDS = re.compile(
    r"^(?P<who>I|we|the team|someone|somebody|CI|the pipeline) (?P<verb>builds?|built) "
    rf"(?:(?P<p1>{_PROJECT}) (?:at )?(?P<v1>{_NAMED_VERSION})"
    rf"|(?P<v2>{_NAMED_VERSION}) of (?P<p2>{_PROJECT})) (?P<as>as|into) (?P<alias>\S+)$",
    re.IGNORECASE,
)
"""A build said by who made it, with the project's version ("we build storefront v3 as S3",
"the team built checkout version 5.2.0 as R1"): the build of that project at that version."""


def _who_builds(found: re.Match[str]) -> str:
    project = found.group("p1") or found.group("p2")
    version = _bare(found.group("v1") or found.group("v2"))
    return (
        f"{found.group('who')} {found.group('verb')} {project} at version {version} as "
        f"{found.group('alias')}"
    )


_NOBODY_APPROVES = re.compile(
    r",? (?:but|and|yet) (?:(?:nobody|no one|no-one|noone) (?:ever )?(?:approves|approved|has "
    r"approved|signs off on|signed off on|signs off|signed off)(?: (?:it|that|this|them|the "
    r"promotion|the release))?|(?:it )?(?:is|was|gets|got|has been) (?:never|not) approved)$"
    r"|,? without (?:anyone|anybody|someone|somebody) (?:approving|signing off on)"
    r"(?: (?:it|that|them))?$|,? with no approval$|,? without approval$",
    re.IGNORECASE,
)
"""What did not happen after a promotion ("… but nobody approves it"): without an approval."""
_PROMOTED_UNAPPROVED = re.compile(
    r"^(?P<what>\S+) (?:is|gets|got|was) promoted (?:straight |directly |right )?to "
    r"(?P<env>\S+) without an approval$",
    re.IGNORECASE,
)
"""A promotion said in the passive with no approval: the promotion, nothing else done."""

_ROLLS_OUT = re.compile(
    r"^(?P<what>\S+) (?:rolls out|gets rolled out|is being rolled out) to (?P<to>\S+)",
    re.IGNORECASE,
)
"""A build rolling out said as what it does ("O2 rolls out to orders"): I roll it out."""
_ROLL_IT_OUT = re.compile(r"^I roll (?!out\b|back\b)(?P<what>\S+) out\b", re.IGNORECASE)
"""The particle after its object ("I roll it out with …"): I roll out it."""

_EVERY_POD_ON = re.compile(
    r"^(?:every|each|any|all(?: of)?(?: the)?|the) (?:pods?|copies|copy|instances?|replicas?) "
    rf"(?:on|running|at|with|of) (?P<v>{_VERSION}|{_ALIAS}) "
    r"(?P<verb>fails|fail|starts failing|start failing) ",
    re.IGNORECASE,
)
"""Every pod of a version said one by one ("every pod on v2 fails 30% of requests"): the
pods on that version fail that share, each of them."""

_ON_ITS_OWN = re.compile(
    r"\b(?:rolls itself back|rolls back (?:on its own|by itself|all by itself|itself))\b",
    re.IGNORECASE,
)
_BY_ITSELF = re.compile(r"\b(is|gets) rolled back (?:on its own|by itself)\b", re.IGNORECASE)
"""Automation said as the system acting alone ("rolls back on its own"): automatically."""

_PAGED_WHOM = re.compile(
    r"\b(?P<verb>paged|pages|has paged|is paging)(?: (?:the on-call(?: engineer| team)?|on-call|"
    r"the on call|someone|somebody|us|the team|the SRE|whoever is on call|the pager))$",
    re.IGNORECASE,
)
"""A page said with whom it woke ("the SLO paged the on-call"): it paged."""

_ONE_TIME = re.compile(r"\b(?:1|one|a single) time\b", re.IGNORECASE)
"""A count of one said as "1 time": once."""


def story_said(text: str) -> str:
    """TEXT with the story's ways of saying things put as the phrases say them."""
    text = _WHAT_RUNS.sub(lambda m: f"{m.group('verb')} running in {m['e1'] or m['e2']}", text)
    text = _VERSION_FIRST.sub(r"version \g<v> of \g<p> ", text)
    text = _WHO_BUILDS.sub(_who_builds, text)
    text = _NOBODY_APPROVES.sub(" without an approval", text)
    text = _PROMOTED_UNAPPROVED.sub(r"I promote \g<what> to \g<env> without an approval", text)
    text = _ROLLS_OUT.sub(r"I roll out \g<what> to \g<to>", text)
    text = _ROLL_IT_OUT.sub(r"I roll out \g<what>", text)
    every = _EVERY_POD_ON.sub(lambda m: f"pods on {m['v']} {_plural(m['verb'])} ", text)
    if every != text:
        text = re.sub(r" of its requests\b", " of their requests", every)
    text = _BY_ITSELF.sub(r"\1 rolled back automatically", text)
    text = _ON_ITS_OWN.sub("rolls back automatically", text)
    text = _PAGED_WHOM.sub(r"\g<verb>", text)
    return _ONE_TIME.sub("once", text)


def _plural(verb: str) -> str:
    """The verb said of several pods: fail, start failing."""
    return {"fails": "fail", "starts failing": "start failing"}.get(verb.lower(), verb)
