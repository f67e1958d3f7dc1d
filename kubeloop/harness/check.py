"""``kubeloop check``: every mistake in every feature file, found in one pass, nothing run.

It parses each file, lints it, matches every step of every scenario (each Examples row
too), checks the data tables a phrase reads, and validates every fixture a scenario
names, of every kind — a step that reads a file says how with ``fixture_argument`` and
``fixture_reader`` — and prints each problem as ``FILE:LINE: message``.
"""

from __future__ import annotations

import difflib
import gc
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserException

from kubeloop.core.excerpt import clip, excerpt
from kubeloop.core.gc_pause import gc_paused
from kubeloop.fixtures.paths import inside, project_root
from kubeloop.harness import gherkin_source
from kubeloop.harness.definitions import Match
from kubeloop.harness.errors import AmbiguousStepError, UndefinedStepError
from kubeloop.harness.lint import lint_feature
from kubeloop.harness.registry import REGISTRY, load_step_library
from kubeloop.harness.shown_paths import relative
from kubeloop.harness.team_phrases import SUFFIX, files_around, load_around
from kubeloop.harness.team_phrases import problems as phrase_problems

load_step_library()

_KEYWORDS = ("Feature", "Background", "Scenario", "Scenario Outline", "Examples", "Rule")
_STEP_KEYWORDS = ("Given", "When", "Then", "And", "But")
_TYPES = {"Context": "given", "Action": "when", "Outcome": "then"}

FixtureReader = Callable[[str | Path, str, dict[str, Any]], object]
"""A step's ``fixture_reader``: reads (the resolved path, or the doc string's text), with
the name errors show and the step's arguments, and raises what the step would raise."""


def feature_files(paths: Iterable[str]) -> list[Path]:
    found: list[Path] = []
    for path in map(Path, paths):
        found += sorted(path.rglob("*.feature")) if path.is_dir() else [path]
    return found


def _syntax(path: Path, shown: str, error: CompositeParserException | ParserException) -> list[str]:
    errors = getattr(error, "errors", None) or [error]
    problems = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for each in errors:
        location = getattr(each, "location", None) or {}
        line = int(location.get("line") or 1)
        message = str(each).split(": ", 1)[-1]
        text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        problems.append(f"{shown}:{line}: not valid Gherkin: {message}{_keyword_hint(text)}")
    return problems


def _keyword_hint(text: str) -> str:
    word = re.split(r"[\s:]", text, maxsplit=1)[0] if text else ""
    if not word:
        return ""
    close = difflib.get_close_matches(word, [*_KEYWORDS, *_STEP_KEYWORDS], n=1, cutoff=0.6)
    return f' (did you mean "{close[0]}"?)' if close and close[0] != word else ""


def _misspelt_keywords(shown: str, document: dict[str, Any]) -> list[str]:
    """Description lines that start with a near-miss of a step keyword ("Givn 3 nodes"):
    Gherkin reads them as prose, so the step silently disappears."""
    problems = []
    children = document.get("feature", {}).get("children", [])
    blocks = [c.get("scenario") or c.get("background") for c in children]
    blocks += [
        g.get("scenario") or g.get("background")
        for c in children
        if "rule" in c
        for g in c["rule"].get("children", [])
    ]
    for block in filter(None, blocks):
        start = block["location"]["line"] + 1
        for offset, line in enumerate(block.get("description", "").splitlines()):
            word = line.strip().split(" ", 1)[0]
            close = difflib.get_close_matches(word, _STEP_KEYWORDS, n=1, cutoff=0.7)
            if close and word not in _STEP_KEYWORDS:
                problems.append(
                    f"{shown}:{start + offset}: {line.strip()!r} is read as a description, "
                    f'not a step (did you mean "{close[0]}"?)'
                )
    return problems


def _step_lines(document: dict[str, Any]) -> dict[str, int]:
    """Gherkin AST node id → line, for steps and Examples rows."""
    lines: dict[str, int] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "id" in node and "location" in node:
                lines[node["id"]] = node["location"]["line"]
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    return lines


