"""Grammar people use around the facts: modal verbs and filler words, read away.

"6 checkout pods should be running" states the same fact as "6 checkout pods are running";
"no pod should run v1 anymore" the same as "no pod runs v1". Rather than a variant of every
phrase, a step that matches nothing is read again with the modal replaced by the plain
verb (in the singular and the plural) and the fillers dropped. The registry accepts such
a reading only when exactly one definition matches it, so no sentence becomes ambiguous.
A negated modal reads as the plain negation ("should not be firing" as "is not firing"),
which matches only where a phrase says "is not"; the opposite check is never guessed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from contextlib import suppress
from dataclasses import replace
from typing import TYPE_CHECKING

from kubeloop.harness.axes_measures import measures_said
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.needed_words import Screened, screened
from kubeloop.harness.params import SAID_NUMBERS, number
from kubeloop.harness.pipeline_readings import pipeline_said, pipeline_said_of
from kubeloop.harness.story_readings import build_apposition, story_said

if TYPE_CHECKING:
    from kubeloop.harness.definitions import Match

_MODAL = r"(?:should|must|will|shall)"
_FILLERS = screened(
    r"\s+(?:myself|ourselves|personally|anymore|any more|any longer|eventually|afterwards|"
    r"right now|by now|now|again|anyway|either|yet|by the end|at the end|in the end|as well|"
    r"too|at any point|at any time|so far|"
    r"that week|that day|that night|this week|(?:on )?(?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)(?: night| morning| afternoon| evening)?|overnight|last night)"
    r"(?=$|[,.])",
    re.IGNORECASE,
)
_NOTHING = screened(
    r"^nothing (?:(?:is|was) (?:left |remaining |still )?|remains |stays )"
    r"(?=(?:on|running|scheduled|placed|bound) )|^nothing (?=(?:runs|ran) )",
    re.IGNORECASE,
)
"""Nothing said where pods are meant ("nothing is scheduled on node-3"): no pod."""
_FROM_COMMIT = screened(
    r"^I (?:merge|push|land)s? commit (?P<commit>\S+)(?: (?:to|into|on) \S+)?"
    r" and (?:I|the pipeline|CI) builds? it"
    r"|^I build (?P<alias>\S+) from commit (?P<from>\S+)",
    re.IGNORECASE,
)
"""A build said from its commit ("the pipeline builds v2 from commit c0ffee1", "someone
merges commit d00dfee and the pipeline builds it as v2"): I build commit … as …."""


def _from_commit(text: str) -> str:
    found = _FROM_COMMIT.match(text)
    if found is None:
        return text
    rest = text[found.end() :]
    if found.group("commit"):
        return f"I build commit {found.group('commit')}{rest}"
    return f"I build commit {found.group('from')} as {found.group('alias')}{rest}"


_WITH_APPROVAL = screened(
    r"^(?P<head>I promote (?P<what>\S+) to (?P<env>\S+)) with (?:the |its |an? )?approvals?"
    r"(?: (?:it|that it) needs| needed| required)?$",
    re.IGNORECASE,
)
"""A promotion "with the approval it needs": the promotion, and its approval."""
_TO_PREVIOUS = screened(
    r"^I roll (?:back (?P<a>\S+)|(?P<b>\S+) back) to (?:the |its )?(?:previous|prior|old|last"
    r" good|last known-good|previous known-good) (?:version|digest|release|build|artifact)$",
    re.IGNORECASE,
)
"""A rollback to "the previous version": one step back, as a rollback always is."""
_EVERY_GATE = screened(
    r"^(?:all|every|each) (?:of )?(?:its |the |their )?gates? pass(?:es|ed)?$", re.IGNORECASE
)
"""Gates said to pass with no artifact named: the artifact built last ("it")."""


def _no_pod(found: re.Match[str]) -> str:
    return "no pod " if found.group(0).endswith("nothing ") else "no pod is "


_ALL_THE_WAY = screened(
    r"^(?!.*\bpromot(?:e|es|ed|ing)\b)(?P<head>.*?) all the way(?= (?:to|into|up to) )",
    re.IGNORECASE,
)
"""Emphasis on a destination ("made it all the way to prod"): the destination; a promotion
"all the way" goes through each environment, as its own phrase says, so it is kept."""
_BACK = screened(
    r"\b(is|are|was|were) "
    r"(?:back|currently)(?: down)?(?: to)? (?!to\b)",
    re.IGNORECASE,
)
"""A state said as a return ("the error rate is back to 0", "… is back under 2%") or as
the present ("prod is currently running R7"): the state itself ("… is 0", "… is under 2%",
"prod is running R7")."""
_VERBS = (
    r"is|are|was|were|has|have|had|stayed|stays|remained|remains|runs|run|ran|keeps|keep|goes|"
    r"go|went|should|must|will|did|does|do|never|still|again|fires|fired|pages|paged"
)
_POSSESSIVE = screened(
    r"(?<![\w'\"])(?:(all|each|none|some|most|any) of )?"
    r"(?!(?:it|there|that|what|who|here|let|he|she|one|where|how|this)')([A-Za-z0-9][\w.-]*)'s "
    rf"((?:(?!(?:{_VERBS})\b)(?>[\w-]+) ?)+?)(?=(?:{_VERBS})\b|$|,)",
    re.IGNORECASE,
)
"""A thing's part said with 's ("checkout's error rate stayed below 1%", "all of R2's gates
are green", "prod runs R6's digest"): said with "of" ("the error rate of checkout …", "all
the gates of R2 …", "… the digest of R6"), up to the verb that follows it."""


_PLURAL_OWNER = screened(r"(?<=[A-Za-z0-9]s)' (?=[A-Za-z0-9])")
"""A possessive after a plural or a name ending in s ("orders' error rate"): said with 's."""


def _of(found: re.Match[str]) -> str:
    every, owner, part = found.group(1, 2, 3)
    said = f"the {part.strip()} of {owner}" + (" " if part.endswith(" ") else "")
    if not every:
        return said
    return f"{every} {said}" if every.lower() == "all" else f"{every} of {said}"


_EVERY_POD = screened(
    r" (?:on|across|in) (?:every|each) (?:one of its |of its )?pod|"
    r" (?:on|across|in) all (?:of )?(?:its |the |their )?pods|"
    r" everywhere$",
    re.IGNORECASE,
)
"""A version said to run "on every pod": what "web runs v1" already checks of every pod."""
_RUNNING = screened(r"\brun(?:s|ning)?\b", re.IGNORECASE)


_RULES: list[tuple[Screened, tuple[str, ...]]] = [
    (screened(rf"\b{_MODAL} not be\b", re.IGNORECASE), ("is not", "are not")),
    (screened(rf"\b{_MODAL}( still)? be\b", re.IGNORECASE), (r"is\1", r"are\1")),
    (screened(rf"\b{_MODAL}( still)? have\b", re.IGNORECASE), (r"has\1", r"have\1")),
    (screened(rf"\b{_MODAL}( still)? (?!not\b)(\w+)", re.IGNORECASE), (r"\1 \2", r"\1 \2s")),
]


_SAID = "|".join(sorted(SAID_NUMBERS, key=len, reverse=True))
_PERCENT = screened(
    rf"\b(\d+(?:\.\d+)?|(?:a|one) hundred|{_SAID}) ?(?:percent|per cent|pct)\b", re.IGNORECASE
)
"""A percentage in words ("10 percent", "99.9 per cent", "eighty percent"): the percentage
("10%")."""


def _percent(found: re.Match[str]) -> str:
    said = found.group(1)
    if said[0].isdigit():
        return f"{said}%"
    return "100%" if said.lower().endswith("hundred") else f"{number(said)}%"


_CONTRACTION = screened(
    r"\b(is|are|was|were|has|have|had|does|do|did|should|must|would|could)n[’']t\b", re.IGNORECASE
)
"""A negation said short ("isn't paging", "wasn't paged"): said in full ("is not paging")."""


_IS_SHORT = screened(
    r"\b(everything|everyone|it|that|there|nothing|something|what)[’']s\b", re.IGNORECASE
)
"""A pronoun with "is" said short ("everything's fine again"): said in full."""


_WHOSE_REQUESTS = screened(
    r"\b(?:customer|customers'|user|users'|incoming|live|real|production) (?=requests?\b)",
    re.IGNORECASE,
)
"""Requests said with whose they are ("a quarter of customer requests"): the requests."""


_KIND_NOUNS = screened(
    r'(?:(?<![\w"./:-])|(?<= \d-))(?:server|machine|host|box)(e?s)?(?![\w"./:=-])', re.I
)
"""What people call nodes ("4 servers", "the machines"): the catalog's word, node(s)."""


def _node_word(found: re.Match[str]) -> str:
    return "nodes" if found.group(1) else "node"


_FLEET = screened(
    r"^(?:(?:we|I) (?:have|run|operate|have got|'ve got|’ve got)|there (?:are|is)) "
    r"(?=\d+ (?:\w+ )?nodes? (?:running|that run|hosting) )",
    re.IGNORECASE,
)
"""Nodes said as what we have ("we have 4 servers running 8 copies of web"): the nodes."""


_APPOSITION = screened(
    r'^(?P<name>(?-i:[A-Z][\w-]*)|"[^"]+"), (?:the|our|a|an|their) [^,"]{1,40}, ', re.IGNORECASE
)
"""A name with its role said between commas ("Dana, the release manager, approves R2"):
the name acts; the role describes it."""
_PRODUCTION = screened(r'(?<!")\bproduction\b(?!")(?! (?:requests?|traffic)\b)', re.IGNORECASE)
"""The production environment said in full ("ship R1 to production"): prod, as pipelines
name it (a line about an environment really called production matches before any reading)."""


_GATE_NOUN = (
    r"(?:(?:unit|integration|e2e|end-to-end|smoke|acceptance) )?tests|"
    r"(?:(?:vulnerability|security|image|container|cve) )?scan|coverage|gates|checks"
)
_FOR_ARTIFACT = screened(
    rf"^(?:the )?(?P<noun>{_GATE_NOUN})(?! (?:gate|check|stage|step)s?\b)"
    r"(?: for (?P<a>[A-Z0-9][\w.:-]*))? (?P<verb>.+?)"
    r"(?: for (?P<b>[A-Z0-9][\w.:-]*))?$"
)
"""A gate's result said of a build with "for" ("integration tests pass for C1", "unit tests
for C2 pass with 79% coverage"): the gate of that build ("the integration tests of C1 pass").
A gate named by its noun ("the scan gate … for C3") is left as it is said."""


def _of_artifact(text: str) -> str:
    found = _FOR_ARTIFACT.match(text)
    if found is None or (found.group("a") is None) == (found.group("b") is None):
        return text
    who = found.group("a") or found.group("b")
    return f"the {found.group('noun')} of {who} {found.group('verb')}"


_COLON = screened(r'^(?P<head>[^:"]+?): (?P<rest>[^:"]+)$')
"""Details said after a colon ("C1's unit tests pass: 412 tests, 0 failures"): the same
said with "with" ("… pass with 412 tests, 0 failures")."""


_SKIPPING = screened(
    r"(?P<move>\b(?:promote|deploy|ship|push|release)\b.*?),? (?:skipping|bypassing|jumping "
    r"over|without going through) (?:the )?[\w-]+$",
    re.IGNORECASE,
)
"""A promotion that says which environment it leaves out ("I promote C6 directly to prod,
skipping staging"): the promotion itself, which goes to the one it names and no other."""
_UNTRUSTED = screened(
    r"\b(?:a|the) key (?P<key>\"[^\"]+\"|[\w.-]+) (?:that|which) [\w-]+ "
    r"(?:(?P<not>does not|doesn't|do not|don't) trust|trusts?)$",
    re.IGNORECASE,
)
"""A key said with who trusts it ("a key "laptop-test" that prod does not trust"): the
untrusted (or trusted) key."""


def _trust(found: re.Match[str]) -> str:
    kind = "untrusted" if found.group("not") else "trusted"
    return f"the {kind} key {found.group('key')}"


_MEASURE_ON = screened(
    r"^(?:the )?(?P<what>(?:p\d{2,3} |p99\.9 |median |average )?latency|error rate|error ratio)"
    r" (?:on|at|in) (?P<who>[\w-]+) ",
    re.IGNORECASE,
)
"""A measure said "on" a service ("p99 latency on payments climbs to 450ms"): its measure."""


_BARE_COUNT = screened(
    r"^(\d+) (?=(?:are|were|is|was|stay|stays|remain|remains|sit|sits|got|have been) )"
)
"""A count said without its noun after the line that named them ("8 reports pods are running"
/ "2 are stuck Pending"): so many of them."""
_LEADING = screened(r"^(?:and then|then|after that|next|meanwhile),? ", re.IGNORECASE)
"""Words that only order a step after the one before ("And then latency goes back…")."""
_VERB_FIRST = screened(r"^(?-i:[a-z]+s)\b")
"""After those words, a verb with no subject ("And then comes back"): the step is about
what the line before was about, "it"."""


_WHO = (
    r"(?:someone|somebody|security|the security team|the team|the release manager|"
    r"the on-call|on-call|the on-call engineer|ops|the SRE|the pipeline|CI|we|I|"
    r"(?!(?:nobody|noone|none|nothing)\b)(?-i:[A-Z][a-z]+))"
)
_PERSON = screened(
    rf"^{_WHO}(?: also| then| now)? "
    r"(?:(?:tries|try|attempts|attempt|asks|ask|wants|want|goes|go|gets|get) to (?P<base>\w+)"
    r"|(?P<verb>\w+?)(?P<ending>ies|es|s)?)\b",
    re.IGNORECASE,
)
"""Someone who acts: "Priya approves …", "security grants …", "someone tries to deploy …",
"I try to promote …" are the user's action ("I approve …", "I deploy …")."""


_ASK_FOR = screened(
    rf"^({_WHO}) (?:requests?|asks? for|triggers?|starts?|kicks? off)"
    r" (?:a |the )?(promotion|deployment|deploy|rollback) of ",
    re.IGNORECASE,
)
_DOING = {
    "promotion": "promote",
    "deployment": "deploy",
    "deploy": "deploy",
    "rollback": "roll back",
}
"""An action asked for by its noun ("I request promotion of R5 to prod"): the action itself."""


def _as_mine(text: str) -> str | None:
    text = _ASK_FOR.sub(lambda m: f"{m.group(1)} {_DOING[m.group(2).lower()]} ", text)
    found = _PERSON.match(text)
    if found is None:
        return None
    if found.group("base"):
        verb = found.group("base")
    else:
        verb, ending = found.group("verb"), (found.group("ending") or "").lower()
        if ending == "ies":
            verb += "y"
        elif ending == "es" and not re.search(r"(?:ch|sh|ss|x|z|o)$", verb, re.IGNORECASE):
            verb += "e"
    return f"I {verb}{text[found.end() :]}"


_BARE = screened(
    r"^(?:promote|deploy|sign|approve|reject|roll back|build|run|attach|release|scale|drain|"
    r"cordon|wait)\b",
    re.IGNORECASE,
)
"""A verb with no subject after "then" ("And then promote it to staging"): the user acts."""


def _without_fillers(text: str) -> str:
    """The text with its trailing fillers taken off, however many ("at any point that week")."""
    while (shorter := _FILLERS.sub("", text)) != text:
        text = shorter
    return text


def readings(text: str) -> list[str]:
    """Other ways to read ``text`` with the modal verbs and fillers taken out, or said by
    someone else than "I", and each of those with nodes said in the catalog's word (maybe
    none)."""
    return list(_remembered(text))


@functools.lru_cache(maxsize=4096)
def _remembered(text: str) -> tuple[str, ...]:
    """``readings``, worked out once for each text: a line that matches nothing is read
    again under the other keyword, as its clauses and for its suggestions."""
    found = _readings(text)
    nodes = [_FLEET.sub("", _KIND_NOUNS.sub(_node_word, said)) for said in found or [text]]
    return tuple(_dedupe(found + [said for said in nodes if said != text]))


def _readings(text: str) -> list[str]:
    """``readings`` but for the node words."""
    built = build_apposition(text)
    if built is not None:
        return [built, *readings(built)]
    apposition = _APPOSITION.match(text)
    if apposition is not None:
        named = _APPOSITION.sub(r"\g<name> ", text, count=1)
        name = apposition.group("name")
        return [named, *(r for r in readings(named) if name in r)]
    if _COLON.match(text):
        detailed = _COLON.sub(r"\g<head> with \g<rest>", text)
        return [detailed, *readings(detailed)]
    stripped = _LEADING.sub(
        "", _without_fillers(_ALL_THE_WAY.sub(r"\g<head>", pipeline_said(text)))
    )
    stripped = _of_artifact(_PRODUCTION.sub("prod", stripped))
    stripped = _UNTRUSTED.sub(_trust, _SKIPPING.sub(r"\g<move>", stripped))
    stripped = _MEASURE_ON.sub(r"the \g<what> of \g<who> ", stripped)
    stripped = _BARE_COUNT.sub(r"\1 of them ", _NOTHING.sub(_no_pod, stripped))
    if stripped != text.lstrip() and _BARE.match(stripped):
        stripped = f"I {stripped}"
    stripped = _BACK.sub(r"\1 ", stripped).rstrip(".")
    stripped = _PERCENT.sub(_percent, _CONTRACTION.sub(r"\1 not", stripped))
    stripped = _IS_SHORT.sub(r"\1 is", _WHOSE_REQUESTS.sub("", stripped))
    owned = _PLURAL_OWNER.sub("'s ", stripped)
    if owned != stripped:  # "payments' requests" is "payments's requests", then read on
        return [owned, *readings(owned)]
    stripped = _POSSESSIVE.sub(_of, stripped)
    stripped = measures_said(pipeline_said_of(story_said(stripped)))
    if _RUNNING.search(stripped):
        stripped = _EVERY_POD.sub("", stripped)
    if _EVERY_GATE.match(stripped):
        return ["it passed every gate"]
    mine = _as_mine(stripped)
    if mine is not None:
        mine = _from_commit(mine)
        previous = _TO_PREVIOUS.match(mine)
        if previous is not None:
            mine = f"I roll back {previous.group('a') or previous.group('b')}"
        approval = _WITH_APPROVAL.match(mine)
        if approval is not None:
            what, env = approval.group("what", "env")
            mine = f"{approval.group('head')} and I approve the promotion of {what} to {env}"
    if mine is not None and mine != stripped:
        return [stripped, mine] if stripped != text else [mine]
    for rule, replacements in _RULES:
        if rule.search(stripped):
            found = [rule.sub(r, stripped, count=1) for r in replacements]
            said = [stripped] if stripped != text else []  # the modal kept, the rest read
            return _dedupe(said + [" ".join(f.split()) for f in found])
    return [stripped] if stripped != text else []


def _dedupe(texts: list[str]) -> list[str]:
    return list(dict.fromkeys(texts))


_NAME = screened(r"(?<![\w'\"])(?-i:[A-Z][\w.-]*)")
"""A word that names someone or something ("Dana", "R2"): a reading that says "I" for Dana
loses who acted, so one that keeps every name is preferred."""


def _names(text: str) -> set[str]:
    return {name for name in _NAME.findall(text) if name != "I"}


def with_readings(match: Callable[[str, str], list[Match]], keyword: str, text: str) -> list[Match]:
    """``match(keyword, text)``, or else the one reading of ``text`` that matches (one that
    keeps every name the line gives before one that does not); a step that two readings
    match differently is ambiguous."""
    try:
        return match(keyword, text)
    except UndefinedStepError:
        found = {}
        names = _names(text)
        for keeping in (True, False):  # readings that keep every name the line gives first
            for reading in readings(text):
                if (names <= _names(reading)) != keeping:
                    continue
                try:
                    matches = match(keyword, reading)
                except UndefinedStepError:
                    continue
                found[tuple(id(m.definition) for m in matches)] = matches
            if found:
                break
        if len(found) == 1:  # positions in a reading are not positions in the step
            return [replace(m, offset=-1) for m in next(iter(found.values()))]
        if len(found) > 1:
            shown = [" + ".join(m.text for m in ms) for ms in found.values()]
            raise AmbiguousStepError(
                f'{keyword.title()} "{text}" can be read in more than one way: ' + "; ".join(shown)
            ) from None
        about_it = _about_it(text)
        if about_it is not None:
            with suppress(UndefinedStepError):
                return [replace(m, offset=-1) for m in match(keyword, about_it)]
        raise


def _about_it(text: str) -> str | None:
    """A verb with no subject after a word that orders steps ("And then comes back"), said
    of "it", the thing the line before was about; tried last, when no reading matches."""
    rest = _LEADING.sub("", text.lstrip())
    return f"it {rest}" if rest != text.lstrip() and _VERB_FIRST.match(rest) else None
