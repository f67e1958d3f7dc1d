"""The pipeline's phrases varied along an axis, put on the value the phrases take: the
preposition between a suite and its build ("unit tests on C3 passed" as "of C3"), what a
block says it names (", naming X", "and names X", "and says X") as its reason, missing
evidence said as never uploaded ("no scan report was uploaded for C5"), the preposition
before an environment a build is promoted to ("through to", "all the way into", "up to"),
who approved a build said as the one who acts ("and Dana approved it all the way into
prod"), a build's making said in another tense or as a participle ("has been built",
", built as R1,"), a version built and moved in one list, a build tagged as it is made,
and any verb that moves a signature from one build to another ("I put C7's signature on").

Each rule rewrites words, never meaning: the rewritten line must still match exactly one
phrase (``grammar.with_readings``), and every name and value the line gives is kept.
"""

from __future__ import annotations

import re

from kubeloop.harness.needed_words import Chain, screened

_ALIAS = r"(?-i:[A-Z][\w.:-]*)|\"[^\"]+\""
_ENV = r"(?:prod|production|staging|dev|qa|uat|preprod|canary)\b"
_FINDING = r"(?:CVE|GHSA)-[\w-]+"

_SUITE_ON = screened(
    rf"^(?:the )?(?P<kind>unit|integration) tests (?P<prep>on|for|against|in|of) "
    rf"(?P<alias>{_ALIAS}) (?P<verb>pass|passes|passed|fail|fails|failed)\b",
    re.IGNORECASE,
)
"""A suite and its build joined by any preposition ("unit tests on C3 passed"): "of"."""
_TAKEN = ("on", "of")
"""The prepositions the phrases take in the present tense already: such a line is kept."""

_NAMING = screened(
    r"^(?P<block>.+?\b(?:blocks|blocked|fails|failed|stops|stopped|halts|halted)\b.*?)"
    r"(?:,? and (?:names|named|cites|cited|reports|reported|mentions|mentioned|says|said|flags"
    r"|flagged|lists|listed)|, (?:naming|citing|reporting|mentioning|saying|flagging|listing)"
    r"|,? (?:with|giving) (?:the )?reason)"
    r"(?: that)? (?P<what>.+)$",
    re.IGNORECASE,
)
"""A block followed by what it names, in any of the ways a writer joins them."""

_FOUND = screened(rf"^(?P<id>{_FINDING})$", re.IGNORECASE)
"""A finding named by its id."""

_MISSING = screened(
    r"^(?:the )?(?:(?P<gate>scan|unit test|integration test|coverage) )?(?:evidence|results?"
    r"|reports?) (?:is|are|was|were) (?:missing|absent|not there)$",
    re.IGNORECASE,
)
"""Evidence said missing, with or without the gate it is for."""

_NOT_UPLOADED = screened(
    rf"^no (?P<what>scan|coverage|unit test|integration test) (?P<noun>report|result)s? "
    r"(?:was|were|has been|have been|is|are|got) (?:ever )?(?:uploaded|recorded|attached"
    rf"|published|produced|submitted|filed|stored|sent) (?:for|of|on|to) (?P<alias>{_ALIAS})$",
    re.IGNORECASE,
)
"""Missing evidence said as never uploaded ("no scan report was uploaded for C5")."""


_THROUGH = screened(
    r"\b(?P<verb>promoted|promotes|promote|approved it|approves it|approve it)"
    rf" (?:all the way into|all the way through to|right through to|through to|through into)"
    rf" (?={_ENV})",
    re.IGNORECASE,
)
"""A promotion through each environment to the last, however said: "all the way to"."""
_ONTO = screened(
    rf"\b(?P<verb>promoted|promotes|promote|approved it) (?:into|on to|onto|up to|up into)"
    rf" (?={_ENV})",
    re.IGNORECASE,
)
"""A promotion to one environment, however said: "to"."""
_WHO_APPROVED = screened(
    rf"^(?P<head>(?:{_ALIAS}) .+?),? and (?P<who>(?-i:[A-Z][a-z]+))"
    r" (?:approved it|approved its promotion|signed off on it|signed off on its promotion)"
    rf" (?P<where>(?:all the way )?to {_ENV})$",
    re.IGNORECASE,
)
"""Who approved a build said as the one who acts ("and Dana approved it all the way to
prod", "and Dana approved its promotion to prod"): it was approved by them and promoted
there (never "I" approving a promotion of Dana)."""
_HAS_BEEN_BUILT = screened(r"\b(?:has been|had been|got) built(?=,| as )", re.IGNORECASE)
"""A build's making said in the perfect ("v1 of storefront has been built, ..."): "was"."""
_BUILT_AS = screened(
    rf"^(?P<subject>[^,]+), built as (?P<alias>{_ALIAS}), (?P<rest>.+)$", re.IGNORECASE
)
"""A build's making said as a participle between commas ("version 4.2.0 of orders, built as
R1, passed every gate"): it was built as that alias, then the rest."""