def check_file(path: Path) -> list[str]:
    shown = str(relative(path))
    try:
        source = gherkin_source.load(path.resolve(), shown)
    except (CompositeParserException, ParserException) as error:
        return _syntax(path, shown, error)
    except gherkin_source.FeatureReadError as error:  # not a regular file, too big, NUL, …
        return [str(error)]
    except (OSError, UnicodeDecodeError) as error:
        return [f"{shown}:1: cannot read the file: {error}"]
    problems = [p.replace(str(path), shown, 1) for p in lint_feature(path)]
    problems += load_around(path)
    problems += _misspelt_keywords(shown, source.document)
    lines = _step_lines(source.document)
    seen: set[str] = set()
    for pickle in source.pickles:
        steps = pickle["steps"]
        for index, step in enumerate(steps):
            ids = step.get("astNodeIds", [])
            line = lines.get(ids[0], 0) if ids else 0
            following = steps[index + 1] if index + 1 < len(steps) else None
            for problem in _check_step(path, step, line, following):
                located = f"{shown}:{line}: {problem}"
                if located not in seen:
                    seen.add(located)
                    problems.append(located)
    return problems


def _check_step(
    path: Path, step: dict[str, Any], line: int, following: dict[str, Any] | None
) -> list[str]:
    """The step's problems; its fixture's too unless the step ``following`` it expects it
    to fail (asked only of a step with a fixture: the only one whose problems it changes)."""
    keyword = _TYPES.get(step.get("type", ""), "given")
    try:
        matches = REGISTRY.match(keyword, step["text"])
    except (UndefinedStepError, AmbiguousStepError) as error:
        return [str(error)]
    argument = step.get("argument", {})
    problems: list[str] = []
    fixtures = True
    if following is not None and any(_has_fixture(m) for m in matches):
        fixtures = not _checks_error(following)
    for match in matches:
        problems += _argument_problems(path, match, argument, line, fixtures)
    return problems


def _has_fixture(match: Match) -> bool:
    return getattr(match.definition.function, "fixture_argument", None) is not None


def _checks_error(step: dict[str, Any]) -> bool:
    """Whether a step checks the error the one before it ended with ("the operation fails
    with …"): a fixture broken on purpose is then the scenario's subject, not a mistake.
    Asked quietly: a step that matches nothing gets its suggestions once, as itself."""
    matches = REGISTRY.quietly("then", step["text"])
    return any(getattr(m.definition.function, "checks_error", False) for m in matches)


def _argument_problems(
    path: Path, match: Match, argument: dict[str, Any], line: int, fixtures: bool = True
) -> list[str]:
    function = match.definition.function
    table_check = getattr(function, "checks_table", None)
    if table_check is not None:  # a phrase that reads a table, with none, is one mistake
        table = argument.get("dataTable", {"rows": []})
        return list(table_check([[c["value"] for c in row["cells"]] for row in table["rows"]]))
    fixture_argument = getattr(function, "fixture_argument", None)
    if fixture_argument is None or not fixtures:
        return []
    from kubeloop.errors import FixtureError, KubeloopError  # noqa: PLC0415  (jsonschema loads lazily)

    reader: FixtureReader = getattr(function, "fixture_reader", None) or _cluster_fixture
    named = str(match.arguments.get(fixture_argument, ""))
    if fixture_argument == "docstring" and "docString" not in argument:
        return ['the step needs a doc string under it: its YAML between two """ lines']
    try:
        if fixture_argument == "docstring":
            text = argument.get("docString", {}).get("content", "")
            reader(text, f"{relative(path)}:{line} (doc string)", match.arguments)
        else:
            target = (path.parent / named).resolve()
            roots = tuple(sorted({project_root(path.parent), Path.cwd().resolve()}))
            if not inside(target, roots):
                return [
                    f"fixture {excerpt(named, 80)} leaves the project: keep fixtures inside "
                    f"{' and '.join(map(str, roots))} (or run with --fixtures-anywhere)"
                ]
            reader(target, str(target), match.arguments)
    except FixtureError as error:
        return [f"fixture: {problem}" for problem in error.problems]
    except KubeloopError as error:
        return [f"fixture {excerpt(named, 80)}: {clip(str(error))}"]
    except OSError as error:
        return [f"fixture {excerpt(named, 80)} cannot be read: {error.strerror or error}"]
    except Exception as error:  # a reader's own bug must not end the check in a traceback
        return [f"fixture {excerpt(named, 80)} could not be checked: {type(error).__name__}"]
    return []


