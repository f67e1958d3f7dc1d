"""Lists that share a part: one sentence read as the clauses it stands for.

People say several steps in one sentence and write the shared part once: a shared subject
over a list of verbs ("v2 is signed, approved and promoted to prod", "I sign v3, get it
approved and deploy it to prod"), a shared verb over a list of objects ("I promote B1 to
dev, then staging, then prod"), a shared predicate over a list of subjects ("dev, staging
and prod all run B1"). This module only rewrites text: it offers the ways to read such a
sentence, most literal first, and the registry keeps the first whose every clause is a
phrase it knows (so a reading never invents a step).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_SEPARATOR = re.compile(r",? and then |, then |,? and |, | then ")
_UNORDERED = re.compile(r",? and |, ")
"""In a check, "then" says an order ("the history is R1 then R3"): never split there."""
_QUOTED = re.compile(r'"[^"]*"')
_TAIL = re.compile(r" (?P<tail>(?:to|for|in|into) \S+)(?: again)?$")
"""The place a list's last clause ends on ("… and promoted to prod"): the others may share it."""
_OWN_TAIL = re.compile(r" (?:to|for|in|into|from|with|as|on) \S+")
_EVERY = re.compile(r"^(?:all|both|each|every one) ", re.IGNORECASE)
_ADVERB = re.compile(r"^(?:(?:never|still|now|also|always|not) )+", re.IGNORECASE)
_SINGULAR = {"are": "is", "were": "was", "have": "has", "do": "does"}
_MOST_SUBJECT_WORDS = 5
"""How far into the first clause a shared subject or verb may end."""


def items(text: str, ordered: bool = True) -> tuple[list[str], list[str]]:
    """The clauses of a list and the separators between them (none inside quotes); not at
    "then" unless the clauses are ``ordered`` steps (a check's "then" is part of it)."""
    hidden = _QUOTED.sub(lambda m: "\0" * len(m.group(0)), text)
    if not ordered and re.search(r"\bthen\b", hidden, re.IGNORECASE):
        return [text], []
    parts: list[str] = []
    separators: list[str] = []
    position = 0
    for found in (_SEPARATOR if ordered else _UNORDERED).finditer(hidden):
        parts.append(text[position : found.start()])
        separators.append(found.group(0))
        position = found.end()
    parts.append(text[position:])
    return parts, separators


def _tails(last: str) -> list[str]:
    """What an earlier clause may borrow from the last: its place, and that place said with
    "for" ("approved for prod" where the last clause says "promoted to prod")."""
    found = _TAIL.search(last)
    if found is None:
        return []
    tail = found.group("tail")
    place = tail.split(" ", 1)[1]
    return list(dict.fromkeys([tail, f"for {place}"]))


def _agreeing(predicate: str) -> str:
    """A plural predicate said of one subject ("run B1" → "runs B1", "are ready" → "is
    ready")."""
    adverb = _ADVERB.match(predicate)
    before = adverb.group(0) if adverb else ""
    verb, _, rest = predicate[len(before) :].partition(" ")
    said = _SINGULAR.get(verb.lower())
    if said is None:  # a verb is a word: "node-1" is never made "node-1s"
        said = verb if verb.endswith("s") or not verb.isalpha() else f"{verb}s"
    return f"{before}{said} {rest}".strip()


_VERB_FIRST = re.compile(
    r"^(?:is|was|has|had|passes|passed|gets|got|runs|ran|goes|went)\b", re.IGNORECASE
)
"""A clause that opens with its verb: its subject was left out."""


def _subject_said(clause: str) -> list[str]:
    """A clause said without its subject, with "it" (the thing of its kind named last) as
    the subject: "… and is approved into prod" is "it is approved into prod"."""
    return [f"it {clause}"] if _VERB_FIRST.match(clause) else []


def shared_prefix(text: str, ordered: bool = True) -> Iterator[list[list[str]]]:
    """Readings of a list whose first clause's opening words (a subject, or a subject and
    its verb) are shared by the rest: for each later clause, the texts to try in order (the
    clause as the first one's continuation, then borrowing the last clause's place)."""
    parts, _ = items(text, ordered)
    yield from _sharing_prefix(parts)


_BUILT_AS = re.compile(r"\bbuilt as (?P<alias>[A-Za-z0-9][-\w.]*)$", re.IGNORECASE)
"""A first clause that names a build ("\"cart\" version \"v3\" was built as K3"): the rest is
about K3, never about the project said before it."""


def _sharing_prefix(parts: list[str]) -> Iterator[list[list[str]]]:
    if len(parts) < 2 or any(not p.strip() for p in parts):
        return
    words = parts[0].split(" ")
    tails = _tails(parts[-1])
    built = _BUILT_AS.search(parts[0])
    prefixes = (
        [built.group("alias")]
        if built
        else [" ".join(words[:end]) for end in range(1, min(len(words), _MOST_SUBJECT_WORDS + 1))]
    )
    for prefix in prefixes:
        clauses = [[parts[0], *(f"{parts[0]} {t}" for t in tails)]]
        for part in parts[1:]:
            said = f"{prefix} {part}"
            borrowed = [] if _OWN_TAIL.search(part) else [f"{said} {t}" for t in tails]
            clauses.append([said, *borrowed])
        yield clauses


def shared_predicate(text: str, ordered: bool = True) -> Iterator[list[list[str]]]:
    """Readings of a list of subjects that share the last clause's predicate ("dev, staging
    and prod all run B1": "dev runs B1", "staging runs B1", "prod runs B1")."""
    parts, _ = items(text, ordered)
    if len(parts) < 2 or any(len(p.split(" ")) > 3 or not p for p in parts[:-1]):
        return
    words = parts[-1].split(" ")
    for end in range(1, min(len(words), 4)):
        subject, predicate = " ".join(words[:end]), _EVERY.sub("", " ".join(words[end:]))
        if not predicate:
            continue
        one = _agreeing(predicate)
        yield [[f"{s} {one}", f"{s} {predicate}"] for s in [*parts[:-1], subject]]


