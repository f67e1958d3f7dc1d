"""A name's kind, said beside it ("node node-2", "the service "search"", "build M2"),
against the kind of thing the phrase's parameter names: a line that says a service never
reads as a phrase about a node.
"""

from __future__ import annotations

from kubeloop.harness.definitions import Match
from kubeloop.harness.frames.chunker import Chunk
from kubeloop.harness.frames.lexicon import Lexicon, concept_of
from kubeloop.harness.frames.slot_kinds import takes
from kubeloop.harness.frames.stems import stem

_DEPLOYMENT = frozenset({"deployment", "pods", "owner", "its", "service"})
_ARTIFACT = frozenset({"artifact", "artifacts", "version"})
_TAKES: dict[str, frozenset[str]] = {
    concept_of(kind): types
    for kinds, types in (
        (("node", "server", "machine", "host"), frozenset({"node", "nodes", "owner"})),
        (("pod",), frozenset({"pods"})),
        (("deployment", "app", "application", "workload", "service"), _DEPLOYMENT),
        (("build", "artifact", "release", "image", "candidate", "version"), _ARTIFACT),
        (("commit",), frozenset({"commit"})),
        (("alert", "rule"), frozenset({"alert", "alertname", "sloalert"})),
        (("slo",), frozenset({"sloname", "slo"})),
        (("target", "job"), frozenset({"service", "deployment"})),
        (("stage",), frozenset({"gate", "gates", "gatelist"})),
    )
    for kind in kinds
}
"""Each kind noun, and the parameter types that name a thing of that kind."""
_NAMED = frozenset().union(*_TAKES.values())
"""Parameter types that name a thing of one kind (a plain ``name`` names any)."""
_ONLY_ITS_OWN = frozenset({concept_of("commit")})
"""Kinds whose values name nothing else, so never fill a plain ``name`` either: a commit id
is never a manifest's or a deployment's name ("commit a1b2c3d gets built as I1" is not
"I built a1b2c3d as I1")."""


def fits(match: Match, placed: tuple[tuple[int, int, Chunk], ...], lexicon: Lexicon) -> bool:
    """Whether every value placed in ``match.text`` whose kind the line said lands in a
    parameter of that kind (or of no kind in particular), every name in a parameter that
    takes its kind (slot_kinds.py: an environment is never a version), and no parameter
    took only words that say nothing ("is and promoted to staging" read with the alias
    "is")."""
    found = match.definition.fullmatch(match.text)
    if found is None:
        return False
    for said in found.groupdict().values():
        if (
            said is not None
            and said.strip()
            and all(
                (entry := lexicon.entries.get((stem(w),))) is not None and entry.kind == "filler"
                for w in said.split()
            )
        ):
            return False
    kinds = match.kinds()
    for start, end, value in placed:
        holders = [
            (found.end(name) - found.start(name), kinds.get(name, ""), name)
            for name, said in found.groupdict().items()
            if said is not None and found.start(name) <= start and end <= found.end(name)
        ]
        if not holders:
            continue
        _, kind, name = min(holders)
        if value.label == "name" and not takes(match.definition, name, kind, found.group(name)):
            return False  # (an environment where a deployment's name goes: "dev runs staging")
        if not value.of_kind or value.of_kind not in _TAKES:
            continue
        strict = value.of_kind in _ONLY_ITS_OWN
        if (kind in _NAMED or strict) and kind not in _TAKES[value.of_kind]:
            return False
    return True