def _cluster_fixture(source: str | Path, filename: str, _: dict[str, Any]) -> None:
    """The cluster steps' fixtures: Kubernetes manifests or kubeloop's compact kind."""
    from kubeloop.fixtures import load_fixture, load_fixture_text  # noqa: PLC0415

    if isinstance(source, Path):
        load_fixture(source)
    else:
        load_fixture_text(source, filename)


def _phrase_files(roots: list[str], features: list[Path]) -> list[Path]:
    """Every phrase file the check reads: named, under a folder named, or beside or above a
    feature (as a run finds them), each once, shown relative to the working folder."""
    found: dict[Path, Path] = {}
    for root in map(Path, roots):
        named = root.rglob(f"*{SUFFIX}") if root.is_dir() else [root]
        found.update((f.resolve(), f) for f in named if f.suffix == SUFFIX)
    for feature in features:
        for phrases in files_around(feature):
            found.setdefault(phrases.resolve(), phrases)
    return sorted(found.values())


@contextmanager
def few_collections() -> Iterator[None]:
    """The cyclic garbage collector run less often while lines are read: reading builds many
    objects that live to the end (compiled phrases, indexes, remembered answers) and few
    cycles, and each full collection walks them all again. The thresholds are put back after
    (mypy raises them for the same reason). What start-up made (the modules, the step
    library, its compiled words) is frozen out of the collector meanwhile (``gc.freeze``),
    so no collection while reading walks it; unfrozen after, unless someone else already
    held objects frozen (``kubeloop run`` does): unfreezing would end their freeze early.
    Each file's lines are read with the collector paused (``gc_paused``): what reading makes
    lives on (compiled phrases, remembered answers, chunks) and its cycles are few, so a
    young collection scanned everything new to free almost nothing."""
    before = gc.get_threshold()
    held = gc.get_freeze_count()
    gc.freeze()
    gc.set_threshold(FEW_COLLECTIONS, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if not held:
            gc.unfreeze()


FEW_COLLECTIONS = 50_000
"""Allocations between two young collections while reading (the default is 700)."""


def check(paths: list[str]) -> int:
    """Print every problem; 0 when there is none, 1 when there is one, 2 for a bad path."""
    for path in paths:
        if not Path(path).exists():
            print(f"kubeloop check: no such file or folder: {path}")
            return 2
    roots = paths
    if not roots:  # (the runner imports pytest: only when it has to find the features)
        from kubeloop.harness.runner import default_paths  # noqa: PLC0415

        roots = default_paths()
    files = [f for f in feature_files(roots) if f.suffix != SUFFIX]
    phrase_files = _phrase_files(roots, files)
    with few_collections():
        problems = phrase_problems(phrase_files)
        for file in files:
            with gc_paused():  # (reading a file's lines makes few cycles: see few_collections)
                problems += check_file(file)
    for problem in problems:
        print(problem)
    bad = len({p.split(":", 1)[0] for p in problems})
    also = f" and {len(phrase_files)} phrase file(s)" if phrase_files else ""
    if problems:
        print(f"{len(problems)} problem(s) in {bad} file(s) of {len(files)} feature file(s){also}")
        return 1
    print(f"{len(files)} feature file(s), no problems")
    return 0
