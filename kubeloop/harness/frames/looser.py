"""The same meaning in other grammar: the signatures a line's frames may have when the
catalog says what the line says another way.

- "exactly": a plain statement is already exact ("is" compares whole values, a count is
  the count), so "the history of prod is exactly R3" means "… is R3";
- "every" or "all" before a noun with no count: a plural says every one ("every pod on v2
  fails 30% of requests" is "pods running v2 fail …"); not with a count ("all 6 pods" also
  says there are 6);
- an action said without who did it, under Given or When ("node-1 is drained", "R1 was
  promoted to staging"): the user did it ("I drain node-1"). Never under Then: a check
  stays a check.

Negations and every other comparison are kept as said; only these three are loosened.
"""

from __future__ import annotations

from kubeloop.harness.frames.chunker import Chunked

Signature = tuple[tuple[str, ...], tuple[str, ...]]

_WHO = frozenset({"I", "IT"})


def signatures(keyword: str, chunked: Chunked) -> list[Signature]:
    """The signatures ``chunked`` may be said with otherwise: each loosening that applies
    alone, then all of them together (none when nothing applies)."""
    concepts, types = chunked.signature()
    drops = [c for c in ("EQ", "ALL") if c in concepts and (c != "ALL" or "number" not in types)]
    mine = keyword != "then" and not _WHO & set(concepts)
    ways = [tuple(c for c in concepts if c != drop) for drop in drops]
    if mine:
        ways.append(tuple(sorted([*concepts, "I"])))
    if len(ways) > 1:
        together = [c for c in concepts if c not in drops] + (["I"] if mine else [])
        ways.append(tuple(sorted(together)))
    return [(way, types) for way in dict.fromkeys(ways)]
