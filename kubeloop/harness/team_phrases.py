"""Team phrases: a team's own sentences, each standing for steps the catalog already has,
kept in a ``*.phrases`` file beside the features — no Python (Gauge's "concepts" are the
nearest peer). The file reads like Gherkin:

    # release.phrases
    Phrase: a release <name> from commit <commit> that passed every gate
      Given an artifact <name> built from commit <commit>
      And <name> passed every gate

A ``<parameter>`` takes one word or a "quoted text" and is put, as written, wherever the
steps name it. The phrase is a Given, When or Then as its first step is, and its steps run
in order, each through the catalog, as if written in its place; reports show them under the
team's line. ``kubeloop check`` reads every phrase file: a step the catalog does not know, a
parameter the sentence and its steps do not share, a phrase that uses itself (directly or
through another) and a sentence the catalog already reads are each ``FILE:LINE`` errors.
Phrase files are found in a feature's folder and every folder above it, up to the project.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kubeloop.harness.definitions import StepDefinition
from kubeloop.harness.errors import AmbiguousStepError, HarnessError
from kubeloop.harness.gherkin_source import FeatureReadError, read_feature
from kubeloop.harness.params import TYPES, ParamType
from kubeloop.harness.registry import REGISTRY

if TYPE_CHECKING:
    from kubeloop.harness.world import World

SUFFIX = ".phrases"
_HEAD = re.compile(r"^\s*Phrase:\s*(?P<text>.+?)\s*$")
_STEP = re.compile(r"^\s*(?P<keyword>Given|When|Then|And|But)\s+(?P<text>.+?)\s*$")
_PARAMETER = re.compile(r"<(\w+)>")
_ODD = re.compile(r"<(?!\w+>)[^<>]*>")
"""Angle brackets round anything but one word: no parameter, and no phrase syntax either."""
_SAMPLES = ("R1", "9e1f0aa", "3", "95%", "web", "5 minutes", '"text"', "v2", "node-1", "prod")
"""Values tried for a parameter when checking a phrase's steps without running them."""
_MOST_TRIED = 400
MAX_PHRASES = 1_000
"""The most phrases one file may define: check tries each against the catalog, so a file
past it is refused before any is read."""
TYPES["teamvalue"] = ParamType(
    r'"[^"]*"|[^\s"]+', str, 'a team phrase\'s parameter: one word, or "quoted text"'
)


@dataclass(frozen=True)
class TeamPhrase:
    path: Path
    line: int
    text: str
    steps: tuple[tuple[str, str, int], ...]
    """(keyword, text, line) of each step, And/But read as the keyword before them."""

    @property
    def keyword(self) -> str:
        return self.steps[0][0] if self.steps else "given"

    @property
    def parameters(self) -> list[str]:
        return _PARAMETER.findall(self.text)

    def pattern(self) -> str:
        return _PARAMETER.sub(lambda m: "{" + m.group(1) + ":teamvalue}", _escaped(self.text))

    def example(self) -> str:
        return _PARAMETER.sub("X1", self.text)


def _escaped(text: str) -> str:
    """The sentence with the registry's pattern syntax ([ ] ( ) | { }) kept literal: a team
    phrase says one sentence, its parameters aside."""
    return re.sub(r"[\[\]{}|]|\((?:s|es)\)", "", text)


def read(path: Path) -> tuple[list[TeamPhrase], list[str]]:
    """The phrases of a file and the problems of its form, as ``FILE:LINE: message``."""
    phrases: list[TeamPhrase] = []
    problems: list[str] = []
    head: tuple[int, str] | None = None
    steps: list[tuple[str, str, int]] = []
    keyword = "given"

    def close() -> None:
        if head is None:
            return
        if not steps:
            problems.append(f"{path}:{head[0]}: the phrase {head[1]!r} has no steps")
        odd = [
            f"{path}:{line}: {bad} is not a parameter: name it in one word (letters, digits "
            f"or _), like <{_one_word(bad)}>"
            for line, text in [head, *((line, text) for _, text, line in steps)]
            for bad in _ODD.findall(text)
        ]
        problems.extend(odd)
        if not odd:
            phrases.append(TeamPhrase(path, head[0], head[1], tuple(steps)))

    try:
        text = read_feature(path)
    except FeatureReadError as error:
        return [], [str(error)]
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if found := _HEAD.match(raw):
            close()
            if len(phrases) >= MAX_PHRASES:
                problems.append(
                    f"{path}:{number}: more than {MAX_PHRASES} phrases in one file; split it"
                )
                return phrases, problems
            head, steps, keyword = (number, found.group("text")), [], "given"
        elif (found := _STEP.match(raw)) and head is not None:
            word = found.group("keyword").lower()
            keyword = keyword if word in ("and", "but") else word
            steps.append((keyword, found.group("text"), number))
        else:
            problems.append(
                f"{path}:{number}: expected 'Phrase: …' or a step (Given/When/Then/And/But)"
            )
    close()
    return phrases, problems


def _one_word(bad: str) -> str:
    return re.sub(r"\W+", "_", bad[1:-1]).strip("_") or "value"


