"""Whether a phrase takes a line only by reading a word we know as a concept for a name.

"verification fails" under Then matches the When phrase "{nodes} fails": a node called
"verification" failing. Telling the user "this is an event: write When verification fails"
would have them fail a node they never meant. A word the lexicon reads as a concept
("verification", "coverage"), said alone and in lower case where a node's, a
deployment's or a service's name goes, and that no example of the catalog gives as a
name, is such a misreading.
"""

from __future__ import annotations

from collections.abc import Sequence

from kubeloop.harness.definitions import Match
from kubeloop.harness.frames.index import FrameIndex

_NAMES = frozenset({"node", "nodes", "deployment", "service", "name", "names"})
"""Parameter types that hold a thing's name."""


def concept_as_name(index: FrameIndex, matches: Sequence[Match]) -> bool:
    """Whether any of ``matches`` puts a lone lower-case word the lexicon reads as a
    concept, and the catalog never gives as a name, where a name goes."""
    for match in matches:
        found = match.definition.fullmatch(match.text)
        if found is None:
            continue
        kinds = match.definition.kinds(match.text)
        for parameter, said in found.groupdict().items():
            if said is None or kinds.get(parameter, "") not in _NAMES:
                continue
            if _concept(index, said.strip()):
                return True
    return False


def _concept(index: FrameIndex, word: str) -> bool:
    """Whether ``word`` is one lower-case word that the lexicon reads as a concept and no
    example gives as a name."""
    if not (word.isalpha() and word.islower()) or word in index.lexicon.names:
        return False
    chunks = index.chunk(word).chunks
    return len(chunks) == 1 and chunks[0].kind == "concept"
