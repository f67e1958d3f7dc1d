"""Which kind of name a parameter takes, as its own phrase's examples show: an environment
is never a deployment's name nor a version, and a build's alias ("R1") is never a version.

A name always means one thing. Three kinds are told by the name itself: an environment
("prod", "staging"), a build's alias ("R1", "M2") and a version ("v2", "2.7.0"). A phrase's
parameter takes a name of one of these kinds only when its examples give one of that kind
there ("the rollout of D2 is complete" takes an alias where a version goes; "prod runs
checkout at v1" does not), when the parameter names builds (an artifact may be named by its
version), or when its examples give no name there to judge by. So "dev and staging run
R1" is never read as "dev runs staging at R1".
"""

from __future__ import annotations

import re

from kubeloop.harness.definitions import StepDefinition

ENVIRONMENTS = frozenset(
    {"prod", "production", "staging", "stage", "dev", "development", "qa", "uat", "preprod"}
)
"""The environments' names a pipeline's stages are called by."""
_ALIAS = re.compile(r"[A-Z][A-Za-z]?\d+")
_VERSION = re.compile(r"v\d+(?:\.\d+)*|\d+\.\d+\.\d+")
"""A version: "v2", "v1.4.0", or three numbers ("2.7.0"; two are a decimal, "99.9")."""
_PERCENTILE = re.compile(r"p\d+(?:\.\d+)?")
"""A latency percentile ("p99", "p99.9", in lower case: "P1" is a build): a measure's
point, never a service's name."""
_BUILDS = frozenset({"artifact", "artifacts"})
"""Parameter types that name a build: an alias or a version names one."""
_ENV, _ALIASED, _VERSIONED, _OTHER = "environment", "alias", "version", "other"
_PERCENTILED = "percentile"


def kind_of(said: str) -> str:
    """The kind of name a text is, by the name itself (its last word, quotes aside):
    an environment, an alias, a version, a percentile, or other."""
    words = said.split()
    bare = words[-1].strip("\"'`,") if words else ""
    if bare in ENVIRONMENTS:  # (said capitalised, "Dev" is a person's name)
        return _ENV
    if _ALIAS.fullmatch(bare):
        return _ALIASED
    if _VERSION.fullmatch(bare):
        return _VERSIONED
    if _PERCENTILE.fullmatch(bare):
        return _PERCENTILED
    return _OTHER


def environment(said: str) -> bool:
    """Whether a name is an environment's ("prod", '"staging"'), said in lower case."""
    return said.strip("\"'`") in ENVIRONMENTS


_NAME_WORDS = 2
"""The most words a parameter that holds one name says ("version v2", "deployment web")."""
_EVIDENCE: dict[int, tuple[StepDefinition, dict[str, frozenset[str]]]] = {}


def _evidence(definition: StepDefinition) -> dict[str, frozenset[str]]:
    """Each parameter of a definition and the kinds of the names its examples give there
    (a parameter no example gives a single name to is not listed)."""
    key = id(definition)
    if key not in _EVIDENCE or _EVIDENCE[key][0] is not definition:
        found: dict[str, set[str]] = {}
        for example in definition.examples:
            match = definition.fullmatch(example)
            if match is None:
                continue
            for name, said in match.groupdict().items():
                if said is not None and 0 < len(said.split()) <= _NAME_WORDS:
                    found.setdefault(name, set()).add(kind_of(said))
        _EVIDENCE[key] = (definition, {n: frozenset(k) for n, k in found.items()})
    return _EVIDENCE[key][1]


def takes(definition: StepDefinition, parameter: str, kind: str, said: str) -> bool:
    """Whether ``definition``'s ``parameter`` (of parameter type ``kind``) takes what it is
    given, ``said``: more than a name (a clause list) or a name of no telling kind always;
    an environment only where the phrase's examples give one (or no name to judge by); an
    alias or a version where they give either (a build is named by its alias or its
    version: "we ship R1 to prod") or where the parameter names a build, never where they
    give only environments or other names; a percentile ("p99") only where they give one."""
    if not 0 < len(said.split()) <= _NAME_WORDS:
        return True  # (a clause list or a sentence holds the name: "at v1 on 3 nodes")
    mine = kind_of(said)
    if mine == _OTHER:
        return True
    theirs = _evidence(definition).get(parameter)
    if not theirs or mine in theirs:
        return True
    if mine in (_ENV, _PERCENTILED):
        return False
    return kind in _BUILDS or not theirs.isdisjoint({_ALIASED, _VERSIONED})
