"""What release people do, said in one breath: several actions in a row ("I sign v3, get it
approved and deploy it to prod"), a promotion through several environments ("to dev, then
staging, then prod"), the gates an artifact passes ("unit tests, coverage and the
vulnerability scan"), and who approves ("the release manager "dana"", "Dana from the change
board"). Each is one parameter type, read in the order said.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kubeloop.harness.first_use import compiled
from kubeloop.harness.nouns import IT, NAME, _strip_groups, unquote
from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.pipeline_words import GATES, gate_name

_ARTIFACT = f"(?>{_strip_groups(TYPES['artifact'].regex)})"
_THEN = r"(?:,? and then |,? then |,? and |, )"


class Action(NamedTuple):
    """One action of a list: sign, approve, promote, deploy or run, on an artifact (IT: the
    one said last), with the environment or key it names."""

    kind: str
    artifact: str
    env: str | None = None
    key: str | None = None
    approved: bool = False
    """A promotion "with the approval it needs": approved for that environment first."""


_ACTIONS: list[tuple[str, str]] = [
    (
        rf"sign (?P<a>{_ARTIFACT})(?: with (?:the )?(?:key )?(?P<key>{NAME})(?: key)?)?",
        "sign",
    ),
    (
        rf"(?:approve (?P<a>{_ARTIFACT})|(?:get|have) (?P<b>{_ARTIFACT}) approved)"
        rf"(?: for (?P<env>{NAME}))?",
        "approve",
    ),
    (
        rf"promote (?P<a>{_ARTIFACT}) (?:straight |directly |all the way )?to (?P<env>{NAME})"
        r"(?P<with> with (?:the approval it needs|an approval|its approval|approval))?",
        "promote",
    ),
    (
        rf"deploy (?P<a>{_ARTIFACT}) to (?P<env>{NAME})(?: again| by digest| anyway| directly)?",
        "deploy",
    ),
    (rf"(?:re-?)?run the pipeline(?: (?:for|on) (?P<a>{_ARTIFACT}))?(?: again)?", "run"),
]
_ONE = "|".join(f"(?>{_strip_groups(regex)})" for regex, _ in _ACTIONS)
"""Each action atomic: "it" is both a pronoun and a name, and trying both for each of
many actions would take exponential time on a line that does not read."""
ACTIONS = rf"(?:{_ONE})(?:{_THEN}(?:{_ONE}))+"
_WHOLE = rf"(?:{_THEN}(?:{_ONE}))*"
"""What may follow an action; compiled, as each action's regex, at its first use
(``first_use.compiled``): 9,000 characters only a step that says actions reads."""
_SEPARATOR = re.compile(_THEN, re.IGNORECASE)


def _artifact(text: str) -> str:
    """An artifact as the list names it; IT for "it", "the image" and the like."""
    converted: str = TYPES["artifact"].convert(text)
    return converted


def _actions(text: str) -> tuple[Action, ...]:
    """Each action in the order said (a clause read so that the rest still reads)."""
    found: list[Action] = []
    position = 0
    while position < len(text):
        if found:
            separator = _SEPARATOR.match(text, position)
            assert separator is not None
            position = separator.end()
        for regex, kind in _ACTIONS:
            match = compiled(regex).match(text, position)
            if match is None or not compiled(_WHOLE).fullmatch(text, match.end()):
                continue
            groups = match.groupdict()
            said = groups.get("a") or groups.get("b")
            artifact = IT if said is None else _artifact(said)
            env, key = groups.get("env"), groups.get("key")
            found.append(
                Action(
                    kind,
                    artifact,
                    unquote(env) if env else None,
                    unquote(key) if key else None,
                    bool(groups.get("with")),
                )
            )
            position = match.end()
            break
        else:  # the whole regex matched, so some clause always does
            raise ValueError(f"cannot read the actions {text[position:]!r}")
    return tuple(found)


_CHAIN = rf"{NAME}(?:{_THEN}{NAME})+"


def _chain(text: str) -> tuple[str, ...]:
    return tuple(unquote(n) for n in _SEPARATOR.split(text))


_GATE_WORD = "|".join(
    sorted((w for words in GATES.values() for w in words), key=len, reverse=True)
).replace(" ", " +")
_ONE_GATE = rf"(?:the )?(?:{_GATE_WORD})(?: (?:gate|stage|step|check))?"
_GATE_LIST = re.compile(rf"{_ONE_GATE}(?:(?:, |,? and ){_ONE_GATE})+", re.IGNORECASE)
_GATE_ITEM = re.compile(rf"(?:the )?(?P<g>{_GATE_WORD})(?: (?:gate|stage|step|check))?", re.I)


def _gate_list(text: str) -> tuple[tuple[str, str], ...]:
    """(gate, what was said) for each gate named: "coverage" is judged by the unit gate."""
    items = re.split(r",? and |, ", text, flags=re.IGNORECASE)
    found = []
    for item in items:
        parsed = _GATE_ITEM.fullmatch(item)
        assert parsed is not None
        said = " ".join(parsed.group("g").lower().split())
        found.append((gate_name(said), said))
    return tuple(found)


_ROLE = (
    r"(?:(?:the|my|our) )?(?:release manager|change board|security team|approver|reviewer|"
    r"on-call|team lead|tech lead|product owner|manager|security|mentor|lead|boss|CTO|"
    r"someone|somebody)"
    r"|(?:the|my|our) (?:[a-z][a-z-]* ){1,2}?(?:manager|board|team|lead|officer|owner|"
    r"engineer|approver|reviewer|committee|group)"
)
"""Someone named by the part they play, "the", "my" or "our" kept ("my mentor", "the change
manager", "our compliance officer")."""
_TEAM = r"(?:the )?(?:[a-z][a-z&-]*)(?: [a-z][a-z&-]*){0,3}?"
"""Where someone works, after their name: "from change management", "in security", "on the
platform team", "of the change board" (one to four words)."""
_PERSON = re.compile(
    rf'(?P<role>{_ROLE})(?: (?P<named>"[^"]+"))?'
    r'|(?P<quoted>"[^"]+")'
    r"|(?![Nn](?:obody|oone|one|othing|o)\b|[Ww]hom?\b)"
    rf"(?P<name>[A-Z][a-z]+)(?: (?:from|in|on|of) {_TEAM})?"
)


def _person(text: str) -> str:
    """Who acts, as named: the quoted name, the given name, else the role."""
    found = _PERSON.fullmatch(text)
    if found is None:  # matched case-insensitively by the phrase
        found = re.compile(_PERSON.pattern, re.IGNORECASE).fullmatch(text)
    assert found is not None
    said = found.group("named") or found.group("quoted") or found.group("name")
    return unquote(said) if said else " ".join(found.group("role").split())


_HAPPENINGS = {
    "rollback": "RolledBack",
    "roll back": "RolledBack",
    "promotion": "Promoted",
    "deploy": "Deployed",
    "deployment": "Deployed",
    "approval": "Approved",
    "rejection": "Rejected",
}
"""What the audit log records, by the noun people use → the pipeline's event reason."""

TYPES.update(
    {
        "happening": ParamType(
            "|".join(sorted(_HAPPENINGS, key=len, reverse=True)),
            lambda text: _HAPPENINGS[" ".join(text.lower().split())],
            "what the audit log records: a rollback, promotion, deploy, approval, rejection",
        ),
        "actions": ParamType(
            ACTIONS,
            _actions,
            "two actions or more, in order, joined by commas, and, then: sign v3, get it "
            "approved and deploy it to prod; sign it and promote it to prod with the approval "
            "it needs",
        ),
        "chain": ParamType(
            _CHAIN, _chain, "two names or more in order: dev, then staging, then prod"
        ),
        "gatelist": ParamType(
            _strip_groups(_GATE_LIST.pattern),
            _gate_list,
            "gates by the names people give them: unit tests, coverage and the vulnerability scan",
        ),
        "release": ParamType(
            r'"v?\d+(?:\.\d+){0,2}(?:[-+][0-9A-Za-z.-]+)?"|v?\d+(?:\.\d+){0,2}(?:[-+][0-9A-Za-z.-]+)?',
            unquote,
            'a version said as a number: 3.0.0, v2, "2.4.1-rc1" (not a name: "checkout v2")',
        ),
        "person": ParamType(
            _strip_groups(_PERSON.pattern),
            _person,
            'who acts: the release manager "dana", "dana", Dana, Dana from the change board',
        ),
    }
)
