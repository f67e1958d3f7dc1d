"""Lab 02's noun phrases: an artifact named by its alias ("D1", "the build D1") or, for the
one built last, "it"/"its"/"the artifact"."""

from __future__ import annotations

import re

from kubeloop.harness.first_use import Later
from kubeloop.harness.nouns import IT, NAME, _strip_groups, unquote
from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.pipeline_words import COMMIT

_IT = (
    r"it|the artifact|the build|this artifact|this build|the image|this image|that artifact|"
    r"that build|that image|that release|this release"
)
_FROM_COMMIT = (
    r"(?:(?:the )?(?:image|build|artifact|digest)(?: that was)? (?:built )?from |the build of )?"
    rf"commit (?P<commit>{COMMIT})"
)
"""The artifact built from a commit, named by the commit: bound as "commit 9e1f0aa"."""
_WORD = (
    r"(?![a-z]+ed\b|\d{4}-\d\d-\d\d\b|(?:CVE|GHSA|GO|PYSEC|RUSTSEC|OSV)-|(?:anything|something|"
    r"everything|nothing|none|nobody|anywhere|everywhere|nowhere|same|other|new|old|last|latest|"
    r"previous|next|first|current|whole|errors?|traffic|requests?|off|out|up|down|back|is|are|"
    r"was|were|be|been|has|have|had|gets|got|does|did|runs|passes|fails|serves|goes|reaches|"
    r"lands|returns|and|then|but|not|never|also|only|just|still|yet|already|both|all|each|every|"
    r"any|straight|directly|right)\b)"
)
"""What is never a bare alias: a past participle ("node-1 has failed"), a date ("the
pipeline runs on 2026-06-01"), a word that says which build ("the same build"), none at all
("nothing gets signed", "it never ran anywhere"), a particle ("I sign off"), what a
service serves ("web is serving errors"), a verb or a joining word ("… and is approved into
prod" is never a build called "is"), nor an adverb or a quantifier ("signed but not
approved" is never a build called "not" that is approved; "then straight to prod" never
promotes a build called "straight")."""
_ARTIFACT = Later(
    f"(?P<it>{_IT})|{_FROM_COMMIT}|(?:the )?(?:artifact|build|image) (?P<n1>{NAME})"
    f"|the (?!(?:artifact|build|image)\\b){_WORD}(?P<n3>{NAME}) (?:artifact|build|image)"
    f"|{_WORD}(?P<n2>{NAME})",
    re.IGNORECASE,
)
_ARTIFACTS = re.compile(
    r"(?P<it>its|the artifact's|the build's)|" f"(?:(?:the )?(?:artifact|build) )?(?P<n>{NAME})'s",
    re.IGNORECASE,
)


def _artifact(text: str) -> str:
    found = _ARTIFACT.fullmatch(text)
    assert found is not None
    if found.group("it"):
        return IT
    if found.group("commit"):
        return commit_alias(unquote(found.group("commit")))
    return unquote(found.group("n1") or found.group("n2") or found.group("n3"))


def commit_alias(commit: str) -> str:
    """The alias under which the artifact built from a commit is known."""
    return f"commit {commit}"


def _artifacts(text: str) -> str:
    found = _ARTIFACTS.fullmatch(text)
    assert found is not None
    return IT if found.group("it") else unquote(found.group("n"))


TYPES.update(
    {
        "artifact": ParamType(
            _strip_groups(_ARTIFACT.pattern),
            _artifact,
            'an artifact: its alias D1 (or "D1", the build D1, the D1 image); it or the '
            "artifact for the one built or named last",
            refers_to="artifact",
        ),
        "artifacts": ParamType(
            _strip_groups(_ARTIFACTS.pattern),
            _artifacts,
            "whose: D1's, its (the artifact built or named last)",
            refers_to="artifact",
        ),
    }
)
