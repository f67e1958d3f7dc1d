"""Lab 02's nouns as release engineers say them: a commit, a gate by any of its names, a
finding's severity, and the facts a Given states about an artifact in one breath.

"commit 9e1f0aa", "the unit test gate", "the vulnerability scan", "the coverage check",
"R4 is built from commit 1234abc, tested with 95% coverage and scanned clean", "R6 passed
all gates and was signed", "R5 is signed and running in prod": each is one parameter type,
so every phrase about a commit, a gate or an artifact's history reads all of them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubeloop.harness.first_use import Clauses, Later
from kubeloop.harness.nouns import NAME, _strip_groups, unquote
from kubeloop.harness.params import TYPES, ParamType

COMMIT = r'"[0-9a-f]{7,40}"|[0-9a-f]{7,40}(?![\w.-])'
"""A commit id as git prints it: 7 to 40 lowercase hex digits, bare or quoted."""

GATES = {
    "unit": ("unit", "unit test", "unit tests", "unit-test", "tests", "test", "coverage"),
    "scan": (
        "scan",
        "vulnerability",
        "vulnerability scan",
        "vulnerabilities",
        "security",
        "security scan",
        "cve",
        "cve scan",
        "trivy",
        "image scan",
    ),
    "integration": ("integration", "integration test", "integration tests", "e2e"),
    "sign": ("sign", "signing", "signature"),
}
"""Each gate of the ladder and the names people give it ("the coverage gate" is the unit
gate: coverage is judged there, with the unit tests)."""
_CANONICAL = {word: gate for gate, words in GATES.items() for word in words}
_SYNONYM = "|".join(sorted(_CANONICAL, key=len, reverse=True)).replace(" ", " +")
_KIND = r"(?:gate|stage|step|check|job)"
_GATE = Later(
    rf'(?:the )?"(?P<g4>[A-Za-z][A-Za-z0-9 -]*)"(?: {_KIND})?'
    rf"|(?:the )?{_KIND} (?P<g1>[A-Za-z][A-Za-z0-9-]*)"
    rf"|(?P<it>(?:the|that|this) {_KIND})"
    rf"|(?:the )?(?!(?:every|each|all|any|no|a|an|one|which|the|that|this)\b)"
    rf"(?P<g2>{_SYNONYM}|[A-Za-z][A-Za-z0-9-]*) {_KIND}"
    rf"|(?:the )?(?P<g3>{_SYNONYM})",
    re.IGNORECASE,
)


FINDING = r"(?:CVE|GHSA|GO|PYSEC|RUSTSEC|OSV)-[A-Za-z0-9-]+"
"""A vulnerability id as scanners print it."""

_SOURCE = re.compile(
    r"(?:(?:an? |the )?(?:image|build|artifact) from )?"
    rf"(?:that commit|the commit|this commit|it|commit (?P<commit>{COMMIT}))",
    re.IGNORECASE,
)


def _sequence(text: str) -> tuple[str, ...]:
    """Names in the order said ("B4, B5 and then B4")."""
    return tuple(unquote(n) for n in re.split(_ENV_SEP, text, flags=re.IGNORECASE))


_RELEASE = r'(?:"v?\d[\w.+-]*"|v?\d+(?:\.\d+)+(?:[-+][\w.-]+)?)'
"""A version said as a number in a list of them: 4.3.0, "2.0", v1.2.3-rc1."""

_AGO = re.compile(
    r"(?P<yesterday>yesterday)|(?P<week>last week)|(?P<n>\d+|a|an|one|two|three|four|five|six|"
    r"seven) (?P<unit>days?|weeks?) ago",
    re.IGNORECASE,
)
_SMALL = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
}


def _ago(text: str) -> int:
    """How many days ago: yesterday (1), last week (7), 3 days ago, two weeks ago."""
    found = _AGO.fullmatch(text)
    assert found is not None
    if found.group("yesterday"):
        return 1
    if found.group("week"):
        return 7
    count = found.group("n").lower()
    days = int(count) if count.isdigit() else _SMALL[count]
    return days * (7 if found.group("unit").lower().startswith("week") else 1)


def _source(text: str) -> str:
    """The commit named, or "" for the one said last ("that commit", "it")."""
    found = _SOURCE.fullmatch(text)
    assert found is not None
    return unquote(found.group("commit") or "")


def gate_name(text: str) -> str:
    """A gate's canonical name from any name people give it (others kept as written)."""
    lowered = " ".join(text.lower().split())
    return _CANONICAL.get(lowered, text)