_THEN_NONE = re.compile(
    r"( for \S+ \S+)(?:,? and then|,? then) (?:none|no errors|no more errors|nothing|zero|"
    r"no failures|0%|no more)$",
    re.IGNORECASE,
)
"""Errors for a while "and then none": after that while the service fails nothing, as "and
then recovers" says ("payments fails 20% of requests for 4 minutes and then none")."""


_AFTER_RECOVERY = re.compile(
    r"^(?P<time>.+ (?:pass|passes|go by|goes by|elapse|elapses)) after (?P<who>it|[\w-]+|"
    r'"[^"]+") (?:recovers|has recovered|is healthy again|comes back|is back)$',
    re.IGNORECASE,
)
"""Time said to pass after a recovery ("1 hour passes after it recovers"): the recovery,
then the time, in the order they happen."""


def readings(text: str, ordered: bool = True) -> Iterator[list[list[str]]]:
    """Every way this module reads ``text`` as several clauses, most literal first: each
    clause whole ("3 nodes, a deployment of 4"; "I build commit c0ffee1 as v2 and all gates
    pass", an action and a fact), then sharing a part."""
    recovered = text
    if ordered:
        recovered = _THEN_NONE.sub(r"\1 and then recovers", text)
        recovered = _AFTER_RECOVERY.sub(r"\g<who> recovers and then \g<time>", recovered)
    if recovered != text:
        yield from readings(recovered, ordered)
        return
    parts, _ = items(text, ordered)
    if len(parts) > 1 and all(parts):
        yield [[part, *_subject_said(part)] for part in parts]
    yield from shared_prefix(text, ordered)
    yield from shared_predicate(text, ordered)
    for merged in last_clause_longer(text, ordered):
        yield [[part] for part in merged]
        yield from _sharing_prefix(merged)
    yield from _verb_left_out(parts)
    yield from _sentences(text)


_SENTENCE_JOIN = re.compile(r", and |; ")


def _sentences(text: str) -> Iterator[list[list[str]]]:
    """Whole sentences joined by ", and" (each its own list of facts: "\"profile\" v4.2 was
    built as P1 and is in prod, and \"profile\" v4.3 was built as P2 and promoted all the
    way to prod"): each read as it stands, the "and"s inside it left to it."""
    hidden = _QUOTED.sub(lambda m: "\0" * len(m.group(0)), text)
    cuts = [0]
    for found in _SENTENCE_JOIN.finditer(hidden):
        cuts += [found.start(), found.end()]
    if len(cuts) > 1:
        cuts.append(len(text))
        yield [[text[start:end]] for start, end in zip(cuts[::2], cuts[1::2], strict=True)]


_NAMED_AS = re.compile(
    r"^(?P<subject>.+?) (?P<verb>(?:was|is|got|gets|has been) (?:built|rebuilt|tagged)) as \S+$",
    re.IGNORECASE,
)
_ONLY_AS = re.compile(r"^(?P<subject>.+) as (?P<alias>\S+)$", re.IGNORECASE)


def _verb_left_out(parts: list[str]) -> Iterator[list[list[str]]]:
    """Later clauses that leave out the first one's verb ("\"search\" 3.1.0 was built as S1
    and \"search\" 3.2.0 as S2"): each said with that verb."""
    first = _NAMED_AS.match(parts[0]) if len(parts) > 1 else None
    later = [_ONLY_AS.match(part) for part in parts[1:]]
    if first is None or not all(later):
        return
    verb = first.group("verb")
    yield [
        [parts[0]],
        *([f"{m.group('subject')} {verb} as {m.group('alias')}"] for m in later if m),
    ]


_OPTIONS = re.compile(r" with ", re.IGNORECASE)
"""Where a clause's own list of options begins ("… with maxSurge 1 and maxUnavailable 0")."""


def last_clause_longer(text: str, ordered: bool = True) -> Iterator[list[str]]:
    """The list's items with the last clause taking in the items after it, when it opens a
    list of options, longest last clause last ("I approve S2 and roll it out with maxSurge 1
    and maxUnavailable 0": the budget's own "and" is inside the last clause)."""
    parts, separators = items(text, ordered)
    for count in range(len(parts) - 1, 1, -1):
        if not _OPTIONS.search(parts[count - 1]):
            continue
        tail = "".join(
            p + sep
            for p, sep in zip(parts[count - 1 :], [*separators[count - 1 :], ""], strict=True)
        )
        yield [*parts[: count - 1], tail]


def rejoined(text: str, clauses: list[str], ordered: bool = True) -> str | None:
    """The sentence again with each clause as chosen, the shared part said once ("v2 is
    signed, approved for prod and promoted to prod"); None when a clause is not the first
    clause's continuation."""
    parts, separators = items(text, ordered)
    if len(clauses) != len(parts):  # a last clause that took in later items
        return None
    prefix = _common_prefix(clauses)
    if not prefix or not clauses[0].startswith(prefix):
        return None
    said = [clauses[0]] + [c[len(prefix) :] for c in clauses[1:]]
    if said == parts:
        return None
    return "".join(s + sep for s, sep in zip(said, [*separators, ""], strict=True))


def _common_prefix(clauses: list[str]) -> str:
    words = [c.split(" ") for c in clauses]
    shared: list[str] = []
    for column in zip(*words, strict=False):
        if len(set(column)) != 1:
            break
        shared.append(column[0])
    return " ".join(shared) + " " if shared else ""
