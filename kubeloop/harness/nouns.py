"""Noun phrases: the things sentences talk about, each one parameter type with its variants.

A phrase is composed from these: ``{pods:pods} <is|are> {phase:phase}`` reads "6 pods of
"api" are Running", "4 "api" pods are Pending", "every pod is ready" and "no "web" pod is
pending" alike, because the pod-set phrase carries the quantifier, the deployment, the state
and the version. Each type is a regular expression without capturing groups (so types nest
in any phrase) and a converter that reads the matched text again with its own named groups.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kubeloop.harness.amounts import AMOUNTS
from kubeloop.harness.first_use import Later
from kubeloop.harness.params import NUMBER, TYPES, ParamType, number

QUOTED = r'"[^"{}]+"'
"""A quoted name: no object's name holds a brace, so a quoted PromQL query is never one."""
BARE = r"[A-Za-z0-9][-A-Za-z0-9._/:]*"
_NOT_A_NAME = (
    r"(?!(?:running|pending|ready|scheduled|unscheduled|not|the|all|every|each|no|some|any|"
    r"pods?|copy|copies|instances?|of|at|on|with|version|node|deployment|its?|and|other|"
    r"remaining|rest|last)\b)"
)
NAME = f"(?:{QUOTED}|{BARE})"
_FREE_NAME = f"(?:{QUOTED}|{_NOT_A_NAME}{BARE})"


class It(str):
    """The object of that kind mentioned last ("its", "it", "the deployment")."""

    __slots__ = ()


IT = It("")


class Release(str):
    """A release said by its place in an environment's story, resolved when the step runs:
    "new" (the one that arrived last), "old" (the one before it), "current" (running now)."""

    __slots__ = ()


_RELEASE_WORDS = {
    "new": "new",
    "newer": "new",
    "newest": "new",
    "latest": "new",
    "bad": "new",
    "broken": "new",
    "faulty": "new",
    "failing": "new",
    "old": "old",
    "older": "old",
    "previous": "old",
    "prior": "old",
    "last good": "old",
    "last known good": "old",
    "last known-good": "old",
    "good": "old",
    "current": "current",
}
_RELEASE = (
    r"the (?P<which>"
    + "|".join(sorted(_RELEASE_WORDS, key=len, reverse=True))
    + r") (?:version|release|build|digest|image|artifact)"
)
"""A release by its place in the story: "the new version", "the previous release", "the bad
build" (the one that arrived last: what a story makes fail), "the current version"."""


def unquote(text: str) -> str:
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def _compile(regex: str) -> Later:
    """A converter's regex, compiled at its first use (first_use.Later)."""
    return Later(regex, re.IGNORECASE)


# --- nodes, deployments, pods, versions ---------------------------------------------------

_KIND = r"(?:node|server|machine|host)"
"""What people call a node: "the server node-2", "one machine, node-2,"."""
_APPOSITION = rf"(?:(?:one|a|the) {_KIND}, (?P<{{group}}>{{name}}),)"
"""A node named after what it is, between commas: "one server, node-2, dies"."""
_NOT_AN_ADVERB = r"(?!(?:fully|completely|entirely|partially|partly)(?![-\w.]))"
"""A node's bare name is never a word that says how: "fully recovers" is no node "fully"."""
_NODE = _compile(
    _APPOSITION.format(group="apposed", name=NAME)
    + f"|(?:(?:the )?{_KIND} )?(?P<name>{_NOT_AN_ADVERB}{NAME})"
)


def _node(text: str) -> str:
    found = _NODE.fullmatch(text)
    assert found is not None
    return unquote(found.group("apposed") or found.group("name"))


# In a list every bare name carries a digit, a dot, a colon or a hyphen ("node-1 and node-2",
# "gpu-1, gpu-2 and edge-1"), so "I fail node-1 and reconcile" stays a join of two steps.
_LISTED = f"(?:{QUOTED}|(?=[^ ,]*[-0-9.:])[A-Za-z0-9][-A-Za-z0-9._/:]*)"
_V_NUMBER = r"v\d+(?:\.\d+)*(?![-A-Za-z0-9._/:])"
"""A version said v and a number ("v2", "v1.4.0"): where pods are said to be, never a node's
bare name, so "every pod is on v2" is about the version."""
_NODES = _compile(
    rf"(?:the )?(?:(?:other|remaining)(?: (?P<others>{NUMBER}))?|(?P<before>{NUMBER}) "
    rf"(?:other|remaining)) {_KIND}s|the rest of the {_KIND}s"
    + "|"
    + _APPOSITION.format(group="apposed", name=NAME)
    + f"|(?:(?:the )?{_KIND} )?(?P<one>{_NOT_AN_ADVERB}{NAME})"
    f"|(?:(?:the )?{_KIND}s )?(?:both )?(?P<many>{_LISTED}(?:, {_LISTED})*,? (?:and|or) {_LISTED})"
)