def _gate(text: str) -> str:
    found = _GATE.fullmatch(text)
    assert found is not None
    if found.group("it"):
        return ""
    return gate_name(next(g for g in found.group("g1", "g2", "g3", "g4") if g is not None))


_ONE_GATE = rf"(?:{_SYNONYM}|[A-Za-z][A-Za-z0-9-]*)"
_GATE_LIST = Later(
    rf"(?:the |both )?(?P<list>{_ONE_GATE}(?:, {_ONE_GATE})*,? and {_ONE_GATE}) "
    r"(?:gates|stages|steps|checks|jobs)",
    re.IGNORECASE,
)


def _gates(text: str) -> tuple[str, ...]:
    found = _GATE_LIST.fullmatch(text)
    assert found is not None
    said = re.split(r",? and |, ", found.group("list"), flags=re.IGNORECASE)
    return tuple(dict.fromkeys(gate_name(g) for g in said))


class Fact(NamedTuple):
    """One thing a Given says happened to an artifact, in the order it says it."""

    kind: str
    """commit, tested (unit and integration tests), unit tested, scanned, gates, signed,
    signed by (a key; extra: "trusted" or "untrusted" when said), unsigned, promoted (held
    where approval is needed), running (approved where needed), rolled out (to an
    environment or a deployment, as the world knows the name; extra: "quoted" when said in
    quotes), approved (value None: wherever approval is needed; extra: who approved, when said)"""
    value: str | float | None = None
    extra: str | None = None