def files_around(feature: Path, top: Path | None = None) -> list[Path]:
    """The phrase files in a feature's folder and every folder above it, up to ``top``
    (the working folder), nearest last; relative to ``top``, as the run prints paths."""
    top = (top or Path.cwd()).resolve()
    folder = feature.resolve().parent
    found: list[Path] = []
    while True:
        found = sorted(folder.glob(f"*{SUFFIX}")) + found
        if folder in (top, folder.parent) or top not in folder.parents:
            return [f.relative_to(top) if top in f.parents else f for f in found]
        folder = folder.parent


_LOADED: dict[Path, list[TeamPhrase]] = {}


def load(paths: list[Path]) -> list[str]:
    """Register the phrases of these files (each once); the problems of their form."""
    problems: list[str] = []
    for path in paths:
        resolved = path.resolve()
        if resolved in _LOADED:
            continue
        phrases, found = read(path)
        problems += found
        _LOADED[resolved] = phrases
        for phrase in phrases:
            if phrase.steps:
                try:
                    _register(phrase)
                except ValueError as error:  # the registry's own check of the sentence
                    problems.append(f"{phrase.path}:{phrase.line}: {error}")
    return problems


def forget() -> None:
    """Unregister every team phrase (a test, or a long-lived process, reading files anew)."""
    REGISTRY.forget(lambda definition: not _is_team(definition.function))
    _LOADED.clear()


def load_around(feature: Path) -> list[str]:
    return load(files_around(feature))


def load_project() -> list[str]:
    """The phrase files of the project's features/ folder (for the catalog and the editor
    glue), if the working folder has one."""
    local = Path.cwd() / "features"
    return load(sorted(local.rglob(f"*{SUFFIX}"))) if local.is_dir() else []


def _register(phrase: TeamPhrase) -> None:
    def run(world: World, **values: str) -> None:
        expand(world, phrase, values)

    run.__module__ = f"team: {phrase.path.stem}"
    run.__doc__ = f"A team phrase ({phrase.path.name}:{phrase.line}): " + "; ".join(
        f"{keyword.title()} {text}" for keyword, text, _ in phrase.steps
    )
    run.team_phrase = phrase  # type: ignore[attr-defined]
    REGISTRY.register(phrase.keyword, phrase.pattern(), run, (phrase.example(),))


_DEPTH = "team phrase depth"


def expand(world: World, phrase: TeamPhrase, values: dict[str, str]) -> None:
    """Run the phrase's steps in order, each as if written in its place; the report shows
    them under the team's line with their status (``world.report.expansion``: passed, failed, or
    skipped when an earlier one failed), a phrase used inside another one level deeper."""
    depth = world.parts.get(_DEPTH, 0)
    if depth > 20:
        raise world.fail(f"{phrase.text!r} to end", "it uses itself (check: kubeloop check)")
    world.parts[_DEPTH] = depth + 1
    outer = world.step
    said = [
        (keyword, _PARAMETER.sub(lambda m: values.get(m.group(1), m.group(0)), text))
        for keyword, text, _ in phrase.steps
    ]
    reached = 0
    try:
        for index, (keyword, text) in enumerate(said):
            entry = inner_step(keyword, text, depth, "failed")
            world.report.expansion.append(entry)
            reached = index + 1
            matches = REGISTRY.match(keyword, text)
            following = said[index + 1] if index + 1 < len(said) else None
            world.step = replace(
                outer,
                next_checks_error=outer.next_checks_error
                if following is None
                else _checks(*following),
                is_last=outer.is_last and following is None,
            )
            world.run(keyword, matches)
            entry["status"] = "passed"
    except BaseException:
        world.report.expansion += [inner_step(k, t, depth, "skipped") for k, t in said[reached:]]
        raise
    finally:
        world.parts[_DEPTH] = depth
        world.step = outer


def inner_step(keyword: str, text: str, depth: int, status: str) -> dict[str, Any]:
    """One step of a team phrase as the reports show it, as plain data."""
    return {"keyword": keyword.title(), "text": text, "depth": depth, "status": status}


def _checks(keyword: str, text: str) -> bool:
    try:
        matches = REGISTRY.match(keyword, text)
    except HarnessError:
        return False
    return any(getattr(m.definition.function, "checks_error", False) for m in matches)


def problems(paths: list[Path]) -> list[str]:
    """Every mistake in these phrase files: form, unknown steps, parameters, cycles (through
    any of the files), sentences the catalog or another file already reads (the files'
    phrases are all registered first, by this check)."""
    found = load(paths)
    for path in paths:
        phrases = _LOADED[path.resolve()]
        for phrase in phrases:
            found += _check(phrase)
        found += _cycles(phrases)
    return found


def _check(phrase: TeamPhrase) -> list[str]:
    where = f"{phrase.path}:{phrase.line}"
    found = [f"{where}: {clash}" for clash in _clashes(phrase)]
    named = set(phrase.parameters)
    for keyword, text, line in phrase.steps:
        used = set(_PARAMETER.findall(text))
        for missing in sorted(used - named):
            found.append(f"{phrase.path}:{line}: <{missing}> is not a parameter of {phrase.text!r}")
        if _reads(keyword, text) is None:
            message = _unread(keyword, text).splitlines()
            found.append(f"{phrase.path}:{line}: " + "\n  ".join(message))
    unused = named - {p for _, text, _ in phrase.steps for p in _PARAMETER.findall(text)}
    found += [f"{where}: <{name}> is not used by its steps" for name in sorted(unused)]
    return found


