"""``-n auto`` runs a small suite serially: below ``BREAK_EVEN`` scenarios, starting workers
(each imports the step library and collects every feature again) costs more than it saves.

pytest-xdist asks ``pytest_xdist_auto_num_workers`` how many workers ``-n auto`` means,
before anything is collected; the answer here counts the scenarios of the feature files
the run names (a quick line count, not a parse) and says 0 — serial — below the break-even.
A run that names Python test files too, or a suite too large to count quickly, is left to
xdist's own answer (one worker per CPU).
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable
from pathlib import Path

import pytest
from gherkin.dialect import Dialect

from kubeloop.harness.gherkin_source import FeatureReadError, read_feature

BREAK_EVEN = 2000
"""Scenarios below which starting workers costs more than it saves (``benchmarks/workers.py``
measures it; its figures are in docs/speed.md)."""
MAX_FILES = 20_000
"""Files looked at before giving up on counting (the answer is then xdist's own)."""


def scenario_count(text: str) -> int:
    """Scenarios in a feature file's text: one per scenario line and per example row."""
    lines = [line.strip() for line in text.splitlines()]
    language = next(
        (line.split(":", 1)[1].strip() for line in lines[:5] if _is_language(line)), "en"
    )
    dialect = Dialect.for_name(language) or Dialect.for_name("en")
    assert dialect is not None
    scenario_words = tuple(
        f"{k.strip()}:" for k in (*dialect.scenario_keywords, *dialect.scenario_outline_keywords)
    )
    example_words = tuple(f"{k.strip()}:" for k in dialect.examples_keywords)
    count, in_examples, header_seen = 0, False, False
    for line in lines:
        if line.startswith(example_words):
            in_examples, header_seen = True, False
        elif in_examples and line.startswith("|"):
            count += header_seen  # the first row names the columns
            header_seen = True
        elif line.startswith(scenario_words):
            count += 1
            in_examples = False
        elif line and not line.startswith("#"):
            in_examples = False
    return count


def _is_language(line: str) -> bool:
    head, _, _ = line.partition(":")
    return head.replace(" ", "") == "#language"


def suite_size(paths: Iterable[Path], python_files: list[str], skip_dirs: list[str]) -> int | None:
    """The scenarios under ``paths``, or None when the run is not feature files only (a
    Python test file among them) or has more than MAX_FILES files; stops at BREAK_EVEN."""
    total, seen = 0, 0
    for file in _files(paths, skip_dirs):
        seen += 1
        if seen > MAX_FILES:
            return None
        if file.suffix == ".py" and any(fnmatch.fnmatch(file.name, p) for p in python_files):
            return None
        if file.suffix == ".feature":
            try:
                total += scenario_count(read_feature(file))
            except FeatureReadError:
                continue  # collection reports it
        if total >= BREAK_EVEN:
            return total
    return total


def _files(paths: Iterable[Path], skip_dirs: list[str]) -> Iterable[Path]:
    for path in paths:
        if path.is_file():
            yield path
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".") and not any(fnmatch.fnmatch(d, p) for p in skip_dirs)
            )
            for name in sorted(files):
                yield Path(folder, name)


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """0 (serial) for a suite of feature files smaller than BREAK_EVEN, else xdist decides
    (as it does when PYTEST_XDIST_AUTO_NUM_WORKERS says how many)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    here = config.invocation_params.dir
    paths = [here / arg.split("::", 1)[0] for arg in config.args] or [here]
    size = suite_size(paths, config.getini("python_files"), config.getini("norecursedirs"))
    return 0 if size is not None and size < BREAK_EVEN else None
