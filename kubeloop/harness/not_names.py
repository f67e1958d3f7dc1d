"""Words that are never a thing's bare name: said where a name could stand, they are the
sentence going on, so a phrase whose name slot took one does not read the line.

Checked on the value a name-holding parameter took (``definitions.StepDefinition``), not
in the types' regular expressions, so refusing a word costs no regex size.
"""

from __future__ import annotations

import re

PRONOUNS = frozenset(
    {
        "nothing", "nobody", "noone", "none", "everything", "everyone", "everybody",
        "anything", "anyone", "anybody", "something", "someone", "somebody",
    }
)  # fmt: skip
"""A pronoun that says how many: "nothing paged" is no SLO called "nothing", "everyone was
paged" no alert called "everyone", "nothing resets" no counter called "nothing"."""

ALERT_STATES = frozenset({"firing", "pending", "inactive"})
"""An alert's state is no plain name: "X never went to firing" names no environment."""

ENVIRONMENTS = frozenset(
    {"prod", "production", "staging", "stage", "dev", "development", "qa", "uat", "preprod"}
)
"""An environment is no node and no person: "prod is empty" is about what prod runs, not a
node "prod"; "prod rolled itself back" is no one called "prod" rolling back "itself"."""

SEQUENCE = frozenset({"then", "afterwards", "later", "finally", "next"})
"""A word that orders steps is no name: "node-1 fails and then recovers" is node-1
recovering, not a node called "then"."""

ARTICLES = frozenset({"the", "a", "an"})
"""An article alone, said in lower case, is no name: it opens the noun phrase that names the
thing, so "the pages the on-call" (a list's subject cut after its first word) names no SLO
called "the" (a build may still be called "A")."""

WHOLES = frozenset(
    {"i", "system", "cluster", "pipeline", "promotion", "rollout", "rollback", "node", "nodes"}
)
"""The speaker, or a whole the catalog names by its noun, is no build and no node: "the
pipeline passed" is no build called "I" passing, "system recovers" no node "system", "running
on nodes" no node called "nodes"."""

HEDGES = frozenset({"already", "still", "currently", "now", "just", "again", "also", "then"})
"""A word that hedges or orders a sentence is no name: "only node-2 and node-4 have already
pods" names no deployment "already"."""

POINTERS = frozenset({"that", "this", "these", "those"})
"""A word that points back is no name: "that alert is firing" is the alert said before, not
one called "that"."""

BUILD_NOUNS = frozenset({"build", "artifact", "image", "release", "version", "commit", "digest"})
"""A noun that says what kind of thing the next word is ("build M1", "release R7", "version
v2"): never a deployment's name, so "build M1 is live in prod" is build M1 running there,
not a deployment called "build" at version M1."""

_NEVER = PRONOUNS | SEQUENCE

REFUSED: dict[str, frozenset[str]] = {
    "name": _NEVER | ALERT_STATES | POINTERS,
    "node": _NEVER | ENVIRONMENTS | WHOLES,
    "nodes": _NEVER | ENVIRONMENTS | WHOLES,
    "wherenodes": _NEVER | ENVIRONMENTS | WHOLES,
    "deployment": _NEVER | HEDGES,
    "service": _NEVER,
    "sloname": _NEVER,
    "alert": _NEVER | POINTERS,
    "alertname": _NEVER | POINTERS,
    "artifact": _NEVER | WHOLES,
    "series": _NEVER,
    "person": _NEVER | ENVIRONMENTS,
}
"""By parameter type: the words a bare value of that type is never."""

REFUSED_IN_CHECKS: dict[str, frozenset[str]] = {"deployment": ENVIRONMENTS}
"""By parameter type, the words a bare value is never in a Then: "prod runs the digest of
C8" checks what prod runs, not a cluster deployment "prod" (a When may still name an
environment where a deployment goes: "I roll back prod" rolls the environment back)."""

NODE_OR_PERCENTILE = re.compile(r"(?i:node-\d+)|p\d+(?:\.\d+)?")
"""A node's name as clusters spell it ("node-2"), or a latency percentile in lower case
("p99"; "P1" is a build): neither is a service or a build ("node-2 never went down" is no
service called node-2 that stayed up; "the p99 goes up" names no service "p99")."""
SHAPED: dict[str, re.Pattern[str]] = {"service": NODE_OR_PERCENTILE, "artifact": NODE_OR_PERCENTILE}
"""By parameter type: the shape of a name a value of that type never has ("node-1 and
node-2 are in zone-a" names no builds running in an environment "zone-a")."""

REFUSED_AS: dict[str, frozenset[str]] = {"deployment": BUILD_NOUNS}
"""By parameter name, whatever its type: the words a value in that role is never (a
"{deployment:name}" slot names a deployment as surely as a "{deployment:deployment}" one)."""

LISTED: dict[str, re.Pattern[str]] = {"several": NODE_OR_PERCENTILE, "sequence": NODE_OR_PERCENTILE}
"""By parameter type of a list of names: the shape none of its names ever has."""
_LIST_SEP = re.compile(r",? and then |,? then |,? and |, ", re.IGNORECASE)


def refused(kind: str, value: str, keyword: str = "", role: str = "") -> bool:
    """Whether a parameter of type KIND (named ROLE) that took VALUE (its text as said) names
    nothing, in a step of that KEYWORD."""
    said = value.lower()
    if said in REFUSED_AS.get(role, frozenset()):
        return True
    if kind in REFUSED and value in ARTICLES:
        return True
    if keyword == "then" and said in REFUSED_IN_CHECKS.get(kind, frozenset()):
        return True
    listed = LISTED.get(kind)
    if listed is not None and any(listed.fullmatch(n) for n in _LIST_SEP.split(value)):
        return True
    words = REFUSED.get(kind)
    shape = SHAPED.get(kind)
    return (words is not None and said in words) or (
        shape is not None and shape.fullmatch(value) is not None
    )