def _clashes(phrase: TeamPhrase) -> list[str]:
    """What else reads the phrase's sentence, for the first sample values that another
    definition reads too: a catalog phrase, or the same sentence in another team file."""
    names = sorted(set(phrase.parameters))
    tried = itertools.islice(itertools.product(_SAMPLES, repeat=len(names)), _MOST_TRIED)
    for values in itertools.chain([("X1",) * len(names)], tried):
        chosen = dict(zip(names, values, strict=True))
        said = _PARAMETER.sub(lambda m, c=chosen: c[m.group(1)], phrase.text)  # type: ignore[misc]
        others = [
            m.definition
            for m in REGISTRY.match_one(phrase.keyword, said)
            if getattr(m.definition.function, "team_phrase", None) is not phrase
        ]
        if others:
            return [_clash(phrase, said, other) for other in others]
    return _reads_examples(phrase)


def _reads_examples(phrase: TeamPhrase) -> list[str]:
    """The catalog's first example of its keyword the phrase reads too ("<a> <b>" reads
    "I reconcile"): a scenario saying it would match two definitions."""
    mine = [d for d in REGISTRY.definitions if getattr(d.function, "team_phrase", None) is phrase]
    for definition in REGISTRY.definitions:
        if definition.keyword != phrase.keyword or _is_team(definition.function):
            continue
        for example in definition.examples:
            if any(_parses(own, example) for own in mine):
                return [_clash(phrase, example, definition)]
    return []


def _parses(definition: StepDefinition, text: str) -> bool:
    try:
        return definition.parse_form(text) is not None
    except ValueError:
        return False


def _clash(phrase: TeamPhrase, said: str, other: StepDefinition) -> str:
    mine = "" if said == phrase.text else f' (as "{said}")'
    theirs: TeamPhrase | None = getattr(other.function, "team_phrase", None)
    if theirs is None:
        return (
            f"{phrase.text!r} is also read by the catalog's "
            f"{phrase.keyword.title()} {other.pattern!r}{mine}: reword the phrase"
        )
    return f"{phrase.text!r} is also defined at {theirs.path}:{theirs.line}{mine}: keep one of them"


def _unread(keyword: str, text: str) -> str:
    """Why a step reads as nothing: the definitions a sample value reads alike, else no
    phrase matching it with the first sample (suggestions are paid for once)."""
    for said in _sampled(text):
        if len(REGISTRY.match_one(keyword, said)) > 1:
            try:
                REGISTRY.match(keyword, said)
            except AmbiguousStepError as error:
                return str(error)
            except HarnessError:
                continue
    return REGISTRY.undefined_message(keyword, _PARAMETER.sub(_SAMPLES[0], text))


def _reads(keyword: str, text: str) -> list[Any] | None:
    """The definitions a step with parameters reads, for some sample values (None: none).
    Asked quietly: a sample that reads nothing would pay for suggestions it throws away."""
    for said in _sampled(text):
        try:
            found = REGISTRY.quietly(keyword, said)
        except HarnessError:
            return None
        if found:
            return found
    return None


def _sampled(text: str) -> Iterator[str]:
    """TEXT with sample values in its parameters, at most ``_MOST_TRIED`` ways."""
    names = sorted(set(_PARAMETER.findall(text)))
    tried = itertools.islice(itertools.product(_SAMPLES, repeat=len(names)), _MOST_TRIED)
    for values in tried:
        chosen = dict(zip(names, values, strict=True))
        yield _PARAMETER.sub(lambda m, c=chosen: c[m.group(1)], text)  # type: ignore[misc]


def _is_team(function: Any) -> bool:
    return hasattr(function, "team_phrase")


def _cycles(phrases: list[TeamPhrase]) -> list[str]:
    """A phrase that, through its steps, comes back to itself, with the way round
    ("'a' → 'b' → 'a'"), whichever file each phrase on the way is in."""
    found = []
    for phrase in phrases:
        way: dict[TeamPhrase, list[TeamPhrase]] = {}
        todo = [[phrase, inner] for inner in _uses(phrase)]
        while todo:
            path = todo.pop(0)
            current = path[-1]
            if current == phrase:
                round_ = " → ".join(repr(p.text) for p in path)
                found.append(f"{phrase.path}:{phrase.line}: {phrase.text!r} uses itself: {round_}")
                break
            if current not in way:
                way[current] = path
                todo += [[*path, inner] for inner in _uses(current)]
    return found


def _uses(phrase: TeamPhrase) -> list[TeamPhrase]:
    """The team phrases a phrase's steps read, in file and line order."""
    used = {
        inner
        for keyword, text, _ in phrase.steps
        for match in _reads(keyword, text) or []
        if (inner := getattr(match.definition.function, "team_phrase", None)) is not None
    }
    return sorted(used, key=lambda p: (str(p.path), p.line))
