"""How good the first suggestion for each unmatched line is, over feature files given.

``python benchmarks/suggestion_quality.py FILE...`` checks each file as ``kubeloop check``
does and, for every line no phrase matches, scores the first sentence it is offered
(a "did you mean", a phrase about its nouns, the nearest, or "write Then …"), or the
first two steps, together, for a line offered as two steps:

- help: whether the line is offered anything at all;
- accepted: whether a run takes the sentence (each of the steps) as written;
- values: whether every value the line gives (quoted, a number, a name shaped as one)
  is in the sentence whole, in a parameter of its type (a number where a count goes,
  never into a name or a query; a name never where a number or a query goes), or in a
  noun phrase ("6 "web" pods"), never a fragment of a query or a quoted value;
- mechanism: whether the sentence's phrase is of the line's mechanism (its scenario's
  tag; a story's line may use any, and the shared phrases of time suit every one; an
  untagged line is not judged);
- polarity: whether the sentence is negated exactly when the line is (by any negation
  word): one that is not says the opposite.

``--show`` prints each line with its first sentence and what it failed.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from kubeloop.harness.check import check_file
from kubeloop.harness.frames.values import unit
from kubeloop.harness.mechanisms import of_domain
from kubeloop.harness.registry import REGISTRY, load_step_library

_PROBLEM = re.compile(r'^.*?:(\d+): no step matches (Given|When|Then) "(.*)"$')
_STEP = re.compile(r"^\s*(?:Given|When|Then|And|But|\*)\s")
_SUGGESTED = re.compile(r"^    (Given|When|Then) (.+)$")
_AND = re.compile(r"^    (And) (.+)$")
_HINT = re.compile(r"^  this is .*: write (Given|When|Then) (.+)$")
_NUMBERS = frozenset(
    {"n", "number", "decimal", "intorpercent", "priority", "percent", "latency", "quantity"}
)
_NAMES = frozenset(
    {
        "name",
        "names",
        "node",
        "nodes",
        "deployment",
        "service",
        "alert",
        "alertname",
        "sloalert",
        "slo",
        "sloname",
        "artifact",
        "artifacts",
        "commit",
        "gate",
        "gates",
        "gatelist",
        "owner",
        "pods",
        "person",
        "release",
        "version",
        "word",
        "imageref",
    }
)
_QUERIES = frozenset({"promql", "quotedpromql", "barepromql", "series", "ratephrase"})
_MECHANISMS = frozenset({"cluster", "pipeline", "telemetry"})
_LIST = re.compile(r",? and then |,? then |, and |, | and ")


def _class(label: str) -> str:
    if label in ("number", "percent", "quantity", "duration"):
        return "number"
    return label


def _kind_class(kind: str) -> str:
    if kind in _NUMBERS:
        return "number"
    if kind in _NAMES:
        return "name"
    if kind in _QUERIES:
        return "promql"
    return "other"


def _values(line: str) -> list[tuple[str, str]]:
    """(text, class) of every value the line gives that is surely a value."""
    index = REGISTRY.frames()
    chunked = index.chunk(line)
    return [
        (v.text, _class(v.label))
        for v in chunked.values
        if not v.weak or v.text.lower() in index.lexicon.names
    ]


def _placed(sentence: str, keyword: str) -> list[tuple[str, str, int, int]] | None:
    """(parameter text, kind, start, end) of the phrase that takes ``sentence`` as
    written; None when no one phrase does (a reading or a list took it)."""
    for definition in REGISTRY.candidates(keyword, sentence):
        found = definition.fullmatch(sentence)
        if found is None:
            continue
        kinds = definition.kinds(sentence)
        return [
            (said, kinds.get(name, ""), found.start(name), found.end(name))
            for name, said in found.groupdict().items()
            if said is not None
        ]
    return None


def _whole(value: str, said: str, kind: str) -> bool:
    bare, inner = value.strip("\"'`"), said.strip().strip("\"'`")
    if bare == inner:
        return True
    return kind in ("names", "nodes", "artifacts", "gatelist", "gates") and bare in [
        item.strip("\"' ") for item in _LIST.split(said)
    ]


def _values_kept(line: str, offered: list[tuple[str, str]]) -> bool:
    """Whether every value of the line is kept by one of the sentences offered together."""
    return all(
        any(_kept(given, kind, keyword, sentence) for keyword, sentence in offered)
        for given, kind in _values(line)
    )


def _kept(given: str, kind: str, keyword: str, sentence: str) -> bool:
    placed = _placed(sentence, keyword)
    value = given
    at = [m.start() for m in re.finditer(re.escape(value), sentence)]
    if not at:  # (said without its quotes, or its quotes escaped inside: still whole)
        value = given.strip("\"'`").replace('\\"', '"')
        number, _, word = value.partition(" ")
        value = number + (unit(word) or " " + word) if word else value
        at = [m.start() for m in re.finditer(re.escape(value), sentence)]
    if not at:
        return False
    return placed is None or any(_kept_at(value, kind, placed, a) for a in at)


def _kept_at(value: str, kind: str, placed: list[tuple[str, str, int, int]], at: int) -> bool:
    """Whether the value said at ``at`` is in a parameter of its type: whole, a list's
    item, or a part of a noun phrase (an occurrence inside another value does not count)."""
    holders = [p for p in placed if p[2] <= at and at + len(value) <= p[3]]
    if not holders:
        return False
    said, their_kind, _, _ = min(holders, key=lambda p: p[3] - p[2])
    if not _whole(value, said, their_kind):
        # (a fragment of a query or of a quoted value fails; a part of a noun phrase,
        # "6 "web" pods", does not)
        return not (their_kind in _QUERIES or said.strip()[:1] in "\"'`")
    theirs = _kind_class(their_kind)
    return theirs == "other" or kind not in ("number", "name", "promql") or theirs == kind


def _mechanism(keyword: str, sentence: str) -> str | None:
    matches = REGISTRY.quietly(keyword, sentence)
    return of_domain(matches[0].definition.domain) if matches else None


def _tags(path: Path) -> dict[int, str]:
    tags: dict[int, str] = {}
    tag = "untagged"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if raw.strip().startswith("@"):
            tag = raw.strip().split()[0][1:]
        tags[number] = tag
    return tags


def first(message: str) -> list[tuple[str, str]]:
    """The first sentences a "no step matches" message offers, as (keyword, sentence): the
    two steps it offers for a line that says two things ("And" the keyword before it), or
    its first single sentence; none when it offers nothing."""
    lines = message.splitlines()[1:]
    if lines and lines[0].strip().endswith("as two steps:"):
        steps: list[tuple[str, str]] = []
        for line in lines[1:]:
            hit = _SUGGESTED.match(line) or _AND.match(line)
            if hit is None:
                break
            said = hit.group(1).lower()
            steps.append((steps[-1][0] if said == "and" else said, hit.group(2)))
        return steps
    for line in lines:
        hit = _HINT.match(line) or _SUGGESTED.match(line)
        if hit is not None:
            return [(hit.group(1).lower(), hit.group(2))]
    return []


def score(paths: list[Path], show: bool = False) -> dict[str, Counter[str]]:
    """Per tag (and ``ALL``): steps, lines (unmatched), help, accepted, values, mechanism."""
    load_step_library()
    counts: dict[str, Counter[str]] = {}
    for path in paths:
        tags = _tags(path)
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _STEP.match(raw):
                for key in (tags[number], "ALL"):
                    counts.setdefault(key, Counter()).update(["steps"])
        seen: set[int] = set()
        for problem in check_file(path):
            head = _PROBLEM.match(problem.splitlines()[0])
            if head is None or int(head.group(1)) in seen:
                continue
            number, keyword, text = int(head.group(1)), head.group(2).lower(), head.group(3)
            seen.add(number)
            tag = tags.get(number, "untagged")
            marks = _marks(keyword, text, first(problem), tag)
            for key in (tag, "ALL"):
                counts.setdefault(key, Counter()).update(["lines", *marks])
            if show:
                print(f"{path.name}:{number} @{tag} {keyword.title()} {text}")
                offered = first(problem)
                said = " / ".join(f"{kw} {sentence}" for kw, sentence in offered)
                print(f"    -> {said or None}  [{' '.join(marks)}]")
    return counts


def _marks(keyword: str, text: str, offered: list[tuple[str, str]], tag: str) -> list[str]:
    if not offered:
        return []
    marks = ["help"]
    if _negated(text) == any(_negated(sentence) for _, sentence in offered):
        marks.append("polarity")
    if all(REGISTRY.accepts(said, sentence) for said, sentence in offered):
        marks.append("accepted")
        if _values_kept(text, offered):
            marks.append("values")
        mechanism = _mechanism(*offered[0])
        if tag == "story" or (tag in _MECHANISMS and mechanism in (tag, "common")):
            marks.append("mechanism")
    return marks


def _negated(text: str) -> bool:
    return any(c.kind == "negation" for c in REGISTRY.frames().chunk(text).chunks)


def main() -> int:
    parser = argparse.ArgumentParser(description="How good the first suggestion is.")
    parser.add_argument("files", nargs="+", type=Path, help="feature files to check")
    parser.add_argument("--show", action="store_true", help="print each line and its marks")
    options = parser.parse_args()
    missing = [str(p) for p in options.files if not p.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    counts = score(options.files, options.show)
    print(f"{'tag':10s} matched     unmatched  help  accepted  values  mechanism  polarity")
    for tag in sorted(counts):
        c = counts[tag]
        matched = c["steps"] - c["lines"]
        print(
            f"{tag:10s} {matched:4d}/{c['steps']:<4d} {100 * matched // max(c['steps'], 1):3d}% "
            f"{c['lines']:5d} {c['help']:5d} {c['accepted']:9d} {c['values']:7d} "
            f"{c['mechanism']:10d} {c['polarity']:9d}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