@dataclass(frozen=True)
class OtherNodes:
    """ "the other nodes", "the remaining 3 nodes", "the other three nodes", "the 3 remaining
    nodes": every node but the one named last (a count said must be how many there are)."""

    count: int | None


def _nodes(text: str) -> tuple[str, ...] | OtherNodes:
    found = _NODES.fullmatch(text)
    assert found is not None
    if found.group("apposed") is not None:
        return (unquote(found.group("apposed")),)
    if found.group("one") is None and found.group("many") is None:
        others = found.group("others") or found.group("before")
        return OtherNodes(number(others) if others else None)
    if found.group("one") is not None:
        one = found.group("one")
        return (IT,) if one.lower() == "it" else (unquote(one),)
    items = re.findall(_LISTED, found.group("many"))
    return tuple(unquote(item) for item in items)


def _first(found: re.Match[str], *groups: str) -> str:
    return unquote(next(found.group(g) for g in groups if found.group(g) is not None))


_IT_DEPLOYMENT = r"it|its|the deployment|this deployment|that deployment"
_DEPLOYMENT_NAME = (
    f"the deployment (?P<n1>{NAME})|deployment (?P<n2>{NAME})"
    rf"|(?:the )?(?P<n3>{NAME}) deployment|(?P<n4>(?!there(?![-\w.])){NAME})"
)
"""A bare deployment is never "there": "there is at most 5 pods at all times" counts pods."""
_DEPLOYMENT = _compile(f"(?P<it>{_IT_DEPLOYMENT})|{_DEPLOYMENT_NAME}")


def _deployment(text: str) -> str:
    found = _DEPLOYMENT.fullmatch(text)
    assert found is not None
    return IT if found.group("it") else _first(found, "n1", "n2", "n3", "n4")


_POSSESSIVE = _compile(r"(?P<it>its|the deployment's)|" f"(?:{_DEPLOYMENT_NAME})'s")


def _possessive(text: str) -> str:
    found = _POSSESSIVE.fullmatch(text)
    assert found is not None
    return IT if found.group("it") else _first(found, "n1", "n2", "n3", "n4")


@dataclass(frozen=True)
class Owner:
    """A node or a deployment; ``kind`` is None when the bare name must be looked up."""

    kind: str | None
    name: str


_NOT_A_QUANTIFIER = r"(?!(?:each|every|all|no|some|any|both|zone[- ][A-Za-z0-9]+)(?![-\w.]))"
"""A bare owner is never a quantifier: "each node runs 1 pod" is about every node; nor a
zone ("zone-a has 2 web pods" counts the zone's pods: steps/cluster/zones.py)."""
_OWNER = _compile(
    f"(?P<it>{_IT_DEPLOYMENT})"
    f"|(?:the )?(?P<kind>node|deployment) (?P<n1>{NAME})"
    f"|(?:the )?(?P<n2>{_NOT_A_QUANTIFIER}{NAME}) "
    f"(?P<suffix>deployment|node)|(?P<n3>{_NOT_A_QUANTIFIER}{NAME})"
)


def _owner(text: str) -> Owner:
    found = _OWNER.fullmatch(text)
    assert found is not None
    if found.group("it"):
        return Owner("deployment", IT)
    kind = (found.group("kind") or found.group("suffix") or "").lower() or None
    return Owner(kind, _first(found, "n1", "n2", "n3"))


_VERSION = _compile(
    rf"{_RELEASE}|(?:version |image )?(?!(?:again|now|still)(?![-\w.]))(?P<name>{NAME})"
)
"""A version is never a word that says when: "all 8 copies are running again"; "the new
version" and its kin are a ``Release``."""


def _version(text: str) -> str:
    found = _VERSION.fullmatch(text)
    assert found is not None
    if found.group("which"):
        return Release(_RELEASE_WORDS[found.group("which").lower()])
    return unquote(found.group("name"))


# --- pod sets -----------------------------------------------------------------------------

_STATES = {
    "running": "running",
    "scheduled": "running",
    "bound": "running",
    "pending": "pending",
    "unscheduled": "pending",
    "ready": "ready",
    "available": "ready",
    "healthy": "ready",
    "new": "updated",
    "updated": "updated",
}
_STATE = "|".join(_STATES)