_VERB = (
    r"(?:(?:that |which |and |but )?(?:(?:is|was|are|were|gets|got|has|had|have|"
    r"(?:has|had|have)(?: already| both| all| also| just)? been|then|that was|and was)"
    r"(?: already| both| all| also| just| only| still)? )?(?:already )?)"
)
"""The verb before a fact, with the adverbs that change nothing ("is already in staging",
"have both been promoted", "is only promoted to dev"); "never" and "not" belong to the facts
that mean them."""
_NOT_A_FACT = (
    r"(?!(?:signed|unsigned|tested|scanned|approved|promoted|deployed|released|shipped|running|"
    r"serving|live|ran|run|passed|passes|passing|clears|cleared|built|from|with|is|was|gets|"
    r"got|goes|went|gone|moved|moves|made|rolled|rolls|reached|landed|and|then|but|last|never|"
    r"are|were|not|nobody)\b)"
)
"""A word that begins a fact is never an environment's name, so an environment list ends
where the next fact begins ("promoted to dev and staging and went live in prod"); nor is a
name followed by its own verb ("live in prod and R2 is in staging": R2 is a subject)."""
_ONE_ENV = (
    f"{_NOT_A_FACT}(?:{NAME})"
    r"(?! (?:is|was|are|were|has|had|runs|ran|gets|got|goes|went|passed|passes|cleared|clears|"
    r"failed|fails)\b)"
)
_ENV_SEP = r",? and then |,? then |,? and |, "
_ENV = f"(?P<env>{_ONE_ENV}(?:(?:{_ENV_SEP}){_ONE_ENV})*)"
_KEY = (
    rf"(?:(?:the |an? )?(?:(?P<trust>untrusted|trusted) )?(?:signing )?key (?P<key>{NAME})"
    r'|(?P<qkey>"[^"]+"))'
)
_WHO = r'(?-i:[A-Z][a-z][\w.-]*)|"[^"]+"'
"""Who approved, said after "approved by": a person's name (Dana) or a quoted one; never a
build's name (a capital and a digit)."""
_FACTS: list[tuple[str, str]] = [
    (rf"(?:built )?from commit (?P<commit>{COMMIT})(?: of (?P<project>{NAME}))?", "commit"),
    (
        r"(?:tested|passes its tests|passed its tests|with tests passing|its tests pass) with "
        r"(?P<cov>\d+(?:\.\d+)?)% coverage",
        "tested",
    ),
    (
        r"(?:passes|passed) (?:all )?its unit tests (?:with|at) "
        r"(?P<ucov>\d+(?:\.\d+)?)% coverage",
        "unit tested",
    ),
    (r"(?:scanned clean|with a clean scan|a clean scan|clean on the scan)", "scanned"),
    (
        r"(?:passes|passed|passing|went through|goes through|clears|cleared) "
        r"(?:all |every )?(?:of )?(?:its |the )?(?:gates?|checks|stages)"
        r"|(?:passes|passed|passing|cleared|clears) everything"
        r"|(?:passes|passed|passing|cleared|clears|went through|goes through) (?:CI|the "
        r"pipeline|its pipeline|the gate ladder|the ladder)"
        r"|(?:(?:went|goes|turned|came back|comes back) )?green"
        r"|with (?:all|every) (?:of )?(?:its |the )?(?:gates?|checks|stages) "
        r"(?:green|passed|passing)",
        "gates",
    ),
    (rf"signed (?:with|by) {_KEY}", "signed by"),
    (
        r"(?:not been signed|never been signed|never signed|not signed|left unsigned|unsigned|"
        r"that nobody signed|nobody signed|isn't signed|wasn't signed|hasn't been signed)",
        "unsigned",
    ),
    (r"signed", "signed"),
    (
        rf"(?:(?:promoted|deployed|released|shipped|pushed)(?: all the way)? (?:to|through)|"
        rf"(?:went|goes|gone|moved|moves|made it|makes it|got|gets) through) {_ENV}"
        r"(?:,? with (?:an |the |its |every |each )?(?:approvals?|sign-offs?)(?: for prod"
        r"| for production| where needed)?|,? and approved)",
        "running",
    ),
    (
        rf"(?:(?:promoted|deployed|released|shipped) and approved(?: all the way)?|approved all "
        rf"the way) (?:to|through|into) {_ENV}",
        "running",
    ),
    (rf"approved all the way (?:to|through|into|up to) {_ENV}", "running"),
    (
        rf"(?:(?:promoted|deployed|released|shipped|pushed)(?: all the way)? (?:to|through)|"
        rf"(?:went|goes|gone|passed|moved|moves|made it|makes it|got|gets) through) {_ENV}"
        r"(?:,? (?:but )?without (?:an |any |the )?(?:approvals?|sign-offs?))?",
        "promoted",
    ),
    (rf"(?:went|goes|gone|moved|moves) through {_ENV}", "promoted"),
    (rf"(?:rolled|rolls) out (?:to|in|into) {_ENV}", "rolled out"),
    (
        r"(?:(?:(?:running|live|deployed|serving|ran|run|runs) )?in|(?:approved|promoted and "
        r"approved) into|(?:made it|got|went live|goes live|went|goes|gone) "
        rf"(?:to|in|into)|reached|landed in) {_ENV}"
        r"(?: with (?:an |the |its )?approvals?)?",
        "running",
    ),
    (rf"approved(?: for {_ENV})? by (?P<who>{_WHO})", "approved by"),
    (rf"approved(?: for {_ENV})?", "approved"),
]
_SEP = r"(?:,? and |,? but |, | )"
_ONE = "|".join(f"(?:{_strip_groups(regex)})" for regex, _ in _FACTS)
FACTS = rf"(?:{_SEP}{_VERB}(?:{_ONE}))+"
_REST = f"(?=(?:{_SEP}{_VERB}(?:{_ONE}))*\\Z)"
"""A clause ends only where the rest reads as facts: "promoted to staging and rolled out to
web" is not read as a promotion to "staging and rolled" although the list is greedy."""
_CLAUSES = Clauses(f"{_SEP}{_VERB}", [regex for regex, _ in _FACTS], _REST)
_KINDS = [kind for _, kind in _FACTS]


def _quoted(name: str) -> str | None:
    """Whether a place was said in quotes (then a deployment, where it could be either)."""
    return "quoted" if name.startswith('"') else None


def _facts(text: str) -> tuple[Fact, ...]:
    """Each fact in the order said (a clause read so that the rest still reads)."""
    found: list[Fact] = []
    position = 0
    while position < len(text):
        read = _CLAUSES.first(text, position)
        if read is None:  # the whole regex matched, so some clause always does
            raise ValueError(f"cannot read the facts {text[position:]!r}")
        kind, match = _KINDS[read[0]], read[1]
        groups = match.groupdict()
        if kind == "commit":
            project = groups.get("project")
            found.append(Fact(kind, unquote(groups["commit"]), project and unquote(project)))
        elif kind == "tested":
            found.append(Fact(kind, float(groups["cov"])))
        elif kind == "unit tested":
            found.append(Fact(kind, float(groups["ucov"])))
        elif kind == "signed by":
            key = unquote(groups["key"] or groups["qkey"])
            found.append(Fact(kind, key, (groups.get("trust") or "").lower() or None))
        elif kind == "approved by":
            said = groups.get("env")
            places = re.split(_ENV_SEP, said, flags=re.IGNORECASE) if said else [None]
            who = unquote(groups["who"])
            found.extend(Fact("approved", p and unquote(p), who) for p in places)
        elif groups.get("env") is not None:
            envs = re.split(_ENV_SEP, groups["env"], flags=re.IGNORECASE)
            found.extend(
                Fact(kind, unquote(env), _quoted(env) if kind == "rolled out" else None)
                for env in envs
            )
        else:
            found.append(Fact(kind))
        position = match.end()
    return tuple(found)