_VERSION_BUILT = screened(
    r"^(?P<version>v\d[\w.-]*) (?:(?P<is>is|gets)|was|got|has been)"
    r" built(?:,| and) (?P<rest>.+)$",
    re.IGNORECASE,
)
"""A version built and then moved ("v2 is built, signed, approved and promoted"): the moves
of that version (the facts phrase builds a version no build is bound to yet)."""
_PARTICIPLE = screened(
    r"^(?:signed|approved|promoted|deployed|tagged|scanned|tested|released|shipped|pushed"
    r"|verified|rolled)\b",
    re.IGNORECASE,
)
"""A move said as a participle ("signed", "approved"), never a verb of its own ("passed
every gate")."""


_BUILT_AND_TAGGED = screened(
    rf"^(?P<head>.+? (?:is|was|gets|got) built as (?P<alias>{_ALIAS}))(?:,| and)(?: then)?"
    r" (?:is |was |gets |got )?tagged (?:as |with )?(?P<tag>\"[^\"]+\"|\S+)$",
    re.IGNORECASE,
)
"""A build tagged in the same breath as it is made ("commit 3fa91c2 is built as C1 and
tagged v2.4.0"): it is built, then tagged."""


_PUT_SIGNATURE = screened(
    rf"^I (?:put|place|stick|graft|transplant|reuse|slap) (?P<what>the signature of (?:{_ALIAS})"
    rf"|(?:{_ALIAS})'s signature) (?:on|onto|on to|to) (?=(?:{_ALIAS})\b)",
    re.IGNORECASE,
)
"""A signature moved from one build to another with any verb ("I put C7's signature on
C8"): it is copied onto the other."""


def _version_moved(found: re.Match[str]) -> str:
    rest = found["rest"]
    if not _PARTICIPLE.match(rest):  # "v2 is built, passes its gates": v2 passes them
        return f"{found['version']} {rest}"
    return f"{found['version']} {'is' if found['is'] else 'was'} {rest}"


def _suite(found: re.Match[str]) -> str:
    if found["prep"].lower() in _TAKEN and not found["verb"].lower().endswith("ed"):
        return found.group(0)
    return f"the {found['kind']} tests of {found['alias']} {found['verb']}"


def _named(found: re.Match[str]) -> str:
    block, what = found["block"], found["what"]
    if _FOUND.match(what):
        return f"{block} on {what}"
    missing = _MISSING.match(what)
    if missing is None:
        return found.group(0)
    gate = missing["gate"]
    if gate and not re.search(r"\bat\b", block, re.IGNORECASE):
        block = f"{block} at the {gate} gate"
    return f"{block} because the evidence is missing"


_BEFORE_APPROVAL = Chain(
    [
        (_SUITE_ON, _suite),
        (_NOT_UPLOADED, r"there is no \g<what> \g<noun> for \g<alias>"),
        (_NAMING, _named),
        (_THROUGH, r"\g<verb> all the way to "),
        (_ONTO, r"\g<verb> to "),
    ],
    count=1,
)
"""The axes read before who approved, in turn, each at its first place."""
_AFTER_APPROVAL = Chain(
    [
        (_PUT_SIGNATURE, r"I copy \g<what> onto "),
        (_BUILT_AND_TAGGED, r"\g<head> and I tag \g<alias> as \g<tag>"),
        (_VERSION_BUILT, _version_moved),
        (_HAS_BEEN_BUILT, "was built"),
        (_BUILT_AS, r"\g<subject> was built as \g<alias>, \g<rest>"),
    ],
    count=1,
)
"""The axes read after who approved, in turn, each at its first place."""


def axes(text: str) -> str:
    """TEXT with each axis a writer varies put on the value the phrases take."""
    text = _BEFORE_APPROVAL.apply(text)
    text = _WHO_APPROVED.sub(r"\g<head> and was approved by \g<who> and promoted \g<where>", text)
    return _AFTER_APPROVAL.apply(text)