@dataclass(frozen=True)
class PodSet:
    """Which pods a sentence talks about and how many of them must satisfy what it says.

    ``quantifier`` is "exactly", "all", "not all", "none", "some", "at least" or "at most";
    "all" with a count ("all 10 pods") also says how many pods there are; "not all" ("not
    every pod of api runs v2") holds when some pod, of a set that has pods, does not.
    """

    quantifier: str
    count: int | None
    deployment: str | None
    state: str | None
    version: str | None

    def describe(self) -> str:
        words = {
            "exactly": str(self.count),
            "none": "no",
            "some": "a",
            "all": "every",
            "not all": "not every",
        }
        head = words.get(self.quantifier, f"{self.quantifier} {self.count}")
        if self.quantifier == "all" and self.count is not None:
            head = f"all {self.count}"
        singular = head in ("no", "a", "every", "not every", "1")
        parts = [head, self.state or "", "pod" if singular else "pods"]
        text = " ".join(p for p in parts if p)
        if self.deployment:
            text += f' of "{self.deployment}"'
        if self.version:
            text += f" at version {self.version}"
        return text


_QUANTIFIER = (
    rf"(?P<all_n>all(?: of)?(?: the)? (?P<n1>{NUMBER}))"
    rf"|(?P<least>at least (?P<n2>{NUMBER}))|(?P<most>at most (?P<n3>{NUMBER}))"
    r"|(?P<single>(?:exactly |only )?(?:a|one) single)"
    rf"|(?:exactly |only )?(?P<n4>{NUMBER})"
    r"|(?P<notall>not (?:all(?: of)?(?: the)?|every|each(?: of the)?))"
    r"|(?P<all>all(?: of)?(?: the)?|every|each(?: of the)?|the|both)"
    r"|(?P<none>no|none of the)|(?P<some>a|an|some|any)"
)
_THEM = (
    r"(?P<them>none|all|each|both) of (?:them|its (?:pods|copies|instances)|the deployment's pods)"
    rf"|(?P<themq>at least |at most |exactly |only )?(?P<themn>{NUMBER}) of them"
)
"""The pods of the deployment named last, as a pronoun: "none of them", "all of its pods";
counted: "1 of them" (exactly one), "at least 2 of them"."""
_NOTHING_OF = rf"nothing of (?:the )?(?:deployment )?(?P<nothing>{NAME})(?: deployment)?"
"""No pod of a deployment, said as nothing: "nothing of "etl" is scheduled on node-1"
("nothing of them": of the deployment named last)."""
_OTHERS = (
    rf"the (?:other|remaining) (?P<others>{NUMBER})(?: (?:pods?|copies|copy|instances?|replicas?))?"
)
"""The rest of the deployment named last, counted: "the other 2 are pending", "the remaining 2
pods" are exactly that many of its pods (the line before counted the rest)."""
_OWNED_TWICE = r" (?:pods?|copy|copies|instances?) of "
"""A deployment said before the pods is never said again after them: in "a lone pod of web"
the word before "pod" says how many, not whose."""
_ALL_REPLICAS = (
    rf"(?P<every>all(?: of)?(?: the)?(?: (?P<n5>{NUMBER}))?|every|each(?: of the)?)"
    rf"(?: (?P<wowner>{_FREE_NAME}))? replicas?"
    rf"(?: of (?:the )?(?:deployment )?(?P<wof>{NAME})(?: deployment)?)?"
)
"""Every replica, said without a state: "all 6 replicas are running again". A count without
"all" ("6 replicas") stays the deployment's desired replicas, never its pods."""
_POD_SET = _compile(
    f"{_THEM}|{_NOTHING_OF}|{_OTHERS}|{_ALL_REPLICAS}|(?:{_QUANTIFIER})"
    f"(?:(?: (?P<state>{_STATE}))?(?: (?P<owner>{_FREE_NAME})(?!{_OWNED_TWICE}))?"
    " (?:pods?|copy|copies|instances?)"
    f"|(?: (?P<rstate>{_STATE}))(?: (?P<rowner>{_FREE_NAME}))? replicas?)"
    f"(?: of (?:the )?(?:deployment )?(?!version\\b)(?P<of>{NAME})(?: deployment)?)?"
    f"(?: (?:at|of|on|with|in) version (?P<version>{NAME}))?"
)


def _strip_groups(regex: str) -> str:
    return re.sub(r"\(\?P<\w+>", "(?:", regex)