TYPES.update(
    {
        "commit": ParamType(COMMIT, unquote, "a commit id, 7 to 40 hex digits: 9e1f0aa"),
        "gate": ParamType(
            _strip_groups(_GATE.pattern),
            _gate,
            "a gate by any of its names (the gate: the one said last, else the one that "
            "blocked): gate scan, the scan gate, the vulnerability scan, the "
            "unit test gate (coverage: the unit gate), the integration stage, the signing step",
        ),
        "sequence": ParamType(
            f"{NAME}(?:(?:{_ENV_SEP}){NAME})*",
            _sequence,
            "names in order: B4, B5, B4 or R1 then R3 or B4 and then B5",
        ),
        "several": ParamType(
            f"{NAME}(?:, {NAME})*,? and (?:then )?{NAME}",
            _sequence,
            "two names or more, in the order said: dev and staging, dev, staging and prod, S1 "
            "and then S2",
        ),
        "movement": ParamType(
            r"be promoted|be deployed|move on|move|go|get|be released|be shipped|make it",
            lambda text: "deploy" if "deploy" in text.lower() else "promote",
            "how an artifact reaches an environment: be promoted, move on, go (promote); "
            "be deployed (deploy)",
        ),
        "imageref": ParamType(
            r'"[^"]+"|[A-Za-z0-9][-A-Za-z0-9._/]*(?::[A-Za-z0-9_][-A-Za-z0-9._]*)?',
            unquote,
            'an image reference or a tag: checkout:2.4.0, "checkout:2.4.0", latest',
        ),
        "ago": ParamType(
            _strip_groups(_AGO.pattern),
            _ago,
            "a day in the past: yesterday, last week, 3 days ago, two weeks ago",
        ),
        "source": ParamType(
            _strip_groups(_SOURCE.pattern),
            _source,
            "a commit to build: commit 9e1f0aa, that commit (or it: the one said last), an "
            "image from that commit",
        ),
        "gates": ParamType(
            _strip_groups(_GATE_LIST.pattern),
            _gates,
            "two gates or more: the scan and integration gates, the unit, scan and sign stages",
        ),
        "theirfacts": ParamType(
            rf"(?! (?:have|had)\b){FACTS}",
            _facts,
            'what happened to each of several artifacts, as facts says it ("have been promoted '
            "to prod\" is has_run's: each ran there): passed every gate, were approved for prod",
        ),
        "facts": ParamType(
            FACTS,
            _facts,
            "what happened to an artifact, in order: built from commit 1234abc, tested with "
            "95% coverage, scanned clean, passed all its gates (or: with all gates green), "
            'signed (or: signed with key "release", was never signed), promoted to dev and '
            "staging (or: all the way to prod), running in prod (or: ran in dev, staging and "
            "prod; is already in staging), approved for prod (or: approved, approved by Dana); "
            "joined by commas, and, but",
        ),
        "releases": ParamType(
            rf"{_RELEASE}(?:(?:,? and |, ){_RELEASE})+",
            lambda text: tuple(unquote(v) for v in re.split(r",? and |, ", text)),
            'two versions or more, in order: 4.3.0 and 4.3.1, "2.0", "2.1" and "2.2"',
        ),
        "signedness": ParamType(
            r"signed|unsigned", str.lower, "whether an artifact is signed: signed, unsigned"
        ),
        "severity": ParamType(
            r"critical|high|medium|low|unknown",
            str.upper,
            "a finding's severity: critical, high, medium, low; any case",
        ),
        "finding": ParamType(
            FINDING,
            str,
            "a vulnerability id: CVE-2024-3094, GHSA-xxxx-xxxx-xxxx",
        ),
        "findings": ParamType(
            rf"{FINDING}(?:(?:,? and |, ){FINDING})*",
            lambda text: tuple(re.split(r",? and |, ", text)),
            "vulnerability ids: CVE-2024-3094, or CVE-2024-3094 and CVE-2023-44487",
        ),
    }
)