def _pod_set(text: str) -> PodSet:
    found = _POD_SET.fullmatch(text)
    assert found is not None
    g = found.groupdict()
    if g["them"]:
        quantifier = "none" if g["them"].lower() == "none" else "all"
        return PodSet(quantifier, None, IT, None, None)
    if g["themn"]:
        bound = (g["themq"] or "").strip().lower()
        quantifier = bound if bound in ("at least", "at most") else "exactly"
        return PodSet(quantifier, number(g["themn"]), IT, None, None)
    if g["nothing"]:
        owner = unquote(g["nothing"])
        return PodSet("none", None, IT if owner.lower() in ("them", "it") else owner, None, None)
    if g["others"]:
        return PodSet("exactly", number(g["others"]), IT, None, None)
    if g["every"]:
        owner = g["wowner"] or g["wof"]
        count = number(g["n5"]) if g["n5"] else None
        return PodSet("all", count, unquote(owner) if owner else None, None, None)
    count_text = g["n1"] or g["n2"] or g["n3"] or g["n4"]
    count = number(count_text) if count_text else 1 if g["single"] else None
    if g["notall"]:
        quantifier = "not all"
    elif g["all_n"] or g["all"]:
        quantifier = "all"
    elif g["least"] or g["most"]:
        quantifier = "at least" if g["least"] else "at most"
    elif g["none"]:
        quantifier = "none"
    elif g["some"]:
        quantifier = "some"
    else:
        quantifier = "exactly"
    owner = g["owner"] or g["rowner"] or g["of"]
    state_text = g["state"] or g["rstate"]
    state = _STATES[state_text.lower()] if state_text else None
    version = unquote(g["version"]) if g["version"] else None
    return PodSet(quantifier, count, unquote(owner) if owner else None, state, version)


_RESOURCE_NAMES = {"cpu": "cpu", "cores": "cpu", "memory": "memory", "ram": "memory"}


NOUNS: dict[str, ParamType] = {
    "resourcename": ParamType(
        "|".join(_RESOURCE_NAMES),
        lambda text: _RESOURCE_NAMES[text.lower()],
        "what a pod asks a node for: cpu (or cores), memory (or RAM); any case",
    ),
    "node": ParamType(
        _strip_groups(_NODE.pattern),
        _node,
        'a node: node-1, "node-1", node node-1 or node "node-1"',
        refers_to="node",
    ),
    "nodes": ParamType(
        _strip_groups(_NODES.pattern),
        _nodes,
        "one node or several: node-1, node-1 and node-2, node-1, node-2 and node-3, "
        "nodes node-1 and node-2, node-1 or node-2",
        refers_to="nodes",
    ),
    "wherenodes": ParamType(
        f"(?!{_V_NUMBER})(?:{_strip_groups(_NODES.pattern)})",
        _nodes,
        "where pods are: nodes as above, but never a version said v and a number (on v2 is "
        "the version)",
        refers_to="nodes",
    ),
    "deployment": ParamType(
        _strip_groups(_DEPLOYMENT.pattern),
        _deployment,
        'a deployment: "web", web, deployment "web", the "web" deployment; '
        '"it" or "the deployment" for the one mentioned last',
        refers_to="deployment",
    ),
    "its": ParamType(
        _strip_groups(_POSSESSIVE.pattern),
        _possessive,
        "whose: its (the deployment mentioned last), \"web\"'s, the web deployment's",
        refers_to="deployment",
    ),
    "owner": ParamType(
        _strip_groups(_OWNER.pattern),
        _owner,
        'a node or a deployment: node-1, node "node-1", "web", deployment web '
        "(a bare name is looked up among both)",
        refers_to="owner",
    ),
    "version": ParamType(
        _strip_groups(_VERSION.pattern),
        _version,
        'a version: v2, "v2", version v2; the new (latest, bad) version, the previous (old, '
        "last good) release, the current version: a release by its place in the story",
        refers_to="release",
    ),
    "ourrelease": ParamType(
        _strip_groups(_RELEASE),
        _version,
        "a release by its place in the story: the new (latest, bad) version, the previous "
        "(old, last good) release, the current version",
        refers_to="release",
    ),
    "rolloutpods": ParamType(
        rf"(?!at least (?:{NUMBER}) (?:copies|instances)(?![-\w.]))"
        f"(?:{_strip_groups(_POD_SET.pattern)})",
        _pod_set,
        'pods as above, but never a bare "at least 4 copies" ("… were ready at all '
        'times" is said of the whole run)',
        refers_to="pods",
    ),
    "vnumber": ParamType(_V_NUMBER, str, "a version said v and a number: v2, v1.4.0"),
    "pods": ParamType(
        _strip_groups(_POD_SET.pattern),
        _pod_set,
        'pods: 4 pods, 4 "web" pods, 4 pods of "web", all 10 web pods, every pod, no "web" '
        "pod, the pods of web, at least 3 ready pods, 2 running pods of version v1, a pod",
        refers_to="pods",
    ),
}


TYPES.update(NOUNS)
TYPES.update(AMOUNTS)
